// A last chance for a warrior hit in combat: see last_chance.hpp.
#include "dt/designations.hpp"
#include "effects/triggers/last_chance.hpp"
#include "effects/warriors/raise.hpp"
#include "effects/warriors/held.hpp"

#include <algorithm>
#include <utility>

#include "dt/handlers.hpp"

#include "effects/triggers/reactions.hpp"
#include "internal.hpp"
#include "markers.hpp"
#include "combat/groups.hpp"

namespace dt::detail {

bool last_chance_pending(const State& s) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [](const LastingMod& m) { return m.lock == kAboutToDie || m.lock == kAboutToBeWounded; });
}

bool kill_pending(const State& s, CardId w) { return marked(s, w, kAboutToDie); }
bool hit_pending(const State& s, CardId w) {
  return marked(s, w, kAboutToDie) || marked(s, w, kAboutToBeWounded) || marked(s, w, kDyingOfWound);
}
bool wound_pending(const State& s, CardId w) { return hit_pending(s, w) || marked(s, w, kWoundedByCard); }

// An ability that answers its own warrior's hit: RAZIDE heals even a killing
// wound, ZENITHIAN SOULSLAYER undoes a wound it takes in combat, COMBAT COORDINATOR any wound.
static bool answers_own_hit(const CardDef& d) {
  return d.has_designation(desig::HealsEvenAKillingWound) || d.has_designation(desig::AnswersItsWoundInCombat) ||
         d.has_designation(desig::AnswersItsWound);
}

// COMBAT COORDINATOR: a card on w whose ability answers any wound w takes, a card's too.
static bool answers_own_wound(const State& s, CardId w) {
  for (CardId a : attachments_of(s, w))
    if (s.def(a).has_designation(desig::AnswersItsWound)) return true;
  return s.def(w).has_designation(desig::AnswersItsWound);
}

// A card played to save a warrior from its kill: NARROW ESCAPE! (your own), CLIFFHANGER (its play's filter: another
// player's Doomtrooper).
static bool saves_from_kill(const CardDef& d) {
  return d.has_designation(desig::SavesYourWarriorFromAKill) || d.has_designation(desig::SavesAWarriorFromAKill) ||
         d.has_designation(desig::SavesAWarriorFromAWoundOrAKill);  // NOBLE BEAST
}

// A card played to undo a wound, killing or not, of a warrior its play's filter names: EJECTION SEAT.
// NOBLE BEAST: any wound or death, its play's filter naming the warrior.
static bool saves_from_wound(const CardDef& d) {
  return d.has_designation(desig::SavesAWarriorFromAWound) || d.has_designation(desig::SavesAWarriorFromAWoundOrAKill);
}

// gEngine IMPALE: a card its striker's player plays on the warrior a blow just hurt.
static bool answers_blow(const CardDef& d) { return d.has_designation(desig::PlayedOnTheWarriorItsStrikerJustHurt); }

// Does the player of the warrior that struck `victim` hold such a card (its play's filter reads the victim)?
static bool striker_answers(const State& s, CardId victim, CardId striker) {
  if (!(s.families & famHeldWarriors) || striker == kNoCard || !is_warrior_in_play(s, striker)) return false;
  const int seat = s.card(striker).controller;
  for (CardId c : s.seats[size_t(seat)].hand) {
    const CardDef& d = s.def(c);
    if (answers_blow(d) && d.play && filter_matches(s, d.play->filter, victim, seat)) return true;
  }
  return false;
}

// A card played (an Art cast) whose heal HEALS EVEN A KILLING WOUND (EXORCISE INJURIES): cast on a warrior whose hit
// waits, the heal undoes that hit (Op::Heal), so a wounded warrior about to die is left merely wounded. It is no
// reaction: at any other time it is cast as usual.
static bool heals_dying(const CardDef& d) {
  return d.type != CardType::Warrior && d.play && d.has_designation(desig::HealsEvenAKillingWound);
}

