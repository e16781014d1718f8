// Moving cards between piles and play (zones.cpp).
#pragma once

#include <array>
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
AttachList attachments_of(const State& s, CardId c);
// Makes an in-play card an attachment of `base` (sets attached_to and the area).
void attach_to(State& s, CardId c, CardId base);
// Moves a card from wherever it is (a hand) into play as an attachment of
// `base`, controlled by `seat`: equipment, gifts, spells and missions that stay.
void put_attached(State& s, CardId c, CardId base, int seat);
// Draws up to n cards; returns how many were drawn.
int draw_cards(State& s, int seat, int n);

}  // namespace dt::detail
