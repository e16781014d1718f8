// libFuzzer target: see dtref::fuzz::grpc_message in fuzz/entries.hpp.
#include "entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return dtref::fuzz::grpc_message(data, size); }
