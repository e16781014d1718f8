/* The cheapest bot the protocol allows, in C: it answers every request with
 * option 0 and reads nothing but the message type and the decision id, so
 * what a benchmark times with it is the referee and the pipe, not a bot's
 * thinking. It asks for "compact" (card facts once, defaults left out), as a
 * bot that cares for speed would.
 *   dtref match --bot stdio:build/bench/dtbot-trivial --bot stdio:build/bench/dtbot-trivial
 * The referee writes "type" first in every line (docs/protocol.md), which is
 * all this bot relies on. With an argument, the length of every request line
 * is appended to that file (dtref bench sizes its raw pipe round trip so).
 *
 * With "--random [SEED]" it picks each option uniformly at random with the
 * engine's generator (dt::Rng, xoshiro256**) seeded as dtbot-random seeds it
 * (SEED * 1000003 + seat, SEED 1 by default), so it plays exactly the games
 * dtbot-random plays: dtref bench compares the example bot with it on the same
 * positions, and what is left is the example bot's own cost per request.
 *
 * It plays several matches in one process ("several_matches" in ready): after
 * match_end it waits for the next hello (re-seeded from it as above, so every
 * match plays as it would in a fresh process) or for the end of its input. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* dt::Rng (engine/include/dt/rng.hpp), word for word: seeding by splitmix64,
 * xoshiro256**, and below() by rejection sampling. */
typedef unsigned long long u64;
static u64 rng_s[4];
static u64 rotl(u64 x, int k) { return (x << k) | (x >> (64 - k)); }
static void rng_seed(u64 seed) {
  for (int i = 0; i < 4; ++i) {
    seed += 0x9E3779B97F4A7C15ull;
    u64 z = seed;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    rng_s[i] = z ^ (z >> 31);
  }
}
static u64 rng_next(void) {
  const u64 result = rotl(rng_s[1] * 5, 7) * 9, t = rng_s[1] << 17;
  rng_s[2] ^= rng_s[0], rng_s[3] ^= rng_s[1], rng_s[1] ^= rng_s[2], rng_s[0] ^= rng_s[3];
  rng_s[2] ^= t, rng_s[3] = rotl(rng_s[3], 45);
  return result;
}
static u64 rng_below(u64 n) {
  const u64 limit = ~0ull - (~0ull % n);
  u64 x;
  do x = rng_next(); while (x >= limit);
  return x % n;
}

/* The number of options of a request: the objects of its "options" array
 * (strings skipped, so no character inside one is counted). */
static long count_options(const char* line) {
  const char* p = strstr(line, "\"options\":[");
  if (!p) return 0;
  p += 11;
  long n = 0;
  int depth = 0;
  for (; *p; ++p) {
    if (*p == '"') {
      for (++p; *p && *p != '"'; ++p)
        if (*p == '\\' && p[1]) ++p;
      if (!*p) break;
    } else if (*p == '{' || *p == '[') {
      if (depth++ == 0 && *p == '{') ++n;
    } else if (*p == '}' || *p == ']') {
      if (depth-- == 0) break;
    }
  }
  return n;
}

static int starts_with(const char* line, const char* type) {
  static const char prefix[] = "{\"type\":\"";
  const size_t n = sizeof prefix - 1;
  return strncmp(line, prefix, n) == 0 && strncmp(line + n, type, strlen(type)) == 0 &&
         line[n + strlen(type)] == '"';
}

int main(int argc, char** argv) {
  const int random = argc > 1 && strcmp(argv[1], "--random") == 0;
  const u64 seed = random && argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  FILE* sizes = argc > 1 && !random ? fopen(argv[1], "a") : NULL;
  char* line = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getline(&line, &cap, stdin)) > 0) {
    if (starts_with(line, "hello")) {
      const char* seat = strstr(line, "\"seat\":");
      rng_seed(seed * 1000003ull + (seat ? strtoull(seat + 7, NULL, 10) : 0));
      fputs("{\"type\":\"ready\",\"name\":\"trivial\",\"features\":[\"compact\",\"several_matches\"]}\n", stdout);
    } else if (starts_with(line, "request")) {
      const char* id = strstr(line, "\"decision_id\":");
      if (!id) continue;
      if (sizes) fprintf(sizes, "%zd\n", len);
      long choice = 0;
      if (random) {
        const long n = count_options(line);
        choice = n > 0 ? (long)rng_below((u64)n) : 0;
      }
      printf("{\"decision_id\":%lld,\"choice\":%ld}\n", strtoll(id + 14, NULL, 10), choice);
    }
    /* match_end: the next hello, or the end of the input, follows. */
    fflush(stdout);
  }
  free(line);
  if (sizes) fclose(sizes);
  return 0;
}
