// Hosts other than warriors (effects/filters/hosts.hpp, docs/effects.md "Hosts").
#include "dt/designations.hpp"
#include "effects/filters/hosts.hpp"

#include "internal.hpp"

namespace dt::detail {

uint8_t host_kind_of(const State& s, CardId c) {
  const CardInst& ci = s.card(c);
  if (ci.zone != Zone::InPlay) return 0;
  const CardDef& d = s.def(c);
  if (d.type == CardType::Warzone) return ci.attached_to == kNoCard ? hostWarzone : 0;
  if (d.type == CardType::Relic) return hostRelic;
  if (is_fortification(s, c)) return hostFortification;
  if (d.type == CardType::Equipment) return d.has_designation(desig::Vehicle) ? hostVehicle : hostEquipment;
  return 0;
}

static bool side_ok(const State& s, Side side, int owner, int seat) {
  if (side == Side::Yours) return owner == seat;
  if (side == Side::Enemy) return opponents(s, owner, seat);
  return true;
}

// Does host c already hold a copy of `card` (same name)?
static bool holds_copy(const State& s, CardId c, CardId card) {
  for (CardId a : attachments_of(s, c))
    if (s.def(a).name == s.def(card).name) return true;
  return false;
}

// The warrior carrying an attachment host, for a host filter naming affiliations or a side of the war.
static bool bearer_ok(const State& s, const WarriorFilter& f, CardId b, int seat) {
  WarriorFilter g;
  g.legion = f.legion;
  g.doomtrooper = f.doomtrooper;
  g.affil = f.affil;
  return filter_matches(s, g, b, seat);
}

bool area_equipment_barred(const State& s, int seat) {
  if (!(s.families & famGlobalBans) || seat < 0) return false;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (!s.card(c).hidden && s.def(c).has_designation(desig::NoEquipmentOnAreas)) return true;
  return false;
}

void discard_area_equipment(State& s, int seat, CardId source, Log log) {
  if (seat < 0 || seat >= s.num_seats()) return;
  std::vector<CardId> lost;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.def(c).type == CardType::Equipment && lies_on_area(s, c)) lost.push_back(c);
  for (CardId c : lost) {
    if (s.card(c).zone != Zone::InPlay) continue;
    emit(log, {EventKind::Effect, int8_t(s.card(source).controller), source, c, int(Op::Discard), -1});
    discard_from_play(s, c);
  }
}

void host_targets(const State& s, int seat, CardId source, std::vector<Target>& out) {
  const PlaySpec& p = *s.def(source).play;
  const WarriorFilter& f = p.host_filter;
  const bool barred = s.def(source).type == CardType::Equipment && area_equipment_barred(s, seat);  // LISTEN UP!
  if ((p.host_kinds & hostArea) && !barred)
    for (int t = 0; t < s.num_seats(); ++t) {
      if (s.seats[size_t(t)].eliminated || !side_ok(s, f.side, t, seat)) continue;
      for (Area a : {Area::Squad, Area::Kohort, Area::Outpost}) {
        if (a == Area::Outpost && !s.rules.outposts) continue;
        if (f.area && !(f.area & bit(a))) continue;
        out.push_back({kNoCard, int8_t(t), int8_t(a)});
      }
    }
  if (!(p.host_kinds & ~hostArea)) return;
  for (size_t i = 0; i < s.cards.size(); ++i) {
    const CardId c = CardId(i);
    const CardInst& ci = s.cards[i];
    if (ci.zone != Zone::InPlay || ci.hidden || c == source) continue;
    if (!(host_kind_of(s, c) & p.host_kinds)) continue;
    if (!f.card_designation.empty() && !s.def(c).has_designation(f.card_designation)) continue;
    if (!side_ok(s, f.side, ci.controller, seat)) continue;
    if (p.host_one_copy && holds_copy(s, c, source)) continue;  // DEFENSIVE BARRIER: one on a Fortification
    // An attachment's host on a warrior: that warrior must be in play and seen.
    const CardId b = bearer_of(s, c);
    if (b != kNoCard && (!is_warrior_in_play(s, b) || (s.card(b).hidden && s.card(b).controller != seat))) continue;
    // HELLBLASTER: on a Dark Legion warrior's VEHICLE; the filter's side of the warrior too (affiliations, sides).
    if ((f.legion || f.doomtrooper || f.affil) && (b == kNoCard || !bearer_ok(s, f, b, seat))) continue;
    out.push_back({c, -1});
  }
}

bool lies_on_area(const State& s, CardId c) {
  const CardInst& ci = s.card(c);
  if (ci.zone != Zone::InPlay || ci.attached_to != kNoCard) return false;
  const CardDef& d = s.def(c);
  return d.play && (d.play->host_kinds & hostArea);
}

bool host_reaches(const State& s, CardId x, CardId w) {
  const CardId host = s.card(x).attached_to;
  if (host == kNoCard)  // on a combat area: its player's warriors there
    return lies_on_area(s, x) && s.card(x).controller == s.card(w).controller && s.card(x).area == s.card(w).area;
  switch (host_kind_of(s, host)) {
    case hostWarzone: return s.combat.warzone == host && in_warzone_combat(s, w);
    case hostFortification: return fortification_affects(s, host, w);
    default: return false;  // a warrior's attachment: its bearer, through for_each_mod's own list
  }
}

}  // namespace dt::detail
