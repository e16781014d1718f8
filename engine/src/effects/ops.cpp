// The operations effect lists are made of (docs/effects.md "effects": wound,
// kill, draw, gain D, combat bonus, change tactic, ...) and the registered
// handlers for effects too particular for the vocabulary.
#include <algorithm>
#include <array>
#include <functional>
#include <string>

#include "dt/designations.hpp"
#include "dt/vocabulary.hpp"
#include "actions/declared_attack.hpp"
#include "effects/handlers.hpp"
#include "effects/economy/ledger.hpp"
#include "effects/lasting/shutdown.hpp"
#include "turn/victory.hpp"
#include "effects/warriors/area_damage.hpp"
#include "effects/warriors/attachments.hpp"
#include "effects/lasting/carriers.hpp"
#include "effects/triggers/reactions.hpp"
#include "effects/warriors/mutual_kill.hpp"
#include "combat/backfire.hpp"
#include "combat/cancelled.hpp"
#include "effects/warriors/coin_duel.hpp"
#include "effects/attacks/strafe.hpp"
#include "effects/filters/collection.hpp"
#include "effects/attacks/command.hpp"
#include "effects/triggers/last_chance.hpp"
#include "effects/modifiers/membership.hpp"
#include "effects/choices/moves.hpp"
#include "effects/choices/control.hpp"
#include "effects/filters/protection.hpp"
#include "effects/attacks/orders.hpp"
#include "effects/attacks/charge.hpp"
#include "effects/attacks/mass.hpp"
#include "effects/modifiers/share.hpp"
#include "combat/redirect.hpp"
#include "combat/intervene.hpp"
#include "effects/warriors/joined.hpp"
#include "effects/warriors/held.hpp"
#include "effects/triggers/perception.hpp"
#include "effects/costs/pile_steps.hpp"
#include "effects/lasting/copies.hpp"
#include "effects/lasting/twins.hpp"
#include "effects/lasting/borrowed.hpp"
#include "effects/modifiers/doubling.hpp"
#include "effects/modifiers/phantasm.hpp"
#include "effects/attacks/plans.hpp"
#include "effects/lasting/prison.hpp"
#include "effects/warriors/raise.hpp"
#include "effects/warriors/convert.hpp"
#include "effects/choices/revelation.hpp"
#include "effects/choices/secret.hpp"
#include "effects/choices/hand_look.hpp"
#include "actions/storage.hpp"
#include "effects/choices/inspire.hpp"
#include "effects/economy/team_gifts.hpp"
#include "effects/economy/team_rules.hpp"
#include "effects/triggers/replace.hpp"
#include "effects/lasting/shields.hpp"
#include "effects/attacks/telepathy.hpp"
#include "effects/costs/upkeep.hpp"
#include "effects/warriors/wounds.hpp"
#include "effects/modifiers/visitation.hpp"
#include "effects/economy/economy.hpp"
#include "effects/economy/team_gifts.hpp"
#include "turn/order.hpp"
#include "effects/choices/fetch.hpp"
#include "effects/attacks/again.hpp"
#include "effects/triggers/undo.hpp"
#include "effects/lasting/card_markers.hpp"
#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"
#include "combat/groups.hpp"
#include "markers.hpp"
#include "effects/lasting/virus.hpp"
#include "effects/lasting/afflictions.hpp"
#include "actions/outpost_sides.hpp"
#include "effects/filters/hosts.hpp"
#include "effects/lasting/base_gains.hpp"
#include "effects/costs/repay.hpp"
#include "turn/own_actions.hpp"

