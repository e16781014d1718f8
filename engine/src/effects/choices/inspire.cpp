// INSPIRED: see inspire.hpp.
#include "dt/designations.hpp"
#include "effects/choices/inspire.hpp"

#include "dispatch.hpp"
#include "effects/choices/control.hpp"
#include "turn/own_actions.hpp"
#include "internal.hpp"

namespace dt::detail {

void queue_inspired(State& s, int seat, CardId source, int actions) {
  ask_pick(s, source, kNoCard, seat, seat, {}, actions);
}

void queue_tactical_at_once(State& s, int seat, CardId source, CardId warrior) {
  ask_pick(s, source, warrior, seat, seat, {}, 1);
  s.choices.back().fetch = kTacticalAtOnce;
}

void queue_manipulated(State& s, int seat, CardId source, CardId warrior, int actions) {
  ask_pick(s, source, warrior, seat, seat, {}, actions);
  s.choices.back().fetch = kManipulate;
}

bool inspired_choice(const State& s) {
  if (s.choices.empty() || s.phase != Phase::Choice) return false;
  const PendingChoice& ch = s.choices.front();
  if (ch.fetch == kTacticalAtOnce || ch.fetch == kManipulate) return true;
  return ch.fetch == 0 && ch.source != kNoCard && s.def(ch.source).has_designation(kTakesActionsAtOnce);
}

// The player's own Actions step, lent: its turn, with the choice's actions.
static void lend_actions_step(State& s, int seat, int actions) {
  s.current = uint8_t(seat);
  s.phase = Phase::Actions;
  s.step = Step::Actions;
  s.actions_left = actions;
  s.tactical_used = false;
}

// gEngine: Standard Actions only; printed: no attack. Cards and abilities
// count only when played as actions.
static bool allowed(const State& s, const Option& o) {
  const bool printed = s.rules.card_text == CardText::Printed;
  switch (o.kind) {
    case OptKind::SeekCover: case OptKind::ExitCover: case OptKind::Transfer:
    case OptKind::EnterVehicle: case OptKind::ExitVehicle:
      // A warrior fighting a combat stays as it is until the combat is over.
      return !s.combat.active || (o.a != s.combat.attacker && o.a != s.combat.defender);
    case OptKind::Muster: case OptKind::MusterCover:
    case OptKind::Equip: case OptKind::Build: case OptKind::Bestow: case OptKind::Wrangle: case OptKind::Establish:
    case OptKind::BestowKi: case OptKind::Proclaim:
      return true;
    case OptKind::Sabotage: return printed;  // 2nd ed: one ordinary action, not an attack
    case OptKind::Play: {
      const CardDef& d = s.def(o.a);
      return d.play && (d.type == CardType::Art ? d.spell == SpellKind::Action : d.play->timing == Timing::Action);
    }
    case OptKind::Use: {
      const CardDef& d = s.def(o.a);
      if (o.p < 0 || size_t(o.p) >= d.abilities.size() || d.abilities[size_t(o.p)].timing != Timing::Action) return false;
      if (d.has_designation(desig::ItsAbilityIsAnAttack)) return false;
      return printed || !d.has_designation(desig::ItsAbilityIsATacticalAction);
    }
    default: return false;  // pass, Meditate (the whole step), attacks
  }
}

// The warrior making a Tactical action option, or kNoCard when it is none (gEngine: an attack, a Tactical
// sabotage, an ability that is a Tactical action or an attack; printed: an attack).
static CardId tactical_actor(const State& s, const Option& o) {
  const bool printed = s.rules.card_text == CardText::Printed;
  switch (o.kind) {
    case OptKind::Attack: return o.b != kNoCard ? o.a : kNoCard;  // LESSER TELEPATHY's split asks another player
    case OptKind::DirectAttack: return o.a;
    case OptKind::Sabotage: return printed || s.rules.sabotage_action == SabotageAction::Standard ? kNoCard : o.a;
    case OptKind::Use:
      if (!tactical_use(s, o) || (printed && !s.def(o.a).has_designation(desig::ItsAbilityIsAnAttack))) return kNoCard;
      return is_warrior_in_play(s, o.a) ? o.a : s.card(o.a).attached_to;
    default: return kNoCard;
  }
}

static void manipulated_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const CardId w = ch.target;
  if (ch.picks_left <= 0 || s.combat.active || w == kNoCard || !is_warrior_in_play(s, w)) return;
  State c = s;
  c.choices.erase(c.choices.begin());
  lend_actions_step(c, ch.seat, ch.picks_left);
  lend_warrior(c, ch.seat, ch.source, w, nullptr);  // under the caster's control (control.hpp)
  for (const Option& o : legal_options(c))
    if (actor_of(c, o) == w) out.push_back(o);
}

