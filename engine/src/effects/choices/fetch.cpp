// A card fetched from a pile and put into play at once (fetch.hpp).
#include "effects/choices/fetch.hpp"

#include <algorithm>

#include "actions/outpost_sides.hpp"
#include "effects/choices/moves.hpp"
#include "effects/triggers/replace.hpp"
#include "effects/warriors/raise.hpp"
#include "effects/warriors/swap.hpp"
#include "internal.hpp"

namespace dt::detail {

namespace {

const Effect* fetch_effect(const std::optional<ChoiceSpec>& c) {
  if (!c) return nullptr;
  for (const Effect& e : c->on_pick)
    if (e.op == Op::PutIntoPlay || e.op == Op::PlayAtOnce) return &e;
  return nullptr;
}

// The card's play's choice, else its abilities' (TEKRON: an ability fetching a warrior).
const Effect* fetch_effect(const State& s, CardId source) {
  const CardDef& d = s.def(source);
  if (d.play)
    if (const Effect* e = fetch_effect(d.play->choice)) return e;
  for (const Ability& ab : d.abilities)
    if (const Effect* e = fetch_effect(ab.choice)) return e;
  for (const Trigger& t : d.triggers)  // NECROMAKINA: a kill trigger's choice
    if (const Effect* e = fetch_effect(t.choice)) return e;
  return nullptr;
}

// The area a card put into play goes to: the user's when the effect says so
// (and the user is still in play), else where a Muster would put a warrior.
bool area_allowed(const State& s, AreaMask allowed, Area a) {
  return (allowed & bit(a)) && (a != Area::Outpost || s.rules.outposts);
}

// The area a card put into play goes to: the user's when the effect says so
// (and the user is still in play); else where a Muster puts a warrior, the
// first area a Warzone or Fortification names.
Area place_of(const State& s, CardId c, CardId user, const Effect& e) {
  if (e.in_user_area && user != kNoCard && s.card(user).zone == Zone::InPlay) return s.card(user).area;
  const CardDef& d = s.def(c);
  const AreaMask named = d.type == CardType::Warzone ? d.warzone_in : d.fort ? d.fort->build_in : AreaMask(0);
  for (Area a : {Area::Squad, Area::Kohort, Area::Outpost})
    if (area_allowed(s, named, a)) return a;
  return muster_area(s, c);
}

bool may_take(const State& s, CardId e, CardId w) {
  return s.def(e).type == CardType::Relic ? can_equip_relic(s, e, w) : can_take_equipment(s, e, w);
}

// Warriors of `seat` that may take Equipment or Relic c (in the user's area when asked).
std::vector<CardId> recipients(const State& s, int seat, CardId c, CardId user, CardId target, const Effect& e) {
  std::vector<CardId> out;
  auto consider = [&](CardId w) {
    if (w != kNoCard && is_warrior_in_play(s, w) && !s.card(w).hidden && may_take(s, c, w)) out.push_back(w);
  };
  if (e.equip_to == EquipTo::OntoTarget) {
    consider(target);
  } else if (e.equip_to == EquipTo::OntoUser) {
    consider(user);
  } else {
    const bool in_area = e.in_user_area && user != kNoCard && s.card(user).zone == Zone::InPlay;
    for (CardId w : s.seats[size_t(seat)].in_play)
      if (!in_area || s.card(w).area == s.card(user).area) consider(w);
  }
  return out;
}

// A copy of c already in `seat`'s play list (a Fortification or Warzone: one of each).
bool copy_before(const State& s, int seat, CardId c) {
  for (CardId x : s.seats[size_t(seat)].in_play)
    if (s.card(x).def == s.card(c).def) return true;
  return false;
}

bool put_ok(const State& s, int seat, CardId c, CardId user, CardId target, const Effect& e) {
  const CardDef& d = s.def(c);
  switch (d.type) {
    case CardType::Warrior: {
      if (personality_in_play(s, seat, c) || !may_field(s, seat, c)) return false;
      if (!s.rules.outposts && is_tribal(s, c)) return false;
      if (e.replace) {  // TRANSFIGURATION: in a warrior's place (effects/warriors/swap.hpp)
        const CardId old = replaced_warrior(s, e, user, target);
        // TEKRON: its ability is weighed before its target is named; the pick is judged again then.
        if (old == kNoCard) return target == kNoCard && e.replace->whom == ReplaceSpec::Whom::Target;
        const Area a = replacing_area(s, seat, c, old);
        return !area_closed(s, seat, a) && !shuns_area(s, c, seat, a);
      }
      const Area a = place_of(s, c, user, e);
      if (area_closed(s, seat, a)) return false;
      if (shuns_area(s, c, seat, a)) return false;  // SALADIN and ALAKHAI
      if (!e.in_user_area || a == muster_area(s, c)) return true;
      // A Doomtrooper or a Dark Legion warrior may stand in its player's
      // Outpost (as a Transfer puts it there), never with the other side.
      if (a == Area::Outpost) return !is_tribal(s, c) && !outpost_conflict(s, seat, c);
      // A Doomtrooper never stands in a Kohort, nor a Dark Legion warrior in a Squad.
      return !is_tribal(s, c) && !is_legion(s, c) && !is_doomtrooper(s, c);
    }
    case CardType::Warzone:
      if (s.rules.warzone_one_copy_per_player && copy_before(s, seat, c)) return false;
      return s.rules.warzones && area_allowed(s, d.warzone_in, place_of(s, c, user, e));
    case CardType::Fortification:  // one copy of each per player
      if (copy_before(s, seat, c)) return false;
      return s.rules.build_fortifications && d.fort && area_allowed(s, d.fort->build_in, place_of(s, c, user, e));
    case CardType::Equipment:
    case CardType::Relic: return !recipients(s, seat, c, user, target, e).empty();
    default: return false;
  }
}

}  // namespace

bool fetch_pick_ok(const State& s, int seat, CardId source, CardId user, CardId target, CardId picked) {
  const Effect* e = fetch_effect(s, source);
  if (!e) return true;
  if (e->op == Op::PutIntoPlay) return put_ok(s, seat, picked, user, target, *e);
  return true;  // PLAY_AT_ONCE: it may stay in hand
}

bool fetch_for_target_player(const State& s, CardId source) {
  const Effect* e = fetch_effect(s, source);
  return e && e->for_target_player;
}

bool put_target_ok(const State& s, int seat, const std::vector<Effect>& fx, CardId user, CardId t) {
  for (const Effect& e : fx)
    if (e.op == Op::PutIntoPlay && e.who == Who::Target && (t == kNoCard || !put_ok(s, seat, t, user, t, e))) return false;
  return true;
}

void put_into_play_now(State& s, int seat, CardId source, CardId user, CardId target, CardId c, const Effect& e, Log log) {
  if (c == kNoCard || !put_ok(s, seat, c, user, target, e)) return;
  const CardDef& d = s.def(c);
  if (d.type == CardType::Equipment || d.type == CardType::Relic) {
    std::vector<CardId> to = recipients(s, seat, c, user, target, e);
    if (to.size() == 1) {
      put_attached(s, c, to.front(), seat);
      emit(log, {EventKind::Equip, int8_t(seat), c, to.front(), 0});
      return;
    }
    // Its player picks the warrior (choose c12); the card waits where it is.
    ask_pick(s, source, c, seat, seat, std::move(to), 1);
    s.choices.back().fetch = kFetchRecipient;
    return;
  }
  if (d.type == CardType::Warrior && e.replace) {  // in a warrior's place (effects/warriors/swap.hpp)
    swap_in(s, seat, source, c, replaced_warrior(s, e, user, target), *e.replace, log);
    return;
  }
  const Area a = place_of(s, c, user, e);
  if (d.type == CardType::Warrior) {
    enter_play(s, c, seat, a);  // what entering play sets (cardtypes/entering.cpp)
    note_added(s, seat, c);
  } else {
    take_out(s, c);
    put_into(s, c, Zone::InPlay, seat);
    s.card(c).area = a;
  }
  emit(log, {EventKind::Effect, int8_t(seat), source, c, int(Op::PutIntoPlay), -1});
}

void play_at_once(State& s, int seat, CardId source, CardId user, CardId c, Log log) {
  if (c == kNoCard) return;
  take_out(s, c);
  put_into(s, c, Zone::Hand);
  emit(log, {EventKind::Effect, int8_t(seat), source, c, int(Op::TakeIntoHand), s.card(c).owner});
  ask_pick(s, source, c, seat, seat, {}, 1);
  s.choices.back().fetch = kFetchPlayAtOnce;
  s.choices.back().user = user;
}

bool is_recipient_choice(const State&, const PendingChoice& ch) { return ch.fetch == kFetchRecipient; }

void recipient_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const CardId c = ch.target;
  const bool waiting = c != kNoCard && s.card(c).zone != Zone::InPlay;
  if (waiting && ch.picks_left != 0)
    for (CardId w : ch.candidates)
      if (is_warrior_in_play(s, w) && may_take(s, c, w)) out.push_back({OptKind::Choose, w});
  if (out.empty()) out.push_back(choose_done());
}

