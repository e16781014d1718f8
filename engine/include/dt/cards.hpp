// Card definitions as the rules engine sees them: plain facts plus the plain
// effects the engine core understands. Loaded from the protobuf text files in
// cards/ by the dt_cards library (engine/cards/); the engine itself never parses.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "dt/rules.hpp"

namespace dt {

enum class HandlerId : uint8_t;  // a registered handler (dt/handlers.hpp)

enum class CardType : uint8_t {
  Warrior, Equipment, Special, Fortification, Art, Symmetry, Mission, Relic,
  Warzone, Ki, Beast, Alliance
};

enum class Affil : uint8_t {
  General, Bauhaus, Capitol, Cybertronic, Imperial, Mishima, Brotherhood,
  Legion, Crescentia, Lutheran, Rasputin, Templars
};
using AffilMask = uint16_t;
constexpr AffilMask bit(Affil a) { return AffilMask(1u << unsigned(a)); }
constexpr AffilMask kCorporations = bit(Affil::Bauhaus) | bit(Affil::Capitol) |
                                    bit(Affil::Cybertronic) | bit(Affil::Imperial) |
                                    bit(Affil::Mishima);
constexpr AffilMask kTribes = bit(Affil::Crescentia) | bit(Affil::Lutheran) |
                              bit(Affil::Rasputin) | bit(Affil::Templars);

enum class PostPlay : uint8_t { None, Attach, Discard, Annihilate };
enum class Tactic : uint8_t { Fight, Shoot };
enum class WeaponKind : uint8_t { None, Fight, Shoot, FightShoot, Special };
// Aside: a warrior SET ASIDE from its player's Squad and Kohort (printed LOCAL THUG), a place of its own.
enum class Area : uint8_t { Squad, Kohort, Outpost, Aside };
using AreaMask = uint8_t;
constexpr AreaMask bit(Area a) { return AreaMask(1u << unsigned(a)); }

// Designations the core rules act on. Others stay as free strings in
// CardDef::designations (FOLLOWER OF ALGEROTH, BLOOD BERET, ...).
enum Keyword : uint32_t {
  kwPersonality = 1u << 0,
  kwSlayer = 1u << 1,
  kwFirstStrikeFight = 1u << 2,  // FIRST STRIKE during Fight combats
  kwFirstStrikeShoot = 1u << 3,  // FIRST STRIKE during Shoot combats
  kwAssassin = 1u << 4,
  kwNoncombatant = 1u << 5,
  kwMortificator = 1u << 6,
  kwFreelancer = 1u << 7,
  kwHeretic = 1u << 8,
  kwBlessed = 1u << 9,
  kwProfane = 1u << 10,
  kwArtImmunity = 1u << 11,
  kwMinorSymmetryImmunity = 1u << 12,
  kwCompleteSymmetryImmunity = 1u << 13,
  kwArmor = 1u << 14,    // equipment: ARMOR (one per warrior)
  kwVehicle = 1u << 15,
  kwAirship = 1u << 16,
  kwDoomtrooper = 1u << 17,  // General-affiliation warrior that works with the Doomtroopers
  // Abilities from the effect vocabulary (docs/effects.md); card files name them as
  // designations, and static modifiers may grant them.
  kwSlayerFight = 1u << 18,        // SLAYER (FIGHT): its wounds kill in Fight combats
  kwNoCover = 1u << 19,            // NO COVER: may never seek cover
  kwNoEquipment = 1u << 20,        // NO EQUIPMENT: may not be equipped
  kwNoFortBenefit = 1u << 21,      // NO FORTIFICATIONS: refuses fortification bonuses
  kwIgnoreEnemyForts = 1u << 22,   // IGNORES FORTIFICATIONS: its opponent gets none
  kwDiesWhenWounded = 1u << 23,    // DIES WHEN WOUNDED
  kwAnnihilateKills = 1u << 24,    // ANNIHILATES: its victims are annihilated
  kwCountsAsFort = 1u << 25,       // FORTIFICATION (equipment considered one)
  kwNoFightAttack = 1u << 26,      // NO FIGHT ATTACK: may not attack in Fight
  kwHandgun = 1u << 27,            // HANDGUN: two may be used together
  kwUpperHand = 1u << 28,          // UPPER HAND: strikes first, a wound ends the combat
  kwFreeMuster = 1u << 29,         // FREE MUSTER: mustering it costs no action
  kwNoWound = 1u << 30,            // CANNOT BE WOUNDED: hits and wound effects do nothing
  kwNotAttackable = 1u << 31,      // CANNOT BE ATTACKED
};
constexpr uint32_t kwFirstStrike = kwFirstStrikeFight | kwFirstStrikeShoot;

// What a VEHICLE forbids its warrior while the warrior is inside it.
enum class VehicleRestricts : uint8_t { Nothing, Weapons, Equipment };

struct StatBonus {
  int8_t f = 0, s = 0, a = 0, v = 0;
  bool empty() const { return f == 0 && s == 0 && a == 0 && v == 0; }
};

// A fortification's flat bonus: to the builder's warriors that match.
struct FortEffect {
  AreaMask build_in = 0;          // where it may be built
  bool whole_force = false;       // all your matching warriors (cities), else only same area
  AffilMask affects_affil = 0;    // 0: any affiliation
  std::string affects_designation;  // "" : any; e.g. "FOLLOWER OF ALGEROTH"
  StatBonus bonus;
  bool when_attacked = false;  // the bonus only for the defender of a combat
  bool per_stored = false;     // the bonus once more for each card kept under it
};

// ---- The effect vocabulary (docs/effects.md); mirrors protocol/dtref/cards.proto ----

enum class Side : uint8_t { Any, Yours, Enemy, Others };

// Which warriors something applies to; default-constructed matches every warrior.
struct WarriorFilter {
  AffilMask affil = 0;       // any of these (effective affiliations)
  AffilMask not_affil = 0;   // none of these
  std::string designation;   // must have it; "" any
  bool doomtrooper = false, legion = false, non_personality = false;
  bool wounded = false, in_cover = false;
  Side side = Side::Any;     // relative to the source card's controller
  AreaMask area = 0;         // in one of these combat areas; 0 any
  uint8_t protection = 0;    // 1: a fortification protects it, 2: none does; 3: a fortification
                             // of its player stands in its area, 4: none does
  bool combatant = false;    // the attacker or defender of the current combat
  bool defending = false;    // the defender of the current combat
  bool vs_legion = false;    // in a combat against a Dark Legion warrior
  uint16_t card_types = 0;      // cards of a pile: one of these types (bits of CardType); 0 any
  uint16_t not_card_types = 0;  // cards of a pile: none of these types
  bool other = false;        // targets: not the source card itself, nor the warrior it is on
  bool riding_beast = false; // has a Beast
  bool in_vehicle = false;   // inside its VEHICLE, or considered a VEHICLE
  std::string is_or_carries;  // has this designation or carries a card with it: IMPERIAL SOUTHPAW
  std::string protected_by;  // a fortification with this designation protects it; "" no test
  bool same_camp_as_user = false;  // ability targets: not of the other camp (Doomtrooper / Dark Legion) than the user
  bool shares_affiliation_with_user = false;  // ability targets: shares an affiliation with the user (PANIC BUTTON)
  std::string card_designation;    // equipment, gift, attached-Special targets: the card itself has it
  std::string gift_of;       // cards: a Dark Symmetry gift of this apostle; "" no test
  std::string not_designation;  // must not have it; "" no test
  bool healthy = false;      // has no wound
  int8_t min_v = 0;          // modified V at least this; 0 no test
  bool weapon = false;       // cards: a weapon
  bool carries_weapon = false;  // carries a weapon
  int8_t max_v = -1;         // modified V at most this; -1 no test
  bool base_v = false;       // min_v and max_v read the base V (base_stats), not the modified one
  bool beast = false;        // rides a Beast or is designated BEAST
  bool marked = false;       // a warrior the source card remembers (State::marks)
  bool from_warzone = false; // the defender of a combat, defending from a Warzone
  bool imprisoned = false;   // another's prisoner (effects/lasting/prison.hpp)
  bool gives_to_others = false;  // its own text gives other warriors rating modifiers or abilities
                                 // (effects/modifiers/text_off.hpp: INCONVENIENT PHONE CALL's target)
  std::vector<WarriorFilter> none_of;  // matches none of these
  std::vector<WarriorFilter> any_of;   // matches one of these at least (when any)
  bool marked_affiliation = false;     // a modifier's `who`: shares an affiliation with a warrior its card remembers
  bool attached = false;               // cards in play: attached to another card
  std::string uses_vehicle;            // the VEHICLE it uses (or itself, considered one) has this designation
  uint8_t using_weapon = 0;            // in its combat it strikes with a weapon of one of these kinds (bits of WeaponKind)
  std::vector<WarriorFilter> vs;       // (when any) in a combat against a warrior matching the first
};

// Who may receive a card (GIVE TO ...). Empty masks mean "any".
struct GiveTo {
  AffilMask affil = 0;        // warrior must have one of these affiliations
  bool doomtrooper = false;   // warrior must be a Doomtrooper
  bool legion = false;        // warrior must be Dark Legion
  std::vector<std::string> designations;  // warrior must have one of these (empty: any)
  std::optional<WarriorFilter> who;       // warrior must also match this (DEATH ANGEL: base V 3 or less)
};

enum class Scope : uint8_t { Self, Bearer, Opponent, YourWarriors, AllWarriors, Combatants,
                             HostReach,  // a card on a host: the warriors its host reaches (docs/effects.md "Hosts")
                             ItsPlayer,  // no warrior: the card's player has the immunities it grants (UNTOUCHABLE)
                             Afflicted,  // the warriors the card has afflicted (Effect AFFLICT: a POISON's lasting effect)
                             Aboard };   // the warriors aboard this card (Card.holds: a carrier; effects/lasting/carriers.hpp)

// Who may attack whom (docs/effects.md "Attack rules"); mirrors cards.proto's AttackRule. A StaticMod
// carrying one binds the warriors it reaches, as attackers or (as_defender) as the ones attacked.
struct AttackRule {
  enum class Kind : uint8_t { Forbid, Allow, Only, Price };
  enum class While : uint8_t { Always, IfAble, InPlay };
  Kind kind = Kind::Forbid;
  bool as_defender = false;
  std::optional<WarriorFilter> other;  // the warrior on the other side matches
  uint8_t tactics = 0;                 // bit 0 Fight, bit 1 Shoot; 0 both
  bool lower_v = false;                // the defender's V is lower than the attacker's
  bool unless_alone = false;           // Forbid: not while the bound warrior is alone in its area
  std::vector<WarriorFilter> alone_ignores;  // ... these others not counted
  While only_while = While::Always;
  int16_t cost_d = 0, cost_p = 0;
  int8_t actions = 0;
  int8_t chosen = 0;  // only while its card remembers this alternative (1-based) as chosen
};

// A change of base ratings (docs/effects.md "Base ratings"); mirrors cards.proto's BaseRatings.
struct BaseRatings {
  enum class How : uint8_t { Set, Times, HalfUp, Highest, Swap, Plus };
  uint8_t stats = 0;  // bit 0 F, 1 S, 2 A, 3 V
  How how = How::Set;
  int8_t value = 0;
  std::optional<WarriorFilter> per_warrior;  // Set: value times the matching warriors of its area
  bool modified = false;  // applied to the modified ratings, after every modifier
};

// Attachments giving more than printed (docs/effects.md); mirrors cards.proto's AttachmentTimes.
struct AttachmentTimes {
  int8_t times = 1;
  uint8_t weapon_kinds = 0;  // bits of WeaponKind; 0 any weapon
  std::string designation;   // weapons with this designation
  bool marked = false;       // the weapon its card remembers
  bool beast = false;        // its Beast's ratings, not its weapons
  AffilMask affil = 0;       // (when set) only attachments of one of these affiliations (THE HOWLING IS UPON US's Beasts)
};

// A continuous modifier: while its card is in play (or attached), the warriors
// in `scope` that match `who` get `bonus` and the keywords in `grant`.
// A substitute defender (cards.proto Substitute; combat/substitute.cpp).
struct Substitute {
  uint8_t tactics = 0;  // bit 0 Fight, bit 1 Shoot; 0 both
  WarriorFilter protects;
  bool assigned = false;
  bool assign_same_area = false;  // assigned only to a warrior of the guard's combat area
  int16_t reassign_cost_d = 0;
  bool wounded_after = false;
};

// What its warriors' spells cost (docs/effects.md "Spell prices"); mirrors cards.proto's SpellPrice.
struct SpellPrice {
  uint8_t aspects = 0;      // spells of these aspects (ArtAspect bits); 0 any
  int8_t d_counts = 1;      // each D the caster spends counts this many times
  int8_t price_times = 1;   // the price is this many times more
  bool in_combat = false;   // only while a combat is under way
  std::optional<WarriorFilter> target;  // only spells cast on a warrior matching it
  int8_t spend_cap = 0;     // D a warrior may spend on such spells between two Draw steps of the card's player; 0 no cap
};

// A Muster in the place of warriors discarded (cards.proto SwapMuster, actions/muster.cpp).
struct SwapMuster {
  WarriorFilter replaces;
  int8_t count = 2;
  int8_t base_v = 0;  // its base V for good once mustered so; 0 unchanged
  bool only = false;  // no ordinary Muster
};

// Fewer (or more) actions for the plays of its player's cards with a designation (cards.proto PlayPrice).
struct PlayPrice {
  std::string designation;   // the cards it reaches (RITUAL)
  int8_t actions = 0;        // added to the play's actions, never below 0 (PALANQUIN AIRVESSEL: -1)
  bool free_any_time = false;  // a play left at 0 actions may be made at any time, not only as an action
};

struct StaticMod {
  Scope scope = Scope::Self;
  WarriorFilter who;
  bool exclude_self = false;
  bool in_combat = false;
  bool attacking = false;
  uint8_t tactics = 0;            // bit 0 Fight, bit 1 Shoot; 0 both
  std::optional<WarriorFilter> vs;  // the combat opponent must match
  uint8_t min_count = 0;          // that many of your matching warriors in the same area
  StatBonus bonus;
  bool per_marker = false;        // the bonus counts once per marker on its card (card_markers.hpp)
  bool per_stored = false;        // the bonus counts once per card kept under its card (actions/storage.hpp)
  std::shared_ptr<const PlayPrice> play_price;  // its player's plays cost other actions (not a rating change)
  uint32_t grant = 0;             // keyword bits
  std::vector<std::string> grant_designations;
  uint8_t casts = 0;              // Art aspects granted
  bool same_area = false;         // only in the source card's combat area
  std::optional<WarriorFilter> for_each;  // bonus per other matching warrior in the area
  uint8_t opponent_base = 0;      // in combat: + the opponent's printed ratings (bit 0 F, 1 S, 2 A, 3 V)
  bool sergeant_group = false;    // only the group assigned to this SERGEANT (docs/effects.md)
  AreaMask source_area = 0;       // only while its source (or the warrior it is on) is in one of these areas; 0 any
  std::shared_ptr<const AttackRule> attack;  // not a rating change: who may attack whom (combat/permissions.hpp)
  std::shared_ptr<const BaseRatings> base;   // a change of base ratings (combat/standing.cpp, base_stats)
  int8_t kills_over_a_times = 0;  // its hits kill when its attack rating is over this many times the opponent's A
  int8_t chosen = 0;              // only while its card remembers this alternative (1-based) as chosen
  std::shared_ptr<const AttachmentTimes> attachment_times;  // its warriors' attachments give more
  bool no_armor = false;      // scope Opponent: the combat opponent's ARMOR gives it nothing
  uint8_t no_weapons = 0;     // scope Opponent: the combat opponent uses no weapon of these kinds (bits of WeaponKind)
  std::string while_using;    // only while its card's warrior uses a card of this designation in its combat (WOLFE)
  // Aimed attacks (docs/effects.md): its card offers attacks of this many actions; it holds only in such an attack
  // made through its card (actions/aimed.cpp). per_extra_action: more may be spent, the bonus once per action from
  // the aimed_actions-th on.
  uint8_t aimed_actions = 0;
  bool per_extra_action = false;
  // A combatant's fate once its combat is over (combat/fates.hpp): 1 killed, 2 annihilated; points: 0 none,
  // 1 to its opponent's player, 2 only if that opponent hit it.
  uint8_t after_combat = 0;
  uint8_t after_combat_points = 0;
  // Attacks and cover (actions/cover_attack.hpp): 1 from cover, 2 exit and attack as one, 3 in the turn it exited;
  // cover_attack_tactics: bit 0 Fight, bit 1 Shoot (0 both).
  uint8_t cover_attack = 0;
  uint8_t cover_attack_tactics = 0;
  std::shared_ptr<const SpellPrice> spell_price;  // (when set) what the warriors' spells cost them (effects/art.cpp)
  uint32_t revoke = 0;            // keyword bits the warriors lose while it holds (KANJI'S LUCKY SENSE: the opponent's
                                  // FIRST STRIKE)
  std::optional<WarriorFilter> bearer;  // only while the warrior its card is on (or the card, a warrior) matches
  bool like_aboard = false;       // only while a warrior is aboard its card (a carrier), for warriors sharing an
                                  // affiliation with one aboard (WATCH TOWER)
};

enum class Timing : uint8_t { None, Combat, AnyTime, YourTurn, Action, YourDrawStep, AfterCombat, YourTurnEnd, AnyDrawStep, OthersTurn,
                              CombatBegins };
enum class After : uint8_t { Nothing, YourAttackerSurvived, YouEarnedP, SomeoneEarnedP };
enum class TargetKind : uint8_t { None, Warrior, Combatant, Player, OpponentPlayer, Fortification, Equipment, Gift, Mission, YourCard, YourDrawPile, RecentAttacker, RecentEarner, AttachedSpecial, YourHand, OwnWeapon, YourSideBoard, Spell, Host, FoughtOpponent, JustKilled, Stored, CardInPlay, JustDiscarded };

// What a card may sit on besides a warrior (PlaySpec::host_kinds bits; cards.proto HostKind).
enum HostKind : uint8_t {
  hostWarzone = 1u << 1, hostArea = 1u << 2, hostVehicle = 1u << 3, hostRelic = 1u << 4,
  hostFortification = 1u << 5, hostEquipment = 1u << 6,
};

enum class Op : uint8_t {
  None = 0,
#define DT_OP(id, proto, number) id = number,
#include "dt/vocabulary/ops.def"
#undef DT_OP
};
enum class EquipTo : uint8_t { AnyLegalWarrior, OntoTarget, OntoUser };
// What a Suppress effect turns off (bits of Effect::suppress).
enum SuppressKind : uint8_t { suppressWarzones = 1u << 1, suppressFortifications = 1u << 2, suppressKi = 1u << 3 };
enum class Who : uint8_t {
  Target, User, You, TargetPlayer, EachPlayer, AllWarriors, AllCards, ThisCard,
  Picked = 90,                 // a Choice's pick (or a candidate left over)
  TargetPlayersWarriors = 91,  // the target player's warriors in play matching `filter`
  TargetsArea = 92,            // the warriors in play in the target warrior's area (its player's, that area alone)
  TargetsVehicle = 93,         // the VEHICLE the target warrior uses, or the warrior itself when considered one
  TargetsCards = 130,          // the cards on the target warrior matching `filter`, the card itself aside
};

// Ratings shared out anew (cards.proto ShareRatings; effects/modifiers/share.hpp).
struct ShareSpec {
  enum class Points : uint8_t { KeepSum, Bought, Traded };
  std::vector<uint8_t> stats;  // the ratings the points go to, in the order asked (0 F, 1 S, 2 A, 3 V)
  Points points = Points::KeepSum;
  int8_t from = -1;            // Traded: the rating given up (0 F, 1 S, 2 A, 3 V)
  int8_t rate = 1;             // Traded: what each point given up adds
  bool base = false;           // a change of base ratings, not a bonus
  bool for_good = false;       // while the card stays in play, not for the combat alone
};
// A warrior in play replaced by the one put into play (cards.proto Replace; effects/warriors/swap.hpp).
struct ReplaceSpec {
  enum class Whom : uint8_t { Target, User };
  Whom whom = Whom::Target;
  bool annihilated = false;        // the one replaced is annihilated, else discarded
  bool keeps_attachments = false;  // the cards on it move onto the new warrior where allowed
};
// A warrior converted for good (cards.proto Convert; effects/warriors/convert.hpp).
struct ConvertSpec {
  enum class Attachments : uint8_t { Illegal, All, OfLost };
  AffilMask set = 0;                      // its affiliations become these (0: its own)
  AffilMask revoke = 0;                   // ... less these
  AffilMask gain = 0;                     // ... and these added (VAC ENGINEER)
  std::vector<std::string> designations;  // designations it has from then on
  uint32_t keywords = 0;                  // the keyword bits among them
  Attachments attachments = Attachments::Illegal;
  bool minor_gifts = false;
};
// Every warrior of some kind attacking (cards.proto MassAttack; effects/attacks/mass.hpp).
struct MassAttackSpec {
  WarriorFilter attackers;
  std::optional<WarriorFilter> defenders;  // none: the card's target
  bool separate = false;
  bool optional = false;
};

struct Effect {
  Op op = Op::None;
  Who who = Who::Target;
  WarriorFilter filter;
  int16_t amount = 0;
  StatBonus bonus;
  std::string designation;  // AllCards: which cards (e.g. CITY); "" any of the kind
  HandlerId handler{};      // Op::Handler: which one (dt/handlers.hpp)
  std::vector<Effect> if_heads, if_tails;
  int16_t per_victim_v = 0;  // kill triggers: amount += this x the victim's V
  bool if_mutual = false;    // kill triggers: only if the victim had killed too
  uint8_t tactics = 0;       // only in a combat of these tactics (bit 0 Fight, 1 Shoot)
  int16_t per_recent_p = 0;  // amount += this x the P just earned
  bool reveal = false;       // TakeIntoHand: every player is shown the card
  int8_t at_least = 0;       // ExtraActions taking actions away: never below this many left
  bool lasting = false;      // ImmuneToPicked: until the start of your next turn, not this combat only
  uint8_t text_off = 0;      // TextOff: TextOffBits, what of the target's own text goes for good
  uint32_t grant = 0;        // LastingGrant: the keyword bits of `designation`
  bool in_user_area = false;  // PutIntoPlay, PlayAtOnce: in the user's combat area
  EquipTo equip_to = EquipTo::AnyLegalWarrior;  // PutIntoPlay of Equipment or a Relic
  bool with_attachments = false;  // ReturnToHand: its owner's attachments go with it
  bool attachments_to_hands = false;  // ReturnToHand: every attachment goes to its owner's hand
  std::optional<WarriorFilter> per_warrior;  // the amount counts once per matching warrior in play
  int16_t per_target_v = 0;   // amount += this x the target warrior's V
  int16_t per_user_v = 0;     // amount += this x the user's modified V (a mission's bearer, the killer)
  bool base = false;               // LASTING_BONUS: a lasting change of base ratings (SHORE LEAVE)
  bool for_target_player = false;  // PUT_INTO_PLAY: the target player's warrior, in its area (LAMB FOR THE SLAUGHTER)
  int16_t per_picked_v = 0;   // amount += this x the printed V of the card picked (or sacrificed as the price)
  int16_t per_target_d = 0;   // amount += this x the target player's D
  bool in_its_area = false;   // per_warrior: only cards in the source's combat area, of its player
  bool target_modified_v = false;
  bool halved = false;        // the amount is halved, rounded down, once everything is added (MUTINY)
  bool halved_up = false;     // the amount is halved, rounded up, once everything is added (ECONOMIC COLLAPSE)
  enum class Again : uint8_t { SameDefender, WoundedOne, AnotherDefender };
  Again again = Again::SameDefender;  // AttackAgain: against whom
  bool must = false;                  // AttackAgain: made if it can be
  bool crew = false;                  // reaches the warrior inside each card it would reach (a VEHICLE), not the card
  uint8_t suppress = 0;      // Suppress: SuppressKind bits
  uint8_t warzone_part = 0;  // ShareWarzone: 0 every rating, 1 the gains, 2 the penalties (cards.proto WarzonePart)
  uint8_t strike_with = 0;   // StrikeIntoCombat: bit 0 F, bit 1 S; 0 the combat's tactic
  std::shared_ptr<const ShareSpec> share;       // ShareRatings
  std::shared_ptr<const MassAttackSpec> mass;   // MassAttack
  std::shared_ptr<const ReplaceSpec> replace;   // PutIntoPlay: in a warrior's place
  std::shared_ptr<const ConvertSpec> convert;   // LastingGrant: a conversion for good
};

// A choice a card's text leaves to a player once the card is played
// (docs/effects.md "Choices"); mirrors cards.proto's Choice.
enum class ChoiceFrom : uint8_t { Alternatives, TargetPlayersHand, YourDiscardPile, TopOfYourDraw, TargetPlayersWarriors, CardsInPlay,
                                  YourPiles = 6, Players = 100, MissionRecipients = 101,
                                  TargetWarriorsCards = 7, JustKilledCarried = 110 };
// A pile a YourPiles choice searches, and the price of a card picked from it.
enum class Pile : uint8_t { Discard, Draw, Hand, SideBoard, Annihilated };
struct PileSource {
  Pile pile = Pile::Discard;
  int16_t cost_d = 0;
  int8_t v_times = 0;
  uint16_t card_types = 0;  // only cards of these types from this pile (bits of CardType; 0: any)
};
struct Alternative {
  std::vector<Effect> effects;
  int16_t cost_d = 0, cost_p = 0;
};
// D read from a card's V (cards.proto ValuePrice; effects/effects.hpp value_price).
struct ValuePrice {
  bool modified = false;  // its modified V while in play, else its printed V
  int8_t times = 1;
  bool half_up = false;   // halved, rounded up
};

struct ChoiceSpec {
  ChoiceFrom from = ChoiceFrom::Alternatives;
  bool target_player_chooses = false;
  int16_t picks = 0, picks_per_time = 0;  // both 0: any number
  bool may_stop = false;
  int16_t cost_d = 0;                     // D the chooser pays for each card picked
  std::optional<ValuePrice> pick_v;       // ... and D read from the picked card's V (BOLSTER YOUR FORCES)
  bool in_target_area = false;            // TargetPlayersWarriors: only those of the target warrior's combat area
  std::vector<Effect> on_pick, on_rest;
  WarriorFilter filter;
  std::vector<Alternative> alternatives;
  int16_t count = 0;                      // TopOfYourDraw: cards (and as many more per purchase)
  int8_t v_times_target = 0;              // picks: base V at least this many times the target's (0: no test)
  bool modified_v = false;                // ... comparing modified V instead
  bool repeat_picks = false;              // PLAYERS: a player picked stays a candidate
  std::vector<PileSource> piles;          // YourPiles: the piles searched
  bool target_players = false;            // YourPiles, TopOfYourDraw: the target player's piles, not yours
  int8_t pick_actions = 0;                // each pick costs its chooser this many actions of its turn
  bool keep_order = false;                // YourPiles: a draw pile searched is not shuffled after
  bool each_player = false;               // Alternatives: put to every player (others only with filter.other);
                                          // TargetPlayersWarriors: each player picks among its own warriors
  bool down_to_fewest = false;            // ... as many as it has beyond the fewest any player has (CARNAGE)
  bool one_pile = false;                  // YourPiles: the chooser first names one of the piles, only it searched
  bool at_most_target_v = false;          // picks: base V (modified_v: V) no higher than the target's
  bool one_each = false;                  // no two picks match the same one of `filter.any_of` (one of each kind)
  bool same_area = false;                 // every pick in the combat area of the first
};

// Play.after_kill: what kill just made a card may answer.
struct AfterKillSpec {
  std::optional<WarriorFilter> victim;  // the one killed matched it
  bool victim_higher_v = false;         // its V was higher than its killer's
  bool in_combat = false;               // killed in combat by its opponent
  bool by_your_warrior = false;         // its killer was a warrior of yours
};

struct PlaySpec {
  Timing timing = Timing::None;
  int8_t actions = 0;
  int16_t cost_d = 0;
  int16_t per_d = 0;      // "for every X D"; 0 = once
  int8_t max_times = 0;
  TargetKind target = TargetKind::None;
  WarriorFilter filter;
  std::optional<WarriorFilter> requires_warrior;  // you control a matching warrior
  std::optional<WarriorFilter> requires_card;     // some card in play matches
  std::vector<WarriorFilter> barred_by;           // not while a card in play matches one of these
  int16_t min_p = 0;
  std::vector<Effect> effects;
  bool stays = false;
  bool outside_combat = false;
  After after = After::Nothing;
  uint8_t weapon_kinds = 0;  // Equipment targets: bits of WeaponKind; 0 any card
  int8_t skip_top = 0;       // YourDrawPile targets: not the top this many cards
  uint8_t in_tactics = 0;    // only in a combat of these tactics (bit 0 Fight, 1 Shoot); 0 any
  bool pay_opponent_v = false;  // Combatant targets: also pay its combat opponent's V in D
  std::optional<ValuePrice> target_v;  // also pay D read from the target card's V (value-based amounts)
  bool tactical = false;        // one of its actions is the turn's Tactical action
  bool turn_start = false;      // your turn, before any action; one of its name a turn (INITIATIVE)
  std::optional<ChoiceSpec> choice;  // a choice left to a player once it is played (after `effects`)
  bool zero_times = false;      // "for every X D" may be bought no times (x0)
  bool team_game = false;       // only in a game with teams
  std::optional<AfterKillSpec> after_kill;  // played only right after a matching kill (effects/triggers/reactions.hpp)
  int8_t cost_per_target_v = 0; // also pays this many times the target warrior's modified V in D
  bool cost_target_base_v = false;  // ... its base V instead
  uint8_t host_kinds = 0;       // TargetKind::Host: the kinds of host (HostKind bits)
  WarriorFilter host_filter;    // ... and which: card_designation, side, area
  bool host_one_copy = false;   // ... holding no copy of this card yet
};

struct Ability {
  Timing timing = Timing::None;
  int8_t actions = 0;
  int16_t cost_d = 0;
  int16_t per_d = 0;
  int16_t cost_p = 0;  // P paid to use it
  bool discard_self = false;
  bool user_wounded = false;
  bool once_per_combat = false;
  bool target_in_user_area = false;
  bool annihilate_self = false;
  uint8_t tactics = 0;  // only in combats of these tactics (bit 0 Fight, 1 Shoot); 0 any
  AreaMask user_area = 0;  // only while its user (or the card itself) is in one of these areas; 0 any
  bool outside_combat = false;
  TargetKind target = TargetKind::None;
  WarriorFilter filter;
  std::optional<WarriorFilter> sacrifice;  // the price: one of your matching warriors is discarded
  bool user_open = false;  // only while its user is not in cover
  std::optional<WarriorFilter> user;  // only while its user matches (CASTIGATOR BATTLESPEAR: a VALKYRIE)
  std::optional<ValuePrice> target_v;  // also pay D read from the target warrior's V
  std::string carries;        // only while its user carries `carries_count` cards with this designation
  int8_t carries_count = 0;
  int8_t markers = 0;         // the price: this many markers taken off the card (none left: not offered)
  bool from_discard = false;  // used only while the card lies in its owner's discard pile (LUNA MEMORIAL HOSPITAL)
  int8_t uses_per_turn = 0;   // (when set) used at most this many times in each of its player's turns
  bool any_combat = false;    // DURING_COMBAT: any combat, its warrior fighting in it or not
  int8_t actions_or_tacticals = 0;  // (when set) its price in actions, extra Tactical actions counting (DON'T CALL AGAIN!)
  bool after_first_strike = false;  // COMBAT_BEGINS of a combatant: against a FIRST STRIKE, its picks done after that strike
  std::vector<Effect> effects;
  std::optional<ChoiceSpec> choice;  // asked once its effects ran, as a played card's (SHRIEK)
};

enum class When : uint8_t { None, YourDraw, AfterCombat, Killed, Kills, Wounds, YourDiscard, NoDestiny = 20,
                            Held = 100, Builds = 101, FortificationLost = 102, MadeHeretic = 103,
                            EntersPlay = 120, Imprisons = 121, RemovesCard = 122, Lacks = 123,
                            CardPlayed = 124, FullTurn = 125 };
struct Trigger {
  When when = When::None;
  std::vector<Effect> effects;
  std::optional<WarriorFilter> victim, killer;
  bool victim_last_in_area = false;
  bool any_killer = false;  // a warrior's KILLS trigger that watches every matching killer
  bool victim_marked = false;    // KILLS: only the warrior the card chose (State::marks)
  bool killer_survives = false;  // KILLS: the killer does not die in that combat
  std::vector<WarriorFilter> hold;  // HELD: each met by one of its player's warriors in play
  bool only_without_d = false;      // YOUR_DRAW: only when its player has no D
  // WOUNDS (effects/triggers/wound_triggers.hpp): a combat's blow wounded a warrior matching `victim`, struck by one
  // matching `killer` (both relative to the card's player); `killer_survives`: the striker lives through the combat.
  bool or_kills = false;       // WOUNDS: a blow that killed counts too
  bool target_killer = false;  // WOUNDS: the effects' TARGET is the warrior that struck, not the one struck
  bool optional = false;       // its player may let it go: asked `choose c<target>` or `choose done` first
  bool bearers_player = false; // YOUR_DRAW on an attachment: at the Draw step of its warrior's player (SNIPERS!)
  bool owners_turn = false;         // YOUR_DRAW: at its owner's Draw step, wherever it lies (COMBAT FATIGUE)
  bool victim_bearer = false;       // WOUNDS on an attachment: the warrior struck is the one it is on
  int16_t cost_d = 0;               // an optional trigger: D its player pays to take it
  bool every_player = false;        // YOUR_DRAW: at every player's Draw step, TARGET_PLAYER the one drawing
  int8_t chosen = 0;                // only while the card remembers this alternative; 0 always
  bool for_owner = false;           // mission events: YOU is the card's owner, not the player it lies before
  int8_t cost_p = 0;                // an optional trigger: P its player pays to take it
  // WOUNDS on a weapon's add-on (effects/lasting/afflictions.hpp): only a blow struck by the warrior carrying that
  // weapon, the weapon used in that combat; `instead`: the blow wounds no one, the effects running in its place.
  bool by_weapon = false;
  bool instead = false;
  uint8_t tactics = 0;                    // only in a combat of these tactics (bit 0 Fight, 1 Shoot); 0 any
  std::optional<WarriorFilter> pick;      // its player picks a warrior matching this: the effects' TARGET
  std::vector<Effect> otherwise;          // with `pick`: run instead when no warrior matches
  std::optional<ChoiceSpec> choice;       // KILLS / KILLED: a choice put as it fires (effects/triggers/kill_choice.hpp)
  bool by_your_warrior = false;           // KILLS with any_killer: only a kill by a warrior of the card's player
};

// Art aspects, as bits of CardDef::casts; an Art card has exactly one.
enum ArtAspect : uint8_t {
  artChangeling = 1u << 0, artElements = 1u << 1, artExorcism = 1u << 2, artKinetics = 1u << 3,
  artManipulation = 1u << 4, artMentalism = 1u << 5, artPremonition = 1u << 6, artSummoning = 1u << 7, artAll = 0xFF,
};
enum class SpellKind : uint8_t { None, Combat, Personal, AnyTime, Action };

enum class GiftLevel : uint8_t { None, Minor, MinorHeretic, Major };
struct GiftSpec {
  GiftLevel level = GiftLevel::None;
  std::string apostle;  // MAJOR: FOLLOWER OF <apostle>
  std::optional<WarriorFilter> only;
};

// An Alliance card's standing permission for its player (gEngine "PROCLAIM
// ALLIANCE" and the card's text): an action on matching warriors that may be
// taken in any timing window and/or for no action.
enum class PrivAction : uint8_t { Muster, BestowGift, BestowKi, Equip, Transfer };
struct Privilege {
  PrivAction action = PrivAction::Muster;
  WarriorFilter who;
  bool any_time = false;
  bool no_action = false;
  std::optional<WarriorFilter> cards;  // only cards from hand that match (the Equipment, gift, warrior given)
  bool any_card = false;     // Equip: whatever its GIVE TO; BestowGift: any Dark Symmetry card
  bool free = false;         // Muster: no V paid
  std::string while_carrying;  // only while its card carries a card with this name or designation
  bool repeatable = false;   // Transfer: not bound to once per warrior per turn
  bool keeps_limits = false; // with any_card: a gift limited to some warriors keeps its limit (KRITANA)
  bool copies_in_area = false;  // Muster: only a copy of a warrior of its player in the card's area (REPLICANT LAB)
  bool any_players = false;     // Equip: any player's warriors matching `who` (VAC ENGINEER)
};

// Designation filters. A card keeps one bit per designation it has (its name
// included): a hash of the text trimmed and upper-cased. The rules ask "has it
// X?" for nearly every card and almost always hear "no"; with the bit of X
// known at compile time (a DesigKey made from a string literal) that answer is
// a bit test, and only a set bit is confirmed by comparing the texts.
constexpr uint64_t designation_bit(std::string_view d) {
  auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  while (!d.empty() && space(d.front())) d.remove_prefix(1);
  while (!d.empty() && space(d.back())) d.remove_suffix(1);
  uint64_t h = 14695981039346656037ull;  // FNV-1a
  for (char c : d) {
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
    h = (h ^ uint8_t(c)) * 1099511628211ull;
  }
  return uint64_t(1) << (h >> 58);
}

// A designation named by a string literal in the rules, with its filter bit.
struct DesigKey {
  std::string_view text;
  uint64_t bit;
  template <size_t N>
  consteval DesigKey(const char (&t)[N]) : text(t, N - 1), bit(designation_bit(text)) {}
};

// Anything but a string literal (which makes a DesigKey): the texts are compared.
template <class S>
concept DesigText = std::is_convertible_v<const S&, std::string_view> && !std::is_array_v<S>;

// D a warrior puts toward a spell another warrior casts, discarded as the
// spell is cast (gEngine MYSTIC); d 0: none.
struct SpellFund {
  int8_t d = 0;
  CardType kind = CardType::Art;  // the type of card it pays toward
};

// Markers a card keeps on itself while in play (cards.proto Markers; effects/lasting/card_markers.hpp).
struct MarkerRules {
  int8_t start = 0;                 // put on as it enters play
  bool discard_when_empty = false;  // discarded once the last is taken off
  bool spell_fund = false;          // D its warrior spends on its own spells (POWER STABILIZER)
  int8_t buy_d = 0;                 // its player buys any number as it enters play, this many D each (0: none)
  int8_t cap = 0;                   // never more than this many (0: no limit); an ability adding one at the cap is not offered
  bool loads = false;               // a weapon used only with a marker on it, one taken off after each combat it is used in
  bool per_heal = false;            // one more for each wound its HEALS AT ONCE heals on its warrior (ADRENALINE IMPLANTS)
};

// Standing changes to turns while a card is in play (cards.proto TurnRules).
struct TurnRules {
  bool every_player = false;
  int8_t actions = 0;               // per turn; negative: fewer, never under one
  int8_t extra_tacticals = 0;       // Tactical actions beyond the turn's actions
  int8_t conversions = 0;           // standard actions that may be Tactical ones (-1: any number)
  std::optional<WarriorFilter> by;  // who takes the extra or converted ones
  bool bearer_only = false;         // ... only the warrior the card is on
  int16_t conversion_cost_d = 0;    // D a converted one costs
  bool tactical_keeps_step = false; // a Tactical action does not end the Actions step
  bool one_tactical = false;        // one Tactical action between a player's Draw steps
  int8_t discards = 0;              // cards discarded in each Discard step (0: the rules' one)
  int8_t extra_discard_d = 0;       // D each one more costs (0: none more)
  int8_t own_actions = 0;           // actions each turn only the warrior it is on takes (turn/own_actions.hpp)
  bool per_prisoner = false;        // `actions` once for each warrior the card holds prisoner (PRISONER WORK CAMP)
};

// What a card's AFFLICT leaves on a warrior besides its AFFLICTED modifiers (cards.proto Affliction).
struct AfflictionRules {
  bool until_healed = false;  // the affliction ends once the warrior is healed
  int8_t upkeep_d = 0;        // at each Draw step of the warrior's player: paid in D, or the warrior is killed
};

// A hand limit raised for each warrior of its player matching `per`, at most `max` (cards.proto HandBonus).
struct HandBonus {
  WarriorFilter per;
  int8_t max = 0;
};

enum class OneInPlay : uint8_t { Any, PerPlayer, InGame };

// Card.holds (cards.proto Holds): a card in a combat area that warriors of that area go aboard (a troop carrier,
// a WATCH TOWER, a PROTECTIVE WALL); docs/effects.md "Carriers".
struct HoldSpec {
  enum class Lost : uint8_t { Wounded, Killed };  // what befalls those aboard when the card is discarded
  int8_t capacity = 1;
  WarriorFilter filter;     // who may go aboard (besides being the card's player's, in its area)
  bool leave_free = false;  // leaving costs no action
  bool boards_on_build = false;  // built with a warrior of its area aboard (effects/lasting/carriers.hpp)
  bool swaps = false;            // full, one going aboard takes the place of one aboard
  Lost lost = Lost::Wounded;
};

// Card.merge (cards.proto Merge): warriors joining the one the card is on, counted as one (effects/warriors/merged.hpp).
struct MergeSpec {
  WarriorFilter joiner;
  bool namesake = false, same_area = false;
  int8_t actions = 0;   // 0: at any time, for none
  int8_t capacity = 0;  // the leader counted; 0: no limit
  int8_t per_extra = 0; // 0: every member's ratings added
  bool in_combat_only = false, outlasts_card = false;
};

// Player-level rules of D, P and draws while a card is in play (cards.proto EconomyRules).
struct EconomyRules {
  bool every_player = false;
  int8_t meditate_d = -1;   // -1: unchanged
  int16_t max_d = 0;        // 0: no cap
  int8_t max_draw = -1;     // -1: no cap
  int8_t d_per_draw = 0, d_per_special = 0, d_per_p = 0;
  bool shields_points = false;
  std::optional<WarriorFilter> half_muster;  // matching warriors are mustered for half their V, rounded up
  int16_t credit_d = 0;        // D its player may spend without having them, owed (effects/economy/ledger.hpp)
  int8_t credit_repay_d = 0;   // D paid for each D owed paid off
  AreaMask shield_areas = 0;   // shields_points only while the card is in one of these areas (0: any)
  bool shield_asks = false;    // shields_points: its player is asked, and may let another player's card through
};

// A VIRUS card's infections (cards.proto Virus, effects/lasting/virus.hpp).
struct VirusRules {
  StatBonus loss;
  bool worsens = false, spreads_at_once = false;
  int8_t fewer_draws = 0;
};

// A Special played together with another card of its hand (cards.proto PlayedWith, effects/plays.cpp).
struct PlayedWithSpec {
  std::vector<std::string> with;  // designations (or names) of the other card
  WarriorFilter target;           // the warriors that card may then be played on
  std::optional<WarriorFilter> infection_reaches;
};

// Markers a card's warrior gives its Fight opponents (cards.proto Contagion, effects/lasting/contagion.hpp).
struct ContagionRules {
  StatBonus loss;
  WarriorFilter catches, spreads_to;
  uint8_t tactics = 0;  // bit 0 Fight, bit 1 Shoot; 0 any
  int16_t removed_for_d = 0;
};

// What kills and sabotages pay while a card is in play (cards.proto AwardRule).
enum class Earning : uint8_t { Kills, Sabotages, Any };
struct AwardRule {
  Earning on = Earning::Kills;
  std::optional<WarriorFilter> killer, victim;
  bool by_bearer = false, killer_in_its_area = false, killer_defends_here = false, victim_defends_here = false;
  uint8_t tactics = 0;  // bit 0 Fight, bit 1 Shoot; 0 any
  bool other_apostle = false, against_its_player = false;
  int8_t times = 0, add = 0, d_times = 0;
  bool destiny_only = false, may_take_p = false;
};

// Rule families: card fields that some rule must look for while the card is in
// play. A game keeps the union over its cards (State::families), so a rule for
// cards a game does not hold costs it one bit test. Bits 32-63 are free.
enum RuleFamily : uint64_t {
  famTurnRules = 1ull << 0,
  famEconomy = 1ull << 1,
  famAwards = 1ull << 2,
  famAfterKill = 1ull << 3,  // a card answers kills just made: each kill is remembered until the next window closes
  famAnswers = 1ull << 4,    // a card in play may answer a card just played (Card::answers)
  famInstead = 1ull << 5,    // a card in play sends cards leaving play elsewhere than the discard pile (Card::instead)
  famAimed = 1ull << 6,  // a modifier with aimed_actions: its card offers attacks of several actions
  famSubstitute = 1ull << 7,  // a substitute defender
  famFates = 1ull << 8,       // a modifier with after_combat
  famCoverAttack = 1ull << 9, // a modifier with cover_attack
  famLoyal = 1ull << 10,      // a card makes its warrior NEVER CHANGES ALLEGIANCE (UNDYING LOYALTY)
  famSpellFund = 1ull << 11,  // a card's markers are D for its warrior's spells (POWER STABILIZER)
  famSurvivors = 1ull << 14,  // an AFTER_COMBAT trigger: a warrior that lives through a combat (GENDARME BESTAL)
  famSergeantShield = 1ull << 15,  // SHIELDS ITS WARRIORS FROM OTHER SERGEANTS (SERGEANT CARTER)
  famStorage = 1ull << 20,    // a card keeps cards under it (Card::storage; effects/storage/storage.hpp)
  famTakeControl = 1ull << 21,  // a card takes control (TAKE_CONTROL): control lent for a combat, cards carried at a death
  famProtects = 1ull << 22,     // a card protects others from being discarded (Card::protects)
  famPlayerImmunity = 1ull << 23,  // a mod of scope ITS_PLAYER: a player immune to some cards
  famWoundTriggers = 1ull << 24,   // a trigger on a combat's wound (When::Wounds)
  famSpellPrice = 1ull << 25,      // a modifier changing what spells cost (StaticMod::spell_price)
  famNoHeretics = 1ull << 26,      // a card keeps HERETICs out of play (NO HERETICS IN PLAY)
  famAreaShunned = 1ull << 27,     // a warrior never in an area with a named one (NEVER IN AN AREA WITH <card>)
  famTacticalBarred = 1ull << 28,  // a warrior has or is given PERFORMS NO TACTICAL ACTION / PERFORMS NO ATTACK
  famHandsShown = 1ull << 29,      // a card SHOWS ITS OPPONENTS' HANDS (observation.cpp: BEHOLD THE FUTURE POSSIBILITIES)
  famFromDiscard = 1ull << 18,     // an ability used from its owner's discard pile (Ability::from_discard: effects/abilities.cpp)
  famGlobalBans = 1ull << 13,      // a card forbids an action or a card type to everyone (NO SEEK COVER: actions/cover.cpp;
                                 // NO EQUIPMENT PLAYED: actions/equip.cpp)
  famCardPlayed = 1ull << 19,      // a CARD_PLAYED trigger, a hand_max or a hand_bonus (effects/triggers/card_played.hpp)
  famHealCounter = 1ull << 17,     // a card counts its warrior's heals in markers (MarkerRules::per_heal; card_markers.hpp)
  famAfflictions = 1ull << 31,     // an AFFLICT effect, a weapon's WOUNDS trigger (effects/lasting/afflictions.hpp)
  famRatingShield = 1ull << 16,    // a card keeps rating-lowering cards off a warrior (NO CARD LOWERING ITS RATINGS)
  famMissionEvents = 1ull << 12,   // a trigger ENTERS_PLAY, IMPRISONS, REMOVES_CARD or LACKS (effects/missions.cpp)
  famIntervene = 1ull << 32,       // a card strikes into another's combat (STRIKE_INTO_COMBAT: combat/intervene.hpp)
  famCombatTurns = 1ull << 30,     // a card shares ratings out anew (SHARE_RATINGS: effects/modifiers/share.hpp) or keeps
                                 // other cards out of a combat (SUPPRESS_OTHER_CARDS: combat/redirect.hpp)
  famJustDiscarded = 1ull << 42,   // a card answers a card just discarded (TARGET_JUST_DISCARDED: effects/triggers/intercept.hpp)
  famSabotageRules = 1ull << 43,   // a card changes sabotages (Card::sabotage: actions/sabotage.cpp)
  famInsteadAsked = 1ull << 44,    // an Instead rule asks its player (`may`: effects/triggers/intercept.hpp)
  famCarriers = 1ull << 40,        // a card holds warriors aboard (Card::holds: effects/lasting/carriers.hpp)
  famPileTops = 1ull << 48,        // a card SHOWS THE TOP OF EVERY DRAW PILE to its player (observation.cpp)
  famConverted = 1ull << 33,       // a card converts a warrior for good (LASTING_GRANT with convert: effects/warriors/convert.hpp)
  famNoAffiliation = 1ull << 34,   // a warrior NEVER GAINS AN AFFILIATION (effects/filters/queries.cpp)
  famWideImmunity = 1ull << 35,    // IMMUNE TO SPECIALS, AFFECTED ONLY BY ITS ATTACKER'S CARDS, NEVER ATTACKED IN FIGHT
                                   // (effects/filters/immunity.cpp)
  famTeamRules = 1ull << 41,       // a team-game card's rule: a truce, moves between team-mates (effects/economy/team_rules.hpp)
  famVehicleCover = 1ull << 49,    // a card lets its player's VEHICLEs take cover (cardtypes/vehicle.cpp: URBAN TACTICS)
  famPlayPrice = 1ull << 50,       // a modifier changes what its player's plays cost in actions (effects/costs/action_price.hpp)
  famFullTurn = 1ull << 52,        // a FULL_TURN trigger (effects/triggers/full_turn.hpp: SHORE LEAVE)
  famBaseGains = 1ull << 53,
  famPaidFor = 1ull << 54,         // a card PLAYED ON A WARRIOR JUST PAID FOR (effects/costs/repay.hpp: FOOL'S GOLD)       // lasting changes of base ratings (kBaseGain markers: SHORE LEAVE, GRIZZLY BATTLE TANK)
  famOwnActions = 1ull << 45,
  famAttachBans = 1ull << 46,
  famCopies = 1ull << 63,  // a card becoming a copy of another (effects/lasting/copies.hpp: JOKER!)
  famPileSearchAnswer = 1ull << 62,  // a Special ANSWERS A PILE SEARCH (effects/triggers/perception.hpp: OH YEAH?!)
  famStatAttackBan = 1ull << 61,  // warriors granted ATTACKS NO ONE WHO WOULD WOUND IT (combat/announce.cpp: CARTEL ENFORCEMENT)
  famEquipsOthers = 1ull << 47,    // a privilege to equip any player's warriors (Privilege::any_players: VAC ENGINEER)      // a card grants TAKES NO ATTACHMENT COSTING ACTIONS (actions/equip.cpp: DON'T CALL AGAIN!)      // actions only one warrior takes (TurnRules::own_actions, OWN_ACTIONS: turn/own_actions.hpp)
  famHeldWarriors = 1ull << 55,    // a card holds a warrior it struck, or sends a warrior's hit to its attachment (handlers
                                   // hold_struck_warrior, attachment_takes_wound: effects/warriors/held.hpp)
  famMarkedForKill = 1ull << 56,   // a card marks warriors to be killed by its player's wounds (handler mark_for_kill:
                                   // effects/warriors/held.hpp)
  famCombatSpare57 = 1ull << 57,   // not used yet: kept for the combat helper (cb)
  famWarzoneFree = 1ull << 51,     // a card grants DEFENDS FROM ANY WARZONE WHATEVER ITS AFFILIATION (cardtypes/warzone.cpp)
  famKeptD = 1ull << 38,           // D kept apart, spent on credit or shielded on request: KEEP_APART_D, EconomyRules credit_d
                                   // or shield_asks (effects/economy/ledger.hpp)
  famTurnedDown = 1ull << 39,      // a card shut down, sold at auction or answering a player reaching the target (SHUT_DOWN:
                                   // effects/lasting/shutdown.hpp; effects/choices/auction.hpp; turn/victory.hpp)
  famTextOff = 1ull << 36,         // a card switches a warrior's own text off (Card.text_off, TEXT_OFF), or keeps plus
                                   // modifiers off the warriors its player attacks (effects/modifiers/text_off.hpp)
  famJustTransferred = 1ull << 37, // a card PLAYED ON A WARRIOR JUST TRANSFERRED: Transfers are remembered until the
                                   // window closes (actions/transfer.cpp, effects/triggers/reactions.cpp)
  famSetAside = 1ull << 58,        // a warrior SET ASIDE from its player's Squad and Kohort (actions/muster.cpp, Area::Aside)
                                   // or one that ATTACKS AND IS ATTACKED BY ANY WARRIOR (combat/announce.cpp)
  famSideMoves = 1ull << 59,       // a warrior MOVES BETWEEN SQUAD AND KOHORT, or Tribal warriors open to the Squad and
                                   // Kohort (open_side_transfers: actions/transfer.cpp, cardtypes/warrior.cpp)
  famDefenderNamed = 1ull << 60,   // a card whose player NAMES ITS BEARER'S DEFENDER (effects/attacks/telepathy.cpp)
};

// RuleFamily's second word (CardDef::families2, State::families2), once every
// bit of the first was taken. Same contract: one bit test for a game without
// the cards. Reserved for the session of 2026-11-30 (thirteenth): bits 0-7 the
// combat helper (cb), 8-15 the Outpost helper (tr), 16-23 reactions and copies.
enum RuleFamily2 : uint64_t {
  fam2None = 0,
  fam2Contagion = 1ull << 8,  // Contagion: markers caught in Fight combats, passed on at Draw steps (PLAGUE BEARER)
  fam2PlayedWith = 1ull << 9,       // PlayedWith: a card of the hand changing another's play (MUTATED STRAIN)
  fam2HereticRevoked = 1ull << 10,  // a card taking HERETIC away, for good or while attached (TOUCHED BY THE LIGHT)
  fam2HereticMakers = 1ull << 11,   // DISCARDED WITH WHAT MAKES ITS WARRIOR A HERETIC (TOUCHED BY THE LIGHT)
  fam2StoredCasts = 1ull << 12,     // Storage::bearer_casts: spells cast from under a card (THE FALCON OF PILGRIMS)
  fam2Merged = 1ull << 13,          // Card::merge: warriors joined into groups counted as one (effects/warriors/merged.hpp)
  fam2OwnBegins = 1ull << 0,  // a combatant's COMBAT_BEGINS ability with a choice (combat/begins.hpp: YORAMA'S DEFLECTING HANDS)
  fam2WholeAssist = 1ull << 1,  // a reinforcement adding all of itself to a combatant (handler assist_whole: PANIC BUTTON)
  fam2CarriedMods = 1ull << 2,  // combat modifiers carried into a second attack (CardDef::attacks_carry_mods: AG-17)
  fam2SeveralAttacks = 1ull << 3,  // several attacks as one action, named one combat after another, combined
                                   // (CardDef::several_attacks above 2: actions/several_attacks.hpp, GRINDER)
  fam2TwoWeapons = 1ull << 4,      // USES TWO WEAPONS AS TWO ACTIONS (actions/two_weapons.hpp: WEAPONS EXPERT)
  fam2TwoAttacks = 1ull << 21,     // two attacks named at once as one action (CardDef::several_attacks 2:
                                   // actions/attack.cpp attack_options; AG-17, NIMROD AUTOCANNON, AQUABEAST)
  fam2FirstEncounter = 1ull << 5,  // a card its warrior's attackers meet first (combat/first_encounter.hpp: RAZOR
                                   // WIRE FENCE)
  fam2DoubledEffects = 1ull << 16,   // a card's effects doubled for a while (handler double_effects:
                                     // effects/modifiers/doubling.hpp: EXCRUTIATING POWER FLOW)
  fam2CoveredAttachments = 1ull << 17,  // a warrior whose IMMUNITIES COVER ITS ATTACHMENTS (effects/filters/immunity.cpp)
  // Checks resume() made at every step of play for every game (callgrind: 1,070 instructions a decision):
  fam2Memberships = 1ull << 24,  // a card RESTORES HOME CORPORATION, discarded once its warrior loses it (REINSTATEMENT:
                                 // effects/modifiers/membership.cpp check_memberships)
  fam2BorrowedText = 1ull << 18,  // a warrior with another card's abilities (effects/lasting/borrowed.hpp: PLAGIARIZE,
                                   // PANIC BUTTON)
  fam2ConsideredAbilities = 1ull << 19,  // WARRIORS HAVE THE ABILITIES OF THE CARDS THEY ARE CONSIDERED (THE FIRST AMENDMENT)
  fam2AnswersEffects = 1ull << 20,  // a card answering abilities used or triggers fired, from hand too (effects/triggers/
                                    // cancel.hpp: ANTIDOTE, AURA OF MYSTICAL RESISTANCE)
  fam2Twins = 1ull << 14,  // a card standing as a second copy of a warrior in play, the two sharing cards, effects,
                           // wounds and death (effects/lasting/twins.hpp: DOUBLE DUTY)
  fam2NoDestiny = 1ull << 25,    // a NO_DESTINY trigger: its player has no D left (effects/triggers/triggers.cpp)
};

// What of a warrior's own text a card switches off (cards.proto TextOff; effects/modifiers/text_off.hpp):
// bits of CardDef::text_off (while the card is on the warrior) and Effect::text_off (TEXT_OFF, for good).
enum TextOffBits : uint8_t {
  textOff = 1,                // its text is off: abilities, keywords and designations, the modifiers it gives
  textKeepsRestrictions = 2,  // ... but its restrictions still hold
  textToOthersOnly = 4,       // ... only what it gives other warriors (its own modifiers and abilities stay)
};

// Card.instead (cards.proto Instead): while the card is in play, a card about to be discarded or
// annihilated from play goes elsewhere (zones.cpp).
struct InsteadSpec {
  enum class Reach : uint8_t { Host, YourCards };
  enum class To : uint8_t { Discard, DrawPile, Hand, UnderThis, SamePlace, AreaWarrior };
  Reach reach = Reach::Host;
  WarriorFilter filter;                 // YourCards: which cards
  std::optional<WarriorFilter> bearer;  // only cards on a warrior of yours matching it
  bool discarded = false, annihilated = false;  // the moves it replaces
  bool bearer_killed = false;           // only as the warrior the card is on is killed
  bool not_own_bearer = false;          // not the cards on this card's own warrior
  To to = To::Discard;
  bool discard_self = false;            // then this card is discarded
  bool any_player = false;              // YourCards: every player's cards, not only its player's
  bool in_combat = false;               // only a warrior itself killed (or annihilated) in a combat
  bool bearer_discarded = false;        // only as the warrior it is on goes to the discard pile (not annihilated)
  bool may = false;                     // its player is asked, card by card (effects/triggers/intercept.hpp)
  bool not_own_use = false;             // not when the card's own use discards it
  bool taken = false;                   // SamePlace: control taken is refused too
  int16_t cost_d = 0;                   // may: D paid each time
  std::optional<WarriorFilter> yields;  // matching cards go by another card's rule first
};

// Card.sabotage (cards.proto SabotageRule; actions/sabotage.cpp): sabotages its warrior may make, or its
// player's answer to one.
struct SabotageRuleSpec {
  int8_t actions = 0;                    // as this many actions (0: as the rules say)
  bool despite_warriors = false;
  int8_t points = -1;                    // points earned (-1: half the saboteur's V)
  bool p_only = false;
  bool as_attack = false;                // printed: an attack on the player
  std::optional<WarriorFilter> defender;  // a warrior of the hand fights the saboteur in the player's place
  int8_t defender_v_times = 0;
  bool any_affiliation = false;
  std::optional<WarriorFilter> wounds_saboteur;  // a saboteur matching it may be wounded, the card discarded
};

// Card.storage (cards.proto Storage): cards kept under this one, in play but inert
// (effects/storage/storage.hpp). The prices in actions: -1 the way is closed, 0 at any
// time for no action, N as N actions of its player's Actions step.
struct StorageSpec {
  enum class Released : uint8_t { Discard, Annihilated, AsSent };
  int8_t capacity = 0;          // cards it holds at most; 0 no limit
  WarriorFilter holds;          // what it keeps (card types, designation)
  bool face_down = false;       // kept face down: its player alone knows them
  int8_t from_hand = -1;        // put from its player's hand
  int8_t from_warrior = -1;     // taken off a warrior of its player matching `warrior`
  int8_t to_warrior = -1;       // given to a warrior of its player matching `recipient` that may take it
  int8_t to_hand = -1;          // put back into its player's hand
  bool discard_any_time = false;  // its player may discard a card kept under it, at any time
  WarriorFilter warrior;        // the warriors from_warrior takes cards off
  WarriorFilter recipient;      // the warriors to_warrior gives cards to
  Released released = Released::Discard;  // where its cards go when it leaves play
  bool back_in_play = false;    // a warrior kept under it goes back into play, in the area it was taken from, as it leaves
  bool any_affiliation = false; // to_warrior gives Equipment whatever its GIVE TO and affiliation limits
  bool bearer_casts = false;    // its warrior casts a spell kept under it, once between Draw steps (FALCON OF PILGRIMS)
  int16_t cast_d = 0;           // D paid on top for such a cast
};

// Card.protects (cards.proto Protects): while the card is in play, the cards it protects are not discarded or
// annihilated by cards' effects (effects/filters/protection.hpp).
struct ProtectSpec {
  enum class Reach : uint8_t { Host, Area };
  Reach reach = Reach::Host;
  WarriorFilter filter;       // Area: which cards
  bool annihilation = false;  // annihilations too
};

// Card.answers (cards.proto JustPlayed): what card just played this card answers, at what price, and how.
struct AnswerSpec {
  uint16_t card_types = 0;    // bits of CardType of the card just played; 0 any
  bool on_bearer = false;     // played directly on this card's warrior or one of its attachments
  int16_t cost_d = 0;
  bool discard_self = false;  // a card in play is discarded to answer
  bool negate = false;        // the card just played does nothing and is discarded
  std::vector<Effect> effects;
  bool any_player = false;    // the player who played it may answer it too
  bool to_hand = false;       // it goes back to its player's hand once its effects are done (one bound for the discard pile)
  uint8_t retarget = 0;       // its effects go elsewhere: 1 to its caster, 2 to a legal target the answerer picks
  bool or_negate = false;     // with retarget: the answerer may negate it instead
  bool replay = false;        // the answerer then plays the card itself on a legal target it picks (PASS THE BUCK)
  std::vector<std::string> not_designation;  // not a card just played with one of these (its name counts)
  bool not_action = false;    // not a card played as actions
  bool not_staying = false;   // not a card that stays in play
  bool annihilate_self = false;  // a card in play is annihilated to answer (LUTHERAN DISCIPLE)
  bool healthy = false;          // a warrior answering only while it is not wounded
  std::vector<std::string> only_designation;  // only a card just played with one of these (its name counts)
  bool attaches = false;         // its play is the answer: onto a warrior its player picks (ASSAULT ENGINEER)
  bool answers_answers_by_negating = false;  // with replay: a card played in answer is negated, nothing replayed
  bool own_only = false;                     // only a card its own player played (ESSENTIAL SUMMONS)
  bool abilities_used = false;               // also an ability of a card of card_types used, its effects waiting (AURA OF
                                             // MYSTICAL RESISTANCE: a Dark Symmetry card's)
  bool triggers_fired = false;               // also a trigger of such a card firing, its effects waiting (ANTIDOTE)
  bool not_played = false;                   // not the card's play: its abilities and triggers alone
  bool opponents_only = false;               // only a card an opponent played, no team-mate's (STOLEN PAPERWORK)
};

// Aligned to a power of two so that indexing the card table (every State::def) is one
// shift whatever fields are added. At some sizes (3,968 bytes) GCC multiplies with a chain
// of shifts and subtractions: no slower than imul, but 6 % more instructions per decision,
// which hid real changes from the callgrind guard (docs/performance.md).
struct alignas(4096) CardDef {
  std::string code;  // DoomtrooperDB code, e.g. "01273"
  std::string name;  // e.g. "SEA LION"
  std::string set;   // expansion code: unl, inq, wz, mort, gol, apo, pl, promo
  CardType type = CardType::Special;
  AffilMask affil = 0;
  // Combat ratings (warriors; modifiers for beasts/warzones). nullopt = "–"
  // (the warrior cannot take part in that kind of combat).
  std::optional<int8_t> f, s;
  int8_t a = 0, v = 0;
  uint8_t deck_limit = 5;
  PostPlay post_play = PostPlay::None;
  uint32_t keywords = 0;
  std::vector<std::string> designations;
  // Both texts (docs/effects.md, "Two texts"). A CardDb holds one of them (its
  // `text`); `implemented` is the card as a whole and is the same in both.
  bool implemented = false;    // its gEngine and its printed text are both expressed
  bool expressed = false;      // this text is expressed
  bool audit_pending = false;  // expressed for gEngine before the two-text audit; printed not audited
  bool texts_differ = false;   // the printed card plays differently from the gEngine one
  std::string summary;         // this text in one line, our own words
  std::string missing;         // what of this text is not expressed ("" when it is)
  std::string ruling;          // what a ruling (rulings.md) decides for this card, and its source

