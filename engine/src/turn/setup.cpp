// gEngine "SETTING UP": shuffle, 5 D, draw 7, decide who goes first; then
// each player in turn keeps the hand or claims the Cardinal's Gift.
#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "internal.hpp"

namespace dt {

using namespace detail;

State blank_state(const CardDb& db, const Rules& rules, int seats, uint64_t seed) {
  State s;
  s.db = &db.text(rules.card_text);  // the text the preset plays, fixed for the game
  s.rules = rules;
  s.rng = Rng(seed);
  s.seats.resize(size_t(seats));
  seat_teams(s);  // teams, pools and each seat's starting D
  return s;
}

State new_game(const CardDb& db, const GameConfig& cfg, std::vector<Event>* log) {
  const int n = int(cfg.decks.size());
  // Configurations come from files (transcripts, decks) too: refuse what the
  // State cannot hold rather than divide by zero or overflow 16-bit card ids.
  if (n < 2 || n > kMaxSeats)
    throw std::invalid_argument("a game needs 2 to " + std::to_string(kMaxSeats) + " decks, one per seat; got " +
                                std::to_string(n));
  size_t total = 0;
  for (const auto& d : cfg.decks) {
    total += d.size();
    for (uint16_t def : d)
      if (def >= db.size()) throw std::invalid_argument("a deck names card #" + std::to_string(def) + ", which the card database does not have");
  }
  for (const auto& d : cfg.side_boards) {
    total += d.size();
    for (uint16_t def : d)
      if (def >= db.size()) throw std::invalid_argument("a side board names card #" + std::to_string(def) + ", which the card database does not have");
  }
  if (total > size_t(kMaxCards))
    throw std::invalid_argument("the decks hold " + std::to_string(total) + " cards; a game holds at most " +
                                std::to_string(kMaxCards));
  State s = blank_state(db, cfg.rules, n, cfg.seed);
  // Card ids are a seeded permutation, so an id says nothing about a hidden card.
  std::vector<CardId> ids(total);
  std::iota(ids.begin(), ids.end(), CardId(0));
  s.rng.shuffle(ids);
  s.cards.resize(total);
  size_t k = 0;
  // Each card takes the next id of the permutation and starts in its owner's pile.
  auto deal = [&](int seat, uint16_t def, Zone zone, std::vector<CardId>& pile) {
    const CardId id = ids[k++];
    CardInst& ci = s.cards[size_t(id)];
    ci.def = def;
    ci.owner = ci.controller = uint8_t(seat);
    ci.zone = zone;
    pile.push_back(id);
  };
  for (int seat = 0; seat < n; ++seat)
    for (uint16_t def : cfg.decks[size_t(seat)]) deal(seat, def, Zone::Draw, s.seats[size_t(seat)].draw);
  // gEngine "Side Board Pile": each player's 25 cards that only effects reach.
  for (int seat = 0; seat < n && size_t(seat) < cfg.side_boards.size(); ++seat)
    for (uint16_t def : cfg.side_boards[size_t(seat)]) deal(seat, def, Zone::SideBoard, s.seats[size_t(seat)].side_board);
  for (int seat = 0; seat < n; ++seat) {
    s.rng.shuffle(s.seats[size_t(seat)].draw);
    draw_cards(s, seat, opening_hand_of(s, seat));
  }
  s.first_player = uint8_t(s.rng.below(uint64_t(n)));
  s.current = s.first_player;
  emit(log, {EventKind::GameStart, int8_t(s.first_player)});
  if (cfg.rules.cardinals_gift) {
    s.phase = Phase::CardinalsGift;
    s.gift_seat = s.first_player;
  } else {
    start_turn(s, log);
  }
  resume(s, log);
  return s;
}

namespace detail {

void gift_options(const State&, std::vector<Option>& out) {
  out.push_back({OptKind::Keep});
  out.push_back({OptKind::Gift});
}

void apply_gift_decision(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  SeatState& st = s.seats[size_t(me)];
  if (o.kind == OptKind::Gift) {
    // Cardinal's Gift: the new cards are picked first; then the old hand is
    // shuffled back without a warrior in it, or with one becomes the first
    // seven cards of the discard pile (so the old cards never come back at once).
    bool had_warrior = std::any_of(st.hand.begin(), st.hand.end(), [&](CardId c) {
      return s.def(c).type == CardType::Warrior;
    });
    std::vector<CardId> old = st.hand;
    for (CardId c : old) take_out(s, c);
    draw_cards(s, me, opening_hand_of(s, me));
    for (CardId c : old) put_into(s, c, had_warrior ? Zone::Discard : Zone::Draw);
    if (!had_warrior) s.rng.shuffle(st.draw);
    emit(log, {EventKind::GiftClaimed, int8_t(me), kNoCard, kNoCard, had_warrior});
  }
  st.gift_decided = true;
  next_gift_decision(s, me, log);
}

void next_gift_decision(State& s, int after, Log log) {
  int next = next_active_seat(s, after);
  if (s.seats[size_t(next)].gift_decided) {
    // The first player begins, or the next one still in if it has left.
    s.current = s.first_player;
    if (s.seats[s.current].eliminated) s.current = uint8_t(next_active_seat(s, s.current));
    start_turn(s, log);
  } else {
    s.gift_seat = uint8_t(next);
  }
}

}  // namespace detail
}  // namespace dt
