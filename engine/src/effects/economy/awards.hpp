// What kills and sabotages pay while cards with award rules are in play
// (docs/effects.md "Award rules"): doubled (HELSTROM MOUNTAINS, CITADEL SANCTUM),
// points added (PAPARAZZO, KRYNSTON'S SKULL, YAHOO!), kept to D (FREELANCER
// PATRIARCH, LIMITED RESOURCES), D doubled (HIGHER VALUE ON LIFE), a FREELANCER
// earning P (NO-MAN'S LAND). One bit test in a game holding no such card.
#pragma once

#include "dt/state.hpp"

namespace dt::detail {

struct AwardChange {
  int times = 1;              // the points multiplied, first
  int add = 0;                // then these added
  bool destiny_only = false;  // taken as D only
  bool may_take_p = false;    // a FREELANCER may take them as P
  int d_times = 1;            // D taken from them multiplied
};
// The rules in play for what `earner` earns: a kill of `victim`, or a sabotage of `victim_seat`.
AwardChange award_change(const State& s, Earning on, CardId earner, CardId victim, int victim_seat);
// Does what `earner` earns come as D alone: a FREELANCER's (unless it EARNS P), or one that EARNS D ONLY (LOCAL THUG)?
bool earns_d_only(const State& s, CardId earner);
// Queues an award of `amount` (already a kill's or a sabotage's points) changed by the rules in play.
void queue_changed_award(State& s, int seat, int amount, bool destiny_only, CardId source, Earning on, CardId earner,
                         CardId victim, int victim_seat);

}  // namespace dt::detail
