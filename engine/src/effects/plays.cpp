// Cards played from hand through their PlaySpec (docs/effects.md "play"):
// when they may be played, on what, what they cost, and playing one.
#include <algorithm>

#include "dt/designations.hpp"
#include "actions/declared_attack.hpp"
#include "effects/triggers/cancel.hpp"
#include "effects/modifiers/membership.hpp"
#include "effects/costs/mystic.hpp"
#include "effects/costs/action_price.hpp"
#include "effects/triggers/perception.hpp"
#include "effects/modifiers/phantasm.hpp"
#include "effects/triggers/reactions.hpp"
#include "effects/choices/secret.hpp"
#include "effects/filters/waiver.hpp"
#include "effects/economy/ledger.hpp"
#include "turn/victory.hpp"
#include "effects/economy/economy.hpp"
#include "effects/economy/team_gifts.hpp"
#include "effects/economy/team_rules.hpp"
#include "effects/attacks/again.hpp"
#include "combat/backfire.hpp"
#include "effects/triggers/undo.hpp"
#include "effects/choices/fetch.hpp"
#include "effects/modifiers/suppress.hpp"
#include "actions/storage.hpp"
#include "effects/lasting/virus.hpp"
#include "internal.hpp"
#include "markers.hpp"
#include "effects/lasting/card_markers.hpp"

namespace dt::detail {

// INITIATIVE, BLOOD LUST: in your turn before you spend an action, and one
// card of a name a turn (a marker in State::lasting, gone when your next turn begins).
// EXTORTION (timing OTHERS_TURN): in another player's turn before that player spends an action, as often as wished.
static bool turn_start_open(const State& s, int seat, CardId c) {
  if (s.def(c).play->timing == Timing::OthersTurn)
    return seat != s.current && s.step != Step::Discard && !s.tactical_used &&
           s.actions_left >= actions_per_turn_of(s, s.current);
  if (seat != s.current || s.step == Step::Discard || s.tactical_used) return false;
  if (s.actions_left < actions_per_turn_of(s, seat)) return false;
  return std::none_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
    return m.seat == seat && m.target == kNoCard && s.card(m.source).def == s.card(c).def;
  });
}

// BRIBERY, PROGRAMMED, DEATH ROW: a price of so many times the target warrior's V (modified, or base).
static int target_v_price(const State& s, const PlaySpec& p, CardId w) {
  const int v = p.cost_target_base_v ? base_stats(s, w).v : stats(s, w).v;
  return p.cost_per_target_v * std::max(0, v);
}

static bool free_mission(const State& s, CardId card, CardId target) {
  return s.def(card).type == CardType::Mission && target != kNoCard && is_warrior_in_play(s, target) &&
         has_designation(s, target, desig::FreeMissions);
}

// MUTATED STRAIN (Card.played_with): the cards of `seat`'s hand that card `c` may be played with.
template <class Fn>
static void for_each_companion(const State& s, int seat, CardId c, Fn fn) {
  for (CardId x : s.seats[size_t(seat)].hand) {
    const auto& w = s.def(x).played_with;
    if (!w || x == c) continue;
    if (std::any_of(w->with.begin(), w->with.end(), [&](const std::string& n) { return s.def(c).has_designation_text(n); }))
      fn(x, *w);
  }
}

// ... and the warriors it may go on so, added to its own targets `ts`.
static void played_with_targets(const State& s, int seat, CardId c, std::vector<Target>& ts) {
  // The warriors the card could target were it meant for warriors matching the companion's filter: the usual
  // test of a warrior target (seen, not immune, not shielded from a VIRUS, ...), in targets().
  for_each_companion(s, seat, c, [&](CardId, const PlayedWithSpec& w) {
    for (const Target& x : targets(s, seat, TargetKind::Warrior, w.target, c))
      if (std::none_of(ts.begin(), ts.end(), [&](const Target& t) { return t.card == x.card; })) ts.push_back(x);
  });
}

