// Auctions: see auction.hpp. While bids are asked the warrior stays in its owner's hand (a card is always in one
// place), and leaves it for its buyer's combat area once sold.
#include "effects/choices/auction.hpp"

#include <algorithm>

#include "actions/sabotage.hpp"
#include "dt/designations.hpp"
#include "effects/lasting/base_gains.hpp"
#include "internal.hpp"

namespace dt::detail {

namespace {

// The combat areas `seat` may take w into, in the order Squad, Kohort, Outpost.
std::vector<Area> areas_for(const State& s, int seat, CardId w) {
  std::vector<Area> out;
  const AreaMask named = s.def(w).muster_areas;
  for (Area a : {Area::Squad, Area::Kohort, Area::Outpost}) {
    if (named ? !(named & bit(a)) : a != muster_area(s, w)) continue;
    if (a == Area::Outpost && !s.rules.outposts) continue;
    if (may_enter_area(s, seat, w, a)) out.push_back(a);
  }
  return out;
}

int most_bid(const State& s, int seat) { return std::min(kMostBid, std::max(0, destiny(s, seat))); }

// The warrior goes to `seat` for `price` D, into `area`: its base V is the price.
void place(State& s, CardId w, int seat, Area area, int price, Log log) {
  destiny(s, seat) = std::max(0, destiny(s, seat) - price);
  enter_play(s, w, seat, area);
  add_base_gain(s, w, w, StatBonus{0, 0, 0, int8_t(price - s.def(w).v)});
  emit(log, {EventKind::Effect, int8_t(seat), w, w, int(Op::EnterPlay), seat});
}

// Sold to `seat`: the area asked when it has a choice.
void sell(State& s, CardId w, int seat, int price, Log log) {
  const std::vector<Area> areas = areas_for(s, seat, w);
  if (areas.empty()) {  // nowhere to take it (it could not be taken when bid for): it is discarded, nothing paid
    take_out(s, w);
    put_into(s, w, Zone::Discard);
    return;
  }
  if (areas.size() == 1) {
    place(s, w, seat, areas.front(), price, log);
    return;
  }
  PendingChoice ch;
  ch.source = ch.target = w;
  ch.by = ch.seat = uint8_t(seat);
  ch.target_seat = int8_t(seat);
  ch.picks_left = 1;
  ch.fetch = kFetchAuctionArea;
  ch.user = CardId(price);
  s.choices.insert(s.choices.begin(), std::move(ch));
}

}  // namespace

bool sold_at_auction(const State& s, CardId w) { return s.def(w).has_designation(desig::SoldAtAuction); }

void start_auction(State& s, int seat, CardId w, Log) {
  PendingChoice ch;
  ch.source = ch.target = w;
  ch.by = ch.seat = uint8_t(seat);
  ch.target_seat = -1;  // no bid yet
  ch.picks_left = 1;
  ch.fetch = kFetchBid;
  for (uint8_t x : seats_from(s, next_active_seat(s, seat)))
    if (!s.seats[x].eliminated) ch.seats.push_back(int8_t(x));
  s.choices.insert(s.choices.begin(), std::move(ch));
}

bool is_auction_choice(const State&, const PendingChoice& ch) { return ch.fetch == kFetchBid || ch.fetch == kFetchAuctionArea; }

void auction_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left == 0) return;
  if (ch.fetch == kFetchAuctionArea) {
    for (Area a : areas_for(s, ch.seat, ch.target)) out.push_back(choose_answer(int(a)));
    return;
  }
  const bool opening = ch.target_seat < 0;
  if (!areas_for(s, ch.seat, ch.target).empty())
    for (int n = opening ? 0 : ch.user + 1; n <= most_bid(s, ch.seat); ++n) out.push_back(choose_answer(n));
  if (!opening || out.empty()) out.push_back(choose_done());
}

void apply_auction(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  ch.picks_left = 0;
  if (ch.fetch == kFetchAuctionArea) {
    if (o.p >= 0 && s.card(ch.target).zone == Zone::Hand) place(s, ch.target, ch.seat, Area(o.p), ch.user, log);
    return;
  }
  if (o.p >= 0) {  // a bid: the highest so far
    ch.user = CardId(o.p);
    ch.target_seat = int8_t(ch.seat);
  }
}

void auction_choice_done(State& s, const PendingChoice& ch, Log log) {
  const CardId w = ch.target;
  if (s.card(w).zone != Zone::Hand) return;
  if (ch.fetch == kFetchAuctionArea) {  // left unanswered: its first area
    const std::vector<Area> areas = areas_for(s, ch.seat, w);
    if (areas.empty()) take_out(s, w), put_into(s, w, Zone::Discard);
    else place(s, w, ch.seat, areas.front(), ch.user, log);
    return;
  }
  PendingChoice next = ch;
  if (next.target_seat < 0) next.target_seat = int8_t(ch.seat);  // the opening bid left unmade: none, 0 D
  if (ch.seat != next.target_seat) std::erase(next.seats, int8_t(ch.seat));  // a pass: out for good
  // The next player still in after this one, round the table; none but the highest bidder: sold.
  int who = -1;
  for (uint8_t x : seats_from(s, next_active_seat(s, ch.seat)))
    if (x != next.target_seat && std::find(next.seats.begin(), next.seats.end(), int8_t(x)) != next.seats.end() &&
        !s.seats[x].eliminated) {
      who = x;
      break;
    }
  if (who < 0) {
    sell(s, w, next.target_seat, next.user, log);
    return;
  }
  next.seat = uint8_t(who);
  next.picks_left = 1;
  s.choices.insert(s.choices.begin(), std::move(next));
}

}  // namespace dt::detail
