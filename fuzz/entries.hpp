// What each fuzz target feeds its input to. Kept apart from the libFuzzer
// mains (fuzz/targets/) so the normal test suite can run the seed corpora and
// every input that once crashed through exactly the same code
// (tests/test_fuzz_regressions.cpp). Each returns 0; a bug shows as a crash,
// a sanitizer report or an exception escaping (the readers must turn every bad
// input into their own error).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace dtref::fuzz {

using Entry = int (*)(const uint8_t* data, size_t size);

// A bot's stdout, cut into lines by LineReader (in pieces whose sizes come
// from the input), each line parsed as a bot message and, for an answer whose
// choice is text, read as an option of a mid-game position.
int stdio_lines(const uint8_t* data, size_t size);
// A gRPC BotMessage in protobuf's binary form, as the referee receives it.
int grpc_message(const uint8_t* data, size_t size);
int deck_list(const uint8_t* data, size_t size);
int card_file(const uint8_t* data, size_t size);
int scenario_file(const uint8_t* data, size_t size);
int transcript(const uint8_t* data, size_t size);
int tournament_config(const uint8_t* data, size_t size);

struct Target {
  const char* name;  // also the directory of its corpus and regressions
  Entry entry;
};
const std::vector<Target>& targets();

}  // namespace dtref::fuzz
