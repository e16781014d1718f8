// Abilities of cards in play (docs/effects.md "abilities"): of warriors, of
// their attachments and of cards in a combat area (fortifications): when they
// may be used, on what, at what price, and using one.
#include <algorithm>

#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "actions/declared_attack.hpp"
#include "effects/attacks/again.hpp"
#include "effects/choices/fetch.hpp"
#include "effects/economy/team_rules.hpp"
#include "effects/triggers/last_chance.hpp"
#include "effects/warriors/joined.hpp"
#include "effects/triggers/perception.hpp"
#include "effects/lasting/prison.hpp"
#include "effects/lasting/card_markers.hpp"
#include "effects/warriors/raise.hpp"
#include "effects/triggers/replace.hpp"
#include "effects/economy/ledger.hpp"
#include "effects/lasting/shutdown.hpp"
#include "effects/modifiers/doubling.hpp"
#include "effects/modifiers/text_off.hpp"
#include "effects/triggers/cancel.hpp"
#include "internal.hpp"
#include "combat/groups.hpp"
#include "effects/lasting/stun.hpp"
#include "../markers.hpp"

namespace dt::detail {

// is_warrior_in_play for a card known to exist (one of a seat's lists), inline:
// asked for every card in play at every decision.
static inline bool warrior_in_play(const State& s, CardId c) {
  const CardInst& ci = s.card(c);
  return ci.zone == Zone::InPlay && ci.attached_to == kNoCard && s.def(c).type == CardType::Warrior;
}

// Warriors that may be discarded as the price of an ability (`sacrifice`).
// SACRIFICE FROM ITS AREA (ZENITHIAN SOULSLAYER): only a warrior of the user's combat area.
static std::vector<CardId> sacrifices(const State& s, int seat, CardId src, CardId user, const Ability& ab) {
  std::vector<CardId> out;
  if (!ab.sacrifice) return {kNoCard};
  const bool same_area = s.def(src).has_designation(desig::SacrificeFromItsArea) && user != kNoCard;
  for (CardId w : warriors_of(s, seat))
    if (!s.card(w).hidden && filter_matches(s, *ab.sacrifice, w, seat) && (!same_area || dt::detail::same_area(s, w, user)))
      out.push_back(w);  // VALERIE DUVAL may pay with herself
  return out;
}

// What using an ability costs in D with its "for every X D" price bought n
// times. A Dark Symmetry card's ability used by a warrior whose D counts twice
// for Dark Symmetry (NEPHARITE OF DEMNOGONIS, ALAKHAI) costs half, rounded up.
// ABILITY COSTS ITS A IN D (RAZIDE): the user's modified A more.
static int ability_price(const State& s, CardId src, CardId user, const Ability& ab, int n) {
  int d = ab.cost_d + ab.per_d * n;
  if (user != kNoCard && s.def(src).has_designation(desig::AbilityCostsItsA)) d += std::max(0, stats(s, user).a);
  // STRANGLEHOLD: discarded for its warrior's V (printed) or twice its base V (gEngine).
  if (user != kNoCard && s.def(src).has_designation(desig::AbilityCostsItsV)) d += stats(s, user).v;
  if (user != kNoCard && s.def(src).has_designation(desig::AbilityCostsTwiceBaseV)) d += 2 * std::max(0, int(s.def(user).v));
  // Only a warrior's D counts twice; a card used with no user (one in a combat area) pays in full.
  if (s.def(src).type != CardType::Symmetry || user == kNoCard) return d;
  constexpr DesigKey twice(desig::SymmetryDCountsTwice);
  bool halves = has_designation(s, user, twice);
  if (!halves)  // given by another warrior of the area (gEngine NEPHARITE OF DEMNOGONIS)
    for_each_mod(
        s, user,
        [&](const StaticMod& m, CardId) {
          for (const std::string& g : m.grant_designations) halves = halves || g == twice.text;
        },
        ModWant::Designations);
  return halves ? (d + 1) / 2 : d;
}

// What using an ability costs in P: its own price, and what cards on its card add (CURSED ARTIFACT on a Relic).
static int ability_p(const State& s, CardId src, const Ability& ab) {
  int p = ab.cost_p;
  if (s.card(src).zone == Zone::InPlay)
    for (CardId a : attachments_of(s, src)) p += s.def(a).ability_tax_p;
  return p;
}

// A card whose kill trigger offers its AFTER_COMBAT abilities (Effect OFFER):
// they are usable only while the offer stands, once each time.
static bool offers_after_combat(const CardDef& d) {
  for (const Trigger& t : d.triggers)
    if (has_op(t.effects, Op::Offer)) return true;
  return false;
}

static bool offered(const State& s, CardId c) {
  return std::find(s.offers.begin(), s.offers.end(), c) != s.offers.end();
}

// MORTIS SWORD: an Art card from hand goes onto the weapon, one its warrior can cast.
static bool attaches_here(const Ability& ab) { return has_handler(ab.effects, HandlerId::attach_here); }

// FIRST AID KIT as printed: a Doomtrooper helps no Dark Legion warrior, nor the reverse.
static bool same_camp(const State& s, CardId user, CardId target) {
  if (user == kNoCard || target == kNoCard) return true;
  if (is_doomtrooper(s, user) && is_legion(s, target)) return false;
  if (is_legion(s, user) && is_doomtrooper(s, target)) return false;
  return true;
}

// Free designations that limit when a card's abilities may be used: ONCE A TURN
// (a marker in State::lasting, gone when its player's next turn begins) and HAND
// OVER SEVEN (only while its player holds more than seven cards): FORTUNE OF WAR.
static bool used_this_turn(const State& s, CardId src) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return m.source == src && m.target == kNoCard && !m.lock; });
}
// Ability::uses_per_turn (NOMURA'S QUICKENED STEP): the uses this turn, one such marker each.
static int uses_this_turn(const State& s, CardId src) {
  return int(std::count_if(s.lasting.begin(), s.lasting.end(),
                           [&](const LastingMod& m) { return m.source == src && m.target == kNoCard && !m.lock; }));
}
// ONCE A GAME (printed SCREAMING LEGIONNAIRE): its marker has a seat no turn's start removes.
static bool limits_allow(const State& s, int seat, CardId src) {
  const CardDef& d = s.def(src);
  if ((d.has_designation(desig::OnceATurn) || d.has_designation(desig::OnceAGame)) && used_this_turn(s, src)) return false;
  if (d.has_designation(desig::HandOverSeven) && s.seats[size_t(seat)].hand.size() <= 7) return false;
  return true;
}

