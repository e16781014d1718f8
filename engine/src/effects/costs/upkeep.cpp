// Upkeep (docs/effects.md "Upkeep"): a card that stays only while its player
// pays for it. The price and the way out are the card's own Choice of
// alternatives (pay N D / let it go), asked once as the card is played and
// again by the `upkeep` handler of its YOUR_DRAW trigger, so the first
// payment and the later ones are one rule (GALE FORCE WINDS).
#include <algorithm>

#include "dt/designations.hpp"
#include "dt/handlers.hpp"
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

// ATTRITION: the handler's effect on the card (its amount and card types).
static const Effect* per_card_effect(const CardDef& d) {
  for (const Trigger& t : d.triggers)
    for (const Effect& e : t.effects)
      if (e.op == Op::Handler && e.handler == HandlerId::upkeep_per_card) return &e;
  return nullptr;
}

static std::vector<CardId> upkept_cards(const State& s, int seat, const Effect& e) {
  std::vector<CardId> out;
  for (size_t i = 0; i < s.cards.size(); ++i) {
    const CardInst& c = s.cards[i];
    if (c.zone != Zone::InPlay || c.controller != seat) continue;
    if (e.filter.card_types && !(e.filter.card_types & (1u << unsigned(s.def(CardId(i)).type)))) continue;
    out.push_back(CardId(i));
  }
  return out;
}

static int upkeep_price(const Effect& e) { return std::max<int>(1, e.amount); }

void upkeep_per_card(State& s, int seat, CardId source, Log log) {
  const Effect* e = per_card_effect(s.def(source));
  if (!e) return;
  std::vector<CardId> cards = upkept_cards(s, seat, *e);
  const int price = upkeep_price(*e) * int(cards.size());
  if (destiny(s, seat) >= price) {
    destiny(s, seat) -= price;
    return;
  }
  ask_pick(s, source, kNoCard, seat, seat, std::move(cards), -1);
}

bool is_per_card_upkeep_choice(const State& s, const PendingChoice& ch) {
  return ch.target == kNoCard && per_card_effect(s.def(ch.source)) != nullptr;
}

static int still_kept(const State& s, const PendingChoice& ch) {
  int n = 0;
  for (CardId c : ch.candidates) n += s.card(c).zone == Zone::InPlay && s.card(c).controller == ch.seat;
  return n;
}

void per_card_upkeep_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  for (CardId c : ch.candidates)
    if (ch.picks_left != 0 && s.card(c).zone == Zone::InPlay && s.card(c).controller == ch.seat)
      out.push_back({OptKind::Choose, c});
  if (out.empty()) out.push_back(choose_done());
}

void apply_per_card_upkeep(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  const int seat = ch.seat;
  const CardId source = ch.source;
  std::erase(ch.candidates, o.a);  // a card no discard reaches (NEVER DISCARDED) stays, unpaid
  if (o.a != kNoCard && s.card(o.a).zone == Zone::InPlay) {
    Effect e;
    e.op = Op::Discard;
    run_effects(s, seat, source, kNoCard, {o.a, -1}, 1, {e}, log, nullptr);
  }
  PendingChoice& now = s.choices.front();
  const int price = upkeep_price(*per_card_effect(s.def(source))) * still_kept(s, now);
  if (o.a == kNoCard || destiny(s, seat) >= price) {  // the rest is paid for
    destiny(s, seat) -= std::min(price, destiny(s, seat));
    now.picks_left = 0;
  }
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
