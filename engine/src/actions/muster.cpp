// gEngine "MUSTER WARRIOR" and its "Other Mustering Rules"; 2nd ed "MUSTER
// WARRIOR IN COVER" (three actions, paid when revealed, see cover.cpp).
#include <optional>

#include "dt/designations.hpp"
#include "effects/triggers/reactions.hpp"
#include "effects/triggers/replace.hpp"
#include "effects/costs/upkeep.hpp"
#include "actions/storage.hpp"
#include "effects/economy/economy.hpp"
#include "effects/lasting/heretics.hpp"
#include "effects/lasting/base_gains.hpp"
#include "effects/costs/repay.hpp"
#include "effects/choices/auction.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// OUTPOST BOUND (GOMORRIAN EMASCULATOR): mustered into the Outpost, whatever its affiliation.
Area muster_area(const State& s, CardId w) {
  // Printed LOCAL THUG, RENEGADE APOSTATE: placed apart from the Squad and the Kohort, a place of its own.
  if ((s.families & famSetAside) && s.def(w).has_designation(desig::SetAside)) return Area::Aside;
  if (s.rules.outposts && s.def(w).has_designation(desig::OutpostBound)) return Area::Outpost;
  if (s.def(w).has_designation(desig::Cultist)) return Area::Squad;  // whatever side it is declared
  if (is_legion(s, w)) return Area::Kohort;
  if (s.rules.outposts && is_tribal(s, w)) return Area::Outpost;
  return Area::Squad;
}

// PERSONALITY: one copy in play at a time. Others' face-down warriors don't
// count here: a hidden copy is found out when the Muster is made (apply_muster).
bool personality_in_play(const State& s, int seat, CardId w) {
  const CardDef& d = s.def(w);
  if (!d.has(kwPersonality)) return false;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) {
      const CardInst& ci = s.card(c);
      if (c != w && s.def(c).name == d.name && !(ci.hidden && ci.controller != seat)) return true;
    }
  return copy_kept_under(s, w);  // GRAVEYARD: still in play under it
}

// Does card d shun a warrior named `name` (NEVER IN AN AREA WITH <name>)? Few cards have designations
// beginning so: most answer at the first letter.
static bool shuns(const CardDef& d, std::string_view name) {
  for (const std::string& x : d.designations)
    if (const std::string_view p = family::NeverInAnAreaWith.param_of(x); !p.empty() && p == name) return true;
  return false;
}

bool shuns_area(const State& s, CardId w, int seat, Area area) {
  if (!(s.families & famAreaShunned)) return false;  // no such card in the game (callgrind)
  const CardDef& d = s.def(w);
  for (CardId c : s.seats[size_t(seat)].in_play) {
    if (c == w || !is_warrior_in_play(s, c) || s.card(c).area != area) continue;
    const CardDef& cd = s.def(c);
    if (shuns(d, cd.name) || shuns(cd, d.name)) return true;
  }
  return false;
}

// One Tribal affiliation per Outpost.
static bool tribal_conflict(const State& s, int seat, CardId w) {
  // A warrior only considered Tribal (TRIBAL) has no Tribal affiliation to clash with.
  const AffilMask mine = s.def(w).affil & kTribes;
  if (!mine) return false;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, c) && s.card(c).area == Area::Outpost && (s.def(c).affil & kTribes) &&
        (s.def(c).affil & kTribes) != mine)
      return true;
  return false;
}

// ROGUE (LONE IMPERIAL): never in your Squad with another Imperial warrior.
static bool lone_imperial_conflict(const State& s, int seat, CardId w, Area area) {
  if (area != Area::Squad) return false;
  const bool lone = s.def(w).has_designation(desig::LoneImperial);
  const bool imperial = (s.def(w).affil & bit(Affil::Imperial)) != 0;
  for (CardId c : s.seats[size_t(seat)].in_play) {
    if (!is_warrior_in_play(s, c) || s.card(c).area != Area::Squad) continue;
    if (lone && (affiliations(s, c) & bit(Affil::Imperial))) return true;
    if (imperial && has_designation(s, c, desig::LoneImperial)) return true;
  }
  return false;
}

// MCCRAIG LINE: a privilege that musters its warriors with no V paid.
static bool free_muster(const State& s, int seat, CardId w) {
  const Privilege* p = privilege_for(s, seat, PrivAction::Muster, w);
  return p && p->free;
}