// How many cards on warrior `w` have designation `d` (all four KEY-CODE SKULLs: Ability::carries).
static int carried_count(const State& s, CardId w, const std::string& d) {
  int n = 0;
  for (CardId a : attachments_of(s, w))
    if (s.def(a).has_designation(d)) ++n;
  return n;
}

// An action ability that is its player's Tactical Action for the turn (gEngine
// FLOW OF ACID and WIND OF INSANITY; printed FLOW OF ACID, which is an attack).
static bool tactical_ability(const CardDef& d, const Ability& ab) {
  return ab.timing == Timing::Action &&
         (d.has_designation(desig::ItsAbilityIsATacticalAction) || d.has_designation(desig::ItsAbilityIsAnAttack));
}
static bool tactical_ability_open(const State& s, int seat, const CardDef& d) {
  if (s.tactical_used || seat != s.current) return false;
  if (s.seats[size_t(seat)].turns_taken <= 1 && !s.rules.tactical_in_first_turn) return false;
  return tactical_open(s, seat, d.has_designation(desig::ItsAbilityIsAnAttack));
}

bool tactical_use(const State& s, const Option& o) {
  if (o.kind != OptKind::Use || o.a == kNoCard) return false;
  const CardDef& d = s.def(o.a);
  return size_t(o.p) < d.abilities.size() && tactical_ability(d, d.abilities[size_t(o.p)]);
}

// An ability's tactics: the combat's under way, or after a combat the one its warrior just fought (LOTUS BLOSSOM).
static bool tactic_fits(const State& s, const Ability& ab, CardId user) {
  Tactic t = s.combat.tactic;
  if (ab.timing == Timing::AfterCombat && ab.target == TargetKind::FoughtOpponent) {
    if (fought_opponent(s, user, &t) == kNoCard) return false;
  } else if (!s.combat.active) {
    return false;
  }
  return (ab.tactics & (t == Tactic::Fight ? 1 : 2)) != 0;
}