namespace dt::detail {



// GAZE: `seat` sees player t's draw pile, card by card from the top, alone
// (dt::describe); SPELLBOUND's shield keeps it closed.
static void look_at_draw(State& s, int seat, CardId source, int t, Log log) {
  if (draw_pile_shielded(s, t, source)) return;
  const std::vector<CardId>& pile = s.seats[size_t(t)].draw;
  for (auto it = pile.rbegin(); it != pile.rend(); ++it)
    emit(log, {EventKind::Effect, int8_t(seat), source, *it, int(Op::LookAtHand), t});
}

// Registered handlers for effects too particular for the vocabulary.
// Those run inline in run_effects, needing more than a Handler is handed.
static bool inline_handler(HandlerId h) {
  return h == HandlerId::area_damage || h == HandlerId::take_on_ratings || h == HandlerId::release ||
         h == HandlerId::join_attack || h == HandlerId::wound_kills || h == HandlerId::look_under ||
         h == HandlerId::tactical_at_once || h == HandlerId::raise_target || h == HandlerId::manipulate ||
         h == HandlerId::assist_whole;
}

static const HandlerTable& handlers() {
  static const HandlerTable h = [] {
    HandlerTable m;
    using H = HandlerId;
    // PRISONER WORK CAMP: the prisoner passes into the card's keeping.
    m[size_t(H::take_prisoner)] = [](State& s, int seat, CardId source, CardId c, int, Log log) {
      take_prisoner(s, seat, source, c, log);
    };
    // CAPTURED!: the target warrior kept under the card (actions/storage.hpp).
    m[size_t(H::keep_under)] = [](State& s, int seat, CardId source, CardId c, int, Log log) {
      keep_under(s, seat, source, c, log);
    };
    // PILLAGED MUNITIONS: one of the victim's Equipment cards kept under the card, its player asked.
    m[size_t(H::store_victim_equipment)] = [](State& s, int seat, CardId source, CardId c, int, Log log) {
      store_victim_equipment(s, seat, source, c, log);
    };
    // EMISSARIES: the Squad and Kohort open to its player's Tribal warriors until its next turn (actions/transfer.cpp).
    m[size_t(H::open_side_transfers)] = [](State& s, int seat, CardId source, CardId, int, Log) {
      open_side_transfers(s, seat, source);
    };
    // JOKER!: this card becomes a copy of the card picked, played at once by its rules.
    m[size_t(H::become_copy)] = [](State& s, int seat, CardId source, CardId c, int, Log log) {
      become_copy(s, seat, source, c, log);
    };
    // DOUBLE DUTY: this card enters play as a second copy of the warrior picked, the two one warrior.
    m[size_t(H::stand_as_twin)] = [](State& s, int seat, CardId source, CardId c, int, Log log) {
      stand_as_twin(s, seat, source, c, log);
    };
    // PLAGIARIZE: this card's warrior has the abilities printed on the warrior picked while this card stays;
    // EMBASSY, lying before its player, the effects of the Fortification picked.
    m[size_t(H::borrow_text)] = [](State& s, int, CardId source, CardId c, int, Log) {
      const CardId to = s.card(source).attached_to != kNoCard ? bearer_of(s, source) : source;
      borrow_text(s, source, to, c, LentFor::SourceInPlay);
    };
    // gEngine TOUCHED BY THE LIGHT: the cards making the target a HERETIC discarded, and this card with them.
    m[size_t(H::heretic_makers_discarded)] = [](State& s, int, CardId source, CardId c, int, Log log) {
      heretic_makers_discarded(s, source, c, log);
    };
    // EXCRUTIATING POWER FLOW: the card picked has its effects doubled until your next turn.
    m[size_t(H::double_effects)] = [](State& s, int seat, CardId source, CardId c, int, Log) {
      double_effects(s, seat, source, c);
    };
    // OH YEAH?!: the card just searched out goes to the bottom of its pile, a random one to the hand instead.
    m[size_t(H::swap_searched)] = [](State& s, int, CardId source, CardId, int, Log log) { swap_searched(s, source, log); };
    // ESSENTIAL SUMMONS: the card just played (the target) searches its piles one step cheaper.
    m[size_t(H::cheaper_piles)] = [](State& s, int, CardId source, CardId c, int, Log) { cheapen_piles(s, source, c); };
    // POWER OF PERCEPTION: the card just taken from a pile is annihilated, unseen.
    m[size_t(H::annihilate_searched)] = [](State& s, int seat, CardId source, CardId, int, Log log) {
      annihilate_searched(s, seat, source, log);
    };
    // RETREAT!: the player's combatant leaves the combat; the other side's
    // player takes half its V (rounded up) as P.
    m[size_t(H::retreat)] = [](State& s, int, CardId, CardId mine, int, Log log) {
      if (!s.combat.active || mine == kNoCard) return;
      const CardId other = mine == s.combat.attacker ? s.combat.defender : s.combat.attacker;
      const int v = stats(s, mine).v;
      SeatState& o = s.seats[s.card(other).controller];
      o.promotion += (v + 1) / 2;
      finish_combat(s, log);
    };
    // STRENGTH OF WILL: until its next turn begins, no Dark Symmetry card
    // affects the player's warriors but their own gifts (effects/lasting/shields.hpp).
    m[size_t(H::shield_from_symmetry)] = [](State& s, int seat, CardId source, CardId, int, Log) {
      LastingMod m{source, kNoCard, {}, uint8_t(seat), kNoCard, 0, kShieldsFromSymmetry};
      m.player = int8_t(seat);
      s.lasting.push_back(m);
    };
    // gEngine LESSER TELEPATHY: the caster picks every combat's tactic until its next turn (effects/attacks/telepathy.hpp).
    m[size_t(H::pick_tactics)] = [](State& s, int seat, CardId source, CardId, int, Log) { pick_tactics(s, seat, source); };
    // COMMAND: the caster's Tactical action (its cast), then the picked defender and the tactic (effects/attacks/command.hpp).
    m[size_t(H::tactical_cast)] = [](State& s, int seat, CardId, CardId, int, Log) { pay_attack(s, seat, kNoCard, 0); };
    for (const bool printed : {false, true})
      m[size_t(printed ? H::forced_attack_printed : H::forced_attack)] = [printed](State& s, int seat, CardId source, CardId d, int,
                                                                          Log) { force_attack(s, seat, source, d, printed); };
    // CHARGE: the target, a warrior of the card's player, attacks the picked one at once (effects/attacks/command.hpp).
    m[size_t(H::attack_at_once)] = [](State& s, int seat, CardId source, CardId d, int, Log) { attack_at_once(s, seat, source, d); };
    // INNOCENT BAUBLE: every other card on the target warrior is discarded (effects/warriors/attachments.hpp).
    m[size_t(H::discard_attachments)] = [](State& s, int, CardId source, CardId t, int, Log log) { discard_attachments(s, source, t, log); };
    // LISTEN UP!: the Equipment on the target player's combat areas discarded (effects/filters/hosts.hpp).
    m[size_t(H::discard_area_equipment)] = [](State& s, int, CardId source, CardId, int t, Log log) {
      discard_area_equipment(s, t, source, log);
    };
    // FOOL'S GOLD: the target's Muster paid again, or the warrior lost (effects/costs/repay.hpp).
    // BAUHAUS BANK: one D owed paid off (effects/economy/ledger.hpp).
    m[size_t(H::repay_credit)] = [](State& s, int seat, CardId source, CardId, int, Log log) { repay_credit(s, seat, source, log); };
    m[size_t(H::repay_or_discard)] = [](State& s, int, CardId source, CardId t, int, Log log) { repay_or_discard(s, source, t, log); };
    // GREAT GREY: the target strafed (effects/attacks/strafe.hpp).
    for (const bool printed : {false, true})
      m[size_t(printed ? H::strafe_printed : H::strafe)] = [printed](State& s, int seat, CardId source, CardId t, int, Log log) {
        strafe(s, seat, source, t, printed, log);
      };
    // RUSSIAN ROULETTE: a coin flip loses the target or the warrior picked (effects/warriors/coin_duel.hpp).
    m[size_t(H::coin_duel)] = [](State& s, int seat, CardId source, CardId picked, int, Log log) { coin_duel(s, seat, source, picked, log); };
    // LURKER: the card's warrior joins the target combatant's side (combat/groups.hpp).
    m[size_t(H::join_combat)] = [](State& s, int, CardId source, CardId t, int, Log) { join_combat(s, source, t); };
    // BACKFIRE: the target weapon's bonus goes to its user's opponent, and it is discarded (combat/backfire.hpp).
    m[size_t(H::backfire)] = [](State& s, int, CardId source, CardId t, int, Log log) { backfire(s, source, t, log); };
    // SHADOW MASTER: the card's warrior and the target die together (effects/warriors/mutual_kill.hpp).
    m[size_t(H::mutual_kill)] = [](State& s, int, CardId source, CardId t, int, Log log) {
      mutual_kill(s, is_warrior_in_play(s, source) ? source : bearer_of(s, source), t, log);
    };
    // ATTACK PREDICTION: every card played in the combat is cancelled (combat/cancelled.hpp).
    m[size_t(H::cancel_combat_cards)] = [](State& s, int, CardId source, CardId, int, Log log) { cancel_combat_cards(s, source, log); };
    // EMPATHY: the picked player owes the caster its attack plan for its next turn (effects/attacks/plans.hpp).
    m[size_t(H::attack_plan)] = [](State& s, int, CardId source, CardId, int planner, Log) { plan_due(s, source, planner); };
    // GAZE as printed: after the owner reshuffles, the caster looks again
    // while examinations paid for remain (the choice's picks left).
    m[size_t(H::look_at_draw_if_paid)] = [](State& s, int seat, CardId source, CardId, int t, Log log) {
      if (t < 0 || s.choices.empty() || s.choices.front().source != source || s.choices.front().picks_left == 0) return;
      look_at_draw(s, seat, source, t, log);
    };
    // PRIMAL BITCH: the card takes the target warrior's place (effects/triggers/replace.hpp).
    m[size_t(H::replace_warrior)] = [](State& s, int, CardId source, CardId target, int, Log log) {
      replace_warrior(s, source, target, false, log);
    };
    m[size_t(H::replace_warrior_printed)] = [](State& s, int, CardId source, CardId target, int, Log log) {
      replace_warrior(s, source, target, true, log);
    };
    // INSPIRED: up to three actions at once (effects/choices/inspire.hpp).
    m[size_t(H::inspired)] = [](State& s, int seat, CardId source, CardId, int, Log) { queue_inspired(s, seat, source, 3); };
    // SECRET MISSION: a mission of your hand assigned face down (effects/choices/secret.hpp).
    m[size_t(H::swap_seats)] = [](State& s, int seat, CardId, CardId, int target_seat, Log) { swap_seats(s, seat, target_seat); };
    m[size_t(H::reverse_turn_order)] = [](State& s, int, CardId, CardId, int, Log) { reverse_turn_order(s); };
    m[size_t(H::upkeep_per_card)] = [](State& s, int seat, CardId source, CardId, int target_seat, Log log) {
      upkeep_per_card(s, target_seat >= 0 ? target_seat : seat, source, log);
    };
    // SECRET: the cards kept under it played at once (actions/storage.hpp).
    m[size_t(H::play_stored)] = [](State& s, int seat, CardId source, CardId, int, Log log) { play_stored(s, seat, source, log); };
    m[size_t(H::team_d_gifts)] = [](State& s, int seat, CardId source, CardId, int, Log) { ask_team_d_gifts(s, seat, source); };
    // SUMMIT MEETING, TRUCE, TROOP TRANSFER (effects/economy/team_gifts.hpp, team_rules.hpp).
    m[size_t(H::team_card_gifts)] = [](State& s, int seat, CardId source, CardId, int, Log) { ask_team_card_gifts(s, seat, source); };
    m[size_t(H::truce)] = [](State& s, int seat, CardId source, CardId, int, Log log) { start_truce(s, seat, source, log); };
    m[size_t(H::team_moves_this_turn)] = [](State& s, int seat, CardId source, CardId, int, Log log) {
      open_team_moves(s, seat, source, log);
    };
    m[size_t(H::secret_mission)] = [](State& s, int seat, CardId source, CardId, int, Log) { queue_secret_mission(s, seat, source); };
    // REVELATION: the target Doomtrooper may cast one spell of your hand now.
    m[size_t(H::revelation)] = [](State& s, int seat, CardId source, CardId target, int, Log) {
      queue_revelation(s, seat, source, target);
    };
    // gEngine DARK VISITATION: its markers, put on as it is played, 3 taken at each Draw step (effects/modifiers/visitation.hpp).
    m[size_t(H::visitation_markers)] = [](State& s, int, CardId source, CardId, int, Log) { put_visitation_markers(s, source); };
    m[size_t(H::visitation_countdown)] = [](State& s, int, CardId source, CardId, int, Log) { visitation_countdown(s, source); };
    // ANIMATE DEAD: its player picks a warrior of the target player's discard pile to raise (effects/warriors/raise.hpp).
    m[size_t(H::animate_dead)] = [](State& s, int seat, CardId source, CardId, int t, Log) { ask_raise(s, seat, source, t); };
    // PRETORIAN STALKER: the target, a namesake of its area, goes inside it (effects/warriors/joined.hpp).
    m[size_t(H::join_namesake)] = [](State& s, int seat, CardId source, CardId t, int, Log log) { join_warriors(s, seat, source, t, log); };
    // IMPALE, NOBLE BEAST, TARGETING INSTALLATION: what a blow leaves behind (effects/warriors/held.hpp).
    m[size_t(H::hold_struck_warrior)] = [](State& s, int seat, CardId source, CardId t, int, Log log) {
      hold_struck(s, seat, source, t, kNoCard, log);
    };
    m[size_t(H::attachment_takes_wound)] = [](State& s, int seat, CardId source, CardId t, int, Log log) {
      attachment_takes_wound(s, seat, source, t, log);
    };
    m[size_t(H::mark_for_kill)] = [](State& s, int seat, CardId source, CardId t, int, Log log) { mark_for_kill(s, seat, source, t, log); };
    // gEngine CHARGER: after a kill made with it, another warrior of the victim's area may be attacked (effects/attacks/charge.hpp).
    m[size_t(H::attack_on_after_kill)] = [](State& s, int seat, CardId source, CardId victim, int, Log) { ask_attack_on(s, seat, source, victim); };
    // gEngine CYBERCURITY MP: the target is its prisoner (effects/lasting/prison.hpp); `mine` is the target here.
    m[size_t(H::imprison)] = [](State& s, int seat, CardId source, CardId t, int, Log log) { imprison(s, seat, source, t, log); };
    m[size_t(H::imprison_stripped)] = [](State& s, int seat, CardId source, CardId t, int, Log log) {
      imprison(s, seat, source, t, log, true);
    };
    // DOOMED: discarded once its player's D is down to 0.
    m[size_t(H::discard_if_no_destiny)] = [](State& s, int seat, CardId source, CardId, int, Log) {
      if (destiny(s, seat) <= 0 && s.card(source).zone == Zone::InPlay) discard_from_play(s, source);
    };
    // DEMOTED: a warrior whose V has come down to 0 is discarded.
    m[size_t(H::discard_if_no_value)] = [](State& s, int, CardId, CardId target, int, Log) {
      if (target != kNoCard && is_warrior_in_play(s, target) && stats(s, target).v <= 0)
        discard_from_play(s, target);
    };
    // TIME ROT as printed: an Age marker (a lasting entry with no bonus); each
    // third marker of the card's name on the warrior is -1 F, S, A and V, and
    // a warrior brought down to V 0 is discarded.
    m[size_t(H::age_marker)] = [](State& s, int, CardId source, CardId target, int, Log) {
      if (target == kNoCard || !is_warrior_in_play(s, target)) return;
      s.lasting.push_back({source, target, {}, kNoTurnEnds});
      const int markers = int(std::count_if(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
        return m.target == target && m.seat == kNoTurnEnds && s.card(m.source).def == s.card(source).def &&
               m.bonus.f == 0 && m.bonus.s == 0 && m.bonus.a == 0 && m.bonus.v == 0;
      }));
      if (markers % 3 == 0) s.lasting.push_back({source, target, StatBonus{-1, -1, -1, -1}, kNoTurnEnds});
      if (stats(s, target).v <= 0) discard_from_play(s, target);
    };
    // EXORCISM: a warrior a card made a HERETIC is redeemed: its Dark Symmetry
    // cards are discarded first, 3 D each (the whole fee, or nothing happens),
    // then the cards that made it a HERETIC.
    m[size_t(H::redeem)] = [](State& s, int seat, CardId, CardId w, int, Log) {
      if (w == kNoCard || !is_warrior_in_play(s, w)) return;
      std::vector<CardId> gifts, corrupting;
      for (CardId a : attachments_of(s, w)) {
        if (s.def(a).type == CardType::Symmetry) gifts.push_back(a);
        else if (s.def(a).grant_keywords & kwHeretic) corrupting.push_back(a);
      }
      const int fee = 3 * int(gifts.size());
      if (corrupting.empty() || destiny(s, seat) < fee) return;
      destiny(s, seat) -= fee;
      for (CardId a : gifts)
        if (!discard_protected(s, a, false)) discard_from_play(s, a);  // SYMMETRY STONE
      for (CardId a : corrupting)
        if (s.card(a).zone == Zone::InPlay) discard_from_play(s, a);
    };
    // LESSER HYPNOSIS (gEngine): the target becomes the attacker (targets.cpp's
    // defender_ok has already checked that it may attack the defender).
    m[size_t(H::change_attacker)] = [](State& s, int, CardId, CardId target, int, Log) {
      if (!s.combat.active || target == kNoCard || !is_warrior_in_play(s, target)) return;
      s.combat.attacker = target;
      s.combat.attacking_seat = uint8_t(s.card(target).controller);
    };
    // MORTIS SWORD: the target card, from its owner's hand, goes onto this card
    // (where it does nothing but count: ART CARDS REPEAT ITS BONUS).
    m[size_t(H::attach_here)] = [](State& s, int seat, CardId source, CardId target, int, Log) {
      if (target == kNoCard || s.card(target).zone != Zone::Hand || s.card(source).zone != Zone::InPlay) return;
      take_out(s, target);
      put_attached(s, target, source, seat);
    };
    // LANE CHUNG: the boast, announced in one turn for an attack in the next.
    m[size_t(H::boast)] = [](State& s, int, CardId source, CardId, int, Log) {
      make_boast(s, source);
    };
    // TELEPATHIC MESSAGE: the target player must attack the picked warrior in its next turn.
    m[size_t(H::order_attack_this)] = [](State& s, int, CardId source, CardId w, int tseat, Log) {
      give_order(s, source, w, tseat, kOrderAttackThis);
    };
    // CONTROL MIND: the target warrior must (or must not) attack in its player's next turn.
    m[size_t(H::order_must_attack)] = [](State& s, int, CardId source, CardId w, int, Log) {
      if (w != kNoCard) give_order(s, source, w, s.card(w).controller, kOrderMustAttack);
    };
    m[size_t(H::order_no_attack)] = [](State& s, int, CardId source, CardId w, int, Log) {
      if (w != kNoCard) give_order(s, source, w, s.card(w).controller, kOrderNoAttack);
    };
    // INVOKE PAIN: the target may not attack until the start of your next turn.
    m[size_t(H::no_attack_till_your_turn)] = [](State& s, int me, CardId source, CardId w, int, Log) {
      if (w == kNoCard || !is_warrior_in_play(s, w)) return;
      LastingMod o{source, w, {}, uint8_t(me)};
      o.lock = kOrderNoAttack;
      s.lasting.push_back(o);
    };
    // SUGGESTION: the target makes the attack being declared (its player names the defender).
    m[size_t(H::makes_this_attack)] = [](State& s, int, CardId source, CardId w, int, Log) {
      if (w == kNoCard || !is_warrior_in_play(s, w)) return;
      LastingMod o{source, w, {}, s.current};
      o.lock = kOrderMustAttack;
      s.lasting.push_back(o);
    };
    // AUTOMATIC FIRE: a weapon used in this combat gives its bonus once more, for the combat.
    m[size_t(H::double_weapon_bonus)] = [](State& s, int, CardId source, CardId weapon, int, Log) {
      if (!s.combat.active || weapon == kNoCard || s.card(weapon).zone != Zone::InPlay) return;
      const CardId w = bearer_of(s, weapon);
      const std::vector<CardId> used = used_weapons(s, w);
      if (std::find(used.begin(), used.end(), weapon) != used.end())
        s.combat.mods.push_back({source, w, s.def(weapon).bonus});
    };
    // GREATER TELEPATHY (gEngine): the card's target warrior attacks the one picked,
    // in place of the combat's two warriors (the Choice under way holds the target).
    m[size_t(H::make_combatants)] = [](State& s, int, CardId, CardId d, int, Log) {
      if (s.choices.empty()) return;
      const CardId a = s.choices.front().target;
      if (!new_combatants_ok(s, a, d)) return;
      s.combat.attacker = a;
      s.combat.defender = d;
      s.combat.attacking_seat = uint8_t(s.card(a).controller);
      s.combat.warzone = kNoCard;  // the new defender chose no Warzone
    };
    // REINFORCEMENTS! (a Choice's pick joins the side of the card's target) and
    // TRUE GATE (the ability's target joins the side of the gift's bearer).
    for (const bool printed : {false, true})
      m[size_t(printed ? H::assist_printed : H::assist)] = [printed](State& s, int, CardId source, CardId x, int, Log) {
        const bool picked = !s.choices.empty() && s.choices.front().source == source;
        add_assistant(s, picked ? s.choices.front().target : bearer_of(s, source), x, printed);
      };
    // EFFICIENCY TRAINING, TELEPORTATION: Equipment picked, then where it goes.
    m[size_t(H::move_equipment)] = [](State& s, int seat, CardId source, CardId picked, int, Log log) {
      move_equipment_pick(s, seat, source, picked, log);
    };
    register_lose_handlers(m);  // INSUBORDINATION's alternatives: the affiliation it takes away
    // Printed TRENCHER: the FOXHOLE it digs comes from the collection (the Side Board) onto it.
    m[size_t(H::attach_to_self)] = [](State& s, int seat, CardId source, CardId card, int, Log log) {
      attach_from_collection(s, seat, source, card, log);
    };
    // GALE FORCE WINDS: its Choice (pay to keep it, or let it go) at each of your Draw steps.
    m[size_t(H::upkeep)] = [](State& s, int seat, CardId source, CardId, int, Log log) { ask_upkeep(s, seat, source, log); };
    m[size_t(H::discard_airships)] = [](State& s, int seat, CardId source, CardId, int, Log log) {
      discard_airships(s, seat, source, log);
    };
    for (size_t i = 1; i < m.size(); ++i)
      if (!m[i] && !inline_handler(HandlerId(i)))
        throw std::logic_error("handler without a function: " + std::string(handler_name(HandlerId(i))));
    return m;
  }();
  return h;
}

