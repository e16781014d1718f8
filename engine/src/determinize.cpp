// Determinization (see dt/determinize.hpp).
#include "dt/determinize.hpp"

#include <algorithm>
#include <string>

#include "actions/actions.hpp"
#include "turn/turn.hpp"
#include "dt/observation.hpp"

namespace dt {

void Knowledge::learn(CardId c) {
  if (c < 0) return;
  if (size_t(c) >= known_.size()) known_.resize(size_t(c) + 1, 0);
  known_[size_t(c)] = 1;
}

int Knowledge::known_count() const { return int(std::count(known_.begin(), known_.end(), uint8_t(1))); }

void Knowledge::see(const Observation& o) {
  for (const SeenSeat& ss : o.seats) {
    for (const SeenCard& c : ss.hand) learn(c.id);
    for (const SeenCard& c : ss.draw_top) learn(c.id);  // HIGH SEER CASTOR: the top of a draw pile
    for (const SeenCard& c : ss.in_play)
      if (c.def >= 0) learn(c.id);
  }
  // A card being answered was played face up (effects/triggers/cancel.hpp), wherever it lies now.
  if (o.answering.step != SeenAnswered::Step::None && o.answering.def >= 0) learn(o.answering.card);
}

// The event texts name a card as "NAME (c12)" when, and only when, the seat
// may know it (dt::describe decides that once for everyone); a bare "c12" is a
// card whose identity stays hidden.
void Knowledge::see_event(EventKind kind, int event_seat, int x, std::string_view text) {
  for (size_t at = text.find("(c"); at != std::string_view::npos; at = text.find("(c", at + 2)) {
    size_t end = at + 2;
    int id = 0;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') id = id * 10 + (text[end++] - '0');
    if (end > at + 2 && end < text.size() && text[end] == ')') learn(CardId(id));
  }
  // gEngine "SETTING UP": a gift claimed with a warrior in hand sends that hand
  // to the discard pile. The seat learns no card, but that one of them is a warrior.
  if (kind == EventKind::GiftClaimed && x != 0 && event_seat >= 0 && event_seat != seat_)
    gift_discards_.push_back(event_seat);
}

void Knowledge::see(const State& after, const std::vector<Event>& events) {
  for (const Event& e : events) see_event(e.kind, e.seat, e.x, describe(after, e, seat_));
  see(observe(after, seat_));
}

std::optional<EventKind> event_kind_by_name(std::string_view name) {
  for (int k = 0; k <= int(EventKind::Effect); ++k)
    if (to_string(EventKind(k)) == name) return EventKind(k);
  return std::nullopt;
}

namespace {

bool is_warrior_def(const State& s, uint16_t def) { return (*s.db)[def].type == CardType::Warrior; }

}  // namespace

State determinize(const State& truth, const Knowledge& k, Rng& rng) {
  const int me = k.seat();
  State d = truth;
  d.rng = Rng(rng.next());
  for (int j = 0; j < d.num_seats(); ++j) {
    SeatState& st = d.seats[size_t(j)];
    if (j != me) {
      // The cards of seat j whose identity `me` does not know: in its hand and
      // piles, and face down in play (which must be warriors).
      std::vector<CardId> loose, face_down;
      for (const std::vector<CardId>* pile : {&st.hand, &st.draw, &st.discard, &st.annihilated})
        for (CardId c : *pile)
          if (!k.knows(c)) loose.push_back(c);
      for (const SeatState& other : d.seats)
        for (CardId c : other.in_play)
          if (d.card(c).owner == j && d.card(c).hidden && !k.knows(c)) face_down.push_back(c);
      for (size_t i = 0; i < d.cards.size(); ++i)  // kept face down under a card (BROTHERHOOD ARCHIVES): any card
        if (d.cards[i].zone == Zone::Under && d.cards[i].owner == j && !k.knows(CardId(i))) loose.push_back(CardId(i));
      // Sorted, so that a sample depends only on what `me` knows and the
      // seed, never on how the unknown cards really lie: two positions `me`
      // cannot tell apart give the same samples.
      std::sort(loose.begin(), loose.end());
      std::sort(face_down.begin(), face_down.end());
      std::vector<uint16_t> pool;
      for (CardId c : face_down) pool.push_back(d.card(c).def);
      for (CardId c : loose) pool.push_back(d.card(c).def);
      std::sort(pool.begin(), pool.end());
      const bool gift_rule = std::count(k.gift_discards().begin(), k.gift_discards().end(), j) > 0;
      // A uniform draw among the assignments that fit: face-down slots first,
      // each a warrior drawn from those left, then the rest in any order. The
      // gift rule, rarely binding, is met by drawing again.
      for (int attempt = 0;; ++attempt) {
        std::vector<uint16_t> left = pool;
        for (CardId c : face_down) {
          std::vector<size_t> warriors;
          for (size_t i = 0; i < left.size(); ++i)
            if (is_warrior_def(d, left[i])) warriors.push_back(i);
          const size_t pick = warriors[size_t(rng.below(warriors.size()))];
          d.card(c).def = left[pick];
          left.erase(left.begin() + long(pick));
        }
        rng.shuffle(left);
        for (size_t i = 0; i < loose.size(); ++i) d.card(loose[i]).def = left[i];
        if (!gift_rule || attempt >= 100) break;
        bool fits = false;
        const size_t n = std::min(st.discard.size(), size_t(d.rules.opening_hand));
        for (size_t i = 0; i < n && !fits; ++i) fits = is_warrior_def(d, d.card(st.discard[i]).def);
        if (fits) break;
      }
      // A face-down warrior sits where its affiliation puts it.
      for (CardId c : face_down) d.card(c).area = detail::muster_area(d, c);
    }
    // No one knows the order of a draw pile, its owner included.
    std::sort(st.draw.begin(), st.draw.end());
    rng.shuffle(st.draw);
  }
  detail::index_families(d);  // the unseen cards' definitions were dealt anew
  return d;
}

}  // namespace dt
