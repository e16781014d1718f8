// libFuzzer target: see dtref::fuzz::deck_list in fuzz/entries.hpp.
#include "entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return dtref::fuzz::deck_list(data, size); }