// CLIFFHANGER, EJECTION SEAT: does another player than the victim's hold a card that may save `w` from its kill
// (`kill`) or from the wound it takes (`wound`)?
static bool other_saver(const State& s, CardId w, bool kill, bool wound) {
  const int victim_seat = s.card(w).controller;
  for (int p = 0; p < s.num_seats(); ++p) {
    if (p == victim_seat || s.seats[size_t(p)].eliminated) continue;
    for (CardId c : s.seats[size_t(p)].hand) {
      const CardDef& d = s.def(c);
      const bool saves = (kill && d.has_designation(desig::SavesAWarriorFromAKill)) || (wound && saves_from_wound(d)) ||
                         ((kill || wound) && heals_dying(d));
      if (saves && d.play && filter_matches(s, d.play->filter, w, p)) return true;
    }
  }
  return false;
}

// THE SECOND DIRECTORATE (handler wound_kills): a card of the striker's player whose ability makes a wound its
// matching warrior deals an opponent in combat a kill, its price paid (the victim's V in D: the ability's target_v).
static bool kills_wounds(const CardDef& d) {
  for (const Ability& ab : d.abilities)
    if (has_handler(ab.effects, HandlerId::wound_kills)) return true;
  return false;
}

static CardId wound_striker(const State& s, CardId victim) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kAboutToBeWounded && m.target == victim) return m.source;
  return kNoCard;
}

static bool kill_fits(const State& s, int seat, const WarriorFilter& f, CardId striker, CardId victim) {
  return striker != kNoCard && is_warrior_in_play(s, striker) && s.card(striker).controller == seat &&
         is_warrior_in_play(s, victim) && opponents(s, seat, s.card(victim).controller) && filter_matches(s, f, striker, seat);
}

bool wound_kill_target_ok(const State& s, int seat, const std::vector<Effect>& fx, CardId t) {
  for (const Effect& e : fx)
    if (e.op == Op::Handler && e.handler == HandlerId::wound_kills &&
        (t == kNoCard || !kill_fits(s, seat, e.filter, wound_striker(s, t), t)))
      return false;
  return true;
}

// As the hits are marked: might the striker's player turn this new wound into a kill (the card, its filter, the D)?
static bool striker_may_kill(const State& s, CardId victim, CardId striker) {
  if (striker == kNoCard || !is_warrior_in_play(s, striker)) return false;
  const int seat = s.card(striker).controller;
  for (CardId c : s.seats[size_t(seat)].in_play) {
    if (s.card(c).hidden || !kills_wounds(s.def(c))) continue;
    for (const Ability& ab : s.def(c).abilities)
      for (const Effect& e : ab.effects)
        if (e.op == Op::Handler && e.handler == HandlerId::wound_kills && kill_fits(s, seat, e.filter, striker, victim) &&
            destiny(s, seat) >= std::max(0, stats(s, victim).v))
          return true;
  }
  return false;
}

void wound_kills(State& s, int seat, CardId victim, const WarriorFilter& f) {
  const CardId striker = wound_striker(s, victim);
  if (!kill_fits(s, seat, f, striker, victim)) return;
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kAboutToBeWounded && m.target == victim; });
  s.card(victim).wounded = false;  // newly wounded: it dies instead
  mark_just_happened(s, striker, victim, kAboutToDie);
}

static bool answers(const State& s, const Option& o) {
  // TARGETING INSTALLATION: no card saves a marked warrior from its marked wound.
  if (o.b != kNoCard && (s.families & famMarkedForKill) && s.card(o.b).zone == Zone::InPlay && saves_barred(s, o.b) &&
      (o.kind == OptKind::Play || o.kind == OptKind::Use))
    return false;
  if (o.kind == OptKind::Play && answers_blow(s.def(o.a)))  // gEngine IMPALE: reaction_target_ok checked the hit
    return o.b != kNoCard && hit_pending(s, o.b);
  if (o.kind == OptKind::Play)  // NARROW ESCAPE!: reaction_target_ok has checked the kill's marker
    return o.b != kNoCard && ((kill_pending(s, o.b) && saves_from_kill(s.def(o.a))) ||
                              (hit_pending(s, o.b) && (saves_from_wound(s.def(o.a)) || heals_dying(s.def(o.a)))));
  if (o.kind == OptKind::Use && kills_wounds(s.def(o.a)))  // THE SECOND DIRECTORATE: ability_options checked the wound
    return o.b != kNoCard && marked(s, o.b, kAboutToBeWounded);
  if (o.kind == OptKind::Use) {  // the warrior's own ability, or one of a card on it (SACHS 9000GL)
    const CardId w = home_of(s, o.a);
    return w != kNoCard && is_warrior_in_play(s, w) && hit_pending(s, w) && answers_own_hit(s.def(o.a));
  }
  return false;
}