// As `o` is applied: a card played on a warrior outside its own targets goes with the card of the hand that let it.
static void play_companion(State& s, int me, const Option& o, Log log) {
  const PlaySpec& p = *s.def(o.a).play;
  const std::vector<Target> own = targets(s, me, p.target, p.filter, o.a);
  if (std::any_of(own.begin(), own.end(), [&](const Target& t) { return t.card == o.b; })) return;
  CardId with = kNoCard;
  for_each_companion(s, me, o.a, [&](CardId x, const PlayedWithSpec& w) {
    if (with == kNoCard && filter_matches(s, w.target, o.b, me)) with = x;
  });
  if (with == kNoCard) return;
  take_out(s, with);
  put_into(s, with, s.def(with).post_play == PostPlay::Annihilate ? Zone::Annihilated : Zone::Discard);
  emit(log, {EventKind::Play, int8_t(me), with, o.b, -1});
  if (s.def(with).played_with->infection_reaches) {  // its infections spread wider (effects/lasting/virus.cpp)
    LastingMod m{o.a, kNoCard, {}, kNoTurnEnds};
    m.lock = kInfectionReach;
    m.other = with;
    s.lasting.push_back(m);
  }
}

void effect_options(const State& s, int seat, std::vector<Option>& out) {
  if (outsider_locked(s, seat)) return;  // ENTITLEMENT: the combat is its combatants' players' alone
  const SeatState& st = s.seats[size_t(seat)];
  // Cards from hand.
  const bool no_specials = specials_barred(s, seat);
  const bool turned_down = (s.families & famTurnedDown) != 0;  // a game with CLOSE BUT NO CIGAR (turn/victory.hpp)
  const bool played_with = (s.families2 & fam2PlayedWith) != 0;
  // One card that may be played: a card of the hand, or (`holder` set) a spell kept under a card whose warrior casts
  // it (THE FALCON OF PILGRIMS, actions/storage.hpp). Always inlined: the hand's loop stays as cheap as it was.
  auto consider = [&](CardId c, CardId holder) __attribute__((always_inline)) {
    const CardDef& d = s.def(c);
    if (!d.play || (holder != kNoCard && d.type != CardType::Art)) return;
    const size_t first = out.size();
    // A card whose choice cannot be made (too few cards to pick) is not played that way.
    struct ChoiceCheck {
      const State& s; std::vector<Option>& out; size_t first; int seat; bool on;
      ~ChoiceCheck() {
        if (!on) return;
        out.erase(std::remove_if(out.begin() + long(first), out.end(), [&](const Option& o) {
          return !choice_possible(s, seat, o.a, {o.b, o.seat, -1, o.c}, o.n);
        }), out.end());
      }
    } check{s, out, first, seat, d.play->choice.has_value()};
    if (no_specials && d.type == CardType::Special) return;
    if (d.type == CardType::Equipment && equipment_barred(s)) return;  // AGE OF CATASTROPHE
    if (d.has_designation(desig::PlayedAsTheCombatOpens) && !combat_opening(s)) return;  // THINK AGAIN
    if (!declared_attack_gate(s, seat, d)) return;  // INVOKE PAIN, SUGGESTION, printed BLIND FURY
    const PlaySpec& p = *d.play;
    if (st.promotion < p.min_p) return;
    if (p.team_game && (!team_game(s) || played_by_team(s, seat, c))) return;  // SUMMIT MEETING: once per team
    // CLOSE BUT NO CIGAR: answering a side that reached the target (turn/victory.hpp), once a game.
    // OH YEAH?! (famTurnedDown too): only right after a player searched a card of its own pile into its hand.
    if (turned_down && (d.has_designation(desig::PlayedAsAPlayerReachesTheTarget) || played_once_already(s, c) ||
                        (d.has_designation(desig::AnswersAPileSearch) && !pile_search_answerable(s))))
      return;
    if (d.one_in_play != OneInPlay::Any && limited_copy_in_play(s, seat, c)) return;  // THE FOURTH DIRECTORATE, TOTAL WAR!
    if (d.has_designation(kConductsSecretly) && !secret_possible(s, seat)) return;  // SECRET MISSION
    if (p.outside_combat && s.combat.active) return;
    if (p.tactical && (s.tactical_used || seat != s.current || !tactical_open(s, seat, false) ||
                       (s.seats[size_t(seat)].turns_taken <= 1 && !s.rules.tactical_in_first_turn)))
      return;  // gEngine SUICIDE ATTACK: one of its actions is the turn's Tactical action
    if (p.turn_start && !turn_start_open(s, seat, c)) return;
    if (p.in_tactics && !(s.combat.active && (p.in_tactics & (s.combat.tactic == Tactic::Fight ? 1 : 2)))) return;
    if (p.after == After::YourAttackerSurvived &&
        (s.recent_survivor == kNoCard || s.card(s.recent_survivor).controller != seat))
      return;
    if (p.after == After::YouEarnedP && !(s.recent_p_seat == seat && s.recent_p > 0)) return;
    if (p.after == After::SomeoneEarnedP && !(s.recent_p_seat >= 0 && s.recent_p > 0)) return;
    if (p.requires_warrior && !controls_match(s, seat, *p.requires_warrior)) return;
    if (p.requires_card && !card_in_play_matches(s, seat, *p.requires_card)) return;
    if (!p.barred_by.empty() &&  // HIDDEN CACHE: not while MANIFEST DESTINY lies before you
        std::any_of(p.barred_by.begin(), p.barred_by.end(), [&](const WarriorFilter& f) { return card_in_play_matches(s, seat, f); }))
      return;
    if (!effects_possible(s, p.effects)) return;
    if (std::any_of(p.effects.begin(), p.effects.end(), [&](const Effect& e) {  // PURSUIT: a combat just over
          return e.op == Op::AttackAgain && !attack_again_possible(s, seat, e, c);
        }))
      return;
    if (faces_immunity(s, seat, c)) return;
    if (d.type == CardType::Art) {  // the price depends on the caster
      art_options(s, seat, c, out, holder);
      return;
    }
    const int surcharge = d.type == CardType::Special ? special_surcharge(s, seat) : 0;  // WATCHFUL EYE
    const int n = max_times(s, seat, p.cost_d + surcharge, p.per_d, p.max_times);
    // x0 (GIFT OF FATE's one card) needs only the fixed price.
    const bool zero_ok = p.zero_times && p.per_d > 0 && destiny(s, seat) >= p.cost_d + surcharge;
    if (n <= 0 && !zero_ok) return;
    // AGENT NICK MICHAELS: missions assigned to a FREE MISSIONS warrior cost no
    // action and may be assigned at any point of your turn.
    // PALANQUIN AIRVESSEL: a play made as an action may cost fewer actions, none at all, or be made at any time.
    const ActionPrice price = p.timing == Timing::Action ? play_action_price(s, seat, c) : ActionPrice{p.actions, false};
    const bool open = timing_open(s, price.any_time ? Timing::AnyTime : p.timing, seat, price.actions);
    const bool free_only = !open && d.type == CardType::Mission && timing_open(s, Timing::YourTurn, seat, 0);
    if (!open && !free_only) return;
    const bool by_actions = d.has_designation(desig::BoughtWithExtraActions);
    std::vector<Target> ts = targets(s, seat, p.target, p.filter, c);
    if (played_with && holder == kNoCard) played_with_targets(s, seat, c, ts);  // MUTATED STRAIN
    for (const Target& t : ts) {
      if (!defender_ok(s, p.effects, t.card) || !enter_play_ok(s, seat, p.effects, t.card)) continue;
      if (!put_target_ok(s, seat, p.effects, kNoCard, t.card)) continue;  // PRIVATE COLLECTOR: somewhere it may go
      if (!can_affect(s, p.effects, c, t.card)) continue;  // only on what it can affect
      if (!reaction_target_ok(s, c, t.card)) continue;
      if (d.type == CardType::Special && truce_bars_target(s, seat, t.card, t.seat)) continue;  // TRUCE
      if ((p.timing == Timing::AnyDrawStep || (p.turn_start && p.timing == Timing::OthersTurn)) && t.seat >= 0 &&
          t.seat != s.current)
        continue;  // the player about to draw; EXTORTION: the player whose turn it is
      if (!declared_attack_target_ok(s, c, t.card)) continue;  // BORN WITH A SILVER SPOON, SWORN VENGEANCE
      if (!membership_target_ok(s, c, t.card)) continue;  // REINSTATEMENT, INSUBORDINATION, STIGMATA
      if (!backfire_target_ok(s, p.effects, t.card)) continue;  // BACKFIRE: a weapon in use
      if (free_only && !free_mission(s, c, t.card)) continue;
      if (p.target_v && (t.card == kNoCard || destiny(s, seat) < p.cost_d + value_price(s, *p.target_v, t.card)))
        continue;  // GRAVE ROBBERS: its V in D
      if (p.pay_opponent_v) {  // PERFECT HIT: the price is the opponent's V
        const CardId opp = t.card == kNoCard ? kNoCard : combat_opponent(s, t.card);
        if (opp == kNoCard || destiny(s, seat) < p.cost_d + stats(s, opp).v) continue;
      }
      if (p.cost_per_target_v &&  // BRIBERY, PROGRAMMED: the price is the target's V, so many times
          (t.card == kNoCard || !is_warrior_in_play(s, t.card) || destiny(s, seat) < p.cost_d + surcharge + target_v_price(s, p, t.card)))
        continue;
      if (t.card != kNoCard && combat_opponent(s, t.card) != kNoCard && modifier_already_played(s, seat, c, t.card))
        continue;
      if (p.weapon_kinds && (t.card == kNoCard || !(p.weapon_kinds & (1u << unsigned(s.def(t.card).weapon))))) continue;
      const int extra = (t.card != kNoCard ? borrow_price(s, p.filter.affil, t.card) : 0) + surcharge;
      const int nt = extra ? max_times(s, seat, p.cost_d + extra, p.per_d, p.max_times) : n;
      if (nt <= 0 && !zero_ok) continue;
      Option o{OptKind::Play, c, t.card};
      o.seat = t.seat;
      if (t.area >= 0) o.p = 1, o.to = Area(t.area);  // a combat area as the host
      if (by_actions) {  // TAKE AIM: each action your attack gave up buys it once more
        if (s.combat.active && seat == s.combat.attacking_seat && t.card == s.combat.attacker)
          push_times(out, o, 1, s.combat.spare_actions);
        continue;
      }
      push_times(out, o, p.per_d, nt, p.zero_times);
    }
  };
  for (CardId c : st.hand) consider(c, kNoCard);
  if (s.families2 & fam2StoredCasts)
    for (const StoredSpell& x : stored_spells(s, seat)) consider(x.spell, x.holder);
  free_bestow_options(s, seat, out);
  // Abilities of warriors and attachments this seat controls.
  ability_options(s, seat, out);
}