void ability_options(const State& s, int seat, std::vector<Option>& out) {
  const SeatState& st = s.seats[size_t(seat)];
  // `user` is the warrior using it; kNoCard for a card in a combat area.
  auto abilities_of = [&](CardId src, CardId user) {
    const CardDef& d = s.def(src);
    if (!d.abilities.empty() && !limits_allow(s, seat, src)) return;
    if (!declared_attack_gate(s, seat, d)) return;  // INVOKE PAIN
    if (!search_answer_open(s, seat, d)) return;    // POWER OF PERCEPTION
    for (size_t i = 0; i < d.abilities.size(); ++i) {
      const Ability& ab = d.abilities[i];
      if ((s.families & famTurnedDown) && is_shut_down(s, src)) return;  // ECONOMIC COLLAPSE: turned face down
      // LUNA MEMORIAL HOSPITAL: an ability for its discard pile there only, its others never there (but an offered
      // card's: gEngine TACTICAL ADVANTAGE).
      if (ab.from_discard ? s.card(src).zone != Zone::Discard : s.card(src).zone == Zone::Discard && !offered(s, src)) continue;
      if (!timing_open(s, ab.timing, seat, ab.actions)) continue;
      if (tactical_ability(d, ab) && !tactical_ability_open(s, seat, d)) continue;
      if (ab.timing == Timing::AfterCombat && offers_after_combat(d) && !offered(s, src)) continue;
      // A combat ability needs its warrior in the combat; an offered card out of play (gEngine TACTICAL
      // ADVANTAGE), or a card in a combat area with no warrior (BARRAGE BALLOONS: its target says which
      // combat), only a combat under way.
      const bool no_warrior = user == kNoCard && (s.card(src).zone == Zone::InPlay || offered(s, src));
      // OUR WILL IS BEYOND MEASURE: any combat, its PROPHET fighting in it or not
      if (ab.timing == Timing::Combat && (no_warrior || ab.any_combat ? !s.combat.active
                                                                      : user == kNoCard || combat_opponent(s, user) == kNoCard))
        continue;
      // A Warzone's text serves the combats fought from it alone (NORTHWESTERN EUROPE).
      if (ab.timing == Timing::Combat && d.type == CardType::Warzone && s.combat.warzone != src) continue;
      if (ab.tactics && !tactic_fits(s, ab, user)) continue;
      // A hit waiting in combat counts as a wound (RAZIDE heals even a killing one, last_chance.hpp).
      if (ab.user_wounded && (user == kNoCard || !(s.card(user).wounded || hit_pending(s, user)))) continue;
      if (ab.user_open && (user == kNoCard || s.card(user).cover)) continue;  // DOCTOR DIANA
      if (ab.carries_count && (user == kNoCard || carried_count(s, user, ab.carries) < ab.carries_count)) continue;
      if (ab.user && (user == kNoCard || !filter_matches(s, *ab.user, user, seat))) continue;  // CASTIGATOR BATTLESPEAR
      if (ab.markers && markers_on(s, src) < ab.markers) continue;  // COAGULANT AUTOINJECTOR: a marker a heal
      if (ab.uses_per_turn && uses_this_turn(s, src) >= ab.uses_per_turn) continue;
      if (d.markers.cap && adds_markers(ab.effects) && markers_on(s, src) >= d.markers.cap) continue;  // TRENCHER
      // ZENITHIAN SOULSLAYER: only against a hit of its combat, while it waits.
      if (d.has_designation(desig::AnswersItsWoundInCombat) && (user == kNoCard || !hit_pending(s, user))) continue;
      if (d.has_designation(desig::AnswersItsWound) && (user == kNoCard || !wound_pending(s, user))) continue;
      if (ab.user_area && !(ab.user_area & bit(s.card(user == kNoCard ? src : user).area))) continue;
      if (ab.outside_combat && s.combat.active) continue;
      if (d.storage && marked(s, src, kJustRevealed)) continue;  // its reveal waits for an answer (BLUFF)
      // POWERFUL BLOW; not a card its warrior's player uses for itself (DON'T CALL AGAIN!)
      if (ab.timing == Timing::Action && user != kNoCard && stunned(s, user) && !d.has_designation(desig::ItsBearersPlayerUsesIt))
        continue;
      // DON'T CALL AGAIN!: four actions, the Tactical ones its player's cards give beside the turn's counting
      if (ab.actions_or_tacticals && std::max(0, s.actions_left) + spare_tacticals(s, seat) < ab.actions_or_tacticals) continue;
      if (user != kNoCard && tactical_ability(d, ab) &&  // INFERIOR TECHNOLOGY
          tactical_barred(s, user, d.has_designation(desig::ItsAbilityIsAnAttack)))
        continue;
      if (ab.once_per_combat &&
          std::find(s.combat.used.begin(), s.combat.used.end(), src) != s.combat.used.end())
        continue;
      if (!effects_possible(s, ab.effects)) continue;
      if ((s.families & famKeptD) && has_handler(ab.effects, HandlerId::repay_credit) && !repay_possible(s, seat, src))
        continue;  // BAUHAUS BANK: nothing owed, or too little D to pay it off
      if (std::any_of(ab.effects.begin(), ab.effects.end(), [&](const Effect& e) {  // TUSKED SERETT: a combat just over
            return e.op == Op::AttackAgain && !attack_again_possible(s, seat, e, src);
          }))
        continue;
      if (std::any_of(ab.effects.begin(), ab.effects.end(), [](const Effect& e) { return e.handler == HandlerId::boast; }) &&
          boast_made(s, src))
        continue;  // LANE CHUNG boasts once a turn
      if (faces_immunity(s, seat, src)) continue;  // a gift's ability against an immune opponent
      // SHRIEK: not used with no one to pick (each pick priced on its own, as the choice is made).
      // A choice among a target player's cards (VISIONARY CRYSTAL) is checked for each target below.
      const bool choice_per_target = ab.choice && ab.choice->target_players;
      if (ab.choice && !choice_per_target && choice_candidates(s, seat, src, {kNoCard, -1, -1, user}, 0).empty()) continue;
      if (user != kNoCard && std::any_of(ab.effects.begin(), ab.effects.end(), [&](const Effect& e) {
            return e.op == Op::SwitchSide && e.who == Who::User && effect_futile(s, e, user, src);  // INQUISITION forced it
          }))
        continue;
      if (const int p = ability_p(s, src, ab); p && s.seats[size_t(seat)].promotion < p) continue;  // TA6500 CYBERMECH
      const int destiny = dt::destiny(s, seat);
      int n = 0;  // how many times the price can be bought (1 for a fixed price; no cap but the D)
      while (n < (ab.per_d > 0 ? destiny + 1 : 1) && ability_price(s, src, user, ab, ab.per_d > 0 ? n + 1 : 0) <= destiny) ++n;
      if (n <= 0) continue;
      const std::vector<CardId> prices = sacrifices(s, seat, src, user, ab);
      // A target that only names its area (KEY-CODE SKULL): one option per area.
      const bool names_area = std::any_of(ab.effects.begin(), ab.effects.end(), [](const Effect& e) { return e.who == Who::TargetsArea; });
      std::vector<std::pair<int, Area>> areas_named;
      for (const Target& t : targets(s, seat, ab.target, ab.filter, src)) {
        if (names_area && t.card != kNoCard) {
          const std::pair<int, Area> a{s.card(t.card).controller, s.card(t.card).area};
          if (std::find(areas_named.begin(), areas_named.end(), a) != areas_named.end()) continue;
          areas_named.push_back(a);
        }
        if (ab.target_in_user_area && (t.card == kNoCard || user == kNoCard || !same_area(s, t.card, user)))
          continue;
        if (!enter_play_ok(s, seat, ab.effects, t.card)) continue;
        // TRUCE: no Tactical action (printed: no attack) against the other team
        if ((s.families & famTeamRules) && tactical_ability(d, ab) &&
            (s.rules.card_text != CardText::Printed || d.has_designation(desig::ItsAbilityIsAnAttack)) &&
            truce_bars_target(s, seat, t.card, t.seat))
          continue;
        if (!put_target_ok(s, seat, ab.effects, user, t.card)) continue;  // DARK SUMMONING
        if (!can_affect(s, ab.effects, src, t.card)) continue;  // only on what it can affect
        if (!raise_target_ok(s, seat, ab.effects, t.seat)) continue;  // ANIMATE DEAD: a pile with a warrior
        if (!join_target_ok(s, src, user, ab.effects, t.card)) continue;  // PRETORIAN STALKER
        if (!imprison_target_ok(s, ab.effects, t.card)) continue;          // gEngine CYBERCURITY MP
        if (!assist_target_ok(s, ab.effects, user, t.card)) continue;  // TRUE GATE's reinforcement
        if (!join_combat_target_ok(s, ab.effects, src, t.card)) continue;  // LURKER: its warrior joins the target
        if (!join_attack_target_ok(s, seat, ab.effects, t.card)) continue;  // GANG UP!: the target joins your attack
        if (!wound_kill_target_ok(s, seat, ab.effects, t.card)) continue;  // THE SECOND DIRECTORATE: a wound waiting
        if (ab.filter.same_camp_as_user && !same_camp(s, user, t.card)) continue;
        if (ab.filter.shares_affiliation_with_user &&  // PANIC BUTTON
            (user == kNoCard || t.card == kNoCard || !(affiliations(s, user) & affiliations(s, t.card))))
          continue;
        if (ab.target_v && (t.card == kNoCard ||  // DEMNOGONIS, CANYLE: a price read from the target's V
                            ability_price(s, src, user, ab, 0) + value_price(s, *ab.target_v, t.card) > destiny))
          continue;
        if (attaches_here(ab) && (t.card == kNoCard || user == kNoCard || !can_cast(s, user, t.card))) continue;
        if (choice_per_target && choice_candidates(s, seat, src, {t.card, t.seat, -1, user}, 0).empty()) continue;
        for (CardId price : prices) {  // VALERIE DUVAL, DAGGER OF SACRIFICE: which warrior pays
          if (price != kNoCard && price == t.card) continue;
          Option o{OptKind::Use, src, t.card};
          o.p = int16_t(i);
          o.seat = t.seat;
          o.c = price;
          push_times(out, o, ab.per_d, n);
        }
      }
    }
  };
  for (CardId w : st.in_play) {
    if (!warrior_in_play(s, w)) {  // a card in a combat area (a fortification)
      if (!s.def(w).abilities.empty() && !s.card(w).hidden && !s.def(w).has_designation(desig::ItsBearersPlayerUsesIt))
        abilities_of(w, kNoCard);
      continue;
    }
    // Most cards have no ability: the look-up is skipped for them.
    // A card plays what of its text is expressed (docs/effects.md); none while it is switched off (AMNESIA).
    if (!s.def(w).abilities.empty() && !own_acts_off(text_off_now(s, w))) abilities_of(w, w);
    for (CardId a : attachments_of(s, w)) {  // STRANGLEHOLD: the warrior's player pays to be rid of it
      if (!s.def(a).abilities.empty() &&
          (s.card(a).controller == seat || s.def(a).has_designation(desig::ItsBearersPlayerUsesIt)) &&
          !switched_off_in_combat(s, a))  // YOMURA'S AMULET, DEAD ZONE
        abilities_of(a, w);
      // HELLBLASTER: a card of yours on the warrior's VEHICLE (or other attachment), used by that warrior.
      for (CardId b : attachments_of(s, a))
        if (!s.def(b).abilities.empty() && s.card(b).controller == seat && !switched_off_in_combat(s, b))
          abilities_of(b, w);
    }
  }
  // PRIMAL BITCH: a card in another player's area whose abilities any player uses.
  for (int t = 0; t < s.num_seats(); ++t)
    if (t != seat)
      for (CardId c : s.seats[size_t(t)].in_play)
        if (s.def(c).type == CardType::Special && s.def(c).has_designation(kAnyPlayerUses) && is_warrior_in_play(s, c))
          abilities_of(c, c);
  // LUNA MEMORIAL HOSPITAL: an ability its owner uses while the card lies in the discard pile.
  if (s.families & famFromDiscard)
    for (CardId c : st.discard)
      if (std::any_of(s.def(c).abilities.begin(), s.def(c).abilities.end(), [](const Ability& ab) { return ab.from_discard; }))
        abilities_of(c, kNoCard);
  // An offer stands even if its card left play in that combat (a mutual kill).
  for (size_t i = 0; i < s.offers.size(); ++i) {
    const CardId c = s.offers[i];
    if (s.card(c).zone == Zone::InPlay || s.card(c).owner != seat) continue;
    if (std::find(s.offers.begin(), s.offers.begin() + long(i), c) != s.offers.begin() + long(i)) continue;
    abilities_of(c, kNoCard);
  }
}

