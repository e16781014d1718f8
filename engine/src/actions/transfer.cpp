// gEngine "TRANSFER WARRIOR" (2nd ed Paradise Lost "TRANSFER"; Info cards
// "TRANSFER" parts 1 and 2): a Doomtrooper moves between the Squad and the
// Outpost, a Dark Legion warrior between the Kohort and the Outpost; Tribal
// warriors stay. Allowed once a warrior has entered play in any Outpost;
// one action (two for a warrior with or considered a VEHICLE); once per
// warrior per turn; never Doomtroopers and Dark Legion warriors together in
// an Outpost. A player must follow an opponent into the Outpost, and keep a
// warrior there while any other player has one in its own.
#include <algorithm>

#include "dt/designations.hpp"
#include "internal.hpp"
#include "actions/outpost_sides.hpp"
#include "effects/economy/team_rules.hpp"
#include "effects/lasting/stun.hpp"
#include "effects/triggers/reactions.hpp"
#include "effects/triggers/replace.hpp"

namespace dt::detail {

// A warrior that is Dark Legion and not also a Doomtrooper (a HERETIC still
// counted a Doomtrooper mixes with both).
static bool pure_legion(const State& s, CardId w) { return is_legion(s, w) && !is_doomtrooper(s, w); }
static bool pure_trooper(const State& s, CardId w) { return is_doomtrooper(s, w) && !is_legion(s, w); }

static std::vector<CardId> outpost_warriors(const State& s, int seat) {
  std::vector<CardId> out;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, c) && s.card(c).area == Area::Outpost) out.push_back(c);
  return out;
}

bool outpost_conflict(const State& s, int seat, CardId w) {
  for (CardId c : outpost_warriors(s, seat)) {
    if (c == w) continue;
    if ((pure_legion(s, w) && pure_trooper(s, c)) || (pure_trooper(s, w) && pure_legion(s, c))) return true;
  }
  return false;
}

// A card in play may let its player's warriors Transfer for no action, at any
// time, or more than once a turn (MASTER VALPURGIUS: docs/effects.md "Privileges").
// `allied`: has_privileges of the warrior's player, asked once per list of options.
static const Privilege* transfer_privilege(const State& s, CardId w, bool allied) {
  return allied ? privilege_for(s, s.card(w).controller, PrivAction::Transfer, w) : nullptr;
}

static int transfer_cost(const State& s, CardId w, const Privilege* p) {
  if (s.phase == Phase::Window || (p && p->no_action)) return 0;
  return s.def(w).has(kwVehicle) || vehicle_of(s, w) != kNoCard ? 2 : 1;
}

// ROGUE (LONE IMPERIAL): a Transfer into the Squad adds a warrior to it as a
// Muster does (muster.cpp), so the ROGUE and another Imperial warrior never
// end up there together. (Kept here: a shared declaration would sit in
// actions.hpp, which every engine file includes.)
static bool lone_imperial_clash(const State& s, int seat, CardId w) {
  const bool lone = s.def(w).has_designation(desig::LoneImperial);
  const bool imperial = (affiliations(s, w) & bit(Affil::Imperial)) != 0;
  for (CardId c : s.seats[size_t(seat)].in_play) {
    if (c == w || !is_warrior_in_play(s, c) || s.card(c).area != Area::Squad) continue;
    if (lone && (affiliations(s, c) & bit(Affil::Imperial))) return true;
    if (imperial && has_designation(s, c, desig::LoneImperial)) return true;
  }
  return false;
}

// gEngine "TRANSFER WARRIOR": while warriors are in an Outpost, every player
// keeps one in its own, so the last warrior of a player's Outpost stays there
// while another player's Outpost holds one.
static bool must_hold_outpost(const State& s, CardId w) {
  const int me = s.card(w).controller;
  if (outpost_warriors(s, me).size() > 1) return false;
  for (int t = 0; t < s.num_seats(); ++t)
    if (t != me && !s.seats[size_t(t)].eliminated && !outpost_warriors(s, t).empty()) return true;
  return false;
}

// Where a warrior goes when it leaves the Outpost.
static Area home_area(const State& s, CardId w) { return pure_legion(s, w) ? Area::Kohort : Area::Squad; }

void send_back_from_outpost(State& s, CardId w) {
  if (!is_warrior_in_play(s, w) || s.card(w).area != Area::Outpost) return;
  if (is_tribal(s, w) || is_beast_warrior(s, w) || beast_of(s, w) != kNoCard) return;  // may not leave the Outpost
  place_in_area(s, w, home_area(s, w));
}