void apply_recipient(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  const int seat = ch.seat;
  const CardId c = ch.target;
  emit(log, {EventKind::Choose, int8_t(seat), ch.source, o.a, -1});
  ch.picks_left = 0;
  if (o.a == kNoCard || !is_warrior_in_play(s, o.a)) return;
  put_attached(s, c, o.a, seat);
  emit(log, {EventKind::Equip, int8_t(seat), c, o.a, 0});
}

bool play_at_once_choice(const State& s) {
  return !s.choices.empty() && s.phase == Phase::Choice && s.choices.front().fetch == kFetchPlayAtOnce;
}

void play_at_once_reopen(State& s) {
  const int seat = s.choices.front().seat;
  const bool stored = s.def(s.choices.front().source).storage.has_value();
  s.phase = s.choices.front().resume;
  s.choices.erase(s.choices.begin());
  // Cards kept under a card, played one after another (SECRET: actions/storage.hpp): each by its chooser in the
  // window it interrupted, even where that window's turn has moved on since the one before.
  // In its player's Actions step the cards come one after another, the answer window after the last one's
  // action answering them all: the window a card played as an action opened is not the decision here.
  if (stored && s.phase == Phase::Window && s.window.kind == WindowKind::Response && s.step == Step::Actions &&
      s.current == seat && s.window.passes == 0 && s.actions_left > 0) {
    s.phase = Phase::Actions;
    return;
  }
  if (stored && s.phase == Phase::Window) {
    const auto it = std::find(s.window.order.begin(), s.window.order.end(), uint8_t(seat));
    if (it != s.window.order.end()) s.window.index = uint8_t(it - s.window.order.begin());
  }
}

