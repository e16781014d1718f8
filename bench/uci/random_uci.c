/* A trivial UCI chess engine in C: it plays a uniformly random legal move, so
 * a match runner driving it (fastchess) is timed, not the engine's thinking.
 * `dtref bench` plays it against itself under fastchess, beside dtref playing
 * two random C bots (bench/trivial_bot.c --random), for the per-move
 * comparison of docs/performance.md: C players on both sides.
 *
 * It is a real chess player: full legal move generation (castling through
 * unattacked squares, en passant, promotions), checked by perft (the number of
 * leaf positions of the legal move tree, compared with the published counts by
 * the test `random_uci_perft`). Besides UCI it answers `go perft N` with
 * that count, as other engines do.
 *
 * It keeps its board between `position` commands and applies only the moves
 * added since the last one, as a real engine does. Seeded from the clock and
 * its pid unless `setoption name Seed value N` is given.
 *
 * With `setoption name Notes value FILE` it appends to FILE, when it quits,
 * the realtime clock (seconds) at its start and at its last `bestmove`:
 * `dtref bench` takes fastchess's first start to last end from these notes
 * rather than from fastchess's trace log, whose lines per move would slow
 * the runner it times. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { EMPTY = 0, PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING, BLACK = 8 };
enum { WK = 1, WQ = 2, BK = 4, BQ = 8 }; /* castling rights */

/* 0x88 board: square = rank * 16 + file; off-board when (sq & 0x88). */
typedef struct {
  unsigned char sq[128];
  int side; /* 0 white, BLACK black */
  int castle, ep, king[2];
} Pos;

typedef struct {
  unsigned char from, to, promo, flags;
} Move;
enum { F_EP = 1, F_CASTLE = 2, F_DOUBLE = 4 };

static const int knight_d[8] = {33, 31, 18, 14, -33, -31, -18, -14};
static const int king_d[8] = {1, -1, 16, -16, 17, 15, -17, -15};
static const int bishop_d[4] = {17, 15, -17, -15};
static const int rook_d[4] = {1, -1, 16, -16};

static int color_of(int p) { return p & BLACK; }
static int type_of(int p) { return p & 7; }

/* Is `s` attacked by the pieces of `by` (0 or BLACK)? */
static int attacked(const Pos* p, int s, int by) {
  const int pawn_from = by ? 16 : -16; /* a black pawn attacks downwards */
  for (int d = -1; d <= 1; d += 2) {
    const int f = s + pawn_from + d;
    if (!(f & 0x88) && p->sq[f] == (PAWN | by)) return 1;
  }
  for (int i = 0; i < 8; ++i) {
    int f = s + knight_d[i];
    if (!(f & 0x88) && p->sq[f] == (KNIGHT | by)) return 1;
    f = s + king_d[i];
    if (!(f & 0x88) && p->sq[f] == (KING | by)) return 1;
  }
  for (int i = 0; i < 4; ++i) {
    for (int f = s + bishop_d[i]; !(f & 0x88); f += bishop_d[i]) {
      const int q = p->sq[f];
      if (q == EMPTY) continue;
      if (color_of(q) == by && (type_of(q) == BISHOP || type_of(q) == QUEEN)) return 1;
      break;
    }
    for (int f = s + rook_d[i]; !(f & 0x88); f += rook_d[i]) {
      const int q = p->sq[f];
      if (q == EMPTY) continue;
      if (color_of(q) == by && (type_of(q) == ROOK || type_of(q) == QUEEN)) return 1;
      break;
    }
  }
  return 0;
}

static void add(Move* m, int* n, int from, int to, int promo, int flags) {
  m[*n].from = (unsigned char)from, m[*n].to = (unsigned char)to;
  m[*n].promo = (unsigned char)promo, m[*n].flags = (unsigned char)flags;
  ++*n;
}

static void add_pawn(Move* m, int* n, int from, int to, int flags) {
  const int last = (to >> 4) == 7 || (to >> 4) == 0;
  if (!last) {
    add(m, n, from, to, 0, flags);
    return;
  }
  for (int t = QUEEN; t >= KNIGHT; --t) add(m, n, from, to, t, flags);
}