bool specials_barred(const State& s, int seat) {
  if (!s.combat.active) return false;
  const CardId a = s.combat.attacker, d = s.combat.defender;
  return (s.def(a).has_designation(desig::NoSpecialsAgainstIt) && s.card(d).controller == seat) ||
         (s.def(d).has_designation(desig::NoSpecialsAgainstIt) && s.card(a).controller == seat) ||
         (!s.combat.mods.empty() && specials_locked(s, seat));  // CORNERED, THINK AGAIN (effects/modifiers/suppress.hpp)
}


// A card put into play lying before a player (Card.displaces): that player's other
// cards in play it names go, and so do those that name it.
static void displace(State& s, CardId c, Log log) {
  const int seat = s.card(c).controller;
  const CardDef& d = s.def(c);
  const std::vector<CardId> cards = s.seats[size_t(seat)].in_play;
  for (CardId x : cards) {
    if (x == c || s.card(x).zone != Zone::InPlay || s.card(x).hidden) continue;
    bool goes = false;
    for (const std::string& n : d.displaces) goes = goes || s.def(x).has_designation_text(n);
    for (const std::string& n : s.def(x).displaces) goes = goes || d.has_designation_text(n);
    if (!goes) continue;
    emit(log, {EventKind::Discard, int8_t(seat), x});
    discard_from_play(s, x);
  }
}

