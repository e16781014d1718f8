// The whole game state as plain data: integer ids and vectors, no owning
// pointers, so copying a State is a complete, independent clone.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "dt/cards.hpp"
#include "dt/rng.hpp"
#include "dt/rules.hpp"

namespace dt {

using CardId = int16_t;  // index into State::cards; written `c<id>` in option texts
constexpr CardId kNoCard = -1;

// SideBoard: the gEngine Side Board, the pile of 25 that only card effects reach.
// Under: kept under another card in play (CardInst::attached_to names it), still in play but
// inert: no rule reads it, it is in no pile and no card's list of attachments (card storage,
// effects/storage/storage.hpp).
enum class Zone : uint8_t { Draw, Hand, Discard, Annihilated, InPlay, Limbo, SideBoard, Under };

struct CardInst {
  uint16_t def = 0;
  uint8_t owner = 0;
  uint8_t controller = 0;
  Zone zone = Zone::Draw;
  Area area = Area::Squad;      // for warriors and fortifications in play
  CardId attached_to = kNoCard; // equipment / attachments: the card they sit on
  bool wounded = false;
  bool cover = false;
  bool unpaid = false;          // mustered in cover, D not paid yet
  bool hidden = false;          // face down and never seen by opponents
  bool grafted = false;         // a weapon grafted to its warrior's body (CHASSEUR): stays with it
  int16_t exited_cover_turn = -1;  // State::turn_number when it last exited cover
  int16_t sergeant_group = -1;     // a SERGEANT: the def of the warrior group assigned to it
  bool inside = false;             // a VEHICLE attachment: its warrior is inside it (face up)
  int16_t transferred_turn = -1;   // State::turn_number of its last voluntary Transfer
  bool sent_annihilated = false;   // kept under a card (Zone::Under): it was on its way to the annihilated pile
  // Derived, for speed: the cards attached to this one, as a list through
  // next_attachment, in the order of State::attached (zones.cpp keeps both).
  CardId first_attachment = kNoCard;
  CardId next_attachment = kNoCard;
};

struct SeatState {
  std::vector<CardId> draw;  // back() is the top of the pile
  std::vector<CardId> hand;
  std::vector<CardId> discard;
  std::vector<CardId> annihilated;
  std::vector<CardId> in_play;  // warriors, fortifications and cards before the player (alliances), in order of entry
  std::vector<CardId> side_board;  // gEngine "Side Board Pile": reached only through card effects
  // D in the pool this seat keeps: its own, or its team's common pool when
  // the seat is the first of a team that shares one (Rules::team_pool).
  // Read and change a seat's D through dt::destiny(state, seat).
  int pool = 0;
  uint8_t pool_seat = 0;  // the seat keeping this seat's D (itself unless pooled)
  uint8_t team = 0;       // the seat's team (its own seat number unless Rules::seats says)
  int promotion = 0;
  int turns_taken = 0;
  bool gift_decided = false;
  bool eliminated = false;
  bool left = false;           // left the game (a forfeit), not eliminated by the rules
  int out_turn = -1;           // State::turn_number when it was eliminated or left
  int no_warrior_deadline = -1;  // turns_taken value at whose end the seat loses
  uint32_t sabotaged_mask = 0;   // seats sabotaged since this seat's last draw step
  uint8_t skip_turns = 0;        // turns it will miss (BOGGED DOWN)
  uint8_t extra_turns = 0;       // turns it takes again once its current one ends (RUTHLESS EFFICIENCY)
};

// What kind of decision the pending seat faces.
enum class Phase : uint8_t {
  CardinalsGift,  // keep / gift
  Window,         // a timing window: play a card that fits, or pass
  Actions,        // the acting seat's Actions step
  Points,         // split points between P and D
  Discard,        // the optional single discard
  GameOver,
  Choice,         // a pick a card's text leaves to a player (State::choices)
};

enum class WindowKind : uint8_t {
  PreDraw, PreDiscard, Response, CombatModify,
  AnnounceWarzone,  // combat step 3: the defending player may name a Warzone (`defend-from`) or pass
};

enum class Step : uint8_t { Draw, Actions, Discard };

// Why the game ended (meaningful once Phase::GameOver).
enum class EndReason : uint8_t { None, PromotionTarget, DecksExhausted, NoWarriors, TurnLimit };

struct Window {
  WindowKind kind = WindowKind::Response;
  std::vector<uint8_t> order;  // seats in the order they get to act
  uint8_t index = 0;           // whose chance it is (into order)
  uint8_t passes = 0;          // consecutive passes; all passed => window closes
};

// A "for every X D" spell cast in the current combat: its caster may go on
// adding D to it for the rest of the modification rounds (gEngine "THE ART").
struct CastSpell {
  CardId card = kNoCard, caster = kNoCard, target = kNoCard;
  int8_t seat = -1;         // who cast it
  int8_t target_seat = -1;  // a player target
  int16_t times = 0;        // purchases so far
};

struct CombatMod {
  CardId source = kNoCard;  // the card played
  CardId target = kNoCard;  // the warrior it modifies
  StatBonus bonus;
  CardId immune = kNoCard;  // (when set) the target is immune to this card for the combat (EXORCISE DISEASE)
  uint8_t share = 0;        // ShareWarzone: 1 + its Effect's warzone_part, the target taking those Warzone ratings
};

// Who strikes when (gEngine "RESOLVE COMBAT"): both at once unless a card or
// UPPER HAND says otherwise. The values are part of the position's hash and text.
enum class StrikeOrder : uint8_t {
  Simultaneous = 0,
  AttackerFirst = 1,  // the attacker strikes; a wound ends the combat
  DefenderFirst = 2,  // the defender strikes; a wound ends the combat
  AttackerOnly = 3,   // the defender does not strike back (BY THE THROAT)
  DefenderOnly = 4,   // the attacker does not strike
  DefenderFirstStrike = 5,  // the defender has FIRST STRIKE, which the attacker's own cancels (gEngine AMBUSH)
};

struct Combat {
  bool active = false;
  CardId attacker = kNoCard, defender = kNoCard;
  uint8_t attacking_seat = 0;
  Tactic tactic = Tactic::Fight;
  std::vector<CombatMod> mods;
  StrikeOrder order = StrikeOrder::Simultaneous;
  std::vector<CardId> used;  // cards spent for this combat: once-per-combat abilities used, weapons disabled
  std::vector<CastSpell> spells;  // "for every X D" spells cast in this combat
  CardId warzone = kNoCard;  // the Warzone the defender defends from (combat step 3)
  uint8_t spare_actions = 0;  // actions its attack gave up (a Tactical action ends the step): TAKE AIM buys with them
  // An aimed attack (actions/aimed.cpp): the card aimed and the actions spent on the attack in all.
  CardId aimed = kNoCard;
  uint8_t aimed_actions = 0;
  // Warriors healthy when it began and wounded since: gEngine NARROW ESCAPE! puts a saved warrior
  // back as it was before the combat, not as it was before the killing blow.
  std::vector<CardId> wounded_in_it;
};

// The kill that earned a mission's reward, kept while a spy may still take the reward
// (effects/triggers/spy.hpp): enough to pay it later as it would have been paid.
struct EarnedReward {
  CardId victim = kNoCard;
  CardId bearer = kNoCard;  // the warrior that earned it
  int16_t victim_v = 0;
  int8_t trigger = -1;      // which of the mission's triggers pays it
  bool mutual = false;      // both warriors died
};

// A rating change that lasts until the start of `seat`'s next turn (IMMACULATE FURY's Shriek).
struct LastingMod {
  CardId source = kNoCard;
  CardId target = kNoCard;
  StatBonus bonus;
  uint8_t seat = 0;
  CardId immune = kNoCard;  // (when set) the target is immune to this card meanwhile (MIND WALL)
  uint32_t grant = 0;       // keywords the target has meanwhile (SLEEP: NONCOMBATANT)
  uint8_t lock = 0;         // what kind of marker this is, one list for all in engine/src/markers.hpp
                            // (0: a modifier, no marker)
  int8_t player = -1;       // (when set) a marker on this player, with no target: it has the keywords
                            // in `grant` (HERETIC CONSPIRACY: ART IMMUNITY)
  // A marker's own record (engine/src/markers.hpp says which marker keeps what), never ratings:
  CardId other = kNoCard;   // a second card it names: a held spell's caster (MYSTIC, MENTAL CONSTITUTION),
                            // a planned attack's defender (EMPATHY)
  int16_t times = 0;        // purchases of a held card's "for every X D" price (MYSTIC, MENTAL CONSTITUTION, CANCEL)
  int16_t count = 0;        // D its player paid (MYSTIC), markers left (DARK VISITATION), the question asked
                            // (DISCERN TRUTH)
  int16_t given = 0;        // D that MYSTICs gave toward a held spell
  bool waits = false;       // MENTAL CONSTITUTION: the card's effects wait for the answer
  EarnedReward reward{};    // a reward waiting for a spy (braces: clang then counts it as initialized in aggregates)
};

// A choice a card's text leaves to a player (docs/effects.md "Choices"): the
// candidates were fixed as the card was played; the chooser picks one at a
// time (`choose c12`, `choose a1`, `choose done`) until no pick is left.
struct PendingChoice {
  CardId source = kNoCard;   // the card whose choice it is
  CardId target = kNoCard;   // the card it was played on
  int8_t target_seat = -1;   // the player it was played on
  uint8_t by = 0;            // who played it
  uint8_t seat = 0;          // who chooses
  int16_t picks_left = 0;    // -1: any number
  std::vector<CardId> candidates;  // cards still to pick from
  std::vector<int8_t> seats;       // players still to pick from (`choose s1`)
  Phase resume = Phase::Actions;   // the decision it interrupted
  // The question of the card it is: 0 the card's own Choice, else one a mechanism asks
  // (effects/choices/fetch.hpp: kFetchRecipient, kFetchPlayAtOnce), with the warrior using the card.
  uint8_t fetch = 0;
  CardId user = kNoCard;
};
constexpr uint8_t kFetchRecipient = 1;   // which warrior takes a fetched Equipment card (choose c12)
constexpr uint8_t kFetchPlayAtOnce = 2;  // a fetched card, now in hand, played at once as usual
constexpr uint8_t kTakeRecipient = 3;    // which warrior of yours takes a card whose control you took (effects/choices/control.hpp)

// What a card in play remembers of its own (docs/effects.md "Missions"): the
// warrior a mission chose, the turn from whose end its condition has held,
// a Fortification title it has counted. Gone when the card leaves play.
struct CardMark {
  enum Kind : uint8_t { Target, HeldSince, Counted, Chosen };
  CardId card = kNoCard;  // the card that remembers
  Kind kind = Target;
  int16_t value = 0;      // Target: a CardId (kMarkGone once it left play); HeldSince: a
                          // State::turn_number; Counted: a card definition's index; Chosen: the
                          // alternative its player chose as it was played (1: the first)
};
constexpr int16_t kMarkGone = -2;  // a chosen warrior that has left play: the mission can no longer be done

// What a card just played changed, so that cancelling it can put it back
// (effects/undo.hpp). A card's first step (card kNoCard, seat -1) only says it
// was just played; each other step holds one card as it was before the card's
// effects, or the D and P a seat gained, or the combat's warriors or the turn order before a change.
// Kept while the card may still be answered: until the next window closes.
struct UndoStep {
  CardId source = kNoCard;    // the card played
  CardId card = kNoCard;      // a card its effects moved or changed
  CardInst before;            // that card as it was (its links are rebuilt when it is put back)
  int16_t index = -1;         // its place in the pile it left (-1: in play)
  int8_t seat = -1;           // a seat whose D and P changed
  int16_t d = 0, p = 0;       // what that seat gained (negative: lost)
  CardId attacker = kNoCard, defender = kNoCard;  // the combat's warriors before a change
  int8_t order = -1;           // >= 0: the turn order before a change (bits: reversed, reverse_due, reversed_once)
  std::vector<uint8_t> table;  // ... with State::table as it was
};

// A pending award of points; the receiving seat chooses the P/D split.
struct PointsAward {
  uint8_t seat = 0;
  int16_t amount = 0;
  bool destiny_only = false;  // own-warrior kills and FREELANCER earnings
  CardId source = kNoCard;    // the warrior that was killed or that sabotaged
  int16_t or_d = 0;           // (when set) no split: all `amount` as P, or this many D
  uint8_t d_times = 1;        // D taken from it are multiplied by this (HIGHER VALUE ON LIFE)
};

struct State {
  const CardDb* db = nullptr;  // immutable, shared; not owned
  // The game's own copy of the card table, once it made cards of its own (a warrior with another card's abilities:
  // effects/lasting/borrowed.hpp); `db` then points to it. Never changed once made: a new card makes a new copy.
  std::shared_ptr<const CardDb> local_db;
  Rules rules;
  Rng rng;
  std::vector<CardInst> cards;
  std::vector<SeatState> seats;
  // Every card attached to another, in order of attaching: an index of the
  // cards whose attached_to is set, so finding a card's attachments is cheap.
  std::vector<CardId> attached;

