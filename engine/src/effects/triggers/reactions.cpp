// "Immediately after" markers: see reactions.hpp.
#include "dt/designations.hpp"
#include "effects/triggers/reactions.hpp"
#include "effects/triggers/last_chance.hpp"
#include "effects/triggers/replace.hpp"
#include "effects/triggers/undo.hpp"
#include "effects/choices/control.hpp"
#include "effects/warriors/held.hpp"

#include <algorithm>

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {


static uint8_t kind_asked(const CardDef& d) {
  if (d.has_designation(desig::PlayedOnAWarriorJustPlacedInASquad)) return kJustPlacedInSquad;
  if (d.play && d.play->after_kill) return kJustKilled;  // Play.after_kill
  if (d.has_designation(kReplacesMustered) || d.has_designation(desig::PlayedOnAnyWarriorJustAdded))
    return kJustMustered;  // PRIMAL BITCH, BOOBY TRAP
  if (d.has_designation(desig::SavesYourWarriorFromAKill) || d.has_designation(desig::SavesAWarriorFromAKill))
    return kAboutToDie;  // NARROW ESCAPE!, CLIFFHANGER
  if (d.has_designation(desig::SavesAWarriorFromAWound)) return kAboutToBeWounded;  // EJECTION SEAT: any wound
  if (d.has_designation(desig::PlayedOnAWarriorJustHealed)) return kJustHealed;    // SWITCHED LABELS
  if (d.has_designation(desig::PlayedOnAWarriorJustPaidFor)) return kJustPaidFor;  // FOOL'S GOLD (costs/repay.hpp)
  if (d.has_designation(desig::PlayedOnACardJustRevealed)) return kJustRevealed;   // BLUFF
  if (d.has_designation(desig::PlayedOnAWarriorJustTransferred)) return kJustTransferred;  // NAVIGATIONAL ERROR
  if (d.play && d.play->target == TargetKind::JustDiscarded) return kJustDiscarded;  // CLOSE CALL! (intercept.hpp)
  if (d.families & famHeldWarriors) {  // effects/warriors/held.hpp
    if (d.has_designation(desig::SavesAWarriorFromAWoundOrAKill)) return kHurtAnswered;  // NOBLE BEAST
    if (d.has_designation(desig::PlayedOnTheWarriorItsStrikerJustHurt)) return kBlowAnswered;  // gEngine IMPALE
  }
  return 0;
}

void note_healed(State& s, CardId w) {
  for (const SeatState& st : s.seats)
    for (CardId c : st.hand)
      if (s.def(c).has_designation(desig::PlayedOnAWarriorJustHealed)) {
        mark_just_happened(s, w, w, kJustHealed);
        return;
      }
}

void mark_just_happened(State& s, CardId source, CardId target, uint8_t kind) {
  LastingMod m{source, target, {}, kNoTurnEnds};
  m.lock = kind;
  s.lasting.push_back(m);
}

void clear_just_happened(State& s) {
  forget_played(s);  // a card played before this window closed may no longer be cancelled
  std::erase_if(s.lasting, [](const LastingMod& m) {
    return m.lock == kJustPlacedInSquad || m.lock == kJustKilled || m.lock == kJustMustered || m.lock == kTakenFromCollection ||
           m.lock == kTakenFromPile ||  // effects/triggers/perception.hpp
           m.lock == kJustFought || m.lock == kJustWounded ||  // ATTACK_AGAIN (effects/ops.cpp)
           m.lock == kCarriedAtDeath ||                         // LOOT THE DEAD (effects/choices/control.hpp)
           m.lock == kWoundedByCard ||                          // EJECTION SEAT (effects/triggers/last_chance.hpp)
           m.lock == kJustHealed ||                             // SWITCHED LABELS
           m.lock == kJustPaidFor ||                            // FOOL'S GOLD (effects/costs/repay.hpp)
           m.lock == kJustTransferred ||                        // NAVIGATIONAL ERROR (actions/transfer.cpp)
           m.lock == kJustDiscarded;                            // CLOSE CALL! (effects/triggers/intercept.hpp)
  });
}

void note_kill(State& s, CardId victim, CardId killer, int victim_v, bool in_combat) {
  if (!(s.families & famAfterKill)) return;
  LastingMod m{victim, kNoCard, {}, kNoTurnEnds};
  m.lock = kJustKilled;
  m.other = killer;
  m.count = int16_t(std::clamp(victim_v, -999, 999));
  m.times = int16_t(killer != kNoCard && is_warrior_in_play(s, killer) ? std::clamp<int>(stats(s, killer).v, -999, 999) : 0);
  m.waits = in_combat;
  m.player = int8_t(s.card(victim).controller);
  s.lasting.push_back(m);
  note_carried(s, victim);  // LOOT THE DEAD may take what it carried
}

// The side of a kill a card answers: the killer's (a card played on it), or the victim's.
static uint8_t side_of(const PlaySpec& p) { return p.target == TargetKind::JustKilled ? 2 : 1; }

static bool kill_matches(const State& s, CardId card, const LastingMod& m, CardId target) {
  const PlaySpec& p = *s.def(card).play;
  const AfterKillSpec& ak = *p.after_kill;
  if (m.lock != kJustKilled || (m.given & side_of(p))) return false;
  if (side_of(p) == 2 ? m.source != target : (m.other == kNoCard || m.other != target)) return false;
  if (ak.in_combat && !m.waits) return false;
  if (ak.by_your_warrior && (m.other == kNoCard || s.card(m.other).controller != s.card(card).owner)) return false;
  if (ak.victim_higher_v && !(m.other != kNoCard && m.count > m.times)) return false;
  if (ak.victim) {  // the one killed, now in its pile: its side is its player's at its death
    const int seat = s.card(card).owner;
    if (ak.victim->side == Side::Yours && m.player != seat) return false;
    if (ak.victim->side == Side::Enemy && (m.player < 0 || !opponents(s, m.player, seat))) return false;
    WarriorFilter f = *ak.victim;
    f.side = Side::Any;
    if (!filter_matches(s, f, m.source, seat)) return false;
  }
  return true;
}

bool answered_kill(const State& s, CardId card, CardId target) {
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) { return kill_matches(s, card, m, target); });
}