  // Plain effects (engine core).
  WeaponKind weapon = WeaponKind::None;
  StatBonus bonus;          // equipment: to the bearer; combat special: to the target
  GiveTo give_to;
  std::optional<FortEffect> fort;
  bool combat_modifier = false;  // special: PLAY ON ANY WARRIOR DURING COMBAT, bonus for this combat

  // The effect vocabulary.
  std::vector<StaticMod> mods;
  std::optional<PlaySpec> play;
  std::vector<Ability> abilities;
  std::vector<Trigger> triggers;
  std::vector<Effect> on_attach;                // run as the card (a gift) is bestowed, on its warrior
  AffilMask grant_affil = 0;                    // attachment: bearer joins these
  AffilMask revoke_affil = 0;                   // attachment: bearer leaves these
  std::vector<std::string> grant_designations;  // attachment: bearer has these
  int8_t hand_limit = 0;                        // lying before its player: its hand limit
  int8_t hand_max = 0;                          // lying before its player: hand limit at most this, excess discarded at once
  int8_t copies_used = 1;                       // equipment: copies on one warrior that count at once
  uint32_t grant_keywords = 0;                  // keyword bits of grant_designations
  uint32_t revoke_keywords = 0;                 // attachment: keywords the bearer loses while it counts
  uint8_t casts = 0;                            // warrior: Art aspects (ArtAspect bits)
  uint8_t casts_personal = 0;                   // warrior: aspects of PERSONAL COMBAT SPELLs only
  uint8_t aspect = 0;                           // Art card: its aspect bit
  SpellKind spell = SpellKind::None;
  GiftSpec gift;
  bool mission_to_player = false;               // Mission (extension point)
  uint8_t doubles = 0;                          // vehicle: bit 0 F, 1 S, 2 A, 3 V
  uint8_t attach_to_weapon = 0;                 // weapon add-on: bits of WeaponKind
  VehicleRestricts restricts = VehicleRestricts::Nothing;  // vehicle: forbidden to its warrior inside
  AreaMask warzone_in = 0;                      // Warzone: the areas it may be added to
  std::optional<WarriorFilter> warzone_defenders;  // Warzone: who may defend from it
  HandlerId handler{};                          // registered C++ handler (dt/handlers.hpp)
  std::vector<Privilege> privileges;            // Alliance: what it lets its player do
  std::optional<WarriorFilter> sergeant;        // SERGEANT: whose group may be assigned to it
  std::shared_ptr<const Substitute> substitute;  // its warrior may defend in place of another (combat/substitute.cpp)
  std::shared_ptr<const SabotageRuleSpec> sabotage;  // sabotages changed (actions/sabotage.cpp)
  std::vector<std::string> exclusive_with;      // attachment: never on a warrior with one of these
  std::optional<WarriorFilter> muster_requires;  // warrior: mustered only while a card in play matches
  AreaMask muster_areas = 0;                    // warrior: the areas it may be mustered into (0: its usual one)
  std::shared_ptr<const SwapMuster> swap_muster;  // warrior: a Muster in the place of warriors discarded (GRIZZLY)
  int8_t ability_tax_p = 0;                     // attached: its host's abilities cost this many P more
  std::vector<std::string> displaces;           // lying before its player: its player's cards with one of these
                                                // go when it is played, and it goes when one of them is
  int16_t major_gift_cost_d = 0;                // warrior: major gifts of any apostle for this D
  std::optional<TurnRules> turn_rules;          // while in play: turns change
  OneInPlay one_in_play = OneInPlay::Any;       // copies in play at once
  int8_t max_in_play = 0;                       // (when set) copies a player may have in play (WATCH TOWER: 2)
  std::optional<EconomyRules> economy;          // while in play: D, P and draws change
  std::vector<AwardRule> award_rules;           // while in play: what kills and sabotages pay
  bool marked_discarded = false;                // with leaves_with_marked: once it lies in a discard pile (printed RAGE)
  bool leaves_when_marked_returns = false;      // discarded once a namesake of a warrior it remembers is in play (MARTYR)
  bool leaves_with_marked = false;              // discarded when a warrior it remembers leaves play
  std::optional<ChoiceSpec> enter_choice;       // warrior: its player's choice as it enters play (BRASS APOCALYPT)
  uint8_t weapon_used_in = 0;                   // weapon: the tactics it is used in, whatever its kind (bits); 0 its kind's
  SpellFund spell_fund;                         // warrior: D it gives toward another's spell (MYSTIC)
  VirusRules virus;                             // a VIRUS card: its infections
  std::shared_ptr<const ContagionRules> contagion;  // markers its warrior's opponents catch (PLAGUE BEARER)
  std::shared_ptr<const PlayedWithSpec> played_with;  // played together with another card of its hand (MUTATED STRAIN)
  std::shared_ptr<const AnswerSpec> answers;    // answers a card just played (effects/triggers/cancel.hpp); behind a
                                                // pointer to keep CardDef within 8 KiB
  std::vector<InsteadSpec> instead;             // while in play: cards leaving play go elsewhere (zones.cpp)
  std::optional<StorageSpec> storage;           // cards kept under it (effects/storage/storage.hpp)
  std::optional<ProtectSpec> protects;          // while in play: cards no effect discards (effects/filters/protection.hpp)
  int8_t equip_actions = 1;                     // Equipment or Relic: the actions its Equip costs (KEY-CODE SKULL: 2)
  AffilMask attach_to_weapon_of = 0;            // weapon add-on: only on weapons of these affiliations (CHAIN BAYONET)
  MarkerRules markers;                          // markers it keeps on itself (effects/lasting/card_markers.hpp)
  AfflictionRules affliction;                   // what its AFFLICT leaves on a warrior (effects/lasting/afflictions.hpp)
  std::shared_ptr<const HandBonus> hand_bonus;  // lying before its player: hand limit raised per matching warrior
                                                // (a pointer: CardDef stays within 8,192 bytes, docs/performance.md)
  std::shared_ptr<const HoldSpec> holds;        // warriors go aboard it (effects/lasting/carriers.hpp)
  std::shared_ptr<const MergeSpec> merge;       // warriors join the one it is on, one warrior (effects/warriors/merged.hpp)
  uint8_t text_off = 0;                         // attached: TextOffBits, what of its warrior's own text is off while
                                                // it stays (effects/modifiers/text_off.hpp)
  // Card.several_attacks (actions/several_attacks.hpp): attacks its warrior makes as one Attack action (0: one), the
  // F and S bonus for each attack combined beyond the first (0: none combined), every one on another defender, the
  // combat modifiers played on its warrior counted in the next.
  uint8_t several_attacks = 0, combined_attack_bonus = 0;
  bool attacks_different_defenders = false, attacks_carry_mods = false;
  int8_t several_attacks_tactic = -1;  // SeveralAttacks.tactic: the Tactic of every one of them (-1: any)
  // A card made in the game's own copy of the card table (State::local_db: a warrior with another card's abilities,
  // effects/lasting/borrowed.hpp), not one of the table it was copied from: its facts are that warrior's, not its
  // code's.
  bool made = false;
  int8_t first_encounter = -1;  // Card.first_encounter: the Tactic of the combats its warrior's attackers meet it
                                // first in (combat/first_encounter.hpp); -1: none

