// The engine's one decision interface: who decides, what the legal options
// are, apply one. Nothing is decided by callback.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dt/state.hpp"

namespace dt {

enum class OptKind : uint8_t {
  Pass,         // pass
  Keep,         // keep                   (Cardinal's Gift declined)
  Gift,         // gift                   (Cardinal's Gift claimed)
  Meditate,     // meditate
  Muster,       // muster c12
  MusterCover,  // muster-cover c12
  SeekCover,    // cover c12
  ExitCover,    // uncover c12
  Equip,        // equip c40 c12          (card, warrior)
  Build,        // build c50
  Attack,       // attack c12 c31 fight   (attacker, defender, tactic)
  Sabotage,     // sabotage c12 s1        (warrior, seat)
  Play,         // play c40 on c12        (card, target)
  Points,       // points p=4 d=2
  Discard,      // discard c7
  // The effect vocabulary (docs/effects.md):
  //   play c40 | play c40 on c12 | play c40 on s1 | ... x3   (a card from hand; xN: "for every X D" bought N times)
  //   cast c40 by c12 [on c31|s1] [x3]                        (an Art spell; c12 the caster)
  Use,          // use c12 [a1] [on c31|s1] [x3]          (an ability of a card in play; aN: its Nth ability)
  Bestow,       // bestow c40 c12         (Dark Symmetry gift, warrior)
  Transfer,     // transfer c12 outpost   (warrior, destination area in p)
  EnterVehicle, // enter c12              (warrior)
  ExitVehicle,  // exit c12               (warrior)
  Wrangle,      // wrangle c40 c12        (beast, warrior)
  Establish,    // establish c50 squad    (warzone, area in p)
  DefendFrom,   // defend-from c50        (combat step 3: the defender's warzone)
  DirectAttack, // attack c12 s1          (1st ed: attacking a player directly; b holds the seat)
  BestowKi,     // bestow-ki c40 c12      (Ki Power, Mishima warrior)
  Proclaim,     // proclaim c40           (Alliance card; at any time, no action)
  Assign,       // assign c12 c31         (SERGEANT, a warrior of the group assigned to it; at any time)
  AddD,         // add c40 x2             (more D for a "for every X D" spell cast in this combat)
  Choose,       // choose c12 | choose a1 | choose s1 | choose done   (a pick a card's text leaves: a card, the
                //                                         alternative p, or stopping, p = -1)
  DeclareAttack,  // declare-attack        (an attack action whose warriors are named after a window: INVOKE PAIN)
  Store,        // store c40 c50          (a card of the hand or on a warrior, put under the card c50 keeps them under)
  Unstore,      // unstore c40 c12 | unstore c40 hand | unstore c40 discard   (a card kept under another taken out:
                //                                       to a warrior, p 0; to the hand, p 1; discarded, p 2)
};

struct Option {
  // A constructor, not member initializers, sets the bit-fields: gcc 12 refuses
  // `out.push_back({kind, a})` for an aggregate whose bit-fields have initializers.
  constexpr Option(OptKind k = OptKind::Pass, CardId a_ = kNoCard, CardId b_ = kNoCard)
      : kind(k), a(a_), b(b_), tactic(Tactic::Fight), then(Tactic::Fight), to(Area::Squad) {}
  OptKind kind;
  CardId a;
  CardId b;
  // One byte for the three small members: legal_options builds and copies many
  // Options, and a larger one costs every decision (callgrind).
  Tactic tactic : 1;
  Tactic then : 1;  // Attack with p 2: the tactic of the second attack, on `c`
  Area to : 2;      // Transfer, Establish (and Build with p 1): the area the card goes to
  int8_t seat = -1;      // Play/Use: a player target
  // The kind's variant: Points: the P taken; Use: the ability's index; Choose: the
  // alternative or answer (-1: none); Equip: a VEHICLE put on with its warrior 1
  // inside, 2 outside; Attack: 2 followed by a second attack, 3 aimed (actions/aimed.hpp), 4 `n` attacks combined
  // (actions/several_attacks.hpp), 5 two WEAPONS `d` and `n` used at once, 6 WEAPON `d` then a second attack with
  // WEAPON `n` (actions/two_weapons.hpp); Build, and
  // Play on a player: 1 in (or on) the area `to`. Sabotage: b holds the target seat.
  int16_t p = 0;
  int16_t d = 0;         // Points: the D taken; Attack with p 5 or 6: the (first) WEAPON named
  CardId c = kNoCard;    // Play: the caster of an Art spell; Use: the warrior discarded to pay (VALERIE DUVAL, DAGGER OF SACRIFICE);
                         // Attack with p 2: the second defender
  int16_t n = 0;         // Play/Use/AddD: times a "for every X D" price is paid (0: none); Attack: p 3 the actions,
                         // p 4 the attacks combined, p 5 or 6 the second WEAPON named
  CardId mystic = kNoCard;  // Play: a MYSTIC of its player discarded toward the spell (gEngine MYSTIC)
  bool operator==(const Option&) const = default;
};

std::string to_text(const Option& o);

// Events: what happened, for logs, transcripts and observers.
enum class EventKind : uint8_t {
  GameStart, GiftClaimed, TurnStart, Draw, Meditate, Muster, MusterCover,
  SeekCover, ExitCover, Reveal, RevealPenalty, Equip, Build, Attack, AttackVoid,
  Play, Wound, Kill, Points, Sabotage, Discard, Pass, Eliminated, GameEnd,
  Use, Bestow, Effect,
  Transfer, EnterVehicle, ExitVehicle, Wrangle, Establish, DefendFrom, DirectAttack,
  VehicleLost,
  BestowKi, Proclaim, Assign, AddD,
  Choose,  // a player picks for a card's choice (a: the card, b: the pick, x: the alternative or -1)
  Store,   // card storage (a: the card, b: the card keeping it or the warrior taking it; x: StoreMove; y 1: face down)
};
struct Event {
  EventKind kind;
  int8_t seat = -1;
  CardId a = kNoCard, b = kNoCard;
  int32_t x = 0, y = 0;
};
std::string_view to_string(EventKind);
// promotion_target, decks_exhausted, no_warriors, turn_limit ("" while playing).
std::string_view to_string(EndReason);
// One line for a person; `viewer` < 0 means omniscient (names every card).
std::string describe(const State& s, const Event& e, int viewer = -1);

struct GameConfig {
  Rules rules;
  uint64_t seed = 0;
  std::vector<std::vector<uint16_t>> decks;  // card def indices, one deck per seat
  std::vector<std::vector<uint16_t>> side_boards;  // gEngine Side Boards, per seat (optional, may be shorter)
};

// What a State can hold: card ids are 16-bit (CardId).
inline constexpr int kMaxCards = 32767;
// The most seats a game has, in the engine, the referee, scenarios and
// self-play alike: seven, the largest table the rulebooks describe
// (cartel-vs-legion). Seat masks (uint32_t) would hold more.
inline constexpr int kMaxSeats = 7;
static_assert(kMaxSeats <= 32, "seat masks are 32-bit");

// Shuffles, deals and runs to the first decision. Throws std::invalid_argument
// for fewer than 2 or more than kMaxSeats decks, more than kMaxCards cards in
// all, or a card index the database does not have.
State new_game(const CardDb& db, const GameConfig& cfg, std::vector<Event>* log = nullptr);

// A position with seats, decks in play order and nothing dealt yet; scenario
// files and tests fill it in, then call resume().
State blank_state(const CardDb& db, const Rules& rules, int seats, uint64_t seed);
// Attaches `card` (already in play) to `base`, in base's combat area; for
// set-up code (scenarios, tests). The engine's own actions do this themselves.
void attach_card(State& s, CardId card, CardId base);
// Set-up (scenarios): `card` kept under `holder`, a card in play that keeps cards (Card::storage).
void put_card_under(State& s, CardId card, CardId holder);
// Markers a card in play keeps on itself (Card::markers); set-up code may set them.
int card_markers(const State& s, CardId card);
void set_card_markers(State& s, CardId card, int n);
// Carriers (Card::holds): the card warrior w is aboard (kNoCard: none); put w aboard carrier c (a set-up: its
// area and player are c's; no action is spent and no rule checked).
CardId carrier_carrying(const State& s, CardId w);
void put_aboard(State& s, CardId w, CardId c);
// Runs the automatic parts of the game from the current phase and step until
// someone must decide (or the game ends).
void resume(State& s, std::vector<Event>* log = nullptr);

bool game_over(const State& s);
// The seat that must decide now (undefined when the game is over).
int deciding_seat(const State& s);
std::vector<Option> legal_options(const State& s);
// Applies a legal option (precondition) and runs on to the next decision.
void apply(State& s, const Option& o, std::vector<Event>* log = nullptr);
// Finds the legal option with this canonical text (whitespace and case
// insensitive) or index; nullopt if none matches.
std::optional<Option> parse_option(const State& s, std::string_view text);

// A 64-bit hash of everything that determines the future of the game.
uint64_t state_hash(const State& s);

// Derived combat ratings, including equipment, fortifications, cover and the
// current combat's modifiers. V is never below 0.
struct Stats { int f = 0, s = 0, a = 0, v = 0; bool can_fight = true, can_shoot = true; };
Stats stats(const State& s, CardId warrior);

// Affiliation and designation queries used by the rules. These are the
// effective values: printed ones plus what attachments and static modifiers give.
AffilMask affiliations(const State& s, CardId warrior);
uint32_t keywords(const State& s, CardId warrior);
// A string literal makes a DesigKey (cards.hpp): most answers are then a bit test.
bool has_designation(const State& s, CardId warrior, DesigKey designation);
bool has_designation_text(const State& s, CardId warrior, std::string_view designation);
template <DesigText S>
bool has_designation(const State& s, CardId warrior, const S& designation) {
  return has_designation_text(s, warrior, designation);
}
// has_designation, or granted by a static modifier (an Alliance's, a Relic's, ...).
bool has_ability(const State& s, CardId warrior, DesigKey designation);
bool has_ability_text(const State& s, CardId warrior, std::string_view designation);
template <DesigText S>
bool has_ability(const State& s, CardId warrior, const S& designation) {
  return has_ability_text(s, warrior, designation);
}
// Is `warrior` unaffected by the Art or Dark Symmetry card `source` (gEngine "IMMUNITY")?
bool immune_to(const State& s, CardId warrior, CardId source);
// Does `warrior` match the filter, as seen from `seat` (for Side::Yours / Enemy)?
bool filter_matches(const State& s, const WarriorFilter& f, CardId warrior, int seat);
bool is_warrior_in_play(const State& s, CardId c);
bool is_doomtrooper(const State& s, CardId c);
bool is_legion(const State& s, CardId c);
bool is_tribal(const State& s, CardId c);
bool can_take_part_in_combat(const State& s, CardId c);
// A FREELANCER that has not gained an affiliation through card play.
bool is_freelancer(const State& s, CardId w);
// May `attacker` attack `defender` under the preset's attack restrictions
// (gEngine "ANNOUNCE ATTACKER AND DEFENDER") and the attack rules of the cards in play?
// Ignores cover, turn and action limits, and what the attack would cost. Without a
// tactic: in at least one of them.
bool attack_allowed(const State& s, CardId attacker, CardId defender);
bool attack_allowed(const State& s, CardId attacker, CardId defender, Tactic t);

// --- More than two players (gEngine "Multi-Player Games"; rules-matrix.md) ---
// A seat's own limits: the table's unless Rules::seats changes them (the
// Dark Legion player of The Cartel vs. the Dark Legion).
int hand_limit_of(const State& s, int seat);
int actions_per_turn_of(const State& s, int seat);
// May it attack as often as it has actions (an attack not ending the step)?
bool free_attacks(const State& s, int seat);
// May it keep a hand over its limit (no discarding down in the Discard step)?
bool never_discards(const State& s, int seat);
// `seat`'s primary target (the next opponent still in, clockwise); -1 when
// the rules have no primary targets (Rules::secondary_target_toll 0).
int primary_target(const State& s, int seat);
// The seats still in, clockwise (seat order) from the one whose turn it is.
std::vector<int> turn_order(const State& s);
// `seat` leaves the game at once (its bot forfeited; the rulebooks have no
// rule for it, docs/rules-matrix.md): every card it controls in play and
// every card it attached leaves play for the discard piles, its pending
// awards lapse, a combat it fights in ends unresolved, and play goes on
// among the others from where it stood (its turn, if it was, ends).
void leave_game(State& s, int seat, std::vector<Event>* log = nullptr);
// Is `seat` on the winning side (State::winning_team)?
bool seat_won(const State& s, int seat);
// Every seat's place once the game is over (1 best, ties share a place);
// see end_of_game.cpp for the order.
std::vector<int> final_places(const State& s);

}  // namespace dt