bool apply_use(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const Target tgt{o.b, o.seat};
  const Ability& ab = s.def(o.a).abilities[size_t(o.p)];
  const bool in_play = s.card(o.a).zone == Zone::InPlay;
  const CardId user = !in_play ? kNoCard : is_warrior_in_play(s, o.a) ? o.a : bearer_of(s, o.a);
  if (ab.timing == Timing::AfterCombat && offered(s, o.a))  // the offer is taken
    s.offers.erase(std::find(s.offers.begin(), s.offers.end(), o.a));
  destiny(s, me) -= ability_price(s, o.a, user, ab, o.n) + (ab.target_v ? value_price(s, *ab.target_v, o.b) : 0);
  s.seats[size_t(me)].promotion -= ability_p(s, o.a, ab);
  const bool action = ab.timing == Timing::Action;
  if (action) s.actions_left -= ab.actions;
  if (action && ab.actions_or_tacticals) {  // the turn's actions first, then Tactical actions given beside them
    const int from_turn = std::min(std::max(0, s.actions_left), int(ab.actions_or_tacticals));
    s.actions_left -= from_turn;
    spend_spare_tacticals(s, me, ab.actions_or_tacticals - from_turn);
  }
  if (tactical_ability(s.def(o.a), ab)) spend_tactical(s, me, user, 0);  // as an attack would
  emit(log, {EventKind::Use, int8_t(me), o.a, o.b});
  if (ab.once_per_combat && s.combat.active) s.combat.used.push_back(o.a);
  if (s.def(o.a).has_designation(desig::OnceATurn) || ab.uses_per_turn) s.lasting.push_back({o.a, kNoCard, {}, uint8_t(me)});
  if (s.def(o.a).has_designation(desig::OnceAGame)) s.lasting.push_back({o.a, kNoCard, {}, kNoTurnEnds});
  // HUSSAR: equipment it keeps is used without being discarded.
  if (in_play && ab.discard_self && !kept_in_play(s, o.a)) discard_by_own_use(s, o.a);  // TIGHT GRIP lets it go
  if (in_play && ab.annihilate_self) discard_by_own_use(s, o.a, true);
  if (ab.sacrifice && o.c != kNoCard && is_warrior_in_play(s, o.c)) discard_from_play(s, o.c);
  const Zone was = tgt.card != kNoCard ? s.card(tgt.card).zone : Zone::Limbo;
  if (in_play && ab.markers) set_markers(s, o.a, markers_on(s, o.a) - ab.markers);
  // The warrior sacrificed as the price is the effects' PICKED card (NORTHWESTERN EUROPE reads its V).
  const CardId paid = ab.sacrifice ? o.c : kNoCard;
  // AURA OF MYSTICAL RESISTANCE: a card in play may answer the ability, its effects waiting (cancel.cpp).
  if (effects_answerable(s) && ability_answered(s, me, o.a, o.p, tgt, o.n, user, paid)) return action;
  ability_works(s, me, o.a, o.p, user, tgt, o.n, paid, was, log);
  return action;
}

