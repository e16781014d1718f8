#pragma once
// Every code a LastingMod marker may carry, in one list, so that two mechanisms
// never read each other's markers. A new mechanism appends its codes here and
// raises kLockEnd (the state-text reader accepts codes below it). Only files
// that read or write a code include it: each edit rebuilds its includers.
#include <cstdint>

namespace dt::detail {

enum : uint8_t {
  kLockNone = 0,
  kLockTacticalOnlySeat = 1,  // no one but the marker's seat performs Tactical Actions
  kLockNoAttacks = 2,         // no one attacks (SHROUD)
  // Attack orders (effects/attacks/orders.hpp)
  kOrderAttackThis = 3,  // the player must attack the marked warrior, with a warrior of its choice
  kOrderMustAttack = 4,  // the marked warrior must attack, its player choosing the defender
  kOrderNoAttack = 5,    // the marked warrior may not attack
  // What just happened, for reactions (effects/triggers/reactions.hpp)
  kJustPlacedInSquad = 6,  // target: the warrior placed in a Squad (a Muster)
  // A kill just made, in a game with a card that answers kills (Play.after_kill): source the one killed, other its
  // killer (none: a card's effect), no target (the killer may die in it too); count the victim's V at its death,
  // times the killer's V then, waits: killed in combat; given: the sides answered (1 the killer's, 2 the victim's)
  kJustKilled = 7,
  // A second attack waiting for the first one's window to close (actions/second_attack.hpp);
  // source: the attacker, target: its defender
  kSecondAttackFight = 8,
  kSecondAttackShoot = 9,
  // Hits waiting in combat (effects/triggers/last_chance.hpp)
  kAboutToDie = 10,        // target: a warrior hit in combat, its death waiting; source: the killer
  kAboutToBeWounded = 11,  // target: a warrior hit in combat, its new wound waiting; source: the one that hit it
  // An attack declared before its warriors are named (actions/declared_attack.hpp)
  kAttackDeclared = 12,
  kAttackNaming = 13,
  // A death by a card's effect, waiting for the next window to close (effects/triggers/last_chance.hpp);
  // source: the warrior whose player earns its V (the victim itself: no points)
  kDyingOfWound = 14,  // a card's wound kills it
  kDyingOfKill = 15,   // a card kills it outright
  // A Special that may be cancelled (effects/triggers/cancel.hpp)
  kSpecialWaits = 16,
  kCancelOffered = 17,
  kRewardWaits = 18,          // a mission's reward waiting for a spy (effects/triggers/spy.hpp); its `reward` says what earned it
  kShieldsFromSymmetry = 19,  // the player's warriors are shielded from Dark Symmetry (effects/lasting/shields.hpp)
  // Warriors turned or raised (effects/warriors/raise.hpp); target: the warrior, source: the card that did it
  kConvertedHeretic = 20,  // gEngine POSSESS: a HERETIC now, taking minor gifts
  kConvertedLegion = 21,   // printed POSSESS: a HERETIC of the Dark Legion
  kRaisedDead = 22,        // ANIMATE DEAD: halved ratings, annihilated if killed
  kJoinedWarrior = 23,     // PRETORIAN STALKER (effects/warriors/joined.hpp): target the warrior, source the one inside it
  kRevealed = 24,          // target: a warrior that may cast any spell, for one cast (effects/choices/revelation.hpp)
  kImprisoned = 25,        // gEngine CYBERCURITY MP (effects/lasting/prison.hpp): target the prisoner, source the MP
  // A card just taken out of a pile (effects/triggers/perception.hpp); target: that card
  kTakenFromCollection = 26,  // out of the Side Board, by a search
  kTakenFromPile = 27,        // picked out of a draw or discard pile by a card's effect
  // Blocks reserved for mechanisms being written at the same time, so that each
  // header edit is one's own lines only; each block's codes go below its comment.
  // Combat-flow mechanisms: 28-33
  // gEngine LESSER TELEPATHY (effects/attacks/telepathy.hpp): player, the seat that picks the tactics
  kTacticPicker = 28,
  // An attack split for it: the tactic picked; target: the attacker, waiting for its defender
  kTacticPickedFight = 30,
  kTacticPickedShoot = 31,
  // EMPATHY (effects/attacks/plans.hpp): player, the planner; a plan due (seat kNoTurnEnds) or armed this
  // turn (seat the planner's: its question, then a plan of no attack)
  kPlanDue = 29,
  // A plan told: target the attacker, `other` its defender, seat the planner's
  kPlanFight = 32,
  kPlanShoot = 33,
  // Counters, diseases, immunity waived: 34-39
  // gEngine BACTERIA GRENADE (effects/lasting/disease.hpp): target the diseased warrior, player the user's seat
  kDiseaseWaiting = 34,  // -3 A until the end of the user's next turn, which has not begun
  kDiseaseEnding = 35,   // -3 A, the user's turn under way: gone at its end
  kDiseased = 36,        // printed BACTERIA GRENADE: diseased (source the grenade), upkeep at each Draw step
  kDiseaseMarker = 37,   // printed: one disease marker, -1 V
  kVisitation = 38,  // gEngine DARK VISITATION (effects/modifiers/visitation.hpp): source = target = the card, `count` its markers
  // MENTAL CONSTITUTION (effects/filters/waiver.hpp); source: the Art or Dark Symmetry card. With a target: that
  // warrior is affected by that card (waived). With no target: its player is being asked (`times` the
  // card's purchases, `waits` its effects wait for the answer, `other` its caster), `player` the target seat.
  kWaived = 39,
  // Actions out of turn, cards replacing warriors, hidden missions: 40-45
  kQuestionAsked = 40,  // DISCERN TRUTH (effects/choices/questions.hpp): source the card, target a named card, `count` the question
  kJustMustered = 41,   // target: a warrior just mustered, into any area (effects/triggers/replace.hpp)
  // gEngine MYSTIC (effects/costs/mystic.hpp): a cast waiting while other players' MYSTICs are asked. source the
  // spell, target its target, `other` its caster, player its target seat; `times` its purchases,
  // `count` the D its player spent, `given` the D MYSTICs gave
  kMysticAsked = 42,
  // Attacks made again (effects/attacks/again.hpp): source the card whose ATTACK_AGAIN made it, target its attacker,
  // other its defender; from the effect until that combat is over (then kJustFought's `other`)
  kMadeAgain = 43,
  // The combat just over, until its response window closes (combat package, issue 31: 46-49)
  // BRAIN STRAIN (effects/art.cpp): target a warrior, source the card capping its spells; `count` the D it spent on
  // them since its card's player's Draw step (seat: that player, whose next turn ends the span)
  kSpellSpent = 44,
  // TEMPORARY INSANITY (combat/redirect.hpp): every kill of the combat under way pays `player`; source the card
  kCombatPaysSeat = 45,
  // Lasting base changes (combat/standing.cpp base_stats): target a warrior, bonus what its base ratings gain for good
  // (source: the card); gone as it leaves play (SHORE LEAVE, GRIZZLY BATTLE TANK)
  kBaseGain = 76,
  // FULL_TURN (effects/triggers/full_turn.hpp): source a card in play as its player's turn began; count that turn's
  // State::turn_number (the end of that turn, the card still in play, runs its trigger)
  kInPlayFromTurnStart = 77,
  // FOOL'S GOLD (effects/costs/repay.hpp): target a warrior just mustered for D, `count` the D paid; until the window
  // closes, while some hand holds a card PLAYED ON A WARRIOR JUST PAID FOR
  kJustPaidFor = 79,
  kJustFought = 46,   // source: its attacker, target: its defender, `count` 1 for a Shoot combat; `other` the card whose
                      // ATTACK_AGAIN made that combat (kMadeAgain), so that the card does not make another
  kJustWounded = 47,  // source: a warrior that wounded target in it (without killing it)
  // Substitute defenders (combat/substitute.hpp): source the card giving the substitution (POINT GUARD), target
  kGuardDefended = 48,  // the warrior that defended in another's place, wounded once the combat is over
  kGuardAssigned = 49,  // the warrior it is assigned to defend (FURY ELITE GUARD); no turn ends it
  // Keywords and places (issue 30): 50-59
  kKeywordsRevoked = 50,  // target: a warrior that lost the keywords in `grant` for good (PLATINUM DREAM); source: the card
  // VIRUS (effects/lasting/virus.hpp): source the VIRUS card, target the warrior, player the virus's player
  kInfected = 51,  // infected; bonus: the ratings it has lost
  kExposed = 52,   // beside an infected warrior since the virus player's last Draw step
  kCardMarkers = 53,
  kPickTriggerDue = 55,  // source: a card whose YOUR_DISCARD trigger with `pick` waits its turn (triggers/picked.hpp)
  kHandLimitHeld = 56,  // player: its hand limit as last seen while a card raised it (`count`); source: that card
  kAfflicted = 54,  // effects/lasting/afflictions.hpp: source the card, target the warrior, player the card's player,
                    // other the warrior that used it (who earns a death it causes)  // source = target: a card in play keeping `count` markers on itself (effects/lasting/card_markers.hpp)
  // Turns and economy: 60-79
  kTurnRuleUsed = 60,  // source: a card whose extra or converted Tactical action was taken this turn (turn/turn_rules.cpp)
  kDiscardsMade = 62,  // player: cards discarded in its Discard step under way, `count` (turn/turn.cpp)
  kNoDraw = 61,        // player: draws no card in its next Draw step (SUPPLY LINE SEVERED; effects/economy/economy.hpp)
  kWoundedByCard = 63, // target: a warrior a card's effect just wounded without killing it, while some player holds a card
                       // that may undo that wound (EJECTION SEAT); source: the card; until the next window closes
  // Taking control (effects/choices/control.hpp): 80-89
  kLentForCombat = 80,  // target: a warrior another player controls until the current combat is over; player: its
                        // controller before; source: the card; count 1: lent for actions at once (GREATER MANIPULATION),
                        // kept as the combat of its attack starts
  kCarriedAtDeath = 81, // source: a card a warrior just killed carried; other: that warrior (until the window closes)
  kDeclaredLegion = 82, // target: a CULTIST its player (or INQUISITION) declared a Dark Legion warrior (cardtypes/warrior.cpp)
  kSideForced = 83,     // target: a CULTIST whose side another card forced (source): its own player may not switch it back
  // Answers and triggers of issue 33 (effects/triggers/cancel.hpp, wound_triggers.hpp)
  kMayTrigger = 84,     // source: a card whose trigger its player may let go, target: the trigger's target; count: which
                        // trigger; other: the warrior that struck (effects/triggers/wound_triggers.hpp)
  kRetarget = 85,       // source: a card just played whose effects go elsewhere; other: the answering card
                        // (effects/triggers/cancel.hpp)
  kToHand = 86,         // source: a card just played that goes back to its player's hand once its effects are done
  kReplay = 87,         // source: a card just played that its answerer plays again itself; other: the answering card;
                        // times: its purchases (effects/triggers/cancel.hpp, PASS THE BUCK, STOLEN PAPERWORK)
  kFreeVehicleMove = 88, // target: a warrior that entered (count bit 0) or exited (bit 1) its VEHICLE for no action
                         // through a card (source: the VEHICLE) since its player's turn began (actions/vehicle.cpp)
  // Combat cards of issue 31 (effects/modifiers/share.hpp, combat/redirect.hpp)
  kSharedRatings = 89,  // target: a warrior whose ratings a card (source) shared out anew; times, count, given: what its
                        // F, S and A gain (or lose); waits: still being asked (not counted yet)
  kNoPointsCombat = 90, // source: a card that made the combat under way pay no points (CLUMSINESS); gone with the combat
  // Combat package, helper cb (issue 31): 64-71
  // A warrior's own text switched off (effects/modifiers/text_off.hpp), issue 33, helper tx: 65-66
  kTextOff = 65,          // target: a warrior whose text a card's TEXT_OFF (source) switched off for good; count: the
                          // TextOffBits; gone as it leaves play
  kJustTransferred = 66,  // target (and source): a warrior just Transferred to or from an Outpost, while some hand holds
                          // a card PLAYED ON A WARRIOR JUST TRANSFERRED (NAVIGATIONAL ERROR); until the window closes
  kEnteredTribal = 64,  // target (and source): a warrior TRIBAL IF MUSTERED INTO THE OUTPOST that entered play in an
                        // Outpost (cardtypes/entering.cpp); gone as it leaves play
  // Cards leaving play, issues 32-33, helper tn: 69-71, 75 (effects/triggers/intercept.hpp)
  kInsteadAsked = 69,   // target: a card that just left play, which an Instead rule with `may` may still send
                        // elsewhere; source: the card holding the rule; count: the rule's index; times: the zone it
                        // went to; other: the card it was attached to; player: the asked seat; waits: asked now
  kJustDiscarded = 70,  // target (and source): a card just discarded from a warrior, while some card may answer it
                        // (TARGET_JUST_DISCARDED: CLOSE CALL!); player: its controller then; until a window closes
  kSabotageAnswer = 71, // source: a warrior whose sabotage (or printed direct attack) waits for its player's answer
                        // (Card.sabotage's defender: GUARD STATION); player: the saboteur's seat; other: the card
                        // answering; times: the player sabotaged; count: the points it earns (-1: half its V);
                        // waits: a direct attack (actions/sabotage.cpp)
  // Carriers (effects/lasting/carriers.hpp): source the carrier, target a warrior aboard it; no turn ends it
  kAboard = 72,
  kJustHealed = 73,  // target: a wounded warrior just healed, while some player holds a card answering it (SWITCHED LABELS)
  // Swaps and conversions of issue 33, helper cb: 74-77
  kConverted = 74,   // target: a warrior converted for good by a card's LASTING_GRANT with `convert` (source: that card);
                     // grant: the keywords it has; times: the affiliations set (0: its own), count: those revoked,
                     // given: those added (effects/warriors/convert.hpp)
  // Reveals of issue 32, helper tn: 78-79
  kJustRevealed = 78,  // target (and source): a card keeping cards under it whose reveal (play_stored) waits for
                       // the window to close, while some player holds a card answering it (BLUFF; actions/storage.hpp)
  // Team games (effects/economy/team_rules.hpp, team_gifts.hpp): 57-59
  kTruce = 57,         // source: TRUCE; seat: its player (gone as that player's next turn begins); times and count: the
                       // two teams at peace
  kTeamMoves = 58,     // source: a card whose designations name moves between team-mates; times: the seat making them;
                       // count: the turn they are open in
  kTeamPlayed = 59,    // source: a card PLAYED ONCE PER TEAM; times: the team that played it; no turn ends it
  // Turns and economy, issue 32 (helper ec): 67-68
  kShutDown = 67,      // target: a card turned face down (effects/lasting/shutdown.hpp), doing nothing until its player
                       // turns it up; source: the card that did it; count: the actions that turn it up
  // A player's D (effects/economy/ledger.hpp); player: the seat; `given` says which record it is:
  //   1 (kLedgerApart) D kept apart in its pool, `count` of them (source: the card); it never Meditates again;
  //   2 (kLedgerCredit) credit on the card `source`: `count` D owed, `times` D of credit lent into its pool;
  //   3 (kLedgerConsent) it agreed that the card `source` change its D and P, while that card's effects run;
  //   4 (kLedgerPlayedOnce) no player: the card `source`, PLAYED ONCE A GAME, was played (turn/victory.hpp)
  kPlayerLedger = 68,
  kOwnActions = 75,    // target: a warrior with actions of its own this turn (turn/own_actions.hpp); seat: its player;
                       // count: those cards' OWN_ACTIONS gave it; times: those it has taken
  kCombatBaseGain = 91,  // target: a warrior whose base ratings a card changed for the rest of the combat (COMBAT_BONUS
                         // with `base`: OUR WILL IS BEYOND MEASURE); packed as kBaseGain's (effects/lasting/base_gains.hpp)
  kHeldWarrior = 92,   // source: a warrior held for good by target (handler hold_struck_warrior: IMPALE), attached to it;
                       // bonus: the ratings it gives its holder (effects/warriors/held.hpp)
  kHurtAnswered = 93,  // never written: the kind a card SAVES A WARRIOR FROM A WOUND OR A KILL answers (reactions.cpp)
  kMarkedForKill = 94, // source: the card that marked target (handler mark_for_kill: TARGETING INSTALLATION); player: its
                       // player (effects/warriors/held.hpp)
  kBlowAnswered = 95,  // never written: the kind a card PLAYED ON THE WARRIOR ITS STRIKER JUST HURT answers (reactions.cpp)
  kSideTransfers = 96,  // source: a card whose play opened the Squad and Kohort to its player's Tribal warriors; seat: that
                        // player, whose next turn removes it (open_side_transfers: actions/transfer.cpp)
  kDefenderNamed = 97,  // source: the card naming its bearer's defender; target: the attacker; other: the defender named,
                        // until the attack is made or its player's turn ends (effects/attacks/telepathy.cpp)
  kAbilityWaits = 98,  // source: a card whose ability was just used (target, player: the ability's target; other: its
                       // user; count: the ability's index; times: bought so often), its effects waiting for answers
                       // (effects/triggers/cancel.cpp, JustPlayed.abilities_used)
  kEffectsDoubled = 99,  // source: a card whose effects are doubled (handler double_effects: effects/modifiers/doubling.hpp);
                         // seat: the player whose next turn ends it; other: the card that doubled them
  kAnswerWaits = 100,  // source: a Special played from hand in answer to the card `target` (effects/triggers/cancel.hpp),
                       // its own answers still to come; player: its answerer; other: the answering card's user;
                       // count: 1 once it was negated
  kPilesCheaper = 101,  // source: a card just played whose pile searches cost one step less (ESSENTIAL SUMMONS: its
                        // discard pile free, its draw pile at the discard pile's price; effects/choices/choices.cpp)
  kCopyOf = 102,  // source: a card standing as a copy of another (effects/lasting/copies.hpp: JOKER!); count: its own
                  // CardInst::def, given back as it leaves play
  kTwin = 103,  // source: a card standing as a second copy of warrior `target` in play (effects/lasting/twins.hpp:
                // DOUBLE DUTY); count: 1 while the warrior is wounded, as last seen (a heal of either heals both)
  kDiscardAfterStrike = 104,  // source: the card whose choice picked `target`, a card to be discarded once the combat's
                              // first strike is over (combat/begins.hpp: YORAMA'S DEFLECTING HANDS against FIRST STRIKE);
                              // other: the warrior that first strike came from
  kWholeAssist = 105,  // source: a reinforcement that joined combatant `target` as part of it (combat/groups.hpp, handler
                       // assist_whole: PANIC BUTTON); bonus: its A and V added to the combatant's for the combat
  kCarriedMod = 106,   // source: a card played on warrior `target` in its first combat of an attack named with a second
                       // (actions/second_attack.hpp, SeveralAttacks.carries_mods); bonus: that modifier, added
                       // to the warrior's ratings until its second combat is over; seat: the attacking player
  kAttacksLeft = 107,  // source: a warrior making several attacks as one action (actions/several_attacks.hpp); seat:
                       // its player; no target: count, the attacks of that action still to make; with a target: a
                       // defender it attacked in that action (for different_defenders)
  kWeaponNamed = 108,  // source: a WEAPON named for warrior `target`'s attack (actions/two_weapons.hpp): the weapons that
                       // warrior uses in that combat; seat: its player; count: 1 for the second of two attacks (waits)
  kFirstEncounter = 109,  // source: a card met first (combat/first_encounter.hpp); target: the attacker it strikes;
                          // seat: the attacking player; count: 1 once its strike is over
  kMerged = 110,  // source: a member of a group of merged warriors, target: the group's leader, other: the card that
                  // merged them (effects/warriors/merged.hpp); bonus: a member inside its leader, its share of the group's
                  // ratings (none for a group one warrior in combat only)
  kInfectionReach = 112,  // source: a VIRUS being played whose infections reach more warriors; other: the card played
                          // with it (PlayedWithSpec::infection_reaches, effects/plays.cpp, effects/lasting/virus.cpp);
                          // kInfected and kExposed records keep the same `other` as they spread (MUTATED STRAIN)
  kContagion = 113,       // source: a card with Contagion rules; target: the warrior marked (effects/lasting/contagion.hpp);
                          // bonus: the loss it gives; count: 1 once its player was asked about it this Draw step
  kStoredCastUsed = 114,  // source: a card whose warrior cast a spell kept under it (StorageSpec::bearer_casts); count:
                          // its player, whose next Draw step removes it (actions/storage.cpp)
  kTriggerWaits = 117,   // source: a card whose trigger just fired (target: its target; other: its USER; count: the
                         // trigger's index), its effects waiting for answers (effects/triggers/cancel.cpp,
                         // JustPlayed.triggers_fired: ANTIDOTE)
  kBorrowedText = 118,   // source: the card lending; target: a warrior with the abilities of card `other` (its CardInst::def
                         // is then a card made of both: effects/lasting/borrowed.hpp); count: the def it had before;
                         // times: 1 while a combat lasts (PANIC BUTTON), 2 while THE FIRST AMENDMENT holds, 0 while the
                         // source stays in play (PLAGIARIZE)
  // Reserved for the session of 2026-11-30 (thirteenth): 104-111 combat helper (cb), 112-119 Outpost helper
  // (tr), 98, 99, 103, 120-127 reactions and copies. Unused codes below kLockEnd are never written.
  kLockEnd = 128  // one past the last code
};

// Codes a marker's `seat` may carry instead of a seat.
constexpr uint8_t kNoTurnEnds = 0xFF;    // no turn's start removes the marker (leaving play or its window does)
constexpr uint8_t kBoastSeat = 0xFE;     // a boast made this turn (effects/effects.hpp, BOASTS)
constexpr uint8_t kOrderWaiting = 0xF0;  // + a seat: an order waits for that seat's next turn

}  // namespace dt::detail