void inspired_options(const State& s, std::vector<Option>& out) {
  const PendingChoice& ch = s.choices.front();
  const bool tactical = ch.fetch == kTacticalAtOnce;
  if (ch.fetch == kManipulate) manipulated_options(s, ch, out);
  else if (ch.picks_left > 0 && !(tactical && s.combat.active)) {  // a Tactical action: never during a combat
    State c = s;
    c.choices.erase(c.choices.begin());
    lend_actions_step(c, ch.seat, ch.picks_left);
    for (const Option& o : legal_options(c)) {
      if (!tactical) {
        if (allowed(c, o)) out.push_back(o);
        continue;
      }
      const CardId w = tactical_actor(c, o);
      if (w != kNoCard && (ch.target == kNoCard || w == ch.target)) out.push_back(o);
    }
  }
  out.push_back(choose_done());
}

void apply_inspired(State& s, const Option& o, Log log) {
  const uint8_t current = s.current;
  const Phase phase = s.phase;
  const Step step = s.step;
  const int actions = s.actions_left;
  const bool tactical = s.tactical_used;
  const Window window = s.window;
  const int seat = s.choices.front().seat;
  const int16_t left = s.choices.front().picks_left;
  const size_t queued = s.choices.size();
  const bool manipulated = s.choices.front().fetch == kManipulate;
  // The choice stays where it is while the action is made.
  lend_actions_step(s, seat, left);
  if (manipulated) lend_warrior(s, seat, s.choices.front().source, s.choices.front().target, nullptr);
  option_rule(o.kind).apply(s, o, log);
  if (s.phase == Phase::GameOver) return;  // the action won the game
  const uint8_t fetch = s.choices.size() >= queued ? s.choices.front().fetch : 0;
  // GREATER MANIPULATION: the warrior goes back once its action is made (an attack: once its combat is over).
  if (manipulated && !s.combat.active) return_lent(s);
  if (s.combat.active && s.choices.size() >= queued && (fetch == kTacticalAtOnce || fetch == kManipulate)) {
    // GRAND ASSAULT: the attack is fought now, in place of the decision it interrupted; the turn is as it was.
    const Phase fight = s.phase;
    s.current = current, s.step = step, s.actions_left = actions, s.tactical_used = tactical;
    s.phase = phase;
    s.choices.front().picks_left = 0;
    s.choices.front().resume = fight;
    return;
  }
  // Points it earned wait for the choice to end (finish_choice hands them out).
  const int spent = std::max(0, left - s.actions_left);
  s.current = current, s.phase = phase, s.step = step, s.actions_left = actions, s.tactical_used = tactical;
  s.window = window;
  if (s.choices.empty()) return;
  s.choices.front().picks_left = int16_t(std::max(0, left - std::max(spent, 1)));
  if (manipulated && tactical_actor(s, o) != kNoCard) s.choices.front().picks_left = 0;  // only the last one is Tactical
  // Choices the action left (a mission's pick) come first, then back to this one.
  for (size_t i = queued; i < s.choices.size(); ++i) s.choices[i].resume = Phase::Choice;
  std::rotate(s.choices.begin(), s.choices.begin() + long(queued), s.choices.end());
}

}  // namespace dt::detail
