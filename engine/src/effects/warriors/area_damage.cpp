// Damage to every warrior in play at once (FLOW OF ACID, WIND OF INSANITY,
// SCREAMING LEGIONNAIRE): each warrior takes the same points of damage, and
// one whose modified A they reach is wounded (a wounded one killed). The hits
// are all judged before any lands, so the wounds are simultaneous.
#include "effects/warriors/area_damage.hpp"

#include "dt/designations.hpp"
#include "effects/warriors/wounds.hpp"

#include <string>

#include "effects/triggers/last_chance.hpp"
#include "effects/triggers/reactions.hpp"
#include "internal.hpp"

namespace dt::detail {

void area_damage(State& s, int seat, CardId source, CardId user, int dmg, const WarriorFilter* per_warrior,
                 Log log) {
  const bool user_in_play = user != kNoCard && is_warrior_in_play(s, user);
  if (user_in_play) {  // gEngine SCREAMING LEGIONNAIRE: +2 for each of yours in the invoker's area
    const std::string helper = family::AddsDamageTo(s.def(source).name);
    for (CardId w : s.seats[s.card(user).controller].in_play)
      if (is_warrior_in_play(s, w) && same_area(s, w, user) && has_designation(s, w, helper)) dmg += 2;
  }
  if (per_warrior)  // printed SCREAMING LEGIONNAIRE: a point for each of your warriors that match
    for (CardId w : s.seats[size_t(seat)].in_play)
      if (is_warrior_in_play(s, w) && filter_matches(s, *per_warrior, w, seat)) ++dmg;
  if (dmg <= 0) return;
  std::vector<CardId> hit;
  for (const SeatState& st : s.seats)
    for (CardId w : st.in_play)
      if (is_warrior_in_play(s, w) && !immune_to(s, w, source) && dmg >= stats(s, w).a) hit.push_back(w);
  std::vector<Kill> kills;
  std::vector<CardId> deaths;
  for (CardId w : hit) {
    if ((keywords(s, w) & kwNoWound) || wound_barred(s, w, user)) continue;
    emit(log, {EventKind::Effect, int8_t(seat), source, w, int(Op::Wound), -1});
    if (wound_kills(s, w)) {
      const CardId killer = card_killer(s, source, user, w);
      if (death_answerable(s, w, true)) effect_death(s, w, true, killer, log);  // RAZIDE
      else if (killer != kNoCard) kills.push_back({w, killer, stats(s, w).v});
      else deaths.push_back(w);
    }
  }
  for (const Kill& k : kills) note_kill(s, k.victim, k.killer, k.v, false);  // LIFE INSURANCE may answer
  if (!kills.empty()) award_kills(s, kills, false, log);  // paid as kills in combat are
  for (CardId w : deaths)
    if (is_warrior_in_play(s, w)) note_kill(s, w, kNoCard, stats(s, w).v, false), on_killed_by_effect(s, w, log), kill_from_play(s, w, false);
}

}  // namespace dt::detail
