// libFuzzer target: see dtref::fuzz::scenario_file in fuzz/entries.hpp.
#include "entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return dtref::fuzz::scenario_file(data, size); }