// `named`: the area a Muster names (PAPARAZZO); otherwise its usual one, worked out only once the cheap
// tests have passed (it reads the warrior's affiliations).
// `free`: no V paid (a SwapMuster).
static bool can_muster(const State& s, int seat, CardId w, bool in_cover, std::optional<Area> named = std::nullopt,
                       bool free = false) {
  const CardDef& d = s.def(w);
  if (d.type != CardType::Warrior) return false;
  if (d.muster_requires && !card_in_play_matches(s, seat, *d.muster_requires)) return false;  // MERCURIAN MACULATOR
  if (!in_cover && !free && muster_price(s, seat, w) > destiny(s, seat) && !free_muster(s, seat, w)) return false;
  if (!may_field(s, seat, w)) return false;  // Cartel vs. the Dark Legion: its organization only
  if (!s.rules.outposts && is_tribal(s, w)) return false;
  if (personality_in_play(s, seat, w)) return false;
  if (tribal_conflict(s, seat, w)) return false;
  const Area area = named ? *named : muster_area(s, w);
  if (lone_imperial_conflict(s, seat, w, area)) return false;
  if (d.has(kwAirship) && airships_grounded(s)) return false;  // GALE FORCE WINDS
  if (area_closed(s, seat, area)) return false;   // PRIMAL BITCH holds the area
  if ((s.families & famNoHeretics) && d.has_designation(desig::Heretic) && heretics_barred(s))
    return false;  // THE LIBER HERETICUS
  if (shuns_area(s, w, seat, area)) return false;  // SALADIN and ALAKHAI
  return true;
}

bool may_enter_area(const State& s, int seat, CardId w, Area area) { return can_muster(s, seat, w, true, area); }

// The Muster options of warrior c: one, into its usual area; or, for a warrior mustered into
// one of several areas (Card.muster_areas: PAPARAZZO), one naming each area (`muster c12 kohort`,
// Option::p 1, the area in `to`), in the order Squad, Kohort, Outpost.
// GRIZZLY BATTLE TANK (Card.swap_muster): `count` of its player's warriors matching `replaces` in the area a Muster
// puts it in are discarded and it enters there as one action, no V paid (`muster c12 replacing c5 c6`: Option::p 2,
// the warriors in b and c), one option for each set of them.
static void push_swap_musters(const State& s, int seat, CardId c, std::vector<Option>& out) {
  const SwapMuster& sm = *s.def(c).swap_muster;
  const Area a = muster_area(s, c);
  if (sm.replaces.area && !(sm.replaces.area & bit(a))) return;
  std::vector<CardId> pool;
  for (CardId w : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, w) && !s.card(w).hidden && s.card(w).area == a && filter_matches(s, sm.replaces, w, seat))
      pool.push_back(w);
  if (int(pool.size()) < sm.count || !can_muster(s, seat, c, false, std::nullopt, true)) return;
  auto push = [&](CardId first, CardId second) {
    Option o{OptKind::Muster, c, first};
    o.p = 2;
    o.c = second;
    out.push_back(o);
  };
  for (size_t i = 0; i < pool.size(); ++i) {
    if (sm.count == 1) push(pool[i], kNoCard);
    else
      for (size_t j = i + 1; j < pool.size(); ++j) push(pool[i], pool[j]);
  }
}

static void push_musters(const State& s, int seat, CardId c, std::vector<Option>& out) {
  if (s.def(c).swap_muster) {
    push_swap_musters(s, seat, c, out);
    if (s.def(c).swap_muster->only) return;
  }
  const AreaMask areas = s.def(c).muster_areas;
  if (!areas || ((s.families & famTurnedDown) && sold_at_auction(s, c))) {  // MERCENARY: the auction's winner names it
    if (can_muster(s, seat, c, false)) out.push_back({OptKind::Muster, c});
    return;
  }
  for (Area a : {Area::Squad, Area::Kohort, Area::Outpost}) {
    if (!(areas & bit(a)) || (a == Area::Outpost && !s.rules.outposts) || !can_muster(s, seat, c, false, a)) continue;
    Option o{OptKind::Muster, c};
    o.p = 1;
    o.to = a;
    out.push_back(o);
  }
}