bool apply_play(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const CardDef& d = s.def(o.a);
  const PlaySpec& p = *d.play;
  int paid = 0;  // what the caster's player spent on a spell
  if (d.type == CardType::Art && o.c != kNoCard) {
    const int price = takes_ratings(d) ? cast_price_on_model(s, o.c, o.a, o.b) : cast_price(s, o.c, o.a, o.n, o.b);
    note_spell_spent(s, o.c, o.a, price);  // BRAIN STRAIN: its caster's D on spells counted
    paid = mystic_pays(s, o, price);  // MYSTIC: discarded, its D paid first
    if (s.families & famSpellFund) paid = pay_from_spell_markers(s, o.c, paid);  // POWER STABILIZER: its D next
    destiny(s, me) -= paid;
  }
  else destiny(s, me) -= p.cost_d + p.per_d * o.n + (o.b != kNoCard && is_warrior_in_play(s, o.b) ? borrow_price(s, p.filter.affil, o.b) : 0) +
                         (d.type == CardType::Special ? special_surcharge(s, me) : 0);
  if (p.pay_opponent_v && o.b != kNoCard && combat_opponent(s, o.b) != kNoCard) destiny(s, me) -= stats(s, combat_opponent(s, o.b)).v;
  if (p.target_v) destiny(s, me) -= value_price(s, *p.target_v, o.b);  // GRAVE ROBBERS
  if (p.cost_per_target_v && o.b != kNoCard && is_warrior_in_play(s, o.b)) destiny(s, me) -= target_v_price(s, p, o.b);
  const bool action = d.type == CardType::Art ? d.spell == SpellKind::Action
                                               : p.timing == Timing::Action && !free_mission(s, o.a, o.b) &&
                                                     s.phase == Phase::Actions;  // a RITUAL freed of its actions: any time
  // gEngine SUICIDE ATTACK, CHARGE: one of its actions is the turn's Tactical action, which ends the step (its
  // actions paid first, as an attack's are: spend_tactical takes the cost off what is left, then closes the step).
  if (p.tactical) spend_tactical(s, me, kNoCard, action ? std::max<int>(1, p.actions) : 0);
  else if (action) s.actions_left -= play_action_price(s, me, o.a).actions;
  if (d.has_designation(desig::BoughtWithExtraActions)) s.combat.spare_actions = uint8_t(s.combat.spare_actions - o.n);
  if (p.turn_start && p.timing != Timing::OthersTurn) s.lasting.push_back({o.a, kNoCard, {}, uint8_t(me)});  // one of this name this turn
  if ((s.families2 & fam2PlayedWith) && o.b != kNoCard) play_companion(s, me, o, log);  // MUTATED STRAIN
  reaction_used(s, o.a, o.b, log);
  // SNUB THE CARDINAL: the missions this card completes if it makes its target a HERETIC.
  std::vector<CardId> heretic_watch;
  if ((d.grant_keywords & kwHeretic) && o.b != kNoCard && is_warrior_in_play(s, o.b))
    heretic_watch = heretic_missions(s, o.b, me);
  take_out(s, o.a);
  if (p.stays || d.post_play == PostPlay::Attach) {
    // It stays on its target warrior (a spell without one: on its caster), or
    // lies before its target player (a player's mission, SPELLBOUND), or before you.
    const CardId on = o.b != kNoCard ? o.b : o.seat >= 0 ? kNoCard : o.c;
    if (on != kNoCard && s.card(on).zone == Zone::InPlay) {
      put_attached(s, o.a, on, me);
    } else if (p.target == TargetKind::Host && o.p == 1) {  // it lies on that player's combat area
      put_into(s, o.a, Zone::InPlay, o.seat);
      s.card(o.a).area = o.to;
    } else {
      put_into(s, o.a, Zone::InPlay, o.seat >= 0 ? o.seat : me);
    }
  } else {
    put_into(s, o.a, d.post_play == PostPlay::Annihilate ? Zone::Annihilated : Zone::Discard);
  }
  emit(log, {EventKind::Play, int8_t(me), o.a, o.b, o.seat});
  if (s.card(o.a).zone == Zone::InPlay) displace(s, o.a, log);  // DOUBLE TIME and MANIFEST DESTINY
  note_played(s, o.a);  // it may be cancelled, its effects undone, until the next window closes
  if (!heretic_watch.empty() && is_warrior_in_play(s, o.b) && has_designation(s, o.b, desig::Heretic))
    on_made_heretic(s, o.b, me, heretic_watch, log);
  // gEngine MYSTIC: another player's MYSTIC may still give the spell its 8 D; the effects wait.
  if (d.type == CardType::Art && o.c != kNoCard && offer_mystic(s, me, o, paid)) return action;
  play_resolves(s, me, o, log);
  return action;
}

