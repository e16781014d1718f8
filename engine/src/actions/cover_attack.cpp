// Attacks and cover (actions/cover_attack.hpp).
#include "actions/cover_attack.hpp"

#include "internal.hpp"

namespace dt::detail {

namespace {
// What the cards give `a`: per kind (1 from cover, 2 exit and attack, 3 after exit), the tactics allowed.
struct CoverRules {
  uint8_t tactics[4] = {0, 0, 0, 0};
};

CoverRules cover_rules(const State& s, CardId a) {
  CoverRules r;
  if (!(s.families & famCoverAttack)) return r;
  for_each_mod(s, a, [&](const StaticMod& m, CardId) {
    r.tactics[m.cover_attack & 3] |= m.cover_attack_tactics ? m.cover_attack_tactics : 3;
  }, ModWant::CoverAttack);
  return r;
}

uint8_t tactic_bit_of(Tactic t) { return t == Tactic::Fight ? 1 : 2; }
}  // namespace

// The tactics `a` may attack in from cover: staying in it, or leaving it as it attacks (not while SHELL
// SHOCKED keeps it there).
static uint8_t from_cover(const State& s, CardId a, const CoverRules& r) {
  return r.tactics[1] | (kept_in_cover(s, a) ? 0 : r.tactics[2]);
}

bool cover_lets_attack(const State& s, CardId a) {
  if (!(s.families & famCoverAttack)) return false;
  const CoverRules r = cover_rules(s, a);
  return s.card(a).cover ? from_cover(s, a, r) != 0 : r.tactics[3] != 0;
}

bool attacks_from_cover(const State& s, CardId a, Tactic t) {
  const CoverRules r = cover_rules(s, a);
  return (from_cover(s, a, r) & tactic_bit_of(t)) != 0;
}

bool cover_before_attack(State& s, CardId a, Tactic t, Log log) {
  CardInst& ai = s.card(a);
  if (!ai.cover) return true;
  const CoverRules r = cover_rules(s, a);
  if (!(r.tactics[1] & tactic_bit_of(t))) {  // DAI-SHO: out of cover, as part of the attack
    ai.cover = false;
    ai.exited_cover_turn = int16_t(s.turn_number);
    emit(log, {EventKind::ExitCover, int8_t(ai.controller), a});
  }
  return reveal(s, a, log);
}

}  // namespace dt::detail
