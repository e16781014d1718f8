// Merged warriors: see merged.hpp (docs/effects.md "Merged warriors").
#include "effects/warriors/merged.hpp"

#include <algorithm>

#include "effects/lasting/stun.hpp"
#include "effects/warriors/swap.hpp"
#include "effects/warriors/wounds.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static const MergeSpec* spec_of(const State& s, CardId card) {
  return card == kNoCard || size_t(card) >= s.cards.size() ? nullptr : s.def(card).merge.get();
}

// The card with merge rules on warrior w, if any.
static CardId merge_card_on(const State& s, CardId w) {
  for (CardId a : attachments_of(s, w))
    if (s.def(a).merge) return a;
  return kNoCard;
}

CardId merge_leader(const State& s, CardId card) {
  if (!spec_of(s, card) || s.card(card).zone != Zone::InPlay) return kNoCard;
  const CardId w = s.card(card).attached_to;
  return is_warrior_in_play(s, w) ? w : kNoCard;
}

// A member's marker holds while its leader is in play and, unless the group outlasts its card, that card is on the
// leader; a member inside stays on its leader, one in combat only stays in play in its leader's area under its player.
static bool holds_now(const State& s, const LastingMod& m) {
  if (m.lock != kMerged || m.source == kNoCard || m.target == kNoCard) return false;
  const MergeSpec* k = spec_of(s, m.other);
  if (!k || !is_warrior_in_play(s, m.target)) return false;
  if (!k->outlasts_card && merge_leader(s, m.other) != m.target) return false;
  const CardInst& w = s.card(m.source);
  if (!k->in_combat_only) return w.zone == Zone::InPlay && w.attached_to == m.target;
  return is_warrior_in_play(s, m.source) && w.controller == s.card(m.target).controller && w.area == s.card(m.target).area;
}

std::vector<CardId> merged_members(const State& s, CardId leader) {
  std::vector<CardId> out;
  if (!(s.families2 & fam2Merged) || leader == kNoCard) return out;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kMerged && m.target == leader && holds_now(s, m)) out.push_back(m.source);
  return out;
}

// The holding marker of member w, if any.
static const LastingMod* member_marker(const State& s, CardId w) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kMerged && m.source == w && holds_now(s, m)) return &m;
  return nullptr;
}

bool rides_in_group(const State& s, CardId w) {
  const LastingMod* m = member_marker(s, w);
  return m && spec_of(s, m->other)->in_combat_only;
}

// The card whose rules the group `leader` leads follows: the card on it, or a card gone that the group outlasts.
static CardId group_card(const State& s, CardId leader) {
  const CardId on = merge_card_on(s, leader);
  if (on != kNoCard) return on;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kMerged && m.target == leader && holds_now(s, m)) return m.other;
  return kNoCard;
}

// A member inside its leader: its share of the group's ratings (the card's per_extra, or its printed ratings).
static StatBonus inside_share(const MergeSpec& k, const CardDef& d) {
  StatBonus b;
  if (k.per_extra) {
    b.f = b.s = b.a = b.v = k.per_extra;
  } else {
    b.f = int8_t(d.f.value_or(0)), b.s = int8_t(d.s.value_or(0)), b.a = d.a, b.v = d.v;
  }
  return b;
}

// May w join the group `leader` leads under `card`'s rules now?
static bool may_join(const State& s, CardId card, CardId leader, CardId w) {
  const MergeSpec* k = spec_of(s, card);
  if (!k || w == leader || !is_warrior_in_play(s, w) || !is_warrior_in_play(s, leader)) return false;
  const CardInst& wi = s.card(w);
  const CardInst& li = s.card(leader);
  if (wi.controller != li.controller || wi.cover || wi.hidden) return false;
  if (k->namesake && s.def(w).name != s.def(leader).name) return false;
  if (k->same_area && wi.area != li.area) return false;
  if (k->actions > 0 && stunned(s, w)) return false;  // the join is the warrior's action
  if (s.combat.active && (w == s.combat.attacker || w == s.combat.defender)) return false;
  // In no group, leading none.
  if (member_marker(s, w) || merge_card_on(s, w) != kNoCard || !merged_members(s, w).empty()) return false;
  if (k->capacity > 0 && 1 + int(merged_members(s, leader).size()) >= k->capacity) return false;
  if (!filter_matches(s, k->joiner, w, li.controller)) return false;
  // Going inside, its cards become the group's: only cards the leader may have too (one Beast or VEHICLE, ...).
  if (!k->in_combat_only)
    for (CardId a : attachments_of(s, w))
      if (!may_hold_anew(s, a, leader)) return false;
  return true;
}

