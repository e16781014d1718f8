// PRIMAL BITCH: a Special played right after an opponent musters a warrior
// takes that warrior's place in its area. The warrior goes back to its owner's
// hand (handler `replace_warrior`; printed `replace_warrior_printed`: shuffled
// into its owner's draw pile). The card lies in that area under that player's
// control and COUNTS AS A WARRIOR (is_warrior_in_play: its keywords make it a
// NONCOMBATANT PERSONALITY); CLOSES ITS AREA: no warrior is mustered or
// transferred into that area while it is there. ANY PLAYER USES ITS ABILITIES:
// every player may use its abilities in its own turn (gEngine: annihilate it
// for three actions). A muster is marked (kJustMustered) only while an
// opponent of the musterer holds a card that REPLACES A WARRIOR JUST MUSTERED,
// so games without one are unchanged; the next window to close ends the mark.
// Printed PRIMAL BITCH (ANSWERS ANY WARRIOR ADDED) answers a warrior an
// opponent adds in any way: mustered, or put into play by a card's effect
// (ANIMATE DEAD, PORTAL OF UNDEATH, NEPHARITE OF SEMAI), marked the same way.
#pragma once

#include "dt/designations.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr DesigKey kCountsAsWarrior(desig::CountsAsAWarrior);
inline constexpr DesigKey kClosesArea(desig::ClosesItsArea);
inline constexpr DesigKey kReplacesMustered(desig::ReplacesAWarriorJustMustered);
inline constexpr DesigKey kAnyPlayerUses(desig::AnyPlayerUsesItsAbilities);
inline constexpr DesigKey kAnswersAnyAdded(desig::AnswersAnyWarriorAdded);
inline constexpr DesigKey kAnyAdded(desig::PlayedOnAnyWarriorJustAdded);  // BOOBY TRAP

// A warrior just mustered by `seat`: marked if an opponent could answer it.
void note_mustered(State& s, int seat, CardId w);
// A warrior a card's effect just put into `seat`'s areas: marked if an
// opponent holds a card that ANSWERS ANY WARRIOR ADDED.
void note_added(State& s, int seat, CardId w);
// Does a card lying in `seat`'s `area` keep warriors out of it?
bool area_closed(const State& s, int seat, Area area);
// `card`, played on warrior w, takes w's place; w goes to its owner's hand or draw pile.
void replace_warrior(State& s, CardId card, CardId w, bool to_draw_pile, Log log);

}  // namespace dt::detail