// The voluntary Transfer of w, if it may make one now (`free`: a card makes it, whatever the actions left).
static std::optional<Option> transfer_of(const State& s, CardId w, bool allied, bool free = false) {
  const CardInst& wi = s.card(w);
  if (is_tribal(s, w) || is_beast_warrior(s, w) || beast_of(s, w) != kNoCard) return std::nullopt;
  if (wi.area == Area::Aside) return std::nullopt;  // SET ASIDE: in no combat area
  if (s.def(w).has_designation(desig::Cultist)) return std::nullopt;  // a CULTIST stays in its Squad
  const Privilege* p = transfer_privilege(s, w, allied);
  if (wi.hidden) return std::nullopt;
  if (wi.transferred_turn >= 0 && !(p && p->repeatable)) return std::nullopt;  // since its player's last Draw step
  if (stunned(s, w)) return std::nullopt;  // POWERFUL BLOW, STRANGLEHOLD: the warrior makes its Transfer
  if (!free && s.actions_left < transfer_cost(s, w, p)) return std::nullopt;
  Option o{OptKind::Transfer, w};
  if (wi.area == Area::Outpost) {
    if (must_hold_outpost(s, w)) return std::nullopt;
    o.to = home_area(s, w);
    if (o.to == Area::Squad && lone_imperial_clash(s, wi.controller, w)) return std::nullopt;  // ROGUE
  } else {
    if (outpost_conflict(s, wi.controller, w)) return std::nullopt;
    o.to = Area::Outpost;
  }
  // PRIMAL BITCH: it stays where it took a warrior's place, and keeps others out.
  if (s.def(w).type != CardType::Warrior || area_closed(s, wi.controller, o.to)) return std::nullopt;
  if (shuns_area(s, w, wi.controller, o.to)) return std::nullopt;  // SALADIN and ALAKHAI
  return o;
}

static bool transfers_open(const State& s) { return s.rules.outposts && s.outpost_opened; }

// ERWIN STAHLER (MOVES BETWEEN SQUAD AND KOHORT): one action moves him from the Squad to the Kohort or back; under the
// Outpost rules this is a Transfer (once a turn, none while stunned), under the others a move as often as its player
// pays for it. EMISSARIES (a kSideTransfers marker of its player): a Tribal warrior neither a Beast nor a VEHICLE
// Transfers from the Outpost to the Squad or the Kohort (`transfer c12 squad`, `transfer c12 kohort`) and back.
static bool side_transfers_open(const State& s, int seat) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kSideTransfers && m.player == seat) return true;
  return false;
}

void open_side_transfers(State& s, int seat, CardId source) {
  if (side_transfers_open(s, seat)) return;
  LastingMod m{source, kNoCard, {}, uint8_t(seat), kNoCard, 0, kSideTransfers};
  m.player = int8_t(seat);
  s.lasting.push_back(m);
}

static void side_move_options(const State& s, const std::vector<CardId>& mine, bool allied, std::vector<Option>& out) {
  const bool gengine = s.rules.outposts;
  std::optional<bool> envoys;  // the marker looked up once, for the first Tribal warrior
  for (CardId w : mine) {
    const CardInst& wi = s.card(w);
    if (wi.hidden || s.def(w).type != CardType::Warrior) continue;
    const bool mover = s.def(w).has_designation(desig::MovesBetweenSquadAndKohort);
    const bool tribal = !mover && gengine && s.outpost_opened && is_tribal(s, w);
    if (!mover && !tribal) continue;
    if (tribal) {
      if (!envoys) envoys = side_transfers_open(s, wi.controller);
      if (!*envoys || is_beast_warrior(s, w) || beast_of(s, w) != kNoCard || s.def(w).has(kwVehicle) ||
          vehicle_of(s, w) != kNoCard)
        continue;
      // GRINDER, NASSAL...: OUTPOST BOUND, it never leaves the Outpost, EMISSARIES or not.
      if (wi.area == Area::Outpost && s.def(w).has_designation(desig::OutpostBound)) continue;
    }
    const Privilege* p = gengine ? transfer_privilege(s, w, allied) : nullptr;
    if (gengine && ((wi.transferred_turn >= 0 && !(p && p->repeatable)) || stunned(s, w))) continue;
    const int cost = gengine ? transfer_cost(s, w, p) : 1;
    if (s.actions_left < cost) continue;
    std::vector<Area> to;
    if (mover && wi.area == Area::Squad) to = {Area::Kohort};
    else if (mover && wi.area == Area::Kohort) to = {Area::Squad};
    else if (tribal && wi.area == Area::Outpost) {
      if (must_hold_outpost(s, w)) continue;
      to = {Area::Squad, Area::Kohort};
    } else if (tribal && (wi.area == Area::Squad || wi.area == Area::Kohort)) {
      if (outpost_conflict(s, wi.controller, w)) continue;
      to = {Area::Outpost};
    }
    for (Area a : to) {
      if (area_closed(s, wi.controller, a) || shuns_area(s, w, wi.controller, a)) continue;
      if (a == Area::Squad && lone_imperial_clash(s, wi.controller, w)) continue;  // ROGUE
      Option o{OptKind::Transfer, w};
      o.to = a;
      out.push_back(o);
    }
  }
}

