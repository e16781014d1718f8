// Upkeep (docs/effects.md "Upkeep"): a card that stays only while its player
// pays for it. The price and the way out are the card's own Choice of
// alternatives (pay N D / let it go), asked once as the card is played and
// again by the `upkeep` handler of its YOUR_DRAW trigger, so the first
// payment and the later ones are one rule (GALE FORCE WINDS).
#include "dt/designations.hpp"
#include "effects/costs/upkeep.hpp"

#include "internal.hpp"

namespace dt::detail {

void ask_upkeep(State& s, int seat, CardId card, Log log) {
  const CardDef& d = s.def(card);
  if (s.card(card).zone != Zone::InPlay || !d.play || !d.play->choice) return;
  // SNIPERS!: a card on a warrior asks about that warrior (its player chooses, with target_player_chooses).
  const CardId on = s.card(card).attached_to != kNoCard ? bearer_of(s, card) : kNoCard;
  queue_choice(s, seat, card, {on, -1}, 0, {}, log);
}

void discard_airships(State& s, int seat, CardId source, Log log) {
  std::vector<CardId> airships;
  for (size_t i = 0; i < s.cards.size(); ++i)
    if (s.cards[i].zone == Zone::InPlay && s.def(CardId(i)).has(kwAirship)) airships.push_back(CardId(i));
  // Through the Discard operation, so what protects a card (NEVER DISCARDED, a
  // warrior that KEEPS EQUIPMENT) protects it here, and a rider goes down with its vehicle.
  Effect e;
  e.op = Op::Discard;
  for (CardId c : airships)
    if (s.card(c).zone == Zone::InPlay) run_effects(s, seat, source, kNoCard, {c, -1}, 1, {e}, log, nullptr);
}

bool airships_grounded(const State& s) {
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play)
      if (s.card(c).attached_to == kNoCard && s.def(c).has_designation(desig::GroundsAirships)) return true;
  return false;
}

}  // namespace dt::detail
