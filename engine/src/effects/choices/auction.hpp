// A warrior SOLD AT AUCTION AS IT IS MUSTERED (docs/effects.md "Auctions": MERCENARY; rulings.md 3): its Muster
// (its action spent, no V paid) opens an auction in D. The player mustering it names its opening bid (`choose aN`,
// N D, 0 allowed); then each other player in turn order, from the one after it, raises (`choose aN` above the bid,
// up to its D) or passes (`choose done`, out for good), round and round until all but the highest bidder have
// passed. The highest bidder pays its bid and takes the warrior under its control into one of its combat areas
// where the warrior may be mustered (`choose aN`, N the area, asked when there are several); its base V is the
// price for as long as it stays in play. While bids are asked the warrior waits out of play, the bid in the
// question (the high bidder PendingChoice::target_seat, the bid PendingChoice::user).
#pragma once

#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

constexpr uint8_t kFetchBid = 115;          // PendingChoice::fetch: a bid, or a pass
constexpr uint8_t kFetchAuctionArea = 116;  // ... the winner's combat area
constexpr int kMostBid = 99;                // bids above this are not offered (a base V is kept in one byte)

bool sold_at_auction(const State& s, CardId w);
// `seat` musters w: the auction opens (w out of play meanwhile).
void start_auction(State& s, int seat, CardId w, Log log);
bool is_auction_choice(const State& s, const PendingChoice& ch);
void auction_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_auction(State& s, const Option& o, Log log);
// A question of the auction is over (answered or left, a bidder that cannot raise passing): the next bidder is asked,
// or the warrior is sold.
void auction_choice_done(State& s, const PendingChoice& ch, Log log);

}  // namespace dt::detail
