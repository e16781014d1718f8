#include "dt/invariants.hpp"

#include <algorithm>
#include <string>

#include "dt/game.hpp"
#include "actions/cover_attack.hpp"
#include "actions/several_attacks.hpp"
#include "effects/choices/inspire.hpp"

namespace dt {

std::vector<std::string> check_invariants(const State& s) {
  std::vector<std::string> bad;
  auto fail = [&](std::string m) { bad.push_back(std::move(m)); };
  // Card conservation: every card is in exactly one place, and its zone says so.
  std::vector<int> seen(s.cards.size(), 0);
  auto count = [&](const std::vector<CardId>& v, Zone z, int seat, const char* what) {
    for (CardId c : v) {
      if (c < 0 || size_t(c) >= s.cards.size()) {
        fail(std::string("bad card id in ") + what);
        continue;
      }
      ++seen[size_t(c)];
      const CardInst& ci = s.card(c);
      if (ci.zone != z) fail("c" + std::to_string(c) + " listed in " + what + " but its zone differs");
      if (z == Zone::InPlay ? ci.controller != seat : ci.owner != seat)
        fail("c" + std::to_string(c) + " is in the wrong seat's " + what);
    }
  };
  for (int i = 0; i < s.num_seats(); ++i) {
    const SeatState& st = s.seats[size_t(i)];
    count(st.draw, Zone::Draw, i, "draw pile");
    count(st.hand, Zone::Hand, i, "hand");
    count(st.discard, Zone::Discard, i, "discard pile");
    count(st.annihilated, Zone::Annihilated, i, "annihilated pile");
    count(st.in_play, Zone::InPlay, i, "play");
    count(st.side_board, Zone::SideBoard, i, "side board");
    if (st.pool < 0) fail("s" + std::to_string(i) + " has negative D");
    if (st.promotion < 0) fail("s" + std::to_string(i) + " has negative P");
  }
  for (size_t c = 0; c < s.cards.size(); ++c) {
    const CardInst& ci = s.cards[c];
    if (ci.zone == Zone::Under) {  // kept under a card in play (actions/storage.hpp)
      ++seen[c];
      if (ci.attached_to == kNoCard || s.card(ci.attached_to).zone != Zone::InPlay || !s.def(ci.attached_to).storage)
        fail("c" + std::to_string(c) + " is kept under no card in play that keeps cards");
    }
    if (ci.zone == Zone::InPlay && ci.attached_to != kNoCard) {
      ++seen[c];
      const CardInst& base = s.card(ci.attached_to);
      if (base.zone != Zone::InPlay) fail("c" + std::to_string(c) + " is attached to a card not in play");
    }
    if (seen[c] != 1)
      fail("c" + std::to_string(c) + " is in " + std::to_string(seen[c]) + " places (must be exactly one)");
  }
  // The attachment index lists exactly the attached cards.
  size_t attached = 0;
  for (const CardInst& ci : s.cards) attached += ci.attached_to != kNoCard && ci.zone != Zone::Under;
  if (attached != s.attached.size()) fail("the attachment index is out of date");
  for (CardId a : s.attached)
    if (a < 0 || size_t(a) >= s.cards.size() || s.card(a).attached_to == kNoCard)
      fail("the attachment index lists a card that is not attached");
  // Relics and Alliances are unique in play; a player has one Alliance at most;
  // a warrior has one copy of each Ki Power at most.
  std::vector<std::string> relics, alliances;
  for (size_t c = 0; c < s.cards.size(); ++c) {
    const CardInst& ci = s.cards[c];
    if (ci.zone != Zone::InPlay) continue;
    const CardDef& d = s.def(CardId(c));
    if (d.type == CardType::Relic) relics.push_back(d.name);
    if (d.type == CardType::Alliance) alliances.push_back(d.name);
    if (d.type == CardType::Ki)
      for (size_t o = c + 1; o < s.cards.size(); ++o)
        if (s.cards[o].zone == Zone::InPlay && s.cards[o].def == ci.def && s.cards[o].attached_to == ci.attached_to)
          fail("two copies of " + d.name + " on one warrior");
  }
  for (auto* names : {&relics, &alliances}) {
    std::sort(names->begin(), names->end());
    if (std::adjacent_find(names->begin(), names->end()) != names->end()) fail("two identical Relics or Alliances in play");
  }
  for (int i = 0; i < s.num_seats(); ++i) {
    int n = 0;
    for (CardId c : s.seats[size_t(i)].in_play) n += s.def(c).type == CardType::Alliance;
    if (n > 1) fail("s" + std::to_string(i) + " has " + std::to_string(n) + " Alliances");
  }
  // Each card's own list of attachments is State::attached filtered to it, in order.
  for (size_t c = 0; c < s.cards.size(); ++c) {
    std::vector<CardId> want, have;
    for (CardId a : s.attached)
      if (s.card(a).attached_to == CardId(c)) want.push_back(a);
    for (CardId a = s.cards[c].first_attachment; a != kNoCard && have.size() <= s.cards.size();
         a = s.card(a).next_attachment)
      have.push_back(a);
    if (have != want) fail("c" + std::to_string(c) + "'s list of attachments is out of date");
  }
  // Action limits: the seat's own (the Dark Legion player of cartel-vs-legion has more).
  if (s.actions_left < 0 || s.actions_left > actions_per_turn_of(s, s.current))
    fail("actions left out of range: " + std::to_string(s.actions_left));
  if (game_over(s)) return bad;
  // Tactical actions: never offered in a first turn or after one was used.
  const std::vector<Option> opts = legal_options(s);
  if (opts.empty()) fail("no legal option at a decision point");
  const bool first = s.seats[s.current].turns_taken <= 1 && !s.rules.tactical_in_first_turn;
  const bool sabotage_tactical = s.rules.sabotage_action != SabotageAction::Standard;
  // A Tactical action lent at once (GRAND ASSAULT, HIDDEN: effects/choices/inspire.hpp) is the choice's own, the
  // turn's Tactical action aside; the lent step's rules (first turn, cover) are checked as it lists its options.
  // GRINDER's next attacks of one action are that action's own (actions/several_attacks.hpp).
  const bool lent = detail::inspired_choice(s) ||
                    (s.phase == Phase::Choice && !s.choices.empty() && detail::is_next_attack_choice(s, s.choices.front()));
  for (const Option& o : opts) {
    if (lent) break;
    const bool tactical = o.kind == OptKind::Attack || o.kind == OptKind::DirectAttack ||
                          (o.kind == OptKind::Sabotage && sabotage_tactical);
    if (!tactical) continue;
    if (first) fail("a Tactical action is offered in the player's first turn");
    if (s.tactical_used) fail("a second Tactical action is offered");
    // A warrior in cover attacks nobody, unless a card lets it (BLASTING AWAY, DAI-SHO: actions/cover_attack.hpp);
    // it may sabotage (gEngine "SABOTAGE": it can take part in combat).
    if (s.card(o.a).cover && o.kind != OptKind::Sabotage &&
        !(o.kind == OptKind::Attack && o.b != kNoCard && detail::attacks_from_cover(s, o.a, o.tactic)))
      fail("a warrior in cover is offered an attack");
  }
  // Vehicles: nobody inside a vehicle in cover; one vehicle or beast per warrior.
  std::vector<int> rides(s.cards.size(), 0);
  for (CardId a : s.attached) {
    const CardInst& ai = s.card(a);
    const CardDef& ad = s.def(a);
    if (ai.attached_to == kNoCard) continue;
    if (ad.type == CardType::Beast || (ad.type == CardType::Equipment && ad.has(kwVehicle)))
      if (++rides[size_t(ai.attached_to)] > 1)
        fail("c" + std::to_string(ai.attached_to) + " has more than one vehicle or beast");
    if (ai.inside && s.card(ai.attached_to).cover)
      fail("c" + std::to_string(ai.attached_to) + " is in cover inside its vehicle");
  }
  // Cover: outside the forced Exit Cover, a seat with warriors has one in the open.
  if (s.phase == Phase::Actions) {
    int warriors = 0, open = 0;
    for (CardId c : s.seats[s.current].in_play)
      if (is_warrior_in_play(s, c) && !detail::kept_in_cover(s, c)) ++warriors, open += !s.card(c).cover;
    bool forced = std::all_of(opts.begin(), opts.end(), [](const Option& o) { return o.kind == OptKind::ExitCover; });
    if (warriors > 0 && open == 0 && !forced) fail("all warriors are in cover but Exit Cover is not forced");
  }
  return bad;
}

}  // namespace dt
