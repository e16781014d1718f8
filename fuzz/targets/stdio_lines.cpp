// libFuzzer target: see dtref::fuzz::stdio_lines in fuzz/entries.hpp.
#include "entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return dtref::fuzz::stdio_lines(data, size); }
