// Afflictions (Mortificator's POISONs): what a card leaves on a warrior for good.
// Effect AFFLICT marks its target with the card (kAfflicted: source the card,
// target the warrior, player the card's player, other the warrior that used
// it); from then on the card's AFFLICTED modifiers reach that warrior wherever
// the card lies (CARDINAL'S BLOOD: base F, S and A set to 1; BLACK VENOM:
// PERFORMS NO ACTIONS and DOES NOT STRIKE BACK). The card's `affliction` rules
// say more: `until_healed` ends it once the warrior is healed, `upkeep_d` is a
// price its player pays at each of its Draw steps or the warrior is killed, its
// V earned by the card's player (SPIRALING DEATH).
//
// A poison reaches its victim through its weapon: a WOUNDS trigger with
// `by_weapon` on a weapon's add-on matches only a blow struck by the warrior
// carrying that weapon, used in that combat; with `instead` the blow wounds
// no one, the trigger's effects running at once in its place (a blow that
// would kill still kills). A game without such cards looks at nothing.
#pragma once

#include <string_view>
#include <vector>

#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr uint8_t kAfflictionUpkeep = 41;  // PendingChoice::fetch: pay a warrior's affliction upkeep, or not

// AFFLICT: `card`, played by `seat` and used by `user`, afflicts `w` (once per card name).
void afflict(State& s, CardId card, CardId w, int seat, CardId user);
// Does the affliction marker `m` work now (an `until_healed` one on a healed warrior does not)?
bool affliction_holds(const State& s, const LastingMod& m);
// Does an affliction on `w` grant it this designation (BLACK VENOM: PERFORMS NO ACTIONS)?
bool afflicted_grants(const State& s, CardId w, std::string_view designation);
// Before `w` takes a new wound: afflictions ended by a heal since are dropped for good.
void drop_healed_afflictions(State& s, CardId w);
// In a combat's hit: does a weapon's `instead` trigger replace the wound `by` deals `victim`? Its effects run then.
bool blow_replaced(State& s, CardId victim, CardId by, Log log);
// Does the WOUNDS trigger `t` of card `c` hold for a blow by `striker` (its weapon and tactic)?
bool weapon_blow_matches(const State& s, CardId c, const Trigger& t, CardId striker);
// At the start of `seat`'s Draw step: each of its afflicted warriors with an upkeep is paid for or dies.
void affliction_draw_step(State& s, int seat, Log log);
bool is_affliction_upkeep(const State& s, const PendingChoice& ch);
void affliction_upkeep_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_affliction_upkeep(State& s, const Option& o, Log log);

}  // namespace dt::detail
