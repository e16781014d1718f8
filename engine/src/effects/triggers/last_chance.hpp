// A last chance for a warrior hit in combat (RAZIDE, ZENITHIAN SOULSLAYER,
// NARROW ESCAPE!): after combat step 6 has marked its hits and before step 7
// removes the dead, each hit is a marker in State::lasting on its victim (see
// reactions.hpp: kAboutToDie for a kill, kAboutToBeWounded for a new wound,
// the killer as its source). When some card could answer one, a window opens
// for the victims' players, offering only those answers; healing a marked
// warrior undoes its hit (a kill does not happen, a new wound is gone). When
// that window closes the combat goes on with the hits still marked. Without
// such a card no window opens and nothing is left behind, so games without
// these cards play exactly as before.
#pragma once

#include <vector>

#include "dt/game.hpp"
#include "dt/state.hpp"
#include "events.hpp"
#include "markers.hpp"

namespace dt::detail {

// Is a combat waiting for the answers to its hits?
bool last_chance_pending(const State& s);
// Has `w` a hit waiting (a kill or a new wound in combat, or a deadly wound by a card)?
bool hit_pending(const State& s, CardId w);
// ... or a wound a card just dealt it, answered in the window after (COMBAT COORDINATOR).
bool wound_pending(const State& s, CardId w);
bool kill_pending(const State& s, CardId w);  // a death in combat
// Combat step 6 is over: mark the hits; true when a window opened for answers
// (the combat waits for it to close).
bool open_last_chance(State& s, bool a_dead, bool d_dead, bool a_wounded_now, bool d_wounded_now);
// The options of that window: pass, and the plays and abilities that answer a hit.
void last_chance_options(const State& s, int seat, std::vector<Option>& out);
// The window closed: the hits still marked take effect and the combat ends.
void close_last_chance(State& s, Log log);
// THE SECOND DIRECTORATE (handler wound_kills, its filter the striker's): may `seat` use it on t, a warrior whose
// new wound by one of its matching warriors waits? Then the wound is a kill instead.
bool wound_kill_target_ok(const State& s, int seat, const std::vector<Effect>& fx, CardId t);
void wound_kills(State& s, int seat, CardId victim, const WarriorFilter& f);
// Healing `w`: undoes its waiting hit or deadly wound; false when it had none (a plain heal).
bool undo_hit(State& s, CardId w);

// A death by a card's effect (a wound that kills, a kill; `killer` earns its V,
// kNoCard for none). When its player could answer it (RAZIDE's heal for a wound,
// NARROW ESCAPE!), the warrior stays in play marked as dying until the next
// window closes, and true is returned; otherwise it dies now (false).
bool effect_death(State& s, CardId w, bool wound, CardId killer, Log log);
// Would effect_death wait for an answer?
bool death_answerable(const State& s, CardId w, bool wound);
bool effect_deaths_pending(const State& s);
// A window closes: the deaths still marked happen (their points queued).
void settle_effect_deaths(State& s, Log log);
// A card's effect wounded `w` without killing it: while some player holds a card that may undo that wound
// (SAVES A WARRIOR FROM A WOUND: EJECTION SEAT), it is marked so until the next window closes.
void note_card_wound(State& s, CardId w, CardId source);

}  // namespace dt::detail