// Does an effect list change the combat's tactic? Then both warriors need the other rating.
bool effects_possible(const State& s, const std::vector<Effect>& fx) {
  for (const Effect& e : fx) {
    if (e.op == Op::Handler && e.handler == HandlerId::boast && s.combat.active) return false;
    if (e.op == Op::Handler && e.handler == HandlerId::swap_seats && !seats_swappable(s)) return false;
    if (e.op == Op::Handler && e.handler == HandlerId::reverse_turn_order && !order_reversible(s)) return false;
    if (e.tactics) continue;  // conditional on a combat: a no-op without one
    if (e.op == Op::EndCombat && e.who == Who::TargetPlayersWarriors) continue;  // CENSER DROPS: only if one is in a combat
    if ((e.op == Op::ChangeTactic) && s.combat.active) {
      const Tactic t = s.combat.tactic == Tactic::Fight ? Tactic::Shoot : Tactic::Fight;
      if (!has_rating(s, s.combat.attacker, t) || !defender_may_fight(s, s.combat.defender, t)) return false;
      if (t == Tactic::Fight && flies_or_dives(s, s.combat.attacker)) return false;
      if (!tactic_allowed(s, t, s.combat.attacker, s.combat.defender)) return false;
    }
    if ((e.op == Op::CombatBonus || e.op == Op::ChangeTactic || e.op == Op::EndCombat ||
         e.op == Op::AttackerFirst || e.op == Op::DefenderFirst || e.op == Op::UserFirst ||
         e.op == Op::ChangeDefender || e.op == Op::OnlyTargetStrikes || e.op == Op::SlayOpponent || e.op == Op::Suppress ||
         e.op == Op::ShareWarzone || e.op == Op::ReannounceWarzone) &&
        !s.combat.active)
      return false;
  }
  return true;
}


static void emit_fx(Log log, int seat, CardId src, Op op, CardId target, int tseat) {
  emit(log, {EventKind::Effect, int8_t(seat), src, target, int(op), tseat});
}

static void add_points(State& s, int seat, int dp, int dd) {
  SeatState& st = s.seats[size_t(seat)];
  st.promotion = std::max(0, st.promotion + dp);
  int& d = destiny(s, seat);
  // D kept apart or lent on credit stay out of a card's reach (effects/economy/ledger.hpp).
  d = std::max(dd < 0 && (s.families & famKeptD) ? std::min(d, untouchable_d(s, seat)) : 0, d + dd);
}

// P a card's effect gives (a mission's build, a kill trigger's bonus) are P "just earned" as a
// kill's are (turn/points.cpp): BAMBOOZLED! answers any player's, PORTENTS OF VICTORY its own.
static void note_p_earned(State& s, int seat, int p) {
  if (p <= 0) return;
  if (s.recent_p_seat != seat) s.recent_p_seat = int8_t(seat), s.recent_p = 0;
  s.recent_p = int16_t(s.recent_p + p);
}

// Cards other cards may not discard or annihilate: equipment on a warrior that
// KEEPS EQUIPMENT (HUSSAR); a player's Specials attached to warriors while one
// of its warriors KEEPS ATTACHED SPECIALS, or all its Specials in play while
// one KEEPS SPECIALS IN PLAY (GUARDIAN GARGOYLE, gEngine and printed).
bool kept_in_play(const State& s, CardId c) {
  const CardType t = s.def(c).type;
  const CardId w = s.card(c).attached_to;
  // LUNA as printed: a fortification FOR THE REST OF THE GAME; so is SECRET HQ, and printed STIGMATA (a Special).
  if ((t == CardType::Fortification || t == CardType::Special) && s.def(c).has_designation(desig::ForTheRestOfTheGame))
    return true;
  if (t == CardType::Equipment)
    return w != kNoCard && is_warrior_in_play(s, w) && (s.card(c).grafted || has_designation(s, w, desig::KeepsEquipment));
  if (t != CardType::Special) return false;
  const bool attached = w != kNoCard && is_warrior_in_play(s, w);
  for (CardId g : s.seats[s.card(c).controller].in_play) {
    if (!is_warrior_in_play(s, g)) continue;
    if (attached && has_designation(s, g, desig::KeepsAttachedSpecials)) return true;
    if (has_designation(s, g, desig::KeepsSpecialsInPlay)) return true;
  }
  return false;
}