void last_chance_options(const State& s, int seat, std::vector<Option>& out) {
  out.push_back({OptKind::Pass});
  std::vector<Option> all;
  effect_options(s, seat, all);
  for (const Option& o : all)
    if (answers(s, o)) out.push_back(o);
}

// A quick look before the options are asked for (every combat with a hit comes
// here): the warrior itself answers, or its player holds a card that may.
static bool may_answer(const State& s, CardId w, bool dead) {
  if (answers_own_hit(s.def(w))) return true;
  for (CardId a : attachments_of(s, w))
    if (answers_own_hit(s.def(a))) return true;
  // A blow that kills wounds too (EJECTION SEAT answers either).
  for (CardId c : s.seats[s.card(w).controller].hand)
    if ((dead && saves_from_kill(s.def(c))) || saves_from_wound(s.def(c)) || heals_dying(s.def(c))) return true;
  return other_saver(s, w, dead, true);
}

bool open_last_chance(State& s, bool a_dead, bool d_dead, bool a_wounded_now, bool d_wounded_now) {
  if (!(a_dead || d_dead || a_wounded_now || d_wounded_now)) return false;
  const CardId A = s.combat.attacker, D = s.combat.defender;
  const CardId SA = struck(s, A), SD = struck(s, D);  // the warriors hit (combat/groups.hpp)
  // THE SECOND DIRECTORATE: the striker's player may make a new wound a kill.
  const bool kill_sd = d_wounded_now && !d_dead && striker_may_kill(s, SD, A);
  const bool kill_sa = a_wounded_now && !a_dead && striker_may_kill(s, SA, D);
  // gEngine IMPALE: the striker's player may answer its blow.
  const bool hold_sd = (d_dead || d_wounded_now) && striker_answers(s, SD, A);
  const bool hold_sa = (a_dead || a_wounded_now) && striker_answers(s, SA, D);
  if (!((a_dead || a_wounded_now) && may_answer(s, SA, a_dead)) && !((d_dead || d_wounded_now) && may_answer(s, SD, d_dead)) &&
      !kill_sd && !kill_sa && !hold_sd && !hold_sa)
    return false;
  const size_t before = s.lasting.size();
  auto mark = [&](CardId victim, CardId killer, bool dead, bool wounded_now) {
    if (dead) mark_just_happened(s, killer, victim, kAboutToDie);
    else if (wounded_now) mark_just_happened(s, killer, victim, kAboutToBeWounded);
  };
  mark(SD, A, d_dead, d_wounded_now);
  mark(SA, D, a_dead, a_wounded_now);
  std::vector<uint8_t> order;  // the victims' players, the defender's first
  for (CardId v : {SD, SA}) {
    const uint8_t seat = s.card(v).controller;
    if (hit_pending(s, v) && std::find(order.begin(), order.end(), seat) == order.end()) order.push_back(seat);
  }
  // THE SECOND DIRECTORATE: then the strikers' players who may make a wound a kill.
  for (const auto& [may, striker] : {std::pair{kill_sd || hold_sd, A}, std::pair{kill_sa || hold_sa, D}})
    if (may && std::find(order.begin(), order.end(), s.card(striker).controller) == order.end())
      order.push_back(s.card(striker).controller);
  // CLIFFHANGER, EJECTION SEAT: then the players who may save another's warrior from its kill or its wound.
  for (CardId v : {SD, SA})
    if (hit_pending(s, v) && other_saver(s, v, kill_pending(s, v), true))
      for (int p = 0; p < s.num_seats(); ++p)
        if (!s.seats[size_t(p)].eliminated && std::find(order.begin(), order.end(), uint8_t(p)) == order.end())
          order.push_back(uint8_t(p));
  const Phase phase = s.phase;
  const Window window = s.window;
  open_window(s, WindowKind::CombatModify, order);
  for (uint8_t seat : order) {
    std::vector<Option> opts;
    last_chance_options(s, int(seat), opts);
    if (opts.size() > 1) return true;
  }
  // Nobody can answer: no window, and nothing of it stays in the State.
  s.phase = phase;
  s.window = window;
  s.lasting.resize(before);
  return false;
}