void ability_works(State& s, int me, CardId card, int index, CardId user, Target tgt, int n, CardId paid, Zone was,
                   Log log) {
  // A lent ability (effects/lasting/borrowed.hpp) whose lending ended while its answers were asked: nothing runs.
  if (size_t(index) >= s.def(card).abilities.size()) return;
  const Ability& ab = s.def(card).abilities[size_t(index)];
  // SHRIEK: a choice's candidates are those there as the ability is used, before its effects.
  const Target picked_for{tgt.card, tgt.seat, -1, user};
  std::vector<CardId> candidates;
  if (ab.choice) candidates = choice_candidates(s, me, card, picked_for, n);
  // EXCRUTIATING POWER FLOW: the effects of a card doubled run twice.
  const int runs = (s.families2 & fam2DoubledEffects) ? effects_factor(s, card) : 1;
  for (int i = 0; i < runs; ++i)
    run_effects(s, me, card, user, tgt, n, ab.effects, log, nullptr, paid, paid != kNoCard ? s.card(paid).owner : -1);
  note_pile_pick(s, tgt.card, was);  // printed POWER OF PERCEPTION
  if (ab.choice) queue_choice(s, me, card, picked_for, n, std::move(candidates), log);
  // The last marker spent, a card that goes once they are gone goes (after what it paid for).
  if (s.card(card).zone == Zone::InPlay && ab.markers) discard_if_spent(s, card);
}

}  // namespace dt::detail