// INQUISITION forced this CULTIST's side: its own switch (source itself) does nothing while that card is in play.
static bool side_forced(const State& s, CardId c, CardId source) {
  if (source != c) return false;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kSideForced && m.target == c && s.card(m.source).zone == Zone::InPlay) return true;
  return false;
}

bool effect_futile(const State& s, const Effect& e, CardId c, CardId source) {
  switch (e.op) {
    case Op::SwitchSide: return !s.def(c).has_designation(desig::Cultist) || side_forced(s, c, source);
    case Op::StrikeIntoCombat: return intervention_victim(s, c) == kNoCard;  // HOLY PROTECTOR: someone to strike
    case Op::TakeControl: return never_changes_allegiance(s, c);  // UNDYING LOYALTY: no other player takes it
    case Op::Discard: case Op::Annihilate: case Op::ReturnToHand:
      if (s.card(c).zone != Zone::InPlay) return false;
      // An Alliance leaves play only through a card that names Alliances.
      if (!alliance_removable(s, c, e)) return true;
      if (e.op == Op::ReturnToHand || c == source) return false;
      // The BAUHAUS Alliance: Equipment stays on its warriors while they live.
      if (s.def(c).type == CardType::Equipment && is_attached_top(s, c) && has_ability(s, bearer_of(s, c), desig::EquipmentStays))
        return true;
      if (kept_in_play(s, c)) return true;  // a grafted weapon (CHASSEUR), KEEPS EQUIPMENT, ...
      if (discard_protected(s, c, e.op == Op::Annihilate)) return true;  // DEFENSIVE BARRIER, SYMMETRY STONE
      // PUNISHER BLADE and HANDGUN: discarded only with their warrior (annihilation still takes them);
      // a card lying in play never (printed LIMITED RESOURCES).
      return e.op == Op::Discard && s.def(c).has_designation(desig::NeverDiscarded) &&
             (s.card(c).attached_to == kNoCard || is_warrior_in_play(s, s.card(c).attached_to));
    case Op::Wound: case Op::Kill: case Op::KillAwarded:
      if (!is_warrior_in_play(s, c)) return false;
      if (keywords(s, c) & kwNoWound) return true;
      // ADAMANTIUM WILL: Special cards neither wound nor kill it.
      return e.op != Op::KillAwarded && source != kNoCard && s.def(source).type == CardType::Special &&
             has_ability(s, c, desig::UnharmedBySpecials);
    default: return false;
  }
}

bool can_affect(const State& s, const std::vector<Effect>& fx, CardId source, CardId target) {
  if (target == kNoCard) return true;
  bool on_target = false;
  for (const Effect& e : fx) {
    if (e.who != Who::Target) continue;
    if (!effect_futile(s, e, target, source)) return true;
    on_target = true;
  }
  return !on_target;  // what it does elsewhere (or by a choice) is not judged here
}

// HERETIC CONSPIRACY: a player marked immune to the Art (a LastingMod on the player). UNTOUCHABLE,
// DOOMSDAY PROCLAIMER, SURPLUS: a card of the player's in play whose mod of scope ITS_PLAYER grants an immunity.
bool player_immune_to(const State& s, int seat, CardId source) {
  if (source == kNoCard) return false;
  const CardDef& src = s.def(source);
  if (src.type == CardType::Art)
    for (const LastingMod& m : s.lasting)
      if (m.player == seat && (m.grant & kwArtImmunity)) return true;
  if (!(s.families & famPlayerImmunity)) return false;
  for (CardId c : s.seats[size_t(seat)].in_play)
    for (const StaticMod& m : s.def(c).mods) {
      if (m.scope != Scope::ItsPlayer) continue;
      if (src.type == CardType::Art && (m.grant & kwArtImmunity)) return true;
      if (src.type == CardType::Symmetry && ((m.grant & kwCompleteSymmetryImmunity) ||
                                             ((m.grant & kwMinorSymmetryImmunity) && src.gift.level != GiftLevel::Major)))
        return true;
      for (const std::string& g : m.grant_designations)
        if (family::ImmuneTo.param_of(g) == src.name) return true;  // SURPLUS: IMMUNE TO ECONOMIC BREAKDOWN
    }
  return false;
}

bool draw_pile_shielded(const State& s, int seat, CardId source) {
  if (source == kNoCard) return false;
  for (CardId c : s.seats[size_t(seat)].in_play) {
    if (s.card(c).attached_to != kNoCard || c == source) continue;
    const CardDef& d = s.def(c);
    if (d.has_designation(desig::ShieldsItsPlayersDrawPile)) return true;
    if (d.has_designation(desig::ShieldsDrawPileFromSpecials) && s.def(source).type == CardType::Special) return true;
  }
  return false;
}

int warriors_matching(const State& s, const WarriorFilter& f, int seat) {
  int n = 0;
  for (const SeatState& st : s.seats)
    for (CardId w : st.in_play)
      if (is_warrior_in_play(s, w) && !s.card(w).hidden && filter_matches(s, f, w, seat)) ++n;
  return n;
}

static void run_effects_now(State& s, int seat, CardId source, CardId user, Target target, int times,
                            const std::vector<Effect>& fx, Log log, const KillContext* kill, CardId picked,
                            int picked_seat);

// What an effect's per_warrior counts for player `seat`: the warriors in play matching it; with card types named,
// every face-up card in play of those types matching it; with in_its_area, only those in the combat area of the
// card `source` (its player's), itself left out (FACTORY RETROFIT: the FACTORIES beside it).
static int cards_counted(const State& s, const Effect& e, CardId source, int seat) {
  const WarriorFilter& f = *e.per_warrior;
  if (!f.card_types && !e.in_its_area) return warriors_matching(s, f, seat);
  const bool here = e.in_its_area && source != kNoCard && s.card(source).zone == Zone::InPlay;
  if (e.in_its_area && !here) return 0;
  int n = 0;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) {
      if (s.card(c).hidden || c == source) continue;
      if ((s.families & famTurnedDown) && is_shut_down(s, c)) continue;  // ECONOMIC COLLAPSE: it counts for nothing
      if (!f.card_types && !is_warrior_in_play(s, c)) continue;
      if (here && (s.card(c).controller != s.card(source).controller || s.card(c).area != s.card(source).area)) continue;
      if (filter_matches(s, f, c, seat)) ++n;
    }
  return n;
}

// A card of `seat` may remove cards that its player's missions count (RAZE THE LAND): they
// are watched across its effects (effects/missions.cpp).
void run_effects(State& s, int seat, CardId source, CardId user, Target target, int times,
                 const std::vector<Effect>& fx, Log log, const KillContext* kill, CardId picked, int picked_seat) {
  // A warrior's own triggers and abilities do nothing while its text is switched off (effects/modifiers/text_off.hpp).
  if ((s.families & famTextOff) && source != kNoCard && own_acts_off(text_off_bits(s, source))) return;
  if (!(s.families & famMissionEvents) || fx.empty() || seat < 0) {
    run_effects_now(s, seat, source, user, target, times, fx, log, kill, picked, picked_seat);
    return;
  }
  const std::vector<CardId> watched = removal_watch(s, seat);
  run_effects_now(s, seat, source, user, target, times, fx, log, kill, picked, picked_seat);
  if (!watched.empty()) on_removed_by(s, seat, watched, log);
}

