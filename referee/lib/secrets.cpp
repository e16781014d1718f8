// Secret randomness (see secrets.hpp).
#include "dtref/secrets.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace dtref {

namespace {

void fill_random(unsigned char* p, size_t n) {
  while (n > 0) {
    const ssize_t got = ::getrandom(p, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("no secure random source (getrandom): ") + std::strerror(errno));
    }
    p += got;
    n -= size_t(got);
  }
}

uint64_t first_63_bits(const unsigned char* b) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | b[i];
  return v >> 1;
}

}  // namespace

uint64_t secure_seed() {
  unsigned char b[8];
  fill_random(b, sizeof b);
  return first_63_bits(b);
}

std::string random_hex(size_t bytes) {
  std::vector<unsigned char> b(bytes);
  fill_random(b.data(), b.size());
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(bytes * 2);
  for (unsigned char c : b) {
    out += hex[c >> 4];
    out += hex[c & 15];
  }
  return out;
}

std::string opaque_match_id() { return "m-" + random_hex(8); }

uint64_t keyed_seed(std::string_view key, std::string_view label) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (!HMAC(EVP_sha256(), key.data(), int(key.size()), reinterpret_cast<const unsigned char*>(label.data()),
            label.size(), mac, &len) ||
      len < 8)
    throw std::runtime_error("HMAC-SHA256 failed");
  return first_63_bits(mac);
}

}  // namespace dtref