bool undo_hit(State& s, CardId w) {
  if (!hit_pending(s, w)) return false;
  const bool combat_hit = marked(s, w, kAboutToDie) || marked(s, w, kAboutToBeWounded);
  if (marked(s, w, kAboutToBeWounded)) s.card(w).wounded = false;  // the new wound is gone
  std::erase_if(s.lasting, [&](const LastingMod& m) {
    return (m.lock == kAboutToDie || m.lock == kAboutToBeWounded || m.lock == kDyingOfWound) && m.target == w;
  });
  // As reaction_used does for a reaction card: the window answering a combat's hits stays one when the last hit is
  // undone (EXORCISE INJURIES cast in it), so that it closes through close_last_chance and the combat is not fought
  // again; the marker is on no warrior.
  if (combat_hit && !last_chance_pending(s)) mark_just_happened(s, w, kNoCard, kAboutToBeWounded);
  return true;
}

// Could the warrior's player answer this death? RAZIDE heals a deadly wound if
// its player has the D; NARROW ESCAPE! in its player's hand answers any death.
bool death_answerable(const State& s, CardId w, bool wound) {
  const int seat = s.card(w).controller;
  if (wound && has_designation(s, w, desig::HealsEvenAKillingWound) && destiny(s, seat) >= std::max(0, stats(s, w).a))
    return true;
  if (wound && answers_own_wound(s, w)) return true;
  for (CardId c : s.seats[size_t(seat)].hand)
    if (saves_from_kill(s.def(c)) || (wound && saves_from_wound(s.def(c))) || heals_dying(s.def(c))) return true;
  return other_saver(s, w, true, wound);
}

static void die_now(State& s, CardId w, CardId killer, Log log) {
  if (!is_warrior_in_play(s, w)) return;
  note_kill(s, w, killer == w ? kNoCard : killer, stats(s, w).v, false);  // LIFE INSURANCE may answer
  if (killer != kNoCard && killer != w) {
    award_kills(s, {Kill{w, killer, stats(s, w).v}}, false, log);
    return;
  }
  on_killed_by_effect(s, w, log);
  kill_from_play(s, w, raised_dead(s, w));  // ANIMATE DEAD: killed again, annihilated
}

bool effect_death(State& s, CardId w, bool wound, CardId killer, Log log) {
  if (!death_answerable(s, w, wound)) {
    die_now(s, w, killer, log);
    return false;
  }
  // The marker's source is the killer, or the warrior itself when no one earns points.
  mark_just_happened(s, killer == kNoCard ? w : killer, w, wound ? kDyingOfWound : kDyingOfKill);
  return true;
}

bool effect_deaths_pending(const State& s) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [](const LastingMod& m) { return m.lock == kDyingOfWound || m.lock == kDyingOfKill; });
}

void settle_effect_deaths(State& s, Log log) {
  std::vector<LastingMod> dying;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kDyingOfWound || m.lock == kDyingOfKill) dying.push_back(m);
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kDyingOfWound || m.lock == kDyingOfKill; });
  for (const LastingMod& m : dying) die_now(s, m.target, m.source, log);
}

void note_card_wound(State& s, CardId w, CardId source) {
  if (!is_warrior_in_play(s, w) || !s.card(w).wounded) return;
  bool held = other_saver(s, w, false, true) || answers_own_wound(s, w);
  for (CardId c : s.seats[s.card(w).controller].hand) held = held || saves_from_wound(s.def(c));
  if (held) mark_just_happened(s, source, w, kWoundedByCard);
}

void close_last_chance(State& s, Log log) {
  const CardId A = struck(s, s.combat.attacker), D = struck(s, s.combat.defender);  // the warriors hit
  const bool a_dead = kill_pending(s, A), d_dead = kill_pending(s, D);
  const bool a_wounded_now = marked(s, A, kAboutToBeWounded), d_wounded_now = marked(s, D, kAboutToBeWounded);
  const int a_v = is_warrior_in_play(s, A) ? stats(s, A).v : 0;
  const int d_v = is_warrior_in_play(s, D) ? stats(s, D).v : 0;
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kAboutToDie || m.lock == kAboutToBeWounded; });
  settle_hits(s, a_dead, d_dead, a_wounded_now, d_wounded_now, a_v, d_v, log);
  if (s.awards.empty()) open_response_window(s);
  else s.phase = Phase::Points;
}

}  // namespace dt::detail
