// observe(): what one seat may see. Hands of others (unless a card lays them
// open), draw piles, discard and annihilated piles are counts only (piles are face down, gEngine "Discard
// Pile"); face-down warriors of others show only their id.
#include "dt/observation.hpp"

#include "dt/designations.hpp"
#include "dt/game.hpp"
#include "actions/storage.hpp"
#include "internal.hpp"
#include "effects/lasting/card_markers.hpp"
#include "effects/lasting/carriers.hpp"
#include "effects/triggers/cancel.hpp"
#include "markers.hpp"

namespace dt {

static SeenCard seen(const State& s, CardId c, int viewer) {
  const CardInst& ci = s.card(c);
  SeenCard out;
  out.id = c;
  out.owner = int8_t(ci.controller);
  out.wounded = ci.wounded;
  out.cover = ci.cover;
  out.attached_to = ci.attached_to;
  // A mission face down (SECRET MISSION) is its owner's secret, wherever it lies.
  const int knower = ci.hidden && s.def(c).type == CardType::Mission ? ci.owner : ci.controller;
  const bool known = knower == viewer || !ci.hidden;
  out.def = known ? ci.def : -1;
  out.area = known ? ci.area : Area::Squad;  // where it was mustered would hint at what it is
  out.area_known = known;
  out.inside = ci.inside;  // a vehicle is shown even when its warrior is outside
  if (known) out.sergeant_group = ci.sergeant_group;
  if (known && ci.zone == Zone::InPlay && !s.lasting.empty()) out.markers = detail::markers_on(s, c);  // counted in the open
  if (known && (s.families & famCarriers)) out.aboard = detail::carrier_of(s, c);  // a troop carrier's warriors
  if (known && (s.families2 & fam2Twins) && ci.zone == Zone::InPlay) out.twin = detail::twin_of(s, c);  // DOUBLE DUTY
  return out;
}

// BEHOLD THE FUTURE POSSIBILITIES: a card face up in play that SHOWS ITS OPPONENTS' HANDS lays the hand of
// every opponent of its player open to all. The players holding one, as seat bits, found once per observation.
static uint32_t hand_showers(const State& s) {
  if (!(s.families & famHandsShown)) return 0;
  uint32_t seats = 0;
  for (size_t i = 0; i < s.cards.size(); ++i) {
    const CardInst& ci = s.cards[i];
    if (ci.zone == Zone::InPlay && !ci.hidden && s.def(CardId(i)).has_designation(desig::ShowsItsOpponentsHands))
      seats |= 1u << ci.controller;
  }
  return seats;
}

// HIGH SEER CASTOR: a card face up in play that SHOWS THE TOP OF EVERY DRAW PILE lets its player see the top
// card of every draw pile, its own included, but not a pile whose owner is drawing (its Draw step).
static bool sees_pile_tops(const State& s, int viewer) {
  if (!(s.families & famPileTops) || viewer < 0 || viewer >= s.num_seats()) return false;
  for (CardId c : s.seats[size_t(viewer)].in_play)  // a warrior's own designation (no card grants it)
    if (!s.card(c).hidden && s.def(c).has_designation(desig::ShowsTheTopOfEveryDrawPile)) return true;
  return false;
}

// SURVEILLANCE BUG: a card on the attacker that SHOWS ITS WARRIOR'S PLAYER'S HAND IN ITS ATTACKS lays the hand of
// the player controlling that warrior open to all, from the attack's declaration until the combat is over.
static int attack_bugged_seat(const State& s) {
  if (!(s.families & famHandsShown) || !s.combat.active || s.combat.attacker == kNoCard) return -1;
  for (CardId a : detail::attachments_of(s, s.combat.attacker))
    if (!s.card(a).hidden && s.def(a).has_designation(desig::ShowsHandInItsAttacks))
      return s.card(s.combat.attacker).controller;
  return -1;
}

static bool hand_shown(const State& s, uint32_t showers, int seat) {
  for (int t = 0; t < s.num_seats(); ++t)
    if ((showers >> t & 1u) && t != seat && opponents(s, t, seat)) return true;
  return false;
}

// The cards kept under `holder` (ARMORY, GRAVEYARD, PANDORA'S BOX), shown as in play but `under`.
static void add_stored(const State& s, CardId holder, int viewer, std::vector<SeenCard>& out) {
  if (!(s.families & famStorage) || !s.def(holder).storage) return;
  for (CardId u : detail::stored_under(s, holder)) {
    out.push_back(seen(s, u, viewer));
    out.back().under = true;
  }
}

// `c`'s attachments, theirs in turn (a BAYONET on a weapon, the SECRET
// MISSION under a mission on a warrior), each after what it is attached to.
static void add_attachments(const State& s, CardId c, int viewer, std::vector<SeenCard>& out) {
  for (CardId a : detail::attachments_of(s, c)) {
    out.push_back(seen(s, a, viewer));
    add_attachments(s, a, viewer, out);
    add_stored(s, a, viewer, out);  // PANDORA'S BOX: the cards kept under an Equipment card
  }
}

// A question answering a card just played (effects/triggers/cancel.hpp): the card it is about, its target and
// purchases, read from the markers the question keeps. Played face up, it is shown to every seat.
static SeenAnswered answering(const State& s) {
  SeenAnswered out;
  if (s.phase != Phase::Choice || s.choices.empty() || s.lasting.empty()) return out;
  const PendingChoice& ch = s.choices.front();
  CardId card = kNoCard;
  if (detail::is_cancel_choice(s, ch)) out.step = SeenAnswered::Step::Answer, card = ch.source;
  else if (detail::is_retarget_choice(s, ch)) out.step = SeenAnswered::Step::Retarget, card = ch.target;
  else if (detail::is_replay_choice(s, ch)) out.step = SeenAnswered::Step::Replay, card = ch.target;
  else return out;
  out.card = card;
  out.def = s.card(card).def;
  out.by = ch.by;
  out.target = ch.target, out.target_seat = ch.target_seat;
  if (out.step != SeenAnswered::Step::Answer) out.target = kNoCard, out.target_seat = -1;
  for (const LastingMod& m : s.lasting) {
    if (m.source != card) continue;
    switch (m.lock) {
      case detail::kCancelOffered: case detail::kReplay: out.times = m.times; break;
      case detail::kSpecialWaits:  // what it was played on, and by whom it was cast
        out.target = m.target, out.target_seat = m.player, out.user = m.other;
        break;
      case detail::kAbilityWaits: case detail::kTriggerWaits:
        (m.lock == detail::kAbilityWaits ? out.ability : out.trigger) = m.count;
        out.target = m.target, out.target_seat = m.player, out.user = m.other, out.times = m.times;
        break;
      default: break;
    }
  }
  return out;
}

Observation observe(const State& s, int viewer) {
  Observation o;
  o.viewer = viewer;
  o.turn_number = s.turn_number;
  o.current = s.current;
  o.deciding = game_over(s) ? -1 : deciding_seat(s);
  o.phase = s.phase;
  o.step = s.step;
  o.actions_left = s.actions_left;
  o.in_combat = s.combat.active;
  o.attacker = s.combat.attacker;
  o.defender = s.combat.defender;
  o.tactic = s.combat.tactic;
  o.warzone = s.combat.warzone;
  o.winner = s.winner;
  o.winning_team = s.winning_team;
  o.turn_order = turn_order(s);
  const uint32_t showers = hand_showers(s);
  const int bugged = attack_bugged_seat(s);
  const bool tops = sees_pile_tops(s, viewer);
  for (int i = 0; i < s.num_seats(); ++i) {
    const SeatState& st = s.seats[size_t(i)];
    SeenSeat ss;
    ss.seat = i;
    ss.destiny = destiny(s, i);
    ss.promotion = st.promotion;
    ss.hand_size = int(st.hand.size());
    ss.draw_size = int(st.draw.size());
    ss.discard_size = int(st.discard.size());
    ss.annihilated_size = int(st.annihilated.size());
    ss.side_board_size = int(st.side_board.size());
    ss.eliminated = st.eliminated;
    ss.left = st.left;
    ss.team = st.team;
    ss.primary_target = primary_target(s, i);
    if (i == viewer) {
      for (CardId c : st.hand) ss.hand.push_back(seen(s, c, viewer));
      for (CardId c : st.side_board) ss.side_board.push_back(seen(s, c, viewer));
    } else if ((showers && hand_shown(s, showers, i)) || i == bugged) {
      for (CardId c : st.hand) ss.hand.push_back(seen(s, c, viewer));
    }
    if (tops && !st.draw.empty() && !(s.step == Step::Draw && s.current == i)) {
      const CardId top = st.draw.back();
      SeenCard t = seen(s, top, viewer);
      t.def = s.card(top).def;  // face down in the pile, but this viewer may look
      ss.draw_top.push_back(t);
    }
    for (CardId c : st.in_play) {
      ss.in_play.push_back(seen(s, c, viewer));
      add_attachments(s, c, viewer, ss.in_play);
      add_stored(s, c, viewer, ss.in_play);  // ARMORY, GRAVEYARD: the cards kept under it
    }
    o.seats.push_back(std::move(ss));
  }
  o.answering = answering(s);
  return o;
}

}  // namespace dt