/* Every pseudo-legal move (legal but for leaving the own king attacked). */
static int pseudo_moves(const Pos* p, Move* m) {
  int n = 0;
  const int us = p->side, them = us ^ BLACK;
  const int up = us ? -16 : 16, start_rank = us ? 6 : 1;
  for (int s = 0; s < 128; ++s) {
    if (s & 0x88) {
      s += 7;
      continue;
    }
    const int q = p->sq[s];
    if (q == EMPTY || color_of(q) != us) continue;
    switch (type_of(q)) {
      case PAWN: {
        const int one = s + up;
        if (!(one & 0x88) && p->sq[one] == EMPTY) {
          add_pawn(m, &n, s, one, 0);
          const int two = one + up;
          if ((s >> 4) == start_rank && p->sq[two] == EMPTY) add(m, &n, s, two, 0, F_DOUBLE);
        }
        for (int d = -1; d <= 1; d += 2) {
          const int t = s + up + d;
          if (t & 0x88) continue;
          if (p->sq[t] != EMPTY && color_of(p->sq[t]) == them) add_pawn(m, &n, s, t, 0);
          else if (t == p->ep) add(m, &n, s, t, 0, F_EP);
        }
        break;
      }
      case KNIGHT:
      case KING: {
        const int* d = type_of(q) == KNIGHT ? knight_d : king_d;
        for (int i = 0; i < 8; ++i) {
          const int t = s + d[i];
          if (!(t & 0x88) && (p->sq[t] == EMPTY || color_of(p->sq[t]) == them)) add(m, &n, s, t, 0, 0);
        }
        break;
      }
      default: {
        const int t0 = type_of(q);
        for (int pass = 0; pass < 2; ++pass) {
          const int* d = pass == 0 ? bishop_d : rook_d;
          if ((pass == 0 && t0 == ROOK) || (pass == 1 && t0 == BISHOP)) continue;
          for (int i = 0; i < 4; ++i)
            for (int t = s + d[i]; !(t & 0x88); t += d[i]) {
              if (p->sq[t] != EMPTY) {
                if (color_of(p->sq[t]) == them) add(m, &n, s, t, 0, 0);
                break;
              }
              add(m, &n, s, t, 0, 0);
            }
        }
      }
    }
  }
  /* Castling: the rights, empty squares between, and no square the king
   * stands on or crosses attacked. */
  const int k = p->king[us ? 1 : 0], base = us ? 0x70 : 0x00;
  const int rk = us ? BK : WK, rq = us ? BQ : WQ;
  if (k == base + 4 && !attacked(p, k, them)) {
    if ((p->castle & rk) && p->sq[base + 5] == EMPTY && p->sq[base + 6] == EMPTY && p->sq[base + 7] == (ROOK | us) &&
        !attacked(p, base + 5, them) && !attacked(p, base + 6, them))
      add(m, &n, k, base + 6, 0, F_CASTLE);
    if ((p->castle & rq) && p->sq[base + 3] == EMPTY && p->sq[base + 2] == EMPTY && p->sq[base + 1] == EMPTY &&
        p->sq[base + 0] == (ROOK | us) && !attacked(p, base + 3, them) && !attacked(p, base + 2, them))
      add(m, &n, k, base + 2, 0, F_CASTLE);
  }
  return n;
}

/* Castling rights lost when a move starts or ends on a square. */
static int rights_kept(int s) {
  switch (s) {
    case 0x00: return ~WQ;
    case 0x07: return ~WK;
    case 0x04: return ~(WK | WQ);
    case 0x70: return ~BQ;
    case 0x77: return ~BK;
    case 0x74: return ~(BK | BQ);
    default: return ~0;
  }
}

static void make(Pos* p, Move m) {
  const int us = p->side;
  const int q = p->sq[m.from];
  p->sq[m.to] = (unsigned char)(m.promo ? (m.promo | us) : q);
  p->sq[m.from] = EMPTY;
  if (m.flags & F_EP) p->sq[m.to + (us ? 16 : -16)] = EMPTY;
  if (m.flags & F_CASTLE) {
    const int base = m.to & 0x70;
    if ((m.to & 7) == 6) p->sq[base + 5] = p->sq[base + 7], p->sq[base + 7] = EMPTY;
    else p->sq[base + 3] = p->sq[base + 0], p->sq[base + 0] = EMPTY;
  }
  if (type_of(q) == KING) p->king[us ? 1 : 0] = m.to;
  p->castle &= rights_kept(m.from) & rights_kept(m.to);
  p->ep = (m.flags & F_DOUBLE) ? (m.from + m.to) / 2 : -1;
  p->side ^= BLACK;
}

/* The legal moves: pseudo-legal ones that leave the mover's king safe. */
static int legal_moves(const Pos* p, Move* out) {
  Move m[256];
  const int n = pseudo_moves(p, m);
  int k = 0;
  for (int i = 0; i < n; ++i) {
    Pos c = *p;
    make(&c, m[i]);
    if (!attacked(&c, c.king[p->side ? 1 : 0], c.side)) out[k++] = m[i];
  }
  return k;
}

static unsigned long long perft(const Pos* p, int depth) {
  Move m[256];
  const int n = legal_moves(p, m);
  if (depth <= 1) return depth == 1 ? (unsigned long long)n : 1ull;
  unsigned long long total = 0;
  for (int i = 0; i < n; ++i) {
    Pos c = *p;
    make(&c, m[i]);
    total += perft(&c, depth - 1);
  }
  return total;
}