// Is the option's target a player's combat area (Play.target TARGET_HOST, `o.p` 1)?
static bool targets_area(const State& s, const Option& o) {
  const CardDef& d = s.def(o.a);
  return d.play && d.play->target == TargetKind::Host && o.p == 1 && o.b == kNoCard;
}

void play_resolves(State& s, int me, const Option& o, Log log) {
  const Target tgt{o.b, o.seat};
  // SUPPRESSING FIRE: a combat area as the target names it to the card's choice
  const int8_t area = targets_area(s, o) ? int8_t(o.to) : int8_t(-1);
  const CardDef& d = s.def(o.a);
  const PlaySpec& p = *d.play;
  const CardId user = d.type == CardType::Art ? spell_user(s, o.a, o.c, o.b) : o.c;
  // YOUNG GUARD, MISCOMMUNICATION: the effects wait while another player may cancel the card.
  if (offer_cancel(s, me, o.a, tgt, o.n, true, user)) return;
  // MENTAL CONSTITUTION: the warrior's immunity kept or waived before the effects run.
  if (offer_waiver(s, me, o.a, tgt, o.n, true, o.c)) return;
  // BAUHAUS SECURITY GUARD: a player whose D and P it shields is asked first (effects/economy/ledger.hpp).
  if ((s.families & famKeptD) && ask_consent(s, me, o.a, tgt, o.n)) return;
  // A choice's candidates are those there as the card is played, before its effects.
  std::vector<CardId> candidates;
  if (p.choice) candidates = choice_candidates(s, me, o.a, {tgt.card, tgt.seat, area, user}, o.n);
  const Zone was = tgt.card != kNoCard ? s.card(tgt.card).zone : Zone::Limbo;
  {
    const UndoRecorder record(s, o.a);  // what it changes, for a cancel to put back
    const KillContext kill{p.after_kill && tgt.card != kNoCard ? just_killed_v(s, tgt.card) : 0, false};  // LIFE INSURANCE
    run_effects(s, me, o.a, user, tgt, o.n, p.effects, log, p.after_kill ? &kill : nullptr);
    if (s.families2 & fam2PlayedWith)  // MUTATED STRAIN: the wider reach was for this play alone
      std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kInfectionReach && m.source == o.a; });
    // ETERNAL CURSE: the Specials already on the warrior it now keeps them from are discarded.
    if ((s.families & famWideImmunity) && tgt.card != kNoCard && grants_special_immunity(d))
      shed_barred_specials(s, tgt.card, o.a, log);
  }
  note_pile_pick(s, tgt.card, was);  // printed POWER OF PERCEPTION
  // Printed SECRET HQ: its price is paid as it is played; its Choice is its upkeep, asked from the next Draw step on.
  if (p.choice && !d.has_designation(desig::UpkeepFromNextDrawStep)) queue_choice(s, me, o.a, {tgt.card, tgt.seat, area, user}, o.n, std::move(candidates), log);
  remember_spell(s, o, me);
}

}  // namespace dt::detail
