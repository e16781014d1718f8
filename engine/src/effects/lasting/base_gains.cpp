// Lasting changes of base ratings: see base_gains.hpp.
#include "effects/lasting/base_gains.hpp"

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static int16_t pack(int lo, int hi) { return int16_t(uint16_t(uint8_t(int8_t(lo))) | uint16_t(uint8_t(int8_t(hi))) << 8); }
static int low(int16_t x) { return int8_t(uint8_t(uint16_t(x) & 0xFF)); }
static int high(int16_t x) { return int8_t(uint8_t(uint16_t(x) >> 8)); }

void add_base_gain(State& s, CardId source, CardId w, const StatBonus& gain) {
  if (!is_warrior_in_play(s, w)) return;
  LastingMod m{source, w, {}, kNoTurnEnds};
  m.lock = kBaseGain;
  m.times = pack(gain.f, gain.s);
  m.count = pack(gain.a, gain.v);
  s.lasting.push_back(m);
}

void add_combat_base_gain(State& s, CardId source, CardId w, const StatBonus& gain) {
  if (!is_warrior_in_play(s, w) || !s.combat.active) return;
  add_base_gain(s, source, w, gain);
  s.lasting.back().lock = kCombatBaseGain;
}

void combat_base_gains_over(State& s) {
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kCombatBaseGain; });
}

void add_base_gains(const State& s, CardId w, Stats& st) {
  for (const LastingMod& m : s.lasting)
    if ((m.lock == kBaseGain || m.lock == kCombatBaseGain) && m.target == w) {
      st.f += low(m.times), st.s += high(m.times), st.a += low(m.count), st.v += high(m.count);
    }
}

}  // namespace dt::detail