static int parse_fen(Pos* p, const char* fen) {
  memset(p, 0, sizeof *p);
  p->ep = -1;
  int rank = 7, file = 0;
  const char* c = fen;
  for (; *c && *c != ' '; ++c) {
    if (*c == '/') {
      --rank, file = 0;
    } else if (*c >= '1' && *c <= '8') {
      file += *c - '0';
    } else {
      const char* types = "pnbrqk";
      const char* at = strchr(types, *c | 32);
      if (!at || rank < 0 || file > 7) return 0;
      const int t = (int)(at - types) + 1;
      p->sq[rank * 16 + file] = (unsigned char)(t | ((*c & 32) ? BLACK : 0));
      if (t == KING) p->king[(*c & 32) ? 1 : 0] = rank * 16 + file;
      ++file;
    }
  }
  while (*c == ' ') ++c;
  p->side = *c == 'b' ? BLACK : 0;
  while (*c && *c != ' ') ++c;
  while (*c == ' ') ++c;
  for (; *c && *c != ' '; ++c)
    p->castle |= *c == 'K' ? WK : *c == 'Q' ? WQ : *c == 'k' ? BK : *c == 'q' ? BQ : 0;
  while (*c == ' ') ++c;
  if (c[0] >= 'a' && c[0] <= 'h' && c[1] >= '1' && c[1] <= '8') p->ep = (c[1] - '1') * 16 + (c[0] - 'a');
  return 1;
}

static void move_text(Move m, char* out) {
  out[0] = (char)('a' + (m.from & 7)), out[1] = (char)('1' + (m.from >> 4));
  out[2] = (char)('a' + (m.to & 7)), out[3] = (char)('1' + (m.to >> 4));
  out[4] = m.promo ? " pnbrqk"[m.promo] : 0;
  out[5] = 0;
}

/* Plays a move given in UCI text; 0 when it is not legal here. */
static int play_text(Pos* p, const char* text) {
  Move m[256];
  const int n = legal_moves(p, m);
  for (int i = 0; i < n; ++i) {
    char t[6];
    move_text(m[i], t);
    if (strcmp(t, text) == 0) {
      make(p, m[i]);
      return 1;
    }
  }
  return 0;
}

static unsigned long long rng_state;
static unsigned long long rng_next(void) { /* splitmix64 */
  unsigned long long z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* The position and the moves applied since its base, so that a `position`
 * command extending the last one costs only its new moves. */
static Pos board;
static char base[256];
static char* played; /* the move list applied after `base`, space-separated */
static size_t played_len, played_cap;

static void set_position(char* args) {
  char* moves = strstr(args, " moves");
  if (moves) *moves = 0, moves += 6;
  while (moves && *moves == ' ') ++moves;
  const size_t mlen = moves ? strlen(moves) : 0;
  const int same_base = strncmp(base, args, sizeof base - 1) == 0;
  if (!same_base || !moves || mlen < played_len || (played_len && strncmp(moves, played, played_len) != 0)) {
    if (strncmp(args, "fen ", 4) == 0) parse_fen(&board, args + 4);
    else parse_fen(&board, kStart);
    snprintf(base, sizeof base, "%s", args);
    played_len = 0;
  }
  if (!moves) return;
  char* rest = moves + played_len;
  for (char* tok = strtok(rest, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) play_text(&board, tok);
  if (mlen + 1 > played_cap) {
    played_cap = mlen + 256;
    played = realloc(played, played_cap);
    if (!played) exit(1);
  }
  /* strtok cut the line; keep the list as it was sent, spaces and all. */
  for (size_t i = 0; i < mlen; ++i) played[i] = moves[i] ? moves[i] : ' ';
  played_len = mlen;
}

int main(void) {
  const double started = now_s();
  double last_move = 0;
  char notes[512] = "";
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  rng_state = (unsigned long long)ts.tv_nsec ^ ((unsigned long long)getpid() << 32);
  parse_fen(&board, kStart);
  snprintf(base, sizeof base, "startpos");
  char* line = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getline(&line, &cap, stdin)) > 0) {
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
    if (strcmp(line, "uci") == 0) {
      fputs("id name random_uci\nid author dtref bench\noption name Seed type spin default 0 min 0 max 2147483647\n"
            "option name Notes type string default <empty>\nuciok\n", stdout);
    } else if (strcmp(line, "isready") == 0) {
      fputs("readyok\n", stdout);
    } else if (strncmp(line, "setoption name Seed value ", 26) == 0) {
      rng_state = strtoull(line + 26, NULL, 10);
    } else if (strncmp(line, "setoption name Notes value ", 27) == 0) {
      snprintf(notes, sizeof notes, "%s", line + 27);
    } else if (strncmp(line, "position ", 9) == 0) {
      set_position(line + 9);
    } else if (strncmp(line, "go perft ", 9) == 0) {
      printf("nodes %llu\n", perft(&board, atoi(line + 9)));
    } else if (strncmp(line, "go", 2) == 0) {
      Move m[256];
      const int n = legal_moves(&board, m);
      char t[6] = "0000";
      if (n > 0) move_text(m[rng_next() % (unsigned long long)n], t);
      printf("bestmove %s\n", t);
      fflush(stdout);
      last_move = now_s();
    } else if (strcmp(line, "quit") == 0) {
      break;
    }
    fflush(stdout);
  }
  if (notes[0] && strcmp(notes, "<empty>") != 0) {
    FILE* f = fopen(notes, "a");
    if (f) {
      fprintf(f, "%.6f %.6f\n", started, last_move);
      fclose(f);
    }
  }
  free(line);
  free(played);
  return 0;
}
