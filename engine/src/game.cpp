// The engine's decision interface: who decides, the legal options at each
// kind of decision, and apply(), which hands an option to the rule that
// defines it (dispatch.cpp) and runs the automatic parts of the game on.
#include <algorithm>
#include <string>

#include "dispatch.hpp"
#include "turn/own_actions.hpp"
#include "effects/triggers/cancel.hpp"
#include "effects/triggers/card_played.hpp"
#include "effects/triggers/last_chance.hpp"
#include "effects/modifiers/membership.hpp"
#include "effects/triggers/perception.hpp"
#include "effects/choices/inspire.hpp"
#include "effects/economy/economy.hpp"
#include "effects/economy/ledger.hpp"
#include "effects/lasting/card_markers.hpp"
#include "effects/choices/fetch.hpp"
#include "effects/lasting/virus.hpp"
#include "effects/lasting/heretics.hpp"
#include "effects/lasting/borrowed.hpp"
#include "effects/lasting/twins.hpp"
#include "effects/warriors/convert.hpp"
#include "internal.hpp"

namespace dt {

using namespace detail;

bool game_over(const State& s) { return s.phase == Phase::GameOver; }

int deciding_seat(const State& s) {
  switch (s.phase) {
    case Phase::CardinalsGift: return s.gift_seat;
    case Phase::Window: return s.window.order[s.window.index];
    case Phase::Points: return s.awards.front().seat;
    case Phase::Choice: return s.choices.front().seat;
    case Phase::Actions:
    case Phase::Discard: return s.current;
    case Phase::GameOver: return -1;
  }
  return -1;
}

std::vector<Option> legal_options(const State& s) {
  const QueryMemo memo(s);
  std::vector<Option> out;
  out.reserve(32);  // one allocation for most decisions instead of doubling from 1
  switch (s.phase) {
    case Phase::CardinalsGift: gift_options(s, out); break;
    case Phase::Window: window_options(s, out); break;
    case Phase::Actions:
      action_options(s, out);
      if (s.families & famOwnActions) own_action_options(s, out);  // a warrior's own actions (printed BOOK OF LAW)
      break;
    case Phase::Points: points_options(s, out); break;
    case Phase::Choice: choice_options(s, out); break;
    case Phase::Discard: discard_options(s, out); break;
    case Phase::GameOver: break;
  }
  return out;
}

// Is `pass` the only option in the open window? Asked at every window a seat
// might pass automatically, so it stops at the first other option and reuses
// its scratch list instead of building the whole list.
static bool only_pass(const State& s) {
  const QueryMemo memo(s);
  thread_local std::vector<Option> scratch;
  scratch.clear();
  if (s.window.kind == WindowKind::AnnounceWarzone) {  // its own options: pass or a Warzone
    warzone_options(s, scratch);
    return std::all_of(scratch.begin(), scratch.end(), [](const Option& o) { return o.kind == OptKind::Pass; });
  }
  const int seat = deciding_seat(s);
  if (last_chance_pending(s)) {  // its own options: pass or an answer to a hit
    last_chance_options(s, seat, scratch);
    return scratch.size() == 1;
  }
  effect_options(s, seat, scratch);
  if (!scratch.empty()) return false;
  any_time_options(s, seat, scratch);  // as window_options lists them (turn/windows.cpp)
  if (!scratch.empty()) return false;
  if (s.window.kind == WindowKind::CombatModify) combat_round_options(s, seat, scratch);
  return scratch.empty();
}

void resume(State& s, std::vector<Event>* log) {
  if (s.families_of != s.cards.size()) index_families(s);  // cards were set up
  cap_turn_actions(s);
  if (s.families & famKeptD) settle_ledgers(s);  // DESPERATE TIMES, BAUHAUS BANK (effects/economy/ledger.hpp)
  cap_destiny(s);  // ECONOMIC BREAKDOWN
  for (;;) {
    run_no_destiny_triggers(s, log);
    if (s.families & famNoHeretics) discard_heretics(s, log);  // THE LIBER HERETICUS
    if (s.families2 & fam2HereticMakers) discard_with_heretic_makers(s, log);  // gEngine TOUCHED BY THE LIGHT
    if (s.families & famCardPlayed) detail::ask_hand_over_cap(s);       // DEAL WITH IT
    if (s.families & famRatingShield) discard_rating_losers(s, log);  // GOOD LUCK CHARM
    if (s.families & famHealCounter) detail::discard_worn_out(s, log);  // ADRENALINE IMPLANTS
    if (s.families & famVehicleCover) detail::vehicles_leave_cover(s, log);  // URBAN TACTICS gone
    spread_at_once(s, log);  // RED PLAGUE (effects/lasting/virus.hpp)
    check_held_conditions(s);
    check_lacking(s, log);  // SOLIDARITY
    check_marks_gone(s, log);  // BRASS APOCALYPT: gone with the warrior it guards
    check_memberships(s, log);  // REINSTATEMENT: discarded once its warrior loses the membership again
    if (s.families2 & fam2ConsideredAbilities) refresh_considered(s);  // THE FIRST AMENDMENT (effects/lasting/borrowed.hpp)
    if (s.families2 & fam2Twins) sync_twins(s, log);  // DOUBLE DUTY (effects/lasting/twins.hpp)
    check_end(s, log);
    if (s.phase == Phase::GameOver) return;
    if (step_choices(s, log)) continue;  // a card's choice: entered, or over
    if (s.phase == Phase::Choice) return;
    // gEngine "TIMING": a card played or an ability used for no action is answered as an
    // action is, once its choices are over. A death by a card waits for an answer (RAZIDE,
    // NARROW ESCAPE!), and so does a card just taken from a pile (POWER OF PERCEPTION,
    // effects/triggers/perception.hpp): the same window gives the chance.
    if (s.phase == Phase::Actions && (s.answer_due || effect_deaths_pending(s) || taken_card_waits(s))) {
      open_response_window(s);
      continue;
    }
    if (s.phase == Phase::Window) {
      Window& w = s.window;
      if (w.passes >= w.order.size()) {
        close_window(s, log);
        continue;
      }
      if (s.rules.auto_pass && only_pass(s)) {
        ++w.passes;
        w.index = uint8_t((w.index + 1) % w.order.size());
        continue;
      }
      return;
    }
    // A player who left mid-turn (leave_game) has nothing more to do in it.
    if ((s.phase == Phase::Actions || s.phase == Phase::Discard) && s.seats[s.current].eliminated) {
      end_turn(s, log);
      continue;
    }
    if (s.phase == Phase::Actions && s.actions_left <= 0 && !extra_tactical_left(s, s.current) &&
        !((s.families & famOwnActions) && own_actions_pending(s))) {
      start_discard_step(s);
      continue;
    }
    if (s.phase == Phase::Discard && s.rules.auto_pass && s.seats[s.current].hand.empty()) {
      end_turn(s, log);
      continue;
    }
    if (s.phase == Phase::Points) {  // a single possible split is made at once
      const PointsAward& aw = s.awards.front();
      if (aw.destiny_only) {
        apply_points(s, 0, aw.amount * aw.d_times, log);
        continue;
      }
      if (lowest_p(s, aw) == aw.amount) {
        apply_points(s, aw.amount, 0, log);
        continue;
      }
    }
    return;
  }
}

// Options that put a card from hand into play without a PlaySpec (printed
// MISCOMMUNICATION may cancel them).
static bool puts_card_into_play(OptKind k) {
  switch (k) {
    case OptKind::Muster: case OptKind::MusterCover: case OptKind::Equip: case OptKind::Build:
    case OptKind::Bestow: case OptKind::BestowKi: case OptKind::Proclaim: case OptKind::Wrangle:
    case OptKind::Establish: return true;
    default: return false;
  }
}

// Options by which a player does something (gEngine "TIMING": performs an action
// or plays a card), as opposed to passing, picking for a card's choice or naming
// an attack in parts; an attack always ends in a window of its own.
static bool does_something(OptKind k) {
  switch (k) {
    case OptKind::Pass: case OptKind::Keep: case OptKind::Gift: case OptKind::Points: case OptKind::Discard:
    case OptKind::Choose: case OptKind::Attack: case OptKind::Sabotage: case OptKind::DirectAttack:
    case OptKind::DeclareAttack: case OptKind::DefendFrom: case OptKind::AddD:
    // Cards moved under or out of a card (actions/storage.hpp) play nothing: as an action they
    // open their own window, for no action none.
    case OptKind::Store: case OptKind::Unstore:
      return false;
    default: return true;
  }
}

void apply(State& s, const Option& o, std::vector<Event>* log) {
  ++s.decisions;
  const int me = deciding_seat(s);
  const bool from_hand = puts_card_into_play(o.kind) && o.a != kNoCard && s.card(o.a).zone == Zone::Hand;
  // MASK OF THE VESTALS, DEAL WITH IT: any card played from hand, Specials and spells too.
  const bool played = (s.families & famCardPlayed) && (puts_card_into_play(o.kind) || o.kind == OptKind::Play) &&
                      o.a != kNoCard && s.card(o.a).zone == Zone::Hand;
  // The player's own Actions step; a step lent by a card (INSPIRED, REVELATION,
  // SECRET MISSION) is entered from that card's choice and answered with it.
  const bool own_step = s.phase == Phase::Actions;
  // INSPIRED: an action its choice offers is made in a lent Actions step.
  if (o.kind != OptKind::Choose && detail::play_at_once_choice(s)) detail::play_at_once_reopen(s);  // SUMMON DEFENSE
  if (o.kind != OptKind::Choose && detail::inspired_choice(s)) detail::apply_inspired(s, o, log);
  else {
    // NOMURA'S QUICKENED STEP: what the warrior does itself spends its own actions first.
    const detail::OwnLoan loan =
        own_step && (s.families & famOwnActions) ? detail::lend_own_actions(s, o) : detail::OwnLoan{};
    option_rule(o.kind).apply(s, o, log);
    if (loan.w != kNoCard) detail::settle_own_actions(s, loan);
  }
  if (from_hand && s.card(o.a).zone == Zone::InPlay) detail::offer_cancel(s, me, o.a, {o.b, -1}, 0, false);
  if (played && s.card(o.a).zone != Zone::Hand) detail::card_played_triggers(s, me, o.a, log);
  // Done for no action (no window of its own opened): the others answer it all the same.
  if (own_step && does_something(o.kind) && s.phase != Phase::Window && s.phase != Phase::GameOver)
    s.answer_due = true;
  resume(s, log);
  refresh_sergeants(s);
}

std::optional<Option> parse_option(const State& s, std::string_view text) {
  auto norm = [](std::string_view in) {
    std::string out;
    bool space = false;
    for (char ch : in) {
      if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
        space = !out.empty();
        continue;
      }
      if (space) out.push_back(' '), space = false;
      out.push_back(char(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch));
    }
    return out;
  };
  const std::string want = norm(text);
  const std::vector<Option> opts = legal_options(s);
  if (!want.empty() && std::all_of(want.begin(), want.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    if (want.size() > 6) return std::nullopt;
    size_t i = std::stoul(want);
    if (i < opts.size()) return opts[i];
    return std::nullopt;
  }
  for (const Option& o : opts)
    if (to_text(o) == want) return o;
  return std::nullopt;
}

}  // namespace dt