static void run_effects_now(State& s, int seat, CardId source, CardId user, Target target, int times,
                            const std::vector<Effect>& fx, Log log, const KillContext* kill, CardId picked,
                            int picked_seat) {
  const int k = std::max(1, times);
  for (const Effect& e : fx) {
    if (e.if_mutual && !(kill && kill->mutual)) continue;
    if (e.tactics && !(s.combat.active && (e.tactics & (s.combat.tactic == Tactic::Fight ? 1 : 2)))) continue;
    int amount = e.amount * k + (kill ? e.per_victim_v * kill->victim_v : 0) + e.per_recent_p * s.recent_p;
    if (e.per_target_v && target.card != kNoCard && s.card(target.card).zone == Zone::InPlay)  // TAX REFUND, REASSIGNMENT
      amount += e.per_target_v * (e.target_modified_v ? stats(s, target.card).v : s.def(target.card).v);
    if (e.per_user_v && user != kNoCard && is_warrior_in_play(s, user))  // WORKING ON THE SLY: its bearer's V
      amount += e.per_user_v * stats(s, user).v;
    if (e.per_picked_v && picked != kNoCard) amount += e.per_picked_v * s.def(picked).v;  // THE SACRIFICE
    // ROBBED BLIND: the target player's D, none while they are shielded from this card (BAUHAUS SECURITY GUARD).
    if (e.per_target_d && target.seat >= 0 && !points_shielded(s, target.seat, seat, source))
      amount += e.per_target_d * ((s.families & famKeptD) ? reachable_d(s, target.seat) : destiny(s, target.seat));
    if (e.halved) amount = amount / 2;  // MUTINY: half the target's modified V, rounded down
    if (e.halved_up) amount = (amount + 1) / 2;
    if (e.op == Op::MassAttack) {  // BATTLE CRY: its player names the attacks (effects/attacks/mass.hpp)
      ask_mass_attack(s, seat, source, target.card, e);
      continue;
    }
    std::vector<CardId> cards;
    std::vector<int> seats;
    switch (e.who) {
      case Who::Target:
        if (target.card != kNoCard) cards.push_back(target.card);
        if (target.seat >= 0) seats.push_back(target.seat);
        break;
      case Who::User:  // a designation narrows it (TICKER's extra bonus for a TWITCHER that takes it)
        if (user != kNoCard && (e.filter.designation.empty() || has_designation(s, user, e.filter.designation)))
          cards.push_back(user);
        break;
      case Who::You: seats.push_back(seat); break;
      case Who::TargetPlayer:  // for a card target, its owner (REASSIGNMENT)
        if (target.seat >= 0) seats.push_back(target.seat);
        else if (target.card != kNoCard) seats.push_back(s.card(target.card).owner);
        break;
      case Who::EachPlayer:  // with `filter.other`, each other player (TAXATION)
        for (int t = 0; t < s.num_seats(); ++t)
          if (!s.seats[size_t(t)].eliminated && !(e.filter.other && t == seat)) seats.push_back(t);
        break;
      case Who::AllWarriors:
        for (const SeatState& st : s.seats)
          for (CardId w : st.in_play)
            if (is_warrior_in_play(s, w) && filter_matches(s, e.filter, w, seat) && !immune_to(s, w, source))
              cards.push_back(w);
        break;
      case Who::AllCards:
        // A filter naming card types: every card in play of those types (warriors, attachments, cards
        // lying before a player) matching the rest of it; a warrior immune to the card is spared
        // (OUT OF FUEL's VEHICLEs, LEVELED FIELD, SYMMETRY FAILURE, TERRORIST ATTACK).
        if (e.filter.card_types || e.filter.not_card_types) {
          for (size_t i = 0; i < s.cards.size(); ++i) {
            const CardId c = CardId(i);
            if (s.cards[i].zone != Zone::InPlay || !filter_matches(s, e.filter, c, seat)) continue;
            if (s.def(c).type == CardType::Warrior && immune_to(s, c, source)) continue;
            cards.push_back(c);
          }
          break;
        }
        if (e.designation == word::Equipment) {  // SABOTAGE!: every Equipment card on a matching warrior
          for (size_t i = 0; i < s.cards.size(); ++i) {
            const CardId c = CardId(i);
            if (s.cards[i].zone != Zone::InPlay || s.def(c).type != CardType::Equipment || s.cards[i].attached_to == kNoCard)
              continue;
            const CardId w = bearer_of(s, c);
            if (is_warrior_in_play(s, w) && filter_matches(s, e.filter, w, seat)) cards.push_back(c);
          }
          break;
        }
        if (e.designation == word::Mission) {  // every mission in play, on warriors or players
          for (size_t i = 0; i < s.cards.size(); ++i)
            if (s.cards[i].zone == Zone::InPlay && s.def(CardId(i)).type == CardType::Mission) cards.push_back(CardId(i));
          break;
        }
        if (e.filter.card_types) {  // RISING MARKET: every other card in play of these types (and `filter`'s designation)
          for (size_t i = 0; i < s.cards.size(); ++i) {
            const CardId c = CardId(i);
            if (s.cards[i].zone != Zone::InPlay || s.cards[i].hidden || c == source) continue;
            if (!(e.filter.card_types & (1u << unsigned(s.def(c).type)))) continue;
            if (!e.filter.designation.empty() && !s.def(c).has_designation(e.filter.designation)) continue;
            cards.push_back(c);
          }
          break;
        }
        // Every fortification in play: built, given to a warrior, or a card considered one.
        for (size_t i = 0; i < s.cards.size(); ++i) {
          const CardId c = CardId(i);
          if (s.cards[i].zone == Zone::InPlay && is_fortification(s, c) &&
              (e.designation.empty() || s.def(c).has_designation(e.designation)) &&
              (!e.filter.card_types || (e.filter.card_types & (1u << unsigned(s.def(c).type)))))  // PLANETARY BOMBING
            cards.push_back(c);
        }
        break;
      case Who::ThisCard: cards.push_back(source); break;
      case Who::Picked:
        if (picked != kNoCard) cards.push_back(picked);
        if (picked_seat >= 0) seats.push_back(picked_seat);
        break;
      case Who::TargetsArea:  // KEY-CODE SKULL: the warriors of the area the target stands in, that area alone
        if (target.card != kNoCard && is_warrior_in_play(s, target.card)) {
          const CardInst& named = s.card(target.card);
          for (CardId w : s.seats[size_t(named.controller)].in_play)
            if (is_warrior_in_play(s, w) && s.card(w).area == named.area && filter_matches(s, e.filter, w, seat) &&
                !immune_to(s, w, source))
              cards.push_back(w);
        }
        break;
      case Who::TargetsCards:  // gEngine TOUCHED BY THE LIGHT: the Dark Legion cards on its warrior
        if (target.card != kNoCard && is_warrior_in_play(s, target.card))
          for (CardId a : attachment_list(s, target.card))
            if (a != source && s.card(a).attached_to == target.card && filter_matches(s, e.filter, a, seat)) cards.push_back(a);
        break;
      case Who::TargetsVehicle:  // ANTI-TANK MINEFIELD: the VEHICLE the target uses, or the target when considered one
        if (target.card != kNoCard && is_warrior_in_play(s, target.card))
          // NAVIGATIONAL ERROR: `not_card_type: WARRIOR` spares a warrior considered a VEHICLE itself.
          if (const CardId v = vehicle_used(s, target.card);
              v != kNoCard && !(v == target.card && (e.filter.not_card_types & (1u << unsigned(CardType::Warrior)))))
            cards.push_back(v);
        break;
      case Who::TargetPlayersWarriors:  // COWARDICE: every warrior of the player it was played on
        if (target.seat >= 0 && e.filter.card_types) {  // BURGLARY: every card of those types the player has in play
          for (size_t i = 0; i < s.cards.size(); ++i)
            if (s.cards[i].zone == Zone::InPlay && s.cards[i].controller == target.seat &&
                filter_matches(s, e.filter, CardId(i), seat))
              cards.push_back(CardId(i));
          break;
        }
        if (target.seat >= 0)
          for (CardId w : s.seats[size_t(target.seat)].in_play)
            if (is_warrior_in_play(s, w) && filter_matches(s, e.filter, w, seat) && !immune_to(s, w, source))
              cards.push_back(w);
        // MUTATED STRAIN: a VIRUS played on a player and turned onto one warrior infects that warrior alone.
        if (e.op == Op::Infect && target.seat < 0 && target.card != kNoCard && is_warrior_in_play(s, target.card) &&
            std::any_of(s.lasting.begin(), s.lasting.end(),
                        [&](const LastingMod& m) { return m.lock == kInfectionReach && m.source == source; }))
          cards.push_back(target.card);
        break;
    }
    if (e.crew) {  // CRUSADER SP ROCKET LAUNCHER: the warriors inside the VEHICLEs reached, not the VEHICLEs
      std::vector<CardId> inside;
      for (CardId c : cards) {
        if (const CardId w = bearer_inside(s, c); w != kNoCard) inside.push_back(w);
        if ((s.families & famCarriers) && s.card(c).zone == Zone::InPlay && s.def(c).has(kwVehicle))
          for (CardId w : aboard(s, c)) inside.push_back(w);  // a troop carrier's riders
      }
      cards = std::move(inside);
    }
    // DOUBLE DUTY: an effect reaching one of a warrior's two cards reaches the other (effects/lasting/twins.hpp).
    if ((s.families2 & fam2Twins) && mirrors_to_twin(e.op))
      for (size_t i = 0, n = cards.size(); i < n; ++i)
        if (const CardId t = twin_of(s, cards[i]); t != kNoCard && std::find(cards.begin(), cards.end(), t) == cards.end())
          cards.push_back(t);
    if (e.op == Op::ShutDown) {  // ECONOMIC COLLAPSE: the cards reached turned face down (effects/lasting/shutdown.hpp)
      shut_down(s, source, cards, amount, log);
      continue;
    }
    // Cards may have left play through an earlier effect in the list.
    auto in_play = [&](CardId c) { return s.card(c).zone == Zone::InPlay; };
    for (CardId c : cards) {
      if (e.op == Op::TakeIntoHand) {  // from a pile, not from play
        if (s.card(c).zone == Zone::InPlay) continue;
        if (s.card(c).zone == Zone::Draw && draw_pile_shielded(s, s.card(c).owner, source)) continue;
        // Which card stays secret, unless the card says it is shown.
        emit_fx(log, seat, source, e.op, e.reveal ? c : kNoCard, s.card(c).owner);
        take_out(s, c);
        put_into(s, c, Zone::Hand);
        continue;
      }
      if (e.op == Op::TakeControl) {  // HEIST, LOOT THE DEAD, BRIBERY (effects/choices/control.hpp)
        take_control(s, seat, source, c, e, log);
        continue;
      }
      if (e.op == Op::ShareRatings) {  // TRANSMUTATION, BATTLE MADNESS: its player shares them out (share.hpp)
        if (is_warrior_in_play(s, c) && !effect_futile(s, e, c, source)) ask_share(s, seat, source, c, e, times);
        continue;
      }
      if (e.op == Op::RedirectCombat) {  // CLUMSINESS: the target turns on the warrior picked (combat/redirect.hpp)
        if (is_warrior_in_play(s, c)) redirect_combat(s, source, target.card, c, TurnedPoints(std::clamp<int>(e.amount, 0, 2)), seat, log);
        continue;
      }
      if (e.op == Op::PutMarkers) {  // POWER STABILIZER: a D more stored at each Draw step (card_markers.hpp)
        add_markers(s, c, amount);
        continue;
      }
      if (e.op == Op::PutIntoPlay) {  // fetched: into play at once (SUMMON HERO, DARK SUMMONING)
        const int for_seat = e.for_target_player ? target.seat : seat;  // LAMB FOR THE SLAUGHTER: the target player's
        if (s.card(c).zone != Zone::InPlay && for_seat >= 0) put_into_play_now(s, for_seat, source, user, target.card, c, e, log);
        continue;
      }
      if (e.op == Op::PlayAtOnce) {  // fetched: played at once as usual (gEngine SUMMON DEFENSE)
        if (s.card(c).zone != Zone::InPlay) play_at_once(s, seat, source, user, c, log);
        continue;
      }
      if (e.op == Op::ToDrawPile) {  // A SECOND CHANCE: back into its owner's draw pile, shuffled
        if (s.card(c).zone == Zone::InPlay) continue;
        const int owner = s.card(c).owner;
        take_out(s, c);
        put_into(s, c, Zone::Draw);
        s.rng.shuffle(s.seats[size_t(owner)].draw);
        emit_fx(log, seat, source, e.op, c, -1);
        continue;
      }
      if (e.op == Op::EnterPlay) {  // from a pile (the Side Board), in its area, for free
        if (s.card(c).zone == Zone::InPlay || s.def(c).type != CardType::Warrior) continue;
        enter_play(s, c, seat, entering_area(s, user, e));  // gEngine PORTAL OF UNDEATH: beside its user
        emit_fx(log, seat, source, e.op, c, -1);
        note_added(s, seat, c);  // printed PRIMAL BITCH may take its place
        continue;
      }
      if (e.op == Op::Cancel) {  // a card's effects undone: its bonuses end, what it changed goes back, it leaves play
        emit_fx(log, seat, source, e.op, c, -1);
        undo_card(s, c, log);
        continue;
      }
      if (e.op == Op::Discard && (s.card(c).zone == Zone::Hand || s.card(c).zone == Zone::Draw)) {
        // A cost paid from hand (CUIRASSIER), a card picked from a hand, or one left
        // over from the top of a draw pile (TRUE PATH): to its owner's discard pile.
        emit_fx(log, seat, source, e.op, c, -1);
        take_out(s, c);
        put_into(s, c, Zone::Discard);
        continue;
      }
      if (e.op == Op::Annihilate && (s.card(c).zone == Zone::Hand || s.card(c).zone == Zone::Draw ||
                                     s.card(c).zone == Zone::Discard)) {
        // A card picked from a pile (AND STAY DEAD!, VISIONARY CRYSTAL): to its owner's annihilated pile.
        emit_fx(log, seat, source, e.op, c, -1);
        take_out(s, c);
        put_into(s, c, Zone::Annihilated);
        continue;
      }
      if (!in_play(c) && e.op != Op::CombatBonus && e.op != Op::MarkPicked) continue;  // MARTYR marks one killed
      if (effect_futile(s, e, c, source)) continue;  // what protects the card (a card is not played on it)
      emit_fx(log, seat, source, e.op, c, -1);
      switch (e.op) {
        // A death by a card pays only if its text says so, to the player who dealt it (wounds.hpp card_killer).
        case Op::Wound:
          if (e.designation == word::WoundEvenIfOnlyKilled) {  // BOOBY TRAP: lands even where only a kill would
            if (wound_barred(s, c, user)) break;
            if (!s.card(c).wounded) {
              if (!absorbs_wound(s, c, false)) take_wound(s, c), note_card_wound(s, c, source);
              break;
            }
          }
          else if ((keywords(s, c) & kwNoWound) || wound_barred(s, c, user)) break;
          if ((s.families & famMarkedForKill) && marked_kill(s, c, user)) {  // TARGETING INSTALLATION: dies, unanswered
            const CardId killer = card_killer(s, source, user, c);
            const int v = stats(s, c).v;
            note_kill(s, c, killer, v, false);
            if (killer != kNoCard && killer != c) award_kills(s, {Kill{c, killer, v}}, false, log);
            else on_killed_by_effect(s, c, log), kill_from_play(s, c, raised_dead(s, c));
            break;
          }
          if (e.designation == word::PlainWound) {  // EAT THIS!: wounded, never killed by it
            if (absorbs_wound(s, c, false)) break;  // LIFEGUARD ARMOR
            if (!has_ability(s, c, desig::HealsAtOnce) && !s.card(c).wounded) {
              take_wound(s, c);
              note_card_wound(s, c, source);  // EJECTION SEAT may undo it
            }
            break;
          }
          if (wound_kills(s, c)) effect_death(s, c, true, card_killer(s, source, user, c), log);  // RAZIDE may answer
          else note_card_wound(s, c, source);  // EJECTION SEAT may undo it
          break;
        case Op::Kill:  // NO AUTOMATIC KILL (ADAMANTIUM WILL): wounded instead
        case Op::KillAwarded:
          if ((keywords(s, c) & kwNoWound) || wound_barred(s, c, user)) break;
          if (absorbs_wound(s, c, !has_ability(s, c, desig::NoAutomaticKill))) break;  // LIFEGUARD ARMOR
          if (has_ability(s, c, desig::NoAutomaticKill) && !s.card(c).wounded) take_wound(s, c);
          else effect_death(s, c, false, card_killer(s, source, user, c, e.op == Op::KillAwarded), log);  // NARROW ESCAPE!
          break;
        case Op::DisableForCombat:
          if (s.combat.active) s.combat.used.push_back(c);
          break;
        case Op::SlayOpponent: {
          const CardId opp = combat_opponent(s, c);
          if (opp == kNoCard || unharmed_in_combat(s, opp)) break;
          const int v = stats(s, opp).v;
          finish_combat(s, log);
          discard_from_play(s, opp);  // no protection applies: it is not a wound
          queue_award(s, seat, v, false, opp);
          break;
        }
        case Op::OnlyTargetStrikes:
          if (s.combat.active && c == s.combat.attacker) s.combat.order = StrikeOrder::AttackerOnly;
          if (s.combat.active && c == s.combat.defender) s.combat.order = StrikeOrder::DefenderOnly;
          break;
        case Op::ChangeDefender:
          // The new defender did not choose the old one's Warzone.
          if (s.combat.active && is_warrior_in_play(s, c)) s.combat.defender = c, s.combat.warzone = kNoCard;
          break;
        case Op::Heal:  // a hit waiting in combat is undone instead (last_chance.hpp)
          if (!undo_hit(s, c) && s.card(c).wounded) {
            s.card(c).wounded = false;
            note_healed(s, c);  // SWITCHED LABELS may answer
          }
          break;
        case Op::Discard:
        case Op::Annihilate: {
          // A vehicle lost with its warrior inside wounds it, unless the card names the vehicle as the one its
          // warrior uses (ANTI-TANK MINEFIELD says what befalls that warrior itself).
          const CardId rider = e.who == Who::TargetsVehicle ? kNoCard : bearer_inside(s, c);
          // A carrier's warriors aboard are wounded or killed (effects/lasting/carriers.hpp).
          const std::vector<CardId> riders = s.def(c).holds ? aboard(s, c) : std::vector<CardId>{};
          if (e.op == Op::Discard) discard_from_play(s, c);
          else annihilate_from_play(s, c);
          if (rider != kNoCard) vehicle_lost(s, c, rider, log);
          if (!riders.empty()) carrier_lost(s, c, riders, card_killer(s, source, user, kNoCard, true), log);
          break;
        }
        case Op::Cover:  // forced into cover: out of its vehicle too (not one that may take cover: URBAN TACTICS)
          s.card(c).cover = true;
          if (!vehicle_takes_cover(s, c)) leave_vehicle(s, c);
          break;
        case Op::Uncover:
          s.card(c).cover = false;
          reveal(s, c, log);
          break;
        case Op::ReturnToHand: {
          // HASTY GETAWAY: its owner's Equipment and Specials on it go to that hand too; the rest
          // is discarded (a Relic too: gEngine "2) CARD TYPE ICON" says Relics are not Equipment).
          const int owner = s.card(c).owner;
          for (CardId a : attachment_list(s, c)) {
            const CardType t = s.def(a).type;
            if (e.attachments_to_hands) {  // AMNESTY: every card on it to its owner's hand
              for (CardId b : attachment_list(s, a)) take_out(s, b), put_into(s, b, Zone::Hand);
              take_out(s, a);
              put_into(s, a, Zone::Hand);
              continue;
            }
            // SMOKE SCREEN (designation EQUIPMENT): its Equipment alone goes along.
            const bool along = e.with_attachments && s.card(a).owner == owner &&
                               (t == CardType::Equipment || (t == CardType::Special && e.designation != word::Equipment));
            if (!along) {
              discard_from_play(s, a);
              continue;
            }
            for (CardId b : attachment_list(s, a)) discard_from_play(s, b);
            take_out(s, a);
            put_into(s, a, Zone::Hand);
          }
          take_out(s, c);
          put_into(s, c, Zone::Hand);
          break;
        }
        case Op::ShuffleIntoDraw: {  // REASSIGNMENT: with its Equipment, into the owners' draw piles
          if (!is_warrior_in_play(s, c)) break;
          for (CardId a : attachment_list(s, c)) {
            const bool equipment = s.def(a).type == CardType::Equipment;
            if (!equipment) {
              discard_from_play(s, a);
              continue;
            }
            for (CardId b : attachment_list(s, a)) discard_from_play(s, b);
            const int owner = s.card(a).owner;
            take_out(s, a);
            put_into(s, a, Zone::Draw);
            s.rng.shuffle(s.seats[size_t(owner)].draw);
          }
          const int owner = s.card(c).owner;
          take_out(s, c);
          put_into(s, c, Zone::Draw);
          s.rng.shuffle(s.seats[size_t(owner)].draw);
          break;
        }
        case Op::DiscardGifts:
          for (CardId a : attachment_list(s, c))
            if (s.def(a).type == CardType::Symmetry && !discard_protected(s, a, false)) discard_from_play(s, a);  // SYMMETRY STONE
          break;
        case Op::MoveHere:
          if (s.card(source).zone == Zone::InPlay && s.card(source).attached_to != kNoCard && source != c) {
            attach_to(s, source, c);
          }
          break;
        case Op::Graft: s.card(c).grafted = true; break;
        case Op::SwitchSide: {  // a CULTIST declared a Dark Legion warrior, or a Doomtrooper again
          if (!is_warrior_in_play(s, c) || !s.def(c).has_designation(desig::Cultist) || side_forced(s, c, source)) break;
          if (source != c) {  // INQUISITION: its choice takes precedence over the CULTIST's own
            std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kSideForced && m.target == c; });
            LastingMod f{source, c, {}, kNoTurnEnds};
            f.lock = kSideForced;
            s.lasting.push_back(f);
          }
          const auto was = std::find_if(s.lasting.begin(), s.lasting.end(),
                                        [&](const LastingMod& m) { return m.lock == kDeclaredLegion && m.target == c; });
          const bool to_legion = was == s.lasting.end();
          if (!to_legion) {
            s.lasting.erase(was);
          } else {
            LastingMod m{source, c, {}, kNoTurnEnds};
            m.lock = kDeclaredLegion;
            s.lasting.push_back(m);
          }
          emit_fx(log, seat, source, e.op, c, to_legion ? 1 : 0);
          break;
        }
        case Op::LastingBonus: {
          StatBonus b = e.bonus;
          b.f = int8_t(b.f * k), b.s = int8_t(b.s * k), b.a = int8_t(b.a * k), b.v = int8_t(b.v * k);
          // `lasting`: a marker no turn's start removes (TIME ROT's Age marker); `base`: of base ratings (SHORE LEAVE)
          if (e.base) add_base_gain(s, source, c, b);
          else s.lasting.push_back({source, c, b, e.lasting ? kNoTurnEnds : uint8_t(seat)});
          break;
        }
        case Op::LastingGrant:  // SLEEP: a keyword until the start of your next turn;
          // `lasting`: for good, while the warrior stays in play (INSPIRE THE MASSES)
          if (e.convert) {  // LAST RITESMAN, BLACK BULLETS (effects/warriors/convert.hpp)
            convert_warrior(s, source, c, *e.convert, log);
            break;
          }
          s.lasting.push_back({source, c, {}, e.lasting ? kNoTurnEnds : uint8_t(seat), kNoCard, e.grant});
          break;
        case Op::Infect: infect(s, source, c, seat, log); break;  // VIRUS (effects/lasting/virus.hpp)
        case Op::Cure: cure(s, c); break;                          // ANTI-TOXIN
        case Op::Afflict: afflict(s, source, c, seat, user); break;
        case Op::TextOff: switch_text_off(s, source, c, e.text_off, log); break;  // effects/modifiers/text_off.hpp  // POISONs (effects/lasting/afflictions.hpp)
        case Op::ReturnToArea: send_back_from_outpost(s, c); break;  // GET OFF THAT ROCK (actions/outpost_sides.hpp)
        case Op::TransferWarrior: transfer_for_free(s, seat, c, log); break;  // REDEPLOYMENT (actions/outpost_sides.hpp)
        case Op::OwnActions: grant_own_actions(s, c, amount); break;  // NOMURA'S QUICKENED STEP (turn/own_actions.hpp)
        case Op::StrikeIntoCombat: strike_into_combat(s, c, e.strike_with, log); break;  // combat/intervene.hpp
        case Op::LastingRevoke:  // PLATINUM DREAM: a keyword lost for good (a marker read by keywords())
          if (is_warrior_in_play(s, c)) {
            LastingMod m{source, c, {}, kNoTurnEnds, kNoCard, e.grant};
            m.lock = kKeywordsRevoked;
            s.lasting.push_back(m);
          }
          break;
        case Op::MarkPicked:  // ASSASSINATION: the mission remembers the warrior chosen
          // MARTYR: a card played for a warrior just killed remembers it in its pile.
          // WEAPON LINK: a Ki Power remembers a weapon of its warrior.
          // EMBASSY: the Fortification it stands in for.
          if ((is_warrior_in_play(s, c) || (in_play(c) && s.card(c).attached_to != kNoCard) ||
               (in_play(c) && s.def(c).type == CardType::Fortification) ||
               (s.def(source).play && s.def(source).play->target == TargetKind::JustKilled && s.def(c).type == CardType::Warrior)) &&
              in_play(source)) {
            if (e.lasting) {  // SHRIEK: every warrior picked, until the start of its player's next turn
              if (!marks_warrior(s, source, c)) add_target_mark(s, source, c, INT16_MAX);
            } else if (e.amount > 1) add_target_mark(s, source, c, e.amount);  // ATTRACTION: a pair
            else mark_target(s, source, c);
          }
          break;
        case Op::NoKillAward:  // PORTAL OF THE GREAT CONQUEROR: the kill earns no points
          std::erase_if(s.awards, [&](const PointsAward& a) { return a.source == c; });
          break;
        case Op::MoveMission: {  // FILE TRANSFER: the target mission goes onto the picked warrior
          const CardId m = target.card;
          if (m == kNoCard || !in_play(m) || s.def(m).type != CardType::Mission || !is_warrior_in_play(s, c)) break;
          std::vector<CardMark> keep;  // it stays the same mission: what it remembered goes with it
          for (const CardMark& mk : s.marks)
            if (mk.card == m) keep.push_back(mk);
          put_attached(s, m, c, s.card(m).controller);
          s.marks.insert(s.marks.end(), keep.begin(), keep.end());
          break;
        }
        case Op::ImmuneToPicked:  // EXORCISE DISEASE, MIND WALL: immune to the card picked
          if (picked == kNoCard) break;
          if (e.lasting) s.lasting.push_back({source, c, {}, uint8_t(seat), picked});
          else if (s.combat.active) s.combat.mods.push_back({source, c, {}, picked});
          break;
        case Op::CombatBonus: {  // the bonus once per purchase, or as many times as a V read (NORTHWESTERN EUROPE)
          StatBonus b = e.bonus;
          const int n = e.per_picked_v ? amount : k;
          b.f = int8_t(b.f * n), b.s = int8_t(b.s * n), b.a = int8_t(b.a * n), b.v = int8_t(b.v * n);
          if (e.base) add_combat_base_gain(s, source, c, b);  // OUR WILL IS BEYOND MEASURE: its base ratings
          else s.combat.mods.push_back({source, c, b});
          break;
        }
        default: break;
      }
    }
    const int amount_all = amount;
    uint32_t pools_read = 0;  // per_target_d on every player: each common pool once
    for (int t : seats) {
      if (player_immune_to(s, t, source)) continue;  // HERETIC CONSPIRACY: nothing of the Art reaches it
      // DUTY ROSTER, TAXATION: once for each warrior matching, counted from this player's side (FACTORY RETROFIT:
      // each card of the types named, in this card's combat area).
      int amount = e.per_warrior ? amount_all * cards_counted(s, e, source, t) : amount_all;
      if (e.per_target_d && e.who == Who::EachPlayer) {  // ECONOMIC COLLAPSE: each player's own D
        const uint32_t pool = 1u << s.seats[size_t(t)].pool_seat;
        if (pools_read & pool) continue;
        pools_read |= pool;
        amount = e.amount * k + e.per_target_d * ((s.families & famKeptD) ? reachable_d(s, t) : destiny(s, t));
        if (e.halved) amount = amount / 2;
        if (e.halved_up) amount = (amount + 1) / 2;
      }
      if ((e.op == Op::Draw || e.op == Op::ShuffleDraw || e.op == Op::AnnihilateTopDraw) && draw_pile_shielded(s, t, source))
        continue;  // SPELLBOUND
      if ((e.op == Op::LoseD || e.op == Op::LoseP || e.op == Op::EmptyD || e.op == Op::HalveP || e.op == Op::SwapD) &&
          (points_shielded(s, t, seat, source) || (e.op == Op::SwapD && points_shielded(s, seat, t))))
        continue;  // CARDINAL'S BANK: only its player changes its D and P
      emit_fx(log, seat, source, e.op, kNoCard, t);
      SeatState& st = s.seats[size_t(t)];
      switch (e.op) {
        case Op::Draw: draw_cards(s, t, amount); break;
        case Op::DrawUpTo: {  // HIDDEN CACHE, FILL'EM UP: up to a number of cards, or the hand limit
          const int want = (amount > 0 ? amount : hand_limit(s, t)) - int(st.hand.size());
          if (want > 0) draw_cards(s, t, want);
          break;
        }
        case Op::ShuffleDiscardIntoDraw:  // NATHANIEL'S OPPORTUNITY
          for (CardId x : std::vector<CardId>(st.discard)) take_out(s, x), put_into(s, x, Zone::Draw);
          s.rng.shuffle(st.draw);
          break;
        case Op::SwapPiles: {  // DEJA VU: the draw pile and the discard pile change places
          const std::vector<CardId> draw = st.draw, discard = st.discard;
          for (CardId x : draw) take_out(s, x), put_into(s, x, Zone::Discard);
          for (CardId x : discard) take_out(s, x), put_into(s, x, Zone::Draw);
          s.rng.shuffle(st.draw);
          s.rng.shuffle(st.discard);
          break;
        }
        case Op::DiscardHand:  // SUBTERFUGE
          for (CardId x : std::vector<CardId>(st.hand)) take_out(s, x), put_into(s, x, Zone::Discard);
          break;
        case Op::AnnihilateDiscardPile:  // LIVING ON THE EDGE
          for (CardId x : std::vector<CardId>(st.discard)) take_out(s, x), put_into(s, x, Zone::Annihilated);
          break;
        case Op::HandToBottom: {  // TUCKED AWAY: as many from the bottom of the pile; the hand goes under it
          const std::vector<CardId> hand = st.hand;
          std::vector<CardId> bottom(st.draw.begin(), st.draw.begin() + long(std::min(hand.size(), st.draw.size())));
          for (CardId x : hand) take_out(s, x);
          for (CardId x : bottom) take_out(s, x), put_into(s, x, Zone::Hand);
          for (CardId x : hand) {
            s.card(x).zone = Zone::Draw;
            st.draw.insert(st.draw.begin(), x);
          }
          break;
        }
        case Op::GainD: add_points(s, t, 0, amount); break;
        case Op::LoseD: add_points(s, t, 0, -amount); break;
        case Op::GainP: {  // ADMINISTRATIVE CRACKDOWN: P earned are paid for
          const int p = p_kept_after_price(s, t, amount);
          add_points(s, t, p, 0), note_p_earned(s, t, p);
          break;
        }
        case Op::LoseP: add_points(s, t, -amount, 0); break;
        case Op::Award: queue_award(s, t, amount, false, source); break;
        case Op::AwardPOrD: queue_award_p_or_d(s, t, amount, source); break;
        case Op::ShuffleDraw: s.rng.shuffle(st.draw); break;
        case Op::LookAtHand:  // one event per card, named to the player who looks alone (dt::describe)
          if (e.designation == word::DrawPile) {  // GAZE: the draw pile, top first
            look_at_draw(s, seat, source, t, log);
            break;
          }
          if (e.amount > 0) {  // SCOUT BAT: that many cards drawn at random (effects/choices/hand_look.hpp)
            look_at_random(s, seat, source, t, amount, log);
            break;
          }
          for (CardId c : st.hand) emit(log, {EventKind::Effect, int8_t(seat), source, c, int(Op::LookAtHand), t});
          break;
        case Op::AnnihilateTopDraw:
          for (int i = 0; i < amount && !st.draw.empty(); ++i) {
            const CardId c = st.draw.back();
            take_out(s, c);
            put_into(s, c, Zone::Annihilated);
          }
          break;
        case Op::ExtraActions:
          if (t == s.current) {
            const int floor = amount < 0 ? std::min<int>(s.actions_left, e.at_least) : 0;
            s.actions_left = std::clamp(s.actions_left + amount, std::max(0, floor), actions_per_turn_of(s, s.current));
          }
          break;
        case Op::BonusActions:  // INITIATIVE: beyond the turn's number
          if (t == s.current && amount > 0) {
            s.bonus_actions = uint8_t(std::min(255, s.bonus_actions + amount));
            s.actions_left = std::min(s.actions_left + amount, actions_per_turn_of(s, s.current));
          }
          break;
        case Op::ExtraTactical:
          if (t == s.current && amount > 0) s.extra_tacticals = uint8_t(std::min(255, s.extra_tacticals + amount));
          break;
        case Op::EnterPlay: {  // the first warrior of the player's side board matching `filter` (printed NEPHARITE OF SEMAI)
          CardId w = kNoCard;
          for (CardId c : st.side_board)
            if (w == kNoCard && s.def(c).type == CardType::Warrior && filter_matches(s, e.filter, c, t) &&
                enter_value_ok(s, e, c))
              w = c;
          if (w == kNoCard || !enter_play_ok(s, t, {e}, w)) break;
          enter_play(s, w, t);
          emit_fx(log, seat, source, e.op, w, -1);
          note_added(s, t, w);  // printed PRIMAL BITCH may take its place
          break;
        }
        case Op::EmptyD: set_reachable_d(s, t, 0); break;  // D kept apart or lent stay (effects/economy/ledger.hpp)
        case Op::KeepApartD: keep_apart_d(s, t, source, amount); break;  // DESPERATE TIMES
        case Op::PayForP: pay_for_p(s, t, amount); break;  // WARTIME RETRIBUTION
        case Op::Suppress:  // AIR ASSAULT, COMMANDO RAID: a marker for the rest of the combat (effects/modifiers/suppress.hpp)
          if (s.combat.active) s.combat.mods.push_back({source, kNoCard, {}});
          break;
        case Op::ReannounceWarzone:  // TRANSFER: step 3 again, the attacking player naming the Warzone (combat/warzone.cpp)
          reannounce_warzone(s);
          break;
        case Op::ShareWarzone:  // BACK DOOR, TERRITORIAL ADVANTAGE: a marker; the attacker's ratings read the Warzone
          if (s.combat.active)  // live (cardtypes/warzone.cpp), so a Warzone switched off later gives it nothing
            s.combat.mods.push_back({source, s.combat.attacker, {}, kNoCard, uint8_t(1 + e.warzone_part)});
          break;
        case Op::DiscardRandom: {  // LESSER DOMINATION: cards of the hand drawn at random; no amount: all (STORM OF CHAOS)
          const int n = e.amount == 0 ? int(st.hand.size()) : amount;
          for (int i = 0; i < n && !st.hand.empty(); ++i) {
            const CardId c = st.hand[size_t(s.rng.below(uint32_t(st.hand.size())))];
            emit_fx(log, seat, source, e.op, c, t);
            take_out(s, c);
            put_into(s, c, Zone::Discard);
          }
          break;
        }
        case Op::TacticalLock:  // SHROUD: a marker until the start of your next turn
          if (t == seat) s.lasting.push_back({source, kNoCard, {}, uint8_t(seat), kNoCard, 0, amount == 1 ? kLockNoAttacks : kLockTacticalOnlySeat});
          break;
        case Op::LastingGrant:  // on a player, for good (HERETIC CONSPIRACY's ART IMMUNITY)
          if (e.lasting) {
            LastingMod m{source, kNoCard, {}, kNoTurnEnds, kNoCard, e.grant};
            m.player = int8_t(t);
            s.lasting.push_back(m);
          }
          break;
        case Op::MoveMission: {  // FILE TRANSFER: the target mission now lies before this player
          const CardId m = target.card;
          if (m == kNoCard || s.card(m).zone != Zone::InPlay || s.def(m).type != CardType::Mission ||
              s.card(m).attached_to != kNoCard || mission_copy_on_player(s, m, t))
            break;
          std::vector<CardMark> keep;  // the same mission: what it remembered goes with it
          for (const CardMark& mk : s.marks)
            if (mk.card == m) keep.push_back(mk);
          take_out(s, m);
          put_into(s, m, Zone::InPlay, t);
          s.marks.insert(s.marks.end(), keep.begin(), keep.end());
          break;
        }
        case Op::NoDraw: {  // SUPPLY LINE SEVERED: kept until that player's next Draw step (economy.hpp)
          LastingMod m{source, kNoCard, {}, kNoTurnEnds};
          m.lock = kNoDraw;
          m.player = int8_t(t);
          s.lasting.push_back(m);
          break;
        }
        case Op::SkipTurn: st.skip_turns = uint8_t(std::min(255, st.skip_turns + std::max(1, amount))); break;
        case Op::ExtraTurn: st.extra_turns = uint8_t(std::min(255, st.extra_turns + std::max(1, amount))); break;
        case Op::HalveP: st.promotion -= st.promotion / 2; break;
        case Op::SwapD: {  // D kept apart or lent stay with their player (effects/economy/ledger.hpp)
          const int mine = reachable_d(s, seat), theirs = reachable_d(s, t);
          set_reachable_d(s, seat, theirs);
          set_reachable_d(s, t, mine);
          break;
        }
        default: break;
      }
    }
    switch (e.op) {
      case Op::ChangeTactic:
        if (s.combat.active) s.combat.tactic = s.combat.tactic == Tactic::Fight ? Tactic::Shoot : Tactic::Fight;
        break;
      case Op::EndCombat:  // on a player's matching warriors (CENSER DROPS): only a combat one of them is in
        // INFRARED GOGGLES: a combatant IMMUNE TO the card keeps its combat going.
        if (s.combat.active && (has_ability(s, s.combat.attacker, family::ImmuneTo(s.def(source).name)) ||
                                has_ability(s, s.combat.defender, family::ImmuneTo(s.def(source).name))))
          break;
        if (e.who != Who::TargetPlayersWarriors || !cards.empty()) finish_combat(s, log);
        break;
      case Op::Offer: s.offers.push_back(source); break;  // its AFTER_COMBAT abilities, once
      case Op::AttackAgain: attack_again(s, seat, e, source, log); break;  // PURSUIT, BITE THE DUST, SHELTER OF THE CROWD
      case Op::RememberChoice:  // DECLARATION OF CORPORATE DISSENSION: the corporation chosen
        if (s.card(source).zone == Zone::InPlay) remember_choice(s, source, e.amount);
        break;
      case Op::AttackerFirst: if (s.combat.active) s.combat.order = StrikeOrder::AttackerFirst; break;
      case Op::DefenderFirst:  // with designation FIRST STRIKE (gEngine AMBUSH): gained as FIRST STRIKE, so an attacker's own negates it
        if (s.combat.active)
          s.combat.order = e.designation == desig::FirstStrike.text ? StrikeOrder::DefenderFirstStrike : StrikeOrder::DefenderFirst;
        break;
      case Op::UserFirst:
        if (s.combat.active && user != kNoCard)
          s.combat.order = s.combat.attacker == user ? StrikeOrder::AttackerFirst : StrikeOrder::DefenderFirst;
        break;
      case Op::CoinFlip:
        run_effects(s, seat, source, user, target, times, s.rng.below(2) == 0 ? e.if_heads : e.if_tails, log, kill,
                    picked);
        break;
      case Op::Handler: {
        if (e.handler == HandlerId::area_damage) {  // FLOW OF ACID, WIND OF INSANITY, SCREAMING LEGIONNAIRE
          const WarriorFilter* per = e.filter.designation.empty() ? nullptr : &e.filter;
          area_damage(s, seat, source, user, amount, per, log);
          break;
        }
        if (e.handler == HandlerId::release) {  // RESCUE MISSION: every warrior reached, with the effect's designation
          for (CardId c : cards) release(s, seat, source, c, e.designation, log);
          break;
        }
        if (e.handler == HandlerId::join_attack) {  // GANG UP!: the attacker's filter and the group's size are the effect's
          for (CardId c : cards) join_attack(s, seat, c, e.filter, e.amount);
          break;
        }
        if (e.handler == HandlerId::wound_kills) {  // THE SECOND DIRECTORATE: the striker's filter is the effect's
          for (CardId c : cards) wound_kills(s, seat, c, e.filter);
          break;
        }
        if (e.handler == HandlerId::tactical_at_once) {  // GRAND ASSAULT; HIDDEN's warrior (USER), its player deciding
          const CardId w = e.who == Who::User ? user : target.card;
          if (w != kNoCard && is_warrior_in_play(s, w)) queue_tactical_at_once(s, s.card(w).controller, source, w);
          else if (w == kNoCard && e.who != Who::User) queue_tactical_at_once(s, seat, source, kNoCard);
          break;
        }
        if (e.handler == HandlerId::manipulate) {  // GREATER MANIPULATION: the effect's amount of actions
          for (CardId c : cards)
            if (is_warrior_in_play(s, c) && s.card(c).controller != seat) queue_manipulated(s, seat, source, c, std::max(1, amount));
          break;
        }
        if (e.handler == HandlerId::look_under) {  // INFORMANTS: under the cards the effect's designation names
          look_under(s, seat, source, e.designation, log);
          break;
        }
        if (e.handler == HandlerId::raise_target) {  // CLOSE BUT NO CIGAR: the target raised by the effect's amount
          raise_target(s, amount);
          break;
        }
        if (e.handler == HandlerId::assist_whole) {  // PANIC BUTTON: the target joins its user (the card may be gone)
          if (target.card != kNoCard) assist_whole(s, user, target.card);
          break;
        }
        if (e.handler == HandlerId::take_on_ratings) {  // PHANTASM: needs the caster and its model
          take_on_ratings(s, source, user, target.card);
          break;
        }
        // In a Choice's on_pick, a handler on PICKED is handed the card picked.
        if (const HandlerFn& run = handlers()[size_t(e.handler)]) {
          if (e.who == Who::TargetPlayersWarriors) {  // CENSER DROPS: on each of the player's matching warriors
            for (CardId c : cards) run(s, seat, source, c, target.seat, log);
            break;
          }
          run(s, seat, source, e.who == Who::Picked ? picked : target.card,
              e.who == Who::Picked && picked_seat >= 0 ? picked_seat : target.seat, log);
        }
        break;
      }
      default: break;
    }
  }
}

}  // namespace dt::detail

namespace dt {

bool handler_implemented(HandlerId h) {
  return h != HandlerId::None && size_t(h) < size_t(HandlerId::Count) &&
         (detail::inline_handler(h) || detail::handlers()[size_t(h)]);
}

}  // namespace dt
