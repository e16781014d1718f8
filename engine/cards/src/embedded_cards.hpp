// The card files in the form the build's card compiler writes
// (tools/cardc.cpp): each file's CardSet as protobuf binary.
#pragma once

#include <cstddef>

namespace dt::embedded {

struct CompiledCardFile {
  const char* name;   // the text file's name, e.g. "unl.txtpb"
  const char* bytes;  // its CardSet, protobuf binary
  size_t size;
};

extern const CompiledCardFile kCompiledCards[];
extern const size_t kCompiledCardCount;
extern const char* const kCompiledCardVersion;  // the version load_card_text gives the text

}  // namespace dt::embedded