  int turn_number = 0;  // counts every seat's turns, from 1
  uint8_t current = 0;  // whose turn it is
  uint8_t first_player = 0;
  Phase phase = Phase::CardinalsGift;
  Step step = Step::Draw;
  int actions_left = 0;
  bool tactical_used = false;
  uint8_t bonus_actions = 0;    // actions this turn beyond the turn's number (INITIATIVE)
  uint8_t extra_tacticals = 0;  // Tactical actions this turn that do not end the step (BLOOD LUST)
  // The turn order (turn/turn.cpp seats_from, next_active_seat; docs/effects.md "Turn order"): `table` empty,
  // the seats in their own order; else the seats as they now sit (NOTHING IS SACRED's change of places).
  // `reversed`: play goes the other way round the table; `reverse_due`: it will once the current turn ends;
  // `reversed_once`: a reversal has taken effect (CHANGE IN MOMENTUM's once a game).
  std::vector<uint8_t> table;
  bool reversed = false, reverse_due = false, reversed_once = false;
  uint8_t gift_seat = 0;  // during setup: who decides next
  Window window;
  Combat combat;
  std::vector<PointsAward> awards;  // front() is pending
  std::vector<LastingMod> lasting;  // bonuses until a player's next turn; gone when the warrior leaves play
  std::vector<PendingChoice> choices;  // picks left to players by cards' texts; front() is pending
  std::vector<CardMark> marks;         // what cards in play remember (missions' targets and progress)
  std::vector<UndoStep> undo;          // what cards just played changed (effects/undo.hpp)
  // What just happened, for cards played right after a combat (JOY OF VICTORY,
  // PORTENTS OF VICTORY, BAMBOOZLED!); cleared when that response window closes.
  CardId recent_survivor = kNoCard;  // the attacker that survived the combat just over
  int8_t recent_p_seat = -1;         // the player who just earned P
  int16_t recent_p = 0;              // how many
  // Cards whose kill trigger offered their AFTER_COMBAT abilities (Effect OFFER:
  // NEPHARITE OF SEMAI), each usable once until that response window closes.
  std::vector<CardId> offers;
  int winner = -1;                  // seat index once the game is over (-1: a draw, or a team of several won)
  int winning_team = -1;            // the winner's team (SeatState::team), -1: a draw
  EndReason end_reason = EndReason::None;
  int decisions = 0;                // decisions applied so far
  // A warrior has entered play in an Outpost: Transfers are allowed from now
  // on (gEngine "TRANSFER WARRIOR").
  bool outpost_opened = false;
  // The rule families some card of this game belongs to (CardDef::families), so a
  // rule for cards the game does not hold is never looked for; worked out from
  // `cards` by resume() whenever their number changed (set-up), and again where
  // card definitions are dealt anew (determinize, state_from_text).
  uint64_t families = 0;
  uint64_t families2 = 0;             // the same for RuleFamily2 (CardDef::families2)
  uint32_t families_of = 0;           // how many cards `families` was worked out from
  uint64_t granted_designations = 0;  // designation_bit of every designation a card of the game grants its bearer
  // A card was played, or an ability used, for no action in the Actions step
  // of the player whose turn it is: the other players answer it (gEngine
  // "TIMING") once the game is back in that step, after any choice the card
  // left (a lent decision such as SECRET MISSION's reopens the step first).
  bool answer_due = false;

  const CardDef& def(CardId c) const { return (*db)[cards[size_t(c)].def]; }
  CardInst& card(CardId c) { return cards[size_t(c)]; }
  const CardInst& card(CardId c) const { return cards[size_t(c)]; }
  int num_seats() const { return int(seats.size()); }
};

// A seat's Destiny Points: its own pool or its team's (Rules::team_pool).
inline int& destiny(State& s, int seat) { return s.seats[s.seats[size_t(seat)].pool_seat].pool; }
inline int destiny(const State& s, int seat) { return s.seats[s.seats[size_t(seat)].pool_seat].pool; }
// Are seats a and b on opposing sides (different teams)?
inline bool opponents(const State& s, int a, int b) { return s.seats[size_t(a)].team != s.seats[size_t(b)].team; }

}  // namespace dt
