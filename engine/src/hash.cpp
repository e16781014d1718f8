// State hash: every field that can change what happens next.
#include "dt/game.hpp"

namespace dt {

namespace {
struct Hasher {
  uint64_t h = 0x243F6A8885A308D3ull;
  void mix(uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  void ids(const std::vector<CardId>& v) {
    mix(v.size());
    for (CardId c : v) mix(uint64_t(uint16_t(c)));
  }
};
}  // namespace

uint64_t state_hash(const State& s) {
  Hasher H;
  for (int i = 0; i < 4; ++i) H.mix(s.rng.words()[i]);
  H.mix(s.cards.size());
  for (const CardInst& c : s.cards) {
    H.mix(c.def);
    H.mix(uint64_t(c.owner) | uint64_t(c.controller) << 8 | uint64_t(c.zone) << 16 |
          uint64_t(c.area) << 24 | uint64_t(c.wounded) << 32 | uint64_t(c.cover) << 33 |
          uint64_t(c.unpaid) << 34 | uint64_t(c.hidden) << 35 | uint64_t(c.inside) << 36 | uint64_t(c.grafted) << 37 |
          uint64_t(c.sent_annihilated) << 38);
    H.mix(uint64_t(uint16_t(c.attached_to)) | uint64_t(uint16_t(c.exited_cover_turn)) << 16 |
          uint64_t(uint16_t(c.transferred_turn)) << 32);
    if (c.sergeant_group >= 0) H.mix(0x5E6ull << 16 | uint64_t(uint16_t(c.sergeant_group)));
  }
  H.ids(s.attached);
  for (const SeatState& st : s.seats) {
    H.ids(st.draw);
    H.ids(st.hand);
    H.ids(st.discard);
    H.ids(st.annihilated);
    H.ids(st.in_play);
    if (!st.side_board.empty()) H.ids(st.side_board);
    H.mix(uint64_t(uint32_t(st.pool)) | uint64_t(uint32_t(st.promotion)) << 32);
    H.mix(uint64_t(uint32_t(st.turns_taken)) | uint64_t(st.gift_decided) << 32 | uint64_t(st.eliminated) << 33);
    H.mix(uint64_t(uint32_t(st.no_warrior_deadline)) | uint64_t(st.sabotaged_mask) << 32);
    if (st.skip_turns || st.extra_turns) H.mix(0x5C1Full << 32 | uint64_t(st.skip_turns) << 8 | st.extra_turns);
    // When and how a seat went out decides the places (final_places).
    if (st.eliminated) H.mix(uint64_t(uint32_t(st.out_turn)) | uint64_t(st.left) << 32);
  }
  H.mix(uint64_t(uint32_t(s.turn_number)) | uint64_t(s.current) << 32 | uint64_t(s.first_player) << 40 |
        uint64_t(s.phase) << 48 | uint64_t(s.step) << 56);
  H.mix(uint64_t(uint32_t(s.actions_left)) | uint64_t(s.tactical_used) << 32 | uint64_t(s.bonus_actions) << 48 | uint64_t(s.extra_tacticals) << 56 | uint64_t(s.gift_seat) << 40);
  H.mix(uint64_t(s.window.kind) | uint64_t(s.window.index) << 8 | uint64_t(s.window.passes) << 16);
  for (uint8_t o : s.window.order) H.mix(o);
  if (!s.table.empty() || s.reversed || s.reverse_due || s.reversed_once) {  // NOTHING IS SACRED, CHANGE IN MOMENTUM
    H.mix(0x7AB1Eull << 32 | uint64_t(s.reversed) | uint64_t(s.reverse_due) << 1 | uint64_t(s.reversed_once) << 2);
    for (uint8_t x : s.table) H.mix(x);
  }
  H.mix(uint64_t(s.combat.active) | uint64_t(uint16_t(s.combat.attacker)) << 8 |
        uint64_t(uint16_t(s.combat.defender)) << 24 | uint64_t(s.combat.tactic) << 40 |
        uint64_t(s.combat.attacking_seat) << 48 | uint64_t(s.combat.order) << 56);
  for (const CombatMod& m : s.combat.mods)
    H.mix(uint64_t(uint16_t(m.source)) | uint64_t(uint16_t(m.target)) << 16 |
          uint64_t(uint8_t(m.bonus.f)) << 32 | uint64_t(uint8_t(m.bonus.s)) << 40 |
          uint64_t(uint8_t(m.bonus.a)) << 48 | uint64_t(uint8_t(m.bonus.v)) << 56);
  for (CardId u : s.combat.used) H.mix(0xC0DEull << 16 | uint64_t(uint16_t(u)));
  for (CardId w : s.combat.wounded_in_it) H.mix(0x3A1Dull << 16 | uint64_t(uint16_t(w)));
  for (const CastSpell& sp : s.combat.spells)
    H.mix(uint64_t(uint16_t(sp.card)) | uint64_t(uint16_t(sp.caster)) << 16 | uint64_t(uint16_t(sp.target)) << 32 |
          uint64_t(uint8_t(sp.seat)) << 48 | uint64_t(uint8_t(sp.target_seat)) << 56);
  for (const CastSpell& sp : s.combat.spells) H.mix(uint64_t(uint16_t(sp.times)));
  // A marker's record shares the bytes of the ratings it never has (positions hash as they did
  // when it was kept in them, so self-play fingerprints compare across that change).
  for (const LastingMod& m : s.lasting)
    H.mix(uint64_t(uint16_t(m.source)) | uint64_t(uint16_t(m.target)) << 16 | uint64_t(m.seat) << 32 |
          uint64_t(uint8_t(m.bonus.f + m.times)) << 40 | uint64_t(uint8_t(m.bonus.a + m.given)) << 48 |
          uint64_t(uint8_t(m.bonus.s + m.bonus.v + m.count + m.waits)) << 56);
  H.mix(uint64_t(uint16_t(s.combat.warzone)) | uint64_t(s.outpost_opened) << 16 | uint64_t(s.answer_due) << 17 |
        uint64_t(s.combat.spare_actions) << 24 | uint64_t(uint16_t(s.combat.aimed + 1)) << 32 |
        uint64_t(s.combat.aimed_actions) << 48);
  for (const PointsAward& a : s.awards)
    H.mix(uint64_t(a.seat) | uint64_t(uint16_t(a.amount)) << 8 | uint64_t(a.destiny_only) << 24 |
          uint64_t(uint16_t(a.source)) << 32 | uint64_t(uint16_t(a.or_d)) << 48 |
          uint64_t(a.d_times - 1) << 25);  // 1 to 100, in bits 25-31 (0 when D are not multiplied)
  H.mix(uint64_t(uint32_t(s.winner)) | uint64_t(uint16_t(s.recent_survivor)) << 32 |
        uint64_t(uint8_t(s.recent_p_seat)) << 48);
  H.mix(uint64_t(uint16_t(s.recent_p)));
  for (CardId c : s.offers) H.mix(0x0FFEull << 16 | uint64_t(uint16_t(c)));
  for (const UndoStep& u : s.undo) {  // what a card just played changed (effects/triggers/undo.hpp)
    const CardInst& c = u.before;
    H.mix(0x0D0ull << 52 | uint64_t(uint16_t(u.source)) | uint64_t(uint16_t(u.card)) << 16 |
          uint64_t(uint16_t(c.attached_to)) << 32 | uint64_t(c.zone) << 48);
    H.mix(uint64_t(c.owner) | uint64_t(c.controller) << 8 | uint64_t(c.area) << 16 | uint64_t(c.wounded) << 24 |
          uint64_t(c.cover) << 25 | uint64_t(c.unpaid) << 26 | uint64_t(c.hidden) << 27 | uint64_t(c.grafted) << 28 |
          uint64_t(c.inside) << 29 | uint64_t(uint16_t(u.index)) << 32 | uint64_t(uint8_t(u.seat)) << 48);
    H.mix(uint64_t(uint16_t(u.d)) | uint64_t(uint16_t(u.p)) << 16 | uint64_t(uint16_t(u.attacker)) << 32 |
          uint64_t(uint16_t(u.defender)) << 48);
    H.mix(uint64_t(uint16_t(c.exited_cover_turn)) | uint64_t(uint16_t(c.sergeant_group)) << 16 |
          uint64_t(uint16_t(c.transferred_turn)) << 32);
    if (u.order >= 0) {  // the turn order before NOTHING IS SACRED or CHANGE IN MOMENTUM
      H.mix(0x0D1ull << 52 | uint64_t(u.order));
      for (uint8_t x : u.table) H.mix(x);
    }
  }
  if (s.winning_team != s.winner) H.mix(uint64_t(uint32_t(s.winning_team)) | 0x7EA4ull << 32);
  // Immunities to a card (EXORCISE DISEASE, MIND WALL) and choices left to players.
  for (const CombatMod& m : s.combat.mods) {
    if (m.immune != kNoCard) H.mix(0x1AA1ull << 48 | uint64_t(uint16_t(m.immune)));
    if (m.share) H.mix(0x1AA3ull << 48 | uint64_t(m.share));
  }
  for (const LastingMod& m : s.lasting)
    if (m.immune != kNoCard || m.grant || m.lock || m.player >= 0)
      H.mix(0x1AA2ull << 48 | uint64_t(uint16_t(m.immune != kNoCard ? m.immune : m.other)) | uint64_t(m.grant) << 16 |
            uint64_t(m.lock) << 8 | uint64_t(uint8_t(m.player)) << 56);
  for (const LastingMod& m : s.lasting)
    if (m.reward.trigger >= 0)
      H.mix(0x1AA3ull << 48 | uint64_t(uint16_t(m.reward.victim)) | uint64_t(uint16_t(m.reward.bearer)) << 16 |
            uint64_t(uint16_t(m.reward.victim_v)) << 32 | uint64_t(uint8_t(m.reward.trigger)) << 40 |
            uint64_t(m.reward.mutual) << 47);
  for (const PendingChoice& c : s.choices) {
    H.mix(uint64_t(uint16_t(c.source)) | uint64_t(uint16_t(c.target)) << 16 | uint64_t(uint8_t(c.target_seat)) << 32 |
          uint64_t(c.by) << 40 | uint64_t(c.seat) << 48 | uint64_t(c.resume) << 56);
    H.mix(uint64_t(uint16_t(c.picks_left)));
    H.ids(c.candidates);
    for (int8_t t : c.seats) H.mix(0x5EA7ull << 48 | uint64_t(uint8_t(t)));
  }
  for (const CardMark& m : s.marks)
    H.mix(0x3A7Cull << 48 | uint64_t(uint16_t(m.card)) | uint64_t(m.kind) << 16 | uint64_t(uint16_t(m.value)) << 24);
  return H.h;
}

}  // namespace dt
