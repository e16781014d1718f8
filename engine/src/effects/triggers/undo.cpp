// Cancelling undoes: see undo.hpp.
#include "effects/triggers/undo.hpp"

#include <algorithm>

#include "internal.hpp"

namespace dt::detail {

namespace {

// The pile a card lies in, as zones.cpp keeps them (top-level cards in play: their controller's list).
std::vector<CardId>* pile(State& s, const CardInst& c) {
  SeatState& owner = s.seats[c.owner];
  switch (c.zone) {
    case Zone::Draw: return &owner.draw;
    case Zone::Hand: return &owner.hand;
    case Zone::Discard: return &owner.discard;
    case Zone::Annihilated: return &owner.annihilated;
    case Zone::SideBoard: return &owner.side_board;
    case Zone::InPlay: return c.attached_to == kNoCard ? &s.seats[c.controller].in_play : nullptr;
    case Zone::Limbo:
    case Zone::Under: return nullptr;
  }
  return nullptr;
}

bool same_place(const CardInst& a, const CardInst& b) {
  return a.zone == b.zone && a.area == b.area && a.attached_to == b.attached_to && a.controller == b.controller &&
         a.owner == b.owner;
}

bool same_state(const CardInst& a, const CardInst& b) {
  return same_place(a, b) && a.wounded == b.wounded && a.cover == b.cover && a.unpaid == b.unpaid &&
         a.hidden == b.hidden && a.grafted == b.grafted && a.inside == b.inside &&
         a.exited_cover_turn == b.exited_cover_turn && a.sergeant_group == b.sergeant_group &&
         a.transferred_turn == b.transferred_turn;
}

bool gone(const CardInst& c) { return c.zone == Zone::Discard || c.zone == Zone::Annihilated; }

// A warrior that left play for the discard pile or out of the game died (or was
// discarded) for good; so did what was attached to it as it went.
bool died(const State& s, const std::vector<CardInst>& before, CardId c) {
  for (int guard = 0; guard < 16 && c != kNoCard; ++guard) {
    const CardInst& was = before[size_t(c)];
    if (was.zone != Zone::InPlay || !gone(s.card(c))) return false;
    if (was.attached_to == kNoCard) return s.def(c).type == CardType::Warrior;
    c = was.attached_to;
  }
  return false;
}

bool recorded(const State& s, CardId source, CardId card) {
  return std::any_of(s.undo.begin(), s.undo.end(), [&](const UndoStep& u) { return u.source == source && u.card == card; });
}

// Puts a card back as it was: in its pile at its place, or in play in its area,
// on the card it sat on (when that is in play again), with its flags.
void put_back(State& s, const UndoStep& u) {
  const CardId c = u.card;
  const CardInst& was = u.before;
  if (!same_place(s.card(c), was)) {
    if (was.zone == Zone::InPlay && was.attached_to != kNoCard && s.card(was.attached_to).zone != Zone::InPlay)
      return;  // what it sat on is gone
    take_out(s, c);
    s.card(c).owner = was.owner;
    put_into(s, c, was.zone, was.controller);
    if (was.zone == Zone::InPlay) {
      s.card(c).area = was.area;
      if (was.attached_to != kNoCard) {
        s.seats[s.card(c).controller].in_play.pop_back();  // an attachment is not a top-level card
        attach_to(s, c, was.attached_to);
      }
    }
    // Back at its old place in its pile (the top of a draw pile: its order stays unknown).
    if (std::vector<CardId>* v = pile(s, s.card(c)); v && u.index >= 0 && size_t(u.index) < v->size()) {
      v->pop_back();
      v->insert(v->begin() + u.index, c);
    }
  }
  CardInst& now = s.card(c);
  now.wounded = was.wounded, now.cover = was.cover, now.unpaid = was.unpaid, now.hidden = was.hidden;
  now.grafted = was.grafted, now.inside = was.inside, now.exited_cover_turn = was.exited_cover_turn;
  now.sergeant_group = was.sergeant_group, now.transferred_turn = was.transferred_turn;
}

}  // namespace

void note_played(State& s, CardId card) {
  if (!just_played(s, card)) s.undo.push_back(UndoStep{card});
}

bool just_played(const State& s, CardId card) {
  return std::any_of(s.undo.begin(), s.undo.end(), [&](const UndoStep& u) { return u.source == card; });
}

UndoRecorder::UndoRecorder(State& s, CardId card)
    : s_(s), card_(card), cards_(s.cards), index_(s.cards.size(), -1),
      attacker_(s.combat.active ? s.combat.attacker : kNoCard), defender_(s.combat.active ? s.combat.defender : kNoCard),
      table_(s.table), order_(int8_t(s.reversed | s.reverse_due << 1 | s.reversed_once << 2)) {
  for (const SeatState& st : s.seats) {
    pool_.push_back(st.pool);
    promotion_.push_back(st.promotion);
    // A draw pile's order is nobody's knowledge: a card goes back onto its top.
    for (const std::vector<CardId>* v : {&st.hand, &st.discard, &st.annihilated, &st.in_play, &st.side_board})
      for (size_t i = 0; i < v->size(); ++i) index_[size_t((*v)[i])] = int16_t(i);
  }
}

UndoRecorder::~UndoRecorder() {
  State& s = s_;
  if (s.phase == Phase::GameOver) return;
  note_played(s, card_);
  for (size_t i = 0; i < cards_.size() && i < s.cards.size(); ++i) {
    const CardId c = CardId(i);
    if (c == card_ || same_state(cards_[i], s.cards[i]) || recorded(s, card_, c) || died(s, cards_, c)) continue;
    UndoStep u{card_, c, cards_[i]};
    u.index = cards_[i].zone == Zone::Draw ? -1 : index_[i];
    s.undo.push_back(u);
  }
  for (size_t i = 0; i < pool_.size(); ++i) {
    const int d = s.seats[i].pool - pool_[i], p = s.seats[i].promotion - promotion_[i];
    if (d == 0 && p == 0) continue;
    UndoStep u{card_};
    u.seat = int8_t(i), u.d = int16_t(d), u.p = int16_t(p);
    s.undo.push_back(u);
  }
  if (s.combat.active && (s.combat.attacker != attacker_ || s.combat.defender != defender_) && attacker_ != kNoCard) {
    UndoStep u{card_};
    u.attacker = attacker_, u.defender = defender_;
    s.undo.push_back(u);
  }
  if (s.table != table_ || int8_t(s.reversed | s.reverse_due << 1 | s.reversed_once << 2) != order_) {
    UndoStep u{card_};
    u.order = order_, u.table = table_;
    s.undo.push_back(u);
  }
}

void undo_card(State& s, CardId card, Log log) {
  std::vector<UndoStep> steps;
  for (const UndoStep& u : s.undo)
    if (u.source == card) steps.push_back(u);
  std::erase_if(s.undo, [&](const UndoStep& u) { return u.source == card; });
  // Cards that sat on nothing first, so that what sat on them finds them back in play.
  for (int pass = 0; pass < 2; ++pass)
    for (auto it = steps.rbegin(); it != steps.rend(); ++it)
      if (it->card != kNoCard && (it->before.attached_to == kNoCard) == (pass == 0)) put_back(s, *it);
  for (const UndoStep& u : steps) {
    if (u.seat >= 0) {  // D and P it moved go back, never below nothing
      s.seats[size_t(u.seat)].pool = std::max(0, s.seats[size_t(u.seat)].pool - u.d);
      s.seats[size_t(u.seat)].promotion = std::max(0, s.seats[size_t(u.seat)].promotion - u.p);
    }
    if (u.order >= 0) {  // NOTHING IS SACRED, CHANGE IN MOMENTUM: the turn order as it was
      s.table = u.table;
      s.reversed = u.order & 1, s.reverse_due = u.order & 2, s.reversed_once = u.order & 4;
    }
    if (u.attacker != kNoCard && s.combat.active) {  // a changed Attacker or Defender goes back, if it still can
      if (is_warrior_in_play(s, u.attacker)) s.combat.attacker = u.attacker;
      if (is_warrior_in_play(s, u.defender)) s.combat.defender = u.defender;
    }
  }
  // Its bonuses and markers end, and a choice it left is never made.
  std::erase_if(s.combat.mods, [&](const CombatMod& m) { return m.source == card; });
  std::erase_if(s.combat.spells, [&](const CastSpell& sp) { return sp.card == card; });
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.source == card; });
  if (!s.choices.empty() && s.phase == Phase::Choice && s.choices.front().source == card)
    s.phase = s.choices.front().resume;
  std::erase_if(s.choices, [&](const PendingChoice& c) { return c.source == card; });
  if (s.card(card).zone == Zone::InPlay) discard_from_play(s, card);
  (void)log;
}

void forget_played(State& s) { s.undo.clear(); }

}  // namespace dt::detail
