// gEngine "STEP TWO: ACTIONS": up to three actions, at most one of them
// Tactical and none in a player's first turn. The options are listed in a
// fixed order (bots that choose by index rely on it): pass, meditate, what
// each card in hand allows, cover, cards and abilities, then the Tactical
// actions.
#include <algorithm>

#include "actions/declared_attack.hpp"
#include "effects/attacks/orders.hpp"
#include "effects/attacks/telepathy.hpp"
#include "effects/attacks/plans.hpp"
#include "actions/storage.hpp"
#include "effects/economy/team_rules.hpp"
#include "effects/lasting/carriers.hpp"
#include "effects/lasting/shutdown.hpp"
#include "effects/warriors/merged.hpp"
#include "internal.hpp"

namespace dt::detail {

void action_options(const State& s, std::vector<Option>& out) {
  if (defender_stage(s)) {  // LESSER TELEPATHY: the tactic is picked, the defender is named now
    defender_stage_options(s, out);
    return;
  }
  if (attack_naming(s)) {  // an attack was declared: it is named now, nothing else
    naming_options(s, out);
    split_attacks(s, out);
    return;
  }
  const std::vector<CardId> mine = own_warriors(s, s.current);
  if (s.actions_left <= 0) {  // COMMAND HELMET: only a warrior's own extra Tactical action is left
    out.push_back({OptKind::Pass});
    attack_options(s, mine, out);
    if (s.rules.sabotage_action != SabotageAction::Standard) sabotage_options(s, mine, out);
    return;
  }
  // Duties first: a warrior out of cover, then following an opponent to Earth.
  if (forced_exit_cover(s, mine, out)) return;
  if (forced_transfer(s, mine, out)) return;
  out.push_back({OptKind::Pass});
  meditate_options(s, out);
  // Each generator offers cards of one type (two for equip) and rejects the
  // rest: asked only for its own, the card's type looked up once.
  for (CardId c : s.seats[s.current].hand) {
    switch (s.def(c).type) {
      case CardType::Warrior: muster_options(s, c, out); break;
      case CardType::Equipment:
      case CardType::Relic:
        equip_options(s, c, mine, out);
        if (s.families & famEquipsOthers) others_equip_options(s, s.current, c, false, out);  // VAC ENGINEER
        break;
      case CardType::Symmetry: bestow_options(s, c, mine, out); break;
      case CardType::Ki: ki_options(s, s.current, c, false, out); break;
      case CardType::Fortification: build_options(s, c, out); break;
      case CardType::Alliance: proclaim_options(s, s.current, c, out); break;
      case CardType::Beast: wrangle_options(s, c, mine, out); break;
      case CardType::Warzone: establish_options(s, c, out); break;
      default: break;
    }
  }
  if (s.families & famTurnedDown) turn_up_options(s, s.current, out);  // ECONOMIC COLLAPSE (effects/lasting/shutdown.hpp)
  cover_options(s, mine, out);
  transfer_options(s, mine, out);
  if (s.families & famTeamRules) team_move_options(s, s.current, out);  // TROOP TRANSFER, ARMS CONVOY
  vehicle_options(s, mine, out);
  merge_options(s, s.current, true, out);    // warriors joining a group (effects/warriors/merged.hpp)
  carrier_options(s, s.current, true, out);  // troop carriers, WATCH TOWER (effects/lasting/carriers.hpp)
  effect_options(s, s.current, out);
  if (s.families & famAttachBans) drop_barred_attachments(s, out);  // DON'T CALL AGAIN!
  assign_options(s, s.current, out);
  storage_options(s, s.current, true, out);  // ARMORY, LANCELOT LIGHT FREIGHTER (actions/storage.hpp)
  if (s.rules.sabotage_action == SabotageAction::Standard) sabotage_options(s, mine, out);
  // Tactical actions: one per turn, none in a player's first turn (but in the
  // Beginner's game); the Dark Legion player of 1st ed option 4 attacks as
  // often as it has actions.
  const bool first_turn = s.seats[s.current].turns_taken <= 1;
  if (first_turn && !s.rules.tactical_in_first_turn) return;
  // Cards may give more (MISSION STATEMENT, COMMAND HELMET): attack_options asks for each warrior.
  const bool more = more_tacticals(s, s.current);
  const bool may_attack = !s.tactical_used || free_attacks(s, s.current) || more;
  if (may_attack) attack_options(s, mine, out);
  // A direct attack on a player (1st ed) is an attack: the Legion player of option 4 makes several.
  const bool direct = s.rules.sabotage_action == SabotageAction::DirectAttack;
  if ((!s.tactical_used || more || (direct && free_attacks(s, s.current))) &&
      s.rules.sabotage_action != SabotageAction::Standard)
    sabotage_options(s, mine, out);
  keep_boast(s, mine, out);
  keep_orders(s, out);
  keep_plan(s, out);  // EMPATHY: the attack told, or none
  if (may_attack) offer_declaration(s, mine, out);  // INVOKE PAIN, SUGGESTION: declared first, named after a window
  split_attacks(s, out);  // LESSER TELEPATHY: another player picks the tactic
}

}  // namespace dt::detail
