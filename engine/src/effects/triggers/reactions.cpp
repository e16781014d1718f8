// "Immediately after" markers: see reactions.hpp.
#include "dt/designations.hpp"
#include "effects/triggers/reactions.hpp"
#include "effects/triggers/replace.hpp"
#include "effects/triggers/undo.hpp"

#include <algorithm>

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {


static uint8_t kind_asked(const CardDef& d) {
  if (d.has_designation(desig::PlayedOnAWarriorJustPlacedInASquad)) return kJustPlacedInSquad;
  if (d.has_designation(desig::PlayedOnTheKillerOfAMishima)) return kJustKilledMishima;
  if (d.has_designation(kReplacesMustered)) return kJustMustered;  // PRIMAL BITCH
  if (d.has_designation(desig::SavesYourWarriorFromAKill)) return kAboutToDie;  // NARROW ESCAPE!
  return 0;
}

void mark_just_happened(State& s, CardId source, CardId target, uint8_t kind) {
  LastingMod m{source, target, {}, kNoTurnEnds};
  m.lock = kind;
  s.lasting.push_back(m);
}

void clear_just_happened(State& s) {
  forget_played(s);  // a card played before this window closed may no longer be cancelled
  std::erase_if(s.lasting, [](const LastingMod& m) {
    return m.lock == kJustPlacedInSquad || m.lock == kJustKilledMishima || m.lock == kJustMustered || m.lock == kTakenFromCollection ||
           m.lock == kTakenFromPile ||  // effects/triggers/perception.hpp
           m.lock == kJustFought || m.lock == kJustWounded;  // ATTACK_AGAIN (effects/ops.cpp)
  });
}

// NARROW ESCAPE! answers a death in combat or by a card's effect alike.
static bool answers_marker(uint8_t kind, uint8_t lock) {
  if (kind == kAboutToDie) return lock == kAboutToDie || lock == kDyingOfWound || lock == kDyingOfKill;
  return lock == kind;
}

bool reaction_target_ok(const State& s, CardId card, CardId target) {
  const uint8_t kind = kind_asked(s.def(card));
  if (!kind) return true;
  // PRIMAL BITCH is a PERSONALITY: one of its name in play at a time ("PERSONALITY").
  if (kind == kJustMustered && personality_in_play(s, s.card(card).owner, card)) return false;
  return target != kNoCard && std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
           return answers_marker(kind, m.lock) && m.target == target;
         });
}

void reaction_used(State& s, CardId card, CardId target) {
  const uint8_t kind = kind_asked(s.def(card));
  if (!kind) return;
  // SWORN VENGEANCE: only the first copy played takes effect; one BORN WITH A SILVER SPOON a placing.
  auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                         [&](const LastingMod& m) { return answers_marker(kind, m.lock) && m.target == target; });
  if (it != s.lasting.end()) s.lasting.erase(it);
  // gEngine NARROW ESCAPE!: back to its status before the combat, a wound taken in it undone.
  if (kind == kAboutToDie && s.def(card).has_designation(desig::AsBeforeTheCombat) &&
      std::find(s.combat.wounded_in_it.begin(), s.combat.wounded_in_it.end(), target) != s.combat.wounded_in_it.end())
    s.card(target).wounded = false;
}

}  // namespace dt::detail
