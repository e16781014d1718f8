// libFuzzer target: see dtref::fuzz::tournament_config in fuzz/entries.hpp.
#include "entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return dtref::fuzz::tournament_config(data, size); }