void merge_options(const State& s, int seat, bool actions_step, std::vector<Option>& out) {
  if (!(s.families2 & fam2Merged)) return;
  const std::vector<CardId>& mine = s.seats[size_t(seat)].in_play;
  for (CardId leader : mine) {
    if (!is_warrior_in_play(s, leader)) continue;
    const CardId card = group_card(s, leader);
    const MergeSpec* k = spec_of(s, card);
    if (!k) continue;
    if (k->actions > 0 && !(actions_step && s.actions_left >= k->actions)) continue;
    // A group outlasting its card is named by its leader.
    const CardId named = merge_card_on(s, leader) == card ? card : leader;
    for (CardId w : mine)
      if (may_join(s, card, leader, w)) out.push_back({OptKind::EnterVehicle, w, named});
  }
}

bool is_merge_option(const State& s, const Option& o) {
  if (!(s.families2 & fam2Merged) || o.b == kNoCard) return false;
  return s.def(o.b).merge || (s.def(o.b).type == CardType::Warrior && group_card(s, o.b) != kNoCard);
}

void apply_merge(State& s, const Option& o, Log log) {
  const bool named_card = s.def(o.b).merge != nullptr;
  const CardId leader = named_card ? merge_leader(s, o.b) : o.b;
  const CardId card = named_card ? o.b : group_card(s, leader);
  const CardId w = o.a;
  if (!may_join(s, card, leader, w)) return;
  const MergeSpec& k = *spec_of(s, card);
  const int seat = s.card(leader).controller;
  LastingMod m;
  m.source = w;
  m.target = leader;
  m.other = card;
  m.seat = kNoTurnEnds;
  m.lock = kMerged;
  if (!k.in_combat_only) {  // inside its leader: one warrior everywhere
    const bool wounded = s.card(w).wounded;
    for (CardId a : attachment_list(s, w)) attach_to(s, a, leader);  // what it carried, the group carries
    put_attached(s, w, leader, seat);
    s.card(leader).wounded = s.card(leader).wounded || wounded;  // a wound of either is the group's
    m.bonus = inside_share(k, s.def(w));
  }
  s.lasting.push_back(m);
  emit(log, {EventKind::EnterVehicle, int8_t(seat), w, o.b});
  if (k.actions > 0 && s.phase == Phase::Actions) {
    s.actions_left = int8_t(s.actions_left - k.actions);
    open_response_window(s);
  } else {
    after_free_action(s);
  }
}

// The members of a group one warrior in combat only, `leader` leading it.
static std::vector<CardId> combat_members(const State& s, CardId leader) {
  std::vector<CardId> out;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kMerged && m.target == leader && holds_now(s, m) && spec_of(s, m.other)->in_combat_only)
      out.push_back(m.source);
  return out;
}

void add_merged_ratings(const State& s, CardId w, Stats& st) {
  if (combat_opponent(s, w) == kNoCard) return;
  const CardId card = group_card(s, w);
  const MergeSpec* k = spec_of(s, card);
  if (!k || !k->in_combat_only) return;
  for (CardId x : combat_members(s, w)) {
    if (k->per_extra) {
      st.f += k->per_extra, st.s += k->per_extra, st.a += k->per_extra, st.v += k->per_extra;
      continue;
    }
    Stats y = stats(s, x);
    if (s.card(x).cover) y.a -= s.rules.cover_armor_bonus;  // the group's cover is its leader's
    st.f += y.f, st.s += y.s, st.a += y.a, st.v += y.v;
  }
}

bool merged_wounded(const State& s, CardId leader) {
  for (CardId x : combat_members(s, leader))
    if (s.card(x).wounded) return true;
  return false;
}

