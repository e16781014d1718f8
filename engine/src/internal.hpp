// Engine-private helpers shared by the rules modules.
#pragma once

#include <array>

#include <functional>
#include <vector>

#include "dt/game.hpp"

namespace dt::detail {

using Log = std::vector<Event>*;

inline void emit(Log log, Event e) {
  if (log) log->push_back(e);
}

// --- zones (zones.cpp) ---
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
bool has_combat_warrior(const State& s, int seat);
int next_active_seat(const State& s, int seat);
// Seats in turn order starting with `first`, skipping eliminated ones.
std::vector<uint8_t> seats_from(const State& s, int first);

// --- combat (combat.cpp) ---
bool first_strike(const State& s, CardId w, Tactic t);
bool slayer(const State& s, CardId w, Tactic t);
bool has_rating(const State& s, CardId w, Tactic t);
// Reveals a face-down warrior (pays for one mustered in cover, with the 2nd ed
// penalty when its controller can't pay). Returns false if it left play.
bool reveal(State& s, CardId w, Log log);
void resolve_combat(State& s, Log log);
// Is w protected by a fortification (one of its player's reaches it, or it carries one)?
bool protected_by_fortification(const State& s, CardId w);

// --- effects (effects.cpp) ---
CardId combat_opponent(const State& s, CardId w);
bool effect_blocked(const State& s, CardId w, CardId source);
bool weapon_fits(WeaponKind k, Tactic t);
std::vector<CardId> used_weapons(const State& s, CardId w);
void for_each_mod(const State& s, CardId w, const std::function<void(const StaticMod&, CardId)>& fn);
bool tactic_allowed(const State& s, Tactic t);
bool timing_open(const State& s, Timing t, int seat, int actions);
// Play / cast / use options for `seat` at the current decision.
void effect_options(const State& s, int seat, std::vector<Option>& out);
bool can_bestow(const State& s, CardId gift, CardId w);
bool apply_effect_option(State& s, const Option& o, Log log);
void run_draw_triggers(State& s, int seat, Log log);
// Mission and ability triggers of a combat kill (before the victim leaves play).
void on_kill(State& s, CardId victim, CardId killer, int victim_v, bool mutual, Log log);

// --- turn flow (game.cpp) ---
void open_window(State& s, WindowKind kind, std::vector<uint8_t> order);
void queue_award(State& s, int seat, int amount, bool destiny_only, CardId source);

}  // namespace dt::detail