bool may_transfer_for_free(const State& s, CardId w) {
  return transfers_open(s) && is_warrior_in_play(s, w) && transfer_of(s, w, false, true).has_value();
}

// NAVIGATIONAL ERROR: a warrior just Transferred is remembered (kJustTransferred) until the window closes, while
// some player holds a card PLAYED ON A WARRIOR JUST TRANSFERRED (effects/triggers/reactions.hpp).
static void note_transferred(State& s, CardId w) {
  for (const SeatState& st : s.seats)
    if (!st.eliminated)
      for (CardId c : st.hand)
        if (s.def(c).has_designation(desig::PlayedOnAWarriorJustTransferred)) {
          mark_just_happened(s, w, w, kJustTransferred);
          return;
        }
}

// The move itself, whoever pays for it: once between its player's Draw steps.
static void make_transfer(State& s, int seat, CardId w, Area to, Log log) {
  s.card(w).transferred_turn = int16_t(s.turn_number);
  place_in_area(s, w, to);
  emit(log, {EventKind::Transfer, int8_t(seat), w, kNoCard, int(to)});
  if (s.families & famJustTransferred) note_transferred(s, w);
}

void transfer_for_free(State& s, int seat, CardId w, Log log) {
  if (!transfers_open(s) || !is_warrior_in_play(s, w)) return;
  // The board may have changed since it was picked.
  if (const std::optional<Option> o = transfer_of(s, w, false, true)) make_transfer(s, seat, w, o->to, log);
}

void transfer_options(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
  if (s.families & famSideMoves) side_move_options(s, mine, transfers_open(s) && has_privileges(s, s.current), out);
  if (!transfers_open(s)) return;
  const bool allied = has_privileges(s, s.current);
  for (CardId w : mine)
    if (auto o = transfer_of(s, w, allied)) out.push_back(*o);
}

// In a window, outside combat: the Transfers a privilege allows at any time.
void any_time_transfer_options(const State& s, int seat, std::vector<Option>& out) {
  if (!transfers_open(s) || s.combat.active || !has_privileges(s, seat)) return;
  for (CardId w : s.seats[size_t(seat)].in_play) {
    if (!is_warrior_in_play(s, w)) continue;
    const Privilege* p = transfer_privilege(s, w, true);
    if (!p || !p->any_time) continue;
    if (auto o = transfer_of(s, w, true)) out.push_back(*o);
  }
}

bool forced_transfer(const State& s, const std::vector<CardId>& mine, std::vector<Option>& out) {
  if (!transfers_open(s)) return false;
  const int me = s.current;
  const bool allied = has_privileges(s, me);
  const size_t first = out.size();
  // Follow an opponent to Earth: while any opponent has a warrior in its
  // Outpost, a player with none in its own must Transfer one there.
  bool enemy_there = false;
  for (int t = 0; t < s.num_seats(); ++t)
    if (t != me && !s.seats[size_t(t)].eliminated && !outpost_warriors(s, t).empty()) enemy_there = true;
  if (enemy_there && outpost_warriors(s, me).empty())
    for (CardId w : mine)
      if (auto o = transfer_of(s, w, allied); o && o->to == Area::Outpost) out.push_back(*o);
  // A Doomtrooper turned wholly Dark Legion beside other Doomtroopers in the
  // Outpost goes to the Kohort as the next action.
  for (CardId w : outpost_warriors(s, me))
    if (pure_legion(s, w) && outpost_conflict(s, me, w))
      if (auto o = transfer_of(s, w, allied); o && o->to == Area::Kohort) out.push_back(*o);
  return out.size() > first;
}

void apply_transfer(State& s, const Option& o, Log log) {
  if (o.seat >= 0) return apply_team_warrior_move(s, o, log);  // TROOP TRANSFER: to a team-mate
  const int me = deciding_seat(s);
  const int cost = transfer_cost(s, o.a, transfer_privilege(s, o.a, has_privileges(s, s.card(o.a).controller)));
  s.actions_left -= cost;
  make_transfer(s, me, o.a, o.to, log);
  if (cost == 0) {  // in a window, or for no action: as a free Muster, no window of its own
    after_free_action(s);
    return;
  }
  open_response_window(s);
}

}  // namespace dt::detail