void merged_share_hit(State& s, const std::vector<CardId>& members, bool dead, bool wounded, Log log) {
  for (CardId x : members) {
    if (!is_warrior_in_play(s, x)) continue;  // a member inside went with its leader
    if (dead) {
      emit(log, {EventKind::Effect, int8_t(s.card(x).controller), x, x, int(Op::Kill), -1});  // dies with its group
      kill_from_play(s, x, false);
    } else if (wounded && !s.card(x).wounded && !(keywords(s, x) & kwNoWound)) {
      emit(log, {EventKind::Wound, int8_t(s.card(x).controller), x, kNoCard});
      take_wound(s, x);
    }
  }
}

void merge_card_gone(State& s, CardId card, CardId was_on) {
  const MergeSpec* k = spec_of(s, card);
  if (!k || k->outlasts_card) return;
  // Another card on the leader holding groups the same way (two TIGHT FORMATIONs on one warrior) holds the members
  // now: they part only when no card holding them is left.
  if (is_warrior_in_play(s, was_on))
    for (CardId a : attachments_of(s, was_on)) {
      const MergeSpec* other = a != card ? spec_of(s, a) : nullptr;
      if (!other || other->in_combat_only != k->in_combat_only) continue;
      for (LastingMod& m : s.lasting)
        if (m.lock == kMerged && m.other == card && m.target == was_on) {
          m.other = a;
          if (!other->in_combat_only) m.bonus = inside_share(*other, s.def(m.source));
        }
      return;
    }
  std::vector<CardId> members;
  std::erase_if(s.lasting, [&](const LastingMod& m) {
    if (m.lock != kMerged || m.other != card || m.target != was_on) return false;
    members.push_back(m.source);
    return true;
  });
  if (k->in_combat_only || !is_warrior_in_play(s, was_on)) return;
  // The group parts: its members back in play beside their leader, wounded and in cover as the group was.
  const CardInst& li = s.card(was_on);
  const int seat = li.controller;
  const Area area = li.area;
  const bool wounded = li.wounded, cover = li.cover;
  std::vector<CardId> group{was_on};
  for (CardId x : members) {
    if (s.card(x).zone != Zone::InPlay || s.card(x).attached_to != was_on) continue;
    take_out(s, x);
    put_into(s, x, Zone::InPlay, seat);
    s.card(x).wounded = wounded;
    s.card(x).cover = cover;
    place_in_area(s, x, area);
    group.push_back(x);
  }
  if (group.size() < 2) return;
  // The group's attachments given out: each to a member that may have it, its player choosing when several may.
  for (CardId a : attachment_list(s, was_on)) {
    std::vector<CardId> takers;
    for (CardId x : group)
      if (may_hold_anew(s, a, x)) takers.push_back(x);
    if (takers.empty()) {
      discard_from_play(s, a);
    } else if (takers.size() == 1) {
      if (takers[0] != was_on) attach_to(s, a, takers[0]);
    } else {
      ask_pick(s, card, a, seat, seat, std::move(takers), 1);
      s.choices.back().fetch = kFetchMergeGive;
    }
  }
}

bool is_merge_give_choice(const State&, const PendingChoice& ch) { return ch.fetch == kFetchMergeGive; }

// The attachment still lies on one of the candidates (where the group left it).
static bool still_given_out(const State& s, const PendingChoice& ch) {
  const CardInst& a = s.card(ch.target);
  return a.zone == Zone::InPlay && std::find(ch.candidates.begin(), ch.candidates.end(), a.attached_to) != ch.candidates.end();
}

void merge_give_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0 && still_given_out(s, ch))
    for (CardId x : ch.candidates)
      if (is_warrior_in_play(s, x) && (x == s.card(ch.target).attached_to || may_hold_anew(s, ch.target, x)))
        out.push_back({OptKind::Choose, x});
  if (out.empty()) out.push_back(choose_done());
}

void apply_merge_give(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  ch.picks_left = 0;
  if (o.a == kNoCard || !still_given_out(s, ch) || s.card(ch.target).attached_to == o.a) return;
  attach_to(s, ch.target, o.a);
}

}  // namespace dt::detail