int just_killed_v(const State& s, CardId victim) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kJustKilled && m.source == victim) return m.count;
  return 0;
}

void just_killed(const State& s, std::vector<CardId>& out) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == kJustKilled && std::find(out.begin(), out.end(), m.source) == out.end()) out.push_back(m.source);
}

// NARROW ESCAPE! answers a death in combat or by a card's effect alike; EJECTION SEAT a blow's wound in
// combat, whether it kills or not, or a card's wound that kills.
static bool answers_marker(uint8_t kind, uint8_t lock) {
  if (kind == kAboutToDie) return lock == kAboutToDie || lock == kDyingOfWound || lock == kDyingOfKill;
  if (kind == kAboutToBeWounded)
    return lock == kAboutToBeWounded || lock == kAboutToDie || lock == kDyingOfWound || lock == kWoundedByCard;
  if (kind == kHurtAnswered)  // NOBLE BEAST: any wound or death, a card's outright kill too
    return lock == kAboutToBeWounded || lock == kAboutToDie || lock == kDyingOfWound || lock == kWoundedByCard ||
           lock == kDyingOfKill;
  if (kind == kBlowAnswered) return lock == kAboutToBeWounded || lock == kAboutToDie;  // a blow's hit in combat
  return lock == kind;
}

bool reaction_target_ok(const State& s, CardId card, CardId target) {
  const uint8_t kind = kind_asked(s.def(card));
  if (!kind) return true;
  if (kind == kJustKilled) return target != kNoCard && answered_kill(s, card, target);
  // PRIMAL BITCH is a PERSONALITY: one of its name in play at a time ("PERSONALITY").
  if (kind == kJustMustered && personality_in_play(s, s.card(card).owner, card)) return false;
  // IMPALE: the striker's player, its striker holding fewer than it may; NOBLE BEAST: a warrior with its Beast.
  if (kind == kBlowAnswered && !hold_target_ok(s, card, target)) return false;
  if (kind == kHurtAnswered && !attachment_wound_ok(s, card, target)) return false;
  return target != kNoCard && std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
           return answers_marker(kind, m.lock) && m.target == target;
         });
}

void reaction_used(State& s, CardId card, CardId target, Log log) {
  const uint8_t kind = kind_asked(s.def(card));
  if (!kind) return;
  // IMPALE, NOBLE BEAST: the card's own handler answers the hit and ends its marker (effects/warriors/held.hpp).
  if (kind == kHurtAnswered || kind == kBlowAnswered) return;
  if (kind == kJustKilled) {  // one card a kill on each side: the first copy of SWORN VENGEANCE, one COMMENDATION
    for (LastingMod& m : s.lasting)
      if (kill_matches(s, card, m, target)) {
        m.given = int16_t(m.given | side_of(*s.def(card).play));
        return;
      }
    return;
  }
  // One BORN WITH A SILVER SPOON a placing.
  auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                         [&](const LastingMod& m) { return answers_marker(kind, m.lock) && m.target == target; });
  // FOOL'S GOLD reads the D paid off its marker (effects/costs/repay.hpp): it stays until the window closes.
  if (it != s.lasting.end() && it->lock != kJustPaidFor) {
    const bool combat_hit = it->lock == kAboutToDie || it->lock == kAboutToBeWounded;
    const bool by_card = it->lock == kWoundedByCard;
    if (it->lock == kAboutToBeWounded || by_card) s.card(target).wounded = false;  // EJECTION SEAT: the new wound is gone
    s.lasting.erase(it);
    // EJECTION SEAT: a combatant a card wounded escapes its combat (a blow's victim leaves it as the combat ends).
    if (by_card && s.combat.active && (s.combat.attacker == target || s.combat.defender == target)) finish_combat(s, log);
    // The window answering a combat's hits stays one when the last hit is answered: it closes through
    // close_last_chance, not by resolving the combat again (a marker on no warrior).
    if (combat_hit && !last_chance_pending(s)) mark_just_happened(s, card, kNoCard, kAboutToBeWounded);
  }
  // gEngine NARROW ESCAPE!: back to its status before the combat, a wound taken in it undone.
  if ((kind == kAboutToDie || kind == kAboutToBeWounded) && s.def(card).has_designation(desig::AsBeforeTheCombat) &&
      std::find(s.combat.wounded_in_it.begin(), s.combat.wounded_in_it.end(), target) != s.combat.wounded_in_it.end())
    s.card(target).wounded = false;
}

}  // namespace dt::detail