  // Filled by CardDb from the texts above (0: not filled, texts compared).
  uint64_t designation_bits = 0;  // designation_bit of the name and each designation
  uint64_t grant_bits = 0;        // designation_bit of each grant_designations entry
  uint64_t families = 0;          // RuleFamily bits of the fields it has
  uint64_t families2 = 0;         // RuleFamily2 bits of the fields it has
  // For each Scope, the kinds of modifier (ModWant bits, effects/effects.hpp) its mods of that
  // scope give: a rating query skips a card with nothing it wants at once (callgrind).
  std::array<uint16_t, 10> scope_wants{};

  bool has(uint32_t kw) const { return (keywords & kw) != 0; }
  bool has_designation(DesigKey d) const {
    if (designation_bits && !(designation_bits & d.bit)) return false;
    return has_designation_text(d.text);
  }
  template <DesigText S>
  bool has_designation(const S& d) const { return has_designation_text(d); }
  bool has_designation_text(std::string_view d) const;  // case-insensitive, trimmed
  bool may_grant(const DesigKey& d) const { return !designation_bits || (grant_bits & d.bit); }
};

class CardDb {
 public:
  CardDb() = default;
  explicit CardDb(std::vector<CardDef> defs);
  const CardDef& operator[](uint16_t i) const { return defs_[i]; }
  size_t size() const { return defs_.size(); }
  const std::vector<CardDef>& all() const { return defs_; }
  // A card made during a game (a warrior with another card's abilities, effects/lasting/borrowed.hpp), indexed
  // like the loaded ones; its index. Only on a game's own copy of the table (State::local_db).
  uint16_t add(CardDef d);
  std::optional<uint16_t> by_code(std::string_view code) const;
  std::optional<uint16_t> by_name(std::string_view name) const;  // case-insensitive
  // Name or code; nullopt if unknown.
  std::optional<uint16_t> find(std::string_view name_or_code) const;
  std::string version;  // content hash of the loaded card files
  // Some effect of card i makes an attack again right after a combat (ATTACK_AGAIN):
  // only a game holding one remembers who fought whom (effects/attacks/again.hpp).
  bool attacks_again(uint16_t i) const { return i < attacks_again_.size() && attacks_again_[i]; }

  // The cards as `t` plays them, index for index the same cards; a game holds
  // the view its Rules::card_text names, so the engine never asks which text.
  // Ask the database loaded (gEngine): its printed view cannot give it back
  // (throws std::logic_error).
  const CardDb& text(CardText t) const;
  CardText text() const { return text_; }
  // For the loader: the printed view of these cards.
  void set_printed(std::shared_ptr<const CardDb> printed) { printed_ = std::move(printed); }
  void set_text(CardText t) { text_ = t; }

 private:
  std::vector<CardDef> defs_;
  std::vector<uint8_t> attacks_again_;  // by definition index, compact: scanned over a game's cards
  std::shared_ptr<const CardDb> printed_;
  CardText text_ = CardText::GEngine;
};

inline const CardDb& CardDb::text(CardText t) const {
  if (t == text_) return *this;
  if (text_ == CardText::Printed)
    throw std::logic_error("CardDb::text: ask the gEngine card database, not its printed view");
  return printed_ ? *printed_ : *this;
}

std::string_view to_string(CardType);
std::string_view to_string(Affil);
std::string_view to_string(Area);
std::string_view to_string(Tactic);

}  // namespace dt
