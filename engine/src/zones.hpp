// Moving cards between piles and play (zones.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <iterator>
#include <vector>

#include "dt/state.hpp"

namespace dt::detail {

// Takes a card out of whatever pile or play list holds it.
void take_out(State& s, CardId c);
// Puts a card into the top of its owner's pile for zone `z` (Draw/Hand/Discard/
// Annihilated) or into `seat`'s play list (InPlay).
void put_into(State& s, CardId c, Zone z, int seat = -1);
// Discards a card in play together with everything attached to it.
void discard_from_play(State& s, CardId c);
// Annihilates a card in play; its attachments are discarded.
void annihilate_from_play(State& s, CardId c);
// A card discarded (annihilated) from play by its own use: an ability discarding its card, a one-use
// weapon. A rule sparing cards that leave play, but not by their own use (Instead.not_own_use), lets it go.
void discard_by_own_use(State& s, CardId c, bool annihilate = false);
// A warrior killed leaves play: discarded, or annihilated; the cards on it may go elsewhere
// than the discard pile (Card::instead with bearer_killed: VAULT OF UNHOLY RESTORATION).
void kill_from_play(State& s, CardId w, bool annihilate);
// The cards attached to one card, in inline storage: rule queries ask this for
// every warrior on every rating lookup, and a heap vector per call dominated
// the engine's profile.
class AttachList {
 public:
  void push_back(CardId c) {
    if (n_ < kInline) {
      inline_[n_] = c;
    } else {
      if (more_.empty()) more_.assign(inline_.begin(), inline_.end());
      more_.push_back(c);
    }
    ++n_;
  }
  const CardId* begin() const { return n_ <= kInline ? inline_.data() : more_.data(); }
  const CardId* end() const { return begin() + n_; }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }

 private:
  static constexpr size_t kInline = 8;
  std::array<CardId, kInline> inline_{};
  std::vector<CardId> more_;  // all of them, once there are more than kInline
  size_t n_ = 0;
};
// A copy of the cards attached to c, for loops that move them (discarding
// them relinks the list a view walks).
AttachList attachment_list(const State& s, CardId c);
// The cards attached to one card, in order, as a view over the per-card links
// (CardInst::first_attachment, next_attachment): no copy, so rules queries may
// ask it freely; valid while no card is attached or detached.
class AttachRange {
 public:
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = CardId;
    using difference_type = std::ptrdiff_t;
    using pointer = const CardId*;
    using reference = CardId;
    iterator() = default;
    iterator(const State* s, CardId c, CardId then = kNoCard) : s_(s), c_(c == kNoCard ? then : c), then_(c == kNoCard ? kNoCard : then) {}
    CardId operator*() const { return c_; }
    iterator& operator++() {
      c_ = s_->card(c_).next_attachment;
      if (c_ == kNoCard && then_ != kNoCard) c_ = then_, then_ = kNoCard;  // on to the twin's cards
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    bool operator==(const iterator& o) const { return c_ == o.c_; }

   private:
    const State* s_ = nullptr;
    CardId c_ = kNoCard;
    CardId then_ = kNoCard;  // the first card of a second list, walked after this one
  };
  AttachRange(const State& s, CardId first, CardId then = kNoCard) : s_(&s), first_(first), then_(then) {}
  iterator begin() const { return {s_, first_, then_}; }
  iterator end() const { return {s_, kNoCard}; }
  bool empty() const { return first_ == kNoCard && then_ == kNoCard; }

 private:
  const State* s_;
  CardId first_;
  CardId then_;
};
inline AttachRange attachments_of(const State& s, CardId c) { return {s, s.card(c).first_attachment}; }
// A warrior doing double duty (effects/lasting/twins.hpp): the other card that is the same warrior; kNoCard: none.
CardId twin_of(const State& s, CardId w);
// The cards that are on warrior `w` as its rules read them: its own, and those on its twin when it has one (DOUBLE
// DUTY: a card on either affects both). Only for what the cards give the warrior (ratings, keywords, designations,
// weapons, immunities); moving or listing cards walks each card's own (attachments_of).
inline AttachRange shared_attachments(const State& s, CardId w) {
  if (!(s.families2 & fam2Twins)) return attachments_of(s, w);
  const CardId t = twin_of(s, w);
  return {s, s.card(w).first_attachment, t == kNoCard ? kNoCard : s.card(t).first_attachment};
}
// Has a card on `c` the designation d on its own card? Its words, not a grant: no rating or modifier is asked,
// so rating code may call it (YOMURA'S AMULET, DEAD ZONE, BACKLASH).
inline bool carries_designated(const State& s, CardId c, DesigKey d) {
  for (CardId a : attachments_of(s, c))
    if (s.def(a).has_designation(d)) return true;
  return false;
}
// Makes an in-play card an attachment of `base` (sets attached_to and the area).
void attach_to(State& s, CardId c, CardId base);
// Moves a card from wherever it is (a hand) into play as an attachment of
// `base`, controlled by `seat`: equipment, gifts, spells and missions that stay.
void put_attached(State& s, CardId c, CardId base, int seat);
// Draws up to n cards; returns how many were drawn.
int draw_cards(State& s, int seat, int n);

}  // namespace dt::detail
