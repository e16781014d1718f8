/* The cheapest bot the protocol allows, in C: it answers every request with
 * option 0 and reads nothing but the message type and the decision id, so
 * what a benchmark times with it is the referee and the pipe, not a bot's
 * thinking. It asks for "compact" (card facts once, defaults left out), as a
 * bot that cares for speed would.
 *   dtref match --bot stdio:build/bench/dtbot-trivial --bot stdio:build/bench/dtbot-trivial
 * The referee writes "type" first in every line (docs/protocol.md), which is
 * all this bot relies on. With an argument, the length of every request line
 * is appended to that file (dtref bench sizes its raw pipe round trip so). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int starts_with(const char* line, const char* type) {
  static const char prefix[] = "{\"type\":\"";
  const size_t n = sizeof prefix - 1;
  return strncmp(line, prefix, n) == 0 && strncmp(line + n, type, strlen(type)) == 0 &&
         line[n + strlen(type)] == '"';
}

int main(int argc, char** argv) {
  FILE* sizes = argc > 1 ? fopen(argv[1], "a") : NULL;
  char* line = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getline(&line, &cap, stdin)) > 0) {
    if (starts_with(line, "hello")) {
      fputs("{\"type\":\"ready\",\"name\":\"trivial\",\"features\":[\"compact\"]}\n", stdout);
    } else if (starts_with(line, "request")) {
      const char* id = strstr(line, "\"decision_id\":");
      if (!id) continue;
      if (sizes) fprintf(sizes, "%zd\n", len);
      printf("{\"decision_id\":%lld,\"choice\":0}\n", strtoll(id + 14, NULL, 10));
    } else if (starts_with(line, "match_end")) {
      break;
    }
    fflush(stdout);
  }
  free(line);
  if (sizes) fclose(sizes);
  return 0;
}