void muster_options(const State& s, CardId c, std::vector<Option>& out) {
  if (s.def(c).type != CardType::Warrior) return;
  push_musters(s, s.current, c, out);
  if (!s.rules.muster_in_cover) return;
  const bool swap_only = (s.def(c).swap_muster && s.def(c).swap_muster->only) ||  // printed GRIZZLY: no other Muster
                         ((s.families & famTurnedDown) && sold_at_auction(s, c));   // MERCENARY: only its auction
  if (!swap_only && s.actions_left >= 3 && can_muster(s, s.current, c, true))
    out.push_back({OptKind::MusterCover, c});
}

// The CAPITOL Alliance: its warriors are mustered at any time (their V still paid).
void any_time_muster_options(const State& s, int seat, CardId c, std::vector<Option>& out) {
  if (s.def(c).type != CardType::Warrior || !any_time_for(s, seat, PrivAction::Muster, c)) return;
  push_musters(s, seat, c, out);
}

void apply_muster(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const bool covered = o.kind == OptKind::MusterCover;
  // 2nd ed "PERSONALITIES": a copy hidden in another player's cover is shown
  // and paid for, and this Muster never happened.
  if (s.def(o.a).has(kwPersonality))
    for (int t = 0; t < s.num_seats(); ++t)
      for (CardId c : s.seats[size_t(t)].in_play)
        if (t != me && s.card(c).hidden && s.def(c).name == s.def(o.a).name) {
          reveal(s, c, log);
          if (s.phase != Phase::Window) s.phase = Phase::Actions;
          return;
        }
  if ((s.families & famTurnedDown) && !covered && sold_at_auction(s, o.a)) {  // MERCENARY (effects/choices/auction.hpp)
    // It waits in its owner's hand for its buyer (effects/choices/auction.hpp).
    const bool free = s.phase == Phase::Window || free_of_action(s, me, PrivAction::Muster, o.a);
    if (!s.def(o.a).has(kwFreeMuster) && !free) --s.actions_left;
    emit(log, {EventKind::Muster, int8_t(me), o.a});
    start_auction(s, me, o.a, log);
    if (free) after_free_action(s);
    else open_response_window(s);
    return;
  }
  const bool swapped = o.kind == OptKind::Muster && o.p == 2;  // GRIZZLY BATTLE TANK: in the place of others
  const bool no_v = swapped || free_muster(s, me, o.a);  // asked before it enters play (REPLICANT LAB's copies)
  if (swapped)
    for (CardId x : {o.b, o.c})
      if (x != kNoCard && is_warrior_in_play(s, x)) {
        emit(log, {EventKind::Discard, int8_t(me), x});
        discard_from_play(s, x);
      }
  enter_play(s, o.a, me, o.kind == OptKind::Muster && o.p == 1 ? std::optional<Area>(o.to) : std::nullopt);
  CardInst& w = s.card(o.a);
  if (swapped && s.def(o.a).swap_muster->base_v)
    add_base_gain(s, o.a, o.a, StatBonus{0, 0, 0, int8_t(s.def(o.a).swap_muster->base_v - s.def(o.a).v)});
  // Mustered in a window or under the CAPITOL Alliance: no action is spent.
  const bool free = !covered && (s.phase == Phase::Window || free_of_action(s, me, PrivAction::Muster, o.a));
  if (covered) {
    w.cover = w.hidden = w.unpaid = true;
    s.actions_left -= 3;
  } else {
    if (!no_v) {
      const int price = muster_price(s, me, o.a);
      destiny(s, me) -= price;
      note_paid_for(s, o.a, price);  // FOOL'S GOLD may answer, in this window
    }
    if (!s.def(o.a).has(kwFreeMuster) && !free) --s.actions_left;
  }
  emit(log, {covered ? EventKind::MusterCover : EventKind::Muster, int8_t(me), covered ? kNoCard : o.a});
  note_mustered(s, me, o.a);  // PRIMAL BITCH may take its place, in this window
  if (free) {
    after_free_action(s);
    return;
  }
  // BORN WITH A SILVER SPOON answers a warrior placed in a Squad, in this window.
  if (w.area == Area::Squad) mark_just_happened(s, o.a, o.a, kJustPlacedInSquad);
  open_response_window(s);
}

}  // namespace dt::detail
