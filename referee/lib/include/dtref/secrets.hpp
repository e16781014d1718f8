// Randomness a bot must not be able to predict or reconstruct: match seeds,
// the match ids bots are told, gRPC seat tokens, tournament seed keys.
//
// Why: a match seed fixes every shuffle, so whoever knows it knows every
// hidden card. Seeds therefore come from the kernel's random source unless
// the operator fixes them, nothing a bot receives is derived from them, and
// seeds derived from a key (tournaments) go through HMAC-SHA256, so knowing
// one match's seed says nothing about another's or about the key.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dtref {

// A uniformly random seed below 2^63 (fits SQLite's and JSON readers' signed
// 64-bit integers), from getrandom(2). Throws std::runtime_error if the
// kernel has no random source to give.
uint64_t secure_seed();

// `bytes` random bytes as lowercase hex (2 * bytes characters).
std::string random_hex(size_t bytes);

// An opaque match id for bots: "m-" and 16 random hex digits, unrelated to
// the seed.
std::string opaque_match_id();

// A seed below 2^63 derived from a secret key and a label (e.g. a match's
// place in a tournament): the first 8 bytes of HMAC-SHA256(key, label).
uint64_t keyed_seed(std::string_view key, std::string_view label);

}  // namespace dtref