// The card's plays in the decision the card interrupted, worked out on a copy
// with the choice gone: built, equipped, mustered, established, played or cast
// (by the user) as usual, in the user's area when the card says so.
void play_at_once_options(const State& s, std::vector<Option>& out) {
  const PendingChoice& ch = s.choices.front();
  const CardId c = ch.target, user = ch.user;
  const Effect* e = fetch_effect(s, ch.source);
  const bool in_area = e && e->in_user_area && user != kNoCard && s.card(user).zone == Zone::InPlay;
  if (c != kNoCard && s.card(c).zone == Zone::Hand) {
    State copy = s;
    play_at_once_reopen(copy);
    if (copy.phase != Phase::Choice && !game_over(copy) && deciding_seat(copy) == ch.seat)
      for (const Option& o : legal_options(copy)) {
        if (o.a != c) continue;
        if (s.def(c).type == CardType::Art && o.c != user) continue;  // cast by the warrior that fetched it
        if (in_area) {
          const CardId on = o.kind == OptKind::Equip ? o.b : kNoCard;
          if (on != kNoCard && s.card(on).area != s.card(user).area) continue;
          if (o.kind == OptKind::Build && o.p == 1 && o.to != s.card(user).area) continue;
          if (o.kind == OptKind::Build && o.p == 0 && s.def(c).fort && !(s.def(c).fort->build_in & bit(s.card(user).area)))
            continue;
        }
        out.push_back(o);
      }
  }
  if (out.empty()) out.push_back(choose_done());  // it cannot be played now: it stays in hand
}

}  // namespace dt::detail
