// Ratings shared out anew (Effect SHARE_RATINGS, docs/effects.md "Ratings shared out"): the card's player
// names, rating by rating, how many points each of the ratings its `share` names gets (`choose a3`), the
// last one taking what is left. The points are the warrior's base ratings added up (KEEP_SUM: they are
// shared out anew, none below 0), one per purchase of the card's "for every X D" price (BOUGHT, added), or
// twice (`rate`) each point its player gives up of another rating (TRADED, that rating not below 0). A
// change of base ratings is a marker kSharedRatings on the warrior, counted as its base ratings are worked
// out (combat/standing.cpp), for the combat or while its card stays on the warrior; a bonus is the
// combat's, as COMBAT_BONUS gives. TRANSMUTATION, CHANGELING POWER, BATTLE MADNESS, FIST OF FURY.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr uint8_t kShareQuestion = 61;  // PendingChoice::fetch: how many points to the next rating
inline constexpr uint8_t kShareTrade = 62;     // PendingChoice::fetch: how many points of the traded rating to give up

// Effect SHARE_RATINGS on warrior `w` (`times`: the card's purchases): its player `seat` is asked.
void ask_share(State& s, int seat, CardId source, CardId w, const Effect& e, int times);

// The question (effects/choices/choices.cpp's table).
bool is_share_choice(const State& s, const PendingChoice& ch);
void share_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_share(State& s, const Option& o, Log log);

// What the shares on `w` change of its base ratings (combat/standing.cpp), in a game holding such a card.
void add_shared_base(const State& s, CardId w, Stats& st);
// The combat is over: the shares made for it go (combat/resolve.cpp).
void shares_combat_over(State& s);

}  // namespace dt::detail
