// Warriors brought back into play or turned to another side. Each card's text
// names where the warrior goes, who controls it then and what it is from then
// on; the rules of a Muster (PERSONALITY, the Tribal ones) still hold
// (enter_play_ok). What a turned warrior has become is a marker in
// State::lasting on it (markers.hpp), gone when it leaves play.
#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "effects/warriors/raise.hpp"

#include "effects/warriors/convert.hpp"

#include <algorithm>

#include "markers.hpp"
#include "effects/triggers/replace.hpp"
#include "internal.hpp"

namespace dt::detail {

std::optional<Area> entering_area(const State& s, CardId user, const Effect& e) {
  if (e.designation == word::UsersArea && user != kNoCard && is_warrior_in_play(s, user)) return s.card(user).area;
  return std::nullopt;
}

bool enter_value_ok(const State& s, const Effect& e, CardId w) {
  return e.amount <= 0 || s.def(w).v <= e.amount;
}

static constexpr DesigKey kTakesOver(desig::PossessesDoomtroopersItKills);  // gEngine POSSESS
static constexpr DesigKey kTurns(desig::TurnsDoomtroopersItKillsHeretic);  // printed POSSESS

// The attachment of the killer that gives it the designation (for immunity and the marker's source).
static CardId giver(const State& s, CardId killer, const DesigKey& d) {
  for (CardId a : attachments_of(s, killer))
    for (const std::string& g : s.def(a).grant_designations)
      if (g == d.text) return a;
  return s.def(killer).has_designation(d) ? killer : kNoCard;
}

static bool possessed(const State& s, CardId victim, CardId killer) {
  if (killer == kNoCard || killer == victim || !is_warrior_in_play(s, victim) || !is_doomtrooper(s, victim)) return false;
  for (const DesigKey* d : {&kTakesOver, &kTurns}) {
    if (!has_designation(s, killer, *d)) continue;
    const CardId src = giver(s, killer, *d);
    return src != kNoCard && !immune_to(s, victim, src);  // an immune victim dies as usual
  }
  return false;
}

std::vector<bool> possessions(const State& s, const std::vector<CardId>& victims, const std::vector<CardId>& killers) {
  std::vector<bool> out;
  for (size_t i = 0; i < victims.size(); ++i) out.push_back(possessed(s, victims[i], killers[i]));
  return out;
}

// The warrior changes controller where it stands: no card leaves play, so what
// lies on it stays on it and what lasts on it lasts (take_out would end both).
void change_controller(State& s, CardId w, int seat) {
  CardInst& ci = s.card(w);
  if (ci.controller == seat) return;
  std::erase(s.seats[ci.controller].in_play, w);
  s.seats[size_t(seat)].in_play.push_back(w);
  ci.controller = uint8_t(seat);
  for (CardId a : attachment_list(s, w)) s.card(a).controller = uint8_t(seat);
}

void possess(State& s, CardId victim, CardId killer, Log log) {
  const bool takes_over = has_designation(s, killer, kTakesOver);
  const CardId src = giver(s, killer, takes_over ? kTakesOver : kTurns);
  const int seat = takes_over ? s.card(killer).controller : s.card(victim).controller;
  change_controller(s, victim, seat);
  CardInst& ci = s.card(victim);
  ci.wounded = ci.cover = false;  // killed, it rises anew: no wound, no cover, no SERGEANT's group
  ci.sergeant_group = -1;
  LastingMod m{src, victim, {}, kNoTurnEnds, kNoCard, kwHeretic, takes_over ? kConvertedHeretic : kConvertedLegion};
  s.lasting.push_back(m);
  entered_play(s, victim, seat, Area::Kohort);  // in play all along, it enters it anew
  emit(log, {EventKind::Effect, int8_t(s.card(killer).controller), src, victim, int(Op::Handler), seat});
}

bool converted_heretic(const State& s, CardId w) {
  return !s.lasting.empty() && (marked(s, w, kConvertedHeretic) || marked(s, w, kConvertedLegion));
}

AffilMask converted_affiliations(const State& s, CardId w) {
  return !s.lasting.empty() && marked(s, w, kConvertedLegion) ? bit(Affil::Legion) : AffilMask(0);
}

bool takes_minor_gifts(const State& s, CardId w) {
  // gEngine POSSESS; BLACK BULLETS (effects/warriors/convert.hpp)
  return !s.lasting.empty() && (marked(s, w, kConvertedHeretic) || converted_minor_gifts(s, w));
}

bool raised_dead(const State& s, CardId w) { return !s.lasting.empty() && marked(s, w, kRaisedDead); }

static bool raises(const std::vector<Effect>& fx) { return has_handler(fx, HandlerId::animate_dead); }

// Warriors of the pile that may enter play for `seat` (a PERSONALITY not already in play),
// into a Kohort no card closes.
static std::vector<CardId> raisable(const State& s, int seat, int pile_seat) {
  std::vector<CardId> out;
  if (pile_seat < 0 || pile_seat >= s.num_seats()) return out;
  if (area_closed(s, seat, Area::Kohort)) return out;  // PRIMAL BITCH holds the Kohort: no warrior added
  for (CardId c : s.seats[size_t(pile_seat)].discard)
    if (s.def(c).type == CardType::Warrior && !personality_in_play(s, seat, c) && !shuns_area(s, c, seat, Area::Kohort))
      out.push_back(c);
  return out;
}

bool raise_target_ok(const State& s, int seat, const std::vector<Effect>& fx, int pile_seat) {
  return !raises(fx) || !raisable(s, seat, pile_seat).empty();
}

// The choice is marked by its source: the card whose ability raises.
bool is_raise_choice(const State& s, const PendingChoice& ch) {
  const CardDef& d = s.def(ch.source);
  for (const Ability& ab : d.abilities)
    if (raises(ab.effects)) return true;
  return false;
}

void ask_raise(State& s, int seat, CardId source, int pile_seat) {
  std::vector<CardId> ws = raisable(s, seat, pile_seat);
  if (!ws.empty()) ask_pick(s, source, kNoCard, seat, seat, std::move(ws));
}

void raise_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const size_t first = out.size();
  if (ch.picks_left != 0)
    for (CardId c : ch.candidates)
      if (s.card(c).zone == Zone::Discard && !personality_in_play(s, ch.seat, c)) out.push_back({OptKind::Choose, c});
  if (out.size() == first) out.push_back(choose_done());  // nothing left to raise: the ability is spent
}

// Halved ratings, rounded up: the printed ones lose their lower half.
static StatBonus halving(const CardDef& d) {
  StatBonus b;
  b.f = int8_t(-(d.f.value_or(0) / 2));
  b.s = int8_t(-(d.s.value_or(0) / 2));
  b.a = int8_t(-(d.a / 2));
  b.v = int8_t(-(d.v / 2));
  return b;
}

void apply_raise_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, o.a != kNoCard ? -1 : o.p});
  ch.picks_left = 0;
  const CardId w = o.a;
  if (w == kNoCard || s.card(w).zone != Zone::Discard) return;
  const int seat = ch.seat;
  enter_play(s, w, seat, Area::Kohort);
  s.lasting.push_back({ch.source, w, halving(s.def(w)), kNoTurnEnds, kNoCard, kwProfane, kRaisedDead});
  emit(log, {EventKind::Effect, int8_t(seat), ch.source, w, int(Op::EnterPlay), -1});
  note_added(s, seat, w);  // printed PRIMAL BITCH may take its place
}

}  // namespace dt::detail
