// Our own generator and range/shuffle functions: the standard library's
// distributions and std::shuffle differ between implementations, and a match
// seed must give the same game on every platform.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace dt {

// xoshiro256** seeded through splitmix64.
class Rng {
 public:
  Rng() : Rng(0) {}
  explicit Rng(uint64_t seed) {
    for (auto& w : s_) {
      seed += 0x9E3779B97F4A7C15ull;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      w = z ^ (z >> 31);
    }
  }
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n), n > 0, without modulo bias (rejection sampling).
  uint64_t below(uint64_t n) {
    const uint64_t limit = ~uint64_t(0) - (~uint64_t(0) % n);
    uint64_t x;
    do x = next(); while (x >= limit);
    return x % n;
  }
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
  }
  const uint64_t* words() const { return s_; }
  bool operator==(const Rng& o) const {
    return s_[0] == o.s_[0] && s_[1] == o.s_[1] && s_[2] == o.s_[2] && s_[3] == o.s_[3];
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace dt
