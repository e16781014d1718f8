// Engine-private declarations. Each part of the engine has its own header,
// laid out like the gEngine rulebook (docs/architecture.md, "The engine's
// layout"); rules files include them all through this one.
#pragma once

#include "events.hpp"
#include "zones.hpp"
#include "areas.hpp"
#include "cardtypes/cardtypes.hpp"
#include "effects/effects.hpp"
#include "combat/combat.hpp"
#include "actions/actions.hpp"
#include "turn/turn.hpp"
