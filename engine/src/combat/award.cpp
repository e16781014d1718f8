// Combat step 8 (gEngine "8) AWARD POINTS"): the killer's controller earns the
// slain warrior's modified V; own-warrior kills and FREELANCERs earn D only.
#include <algorithm>
#include <vector>

#include "dt/designations.hpp"
#include "effects/attacks/command.hpp"
#include "effects/warriors/raise.hpp"
#include "effects/economy/awards.hpp"
#include "combat/redirect.hpp"
#include "internal.hpp"

namespace dt::detail {

// PHISCHE, ZHURGON: their kills are annihilated in combats of one tactic only.
static bool annihilates_in_this_combat(const State& s, CardId killer) {
  if (!s.combat.active) return false;
  return has_designation(s, killer, s.combat.tactic == Tactic::Fight ? desig::AnnihilatesFight : desig::AnnihilatesShoot);
}

// The warriors whose deaths are being paid out and answered on this thread: a death a kill trigger causes
// meanwhile never kills one of them again (two BRAINWAVE BOMBs, each bomb's warrior killing the other's, would
// otherwise kill each other for ever: each warrior leaves play only once its triggers have run).
static thread_local std::vector<CardId> g_dying;

void award_kills(State& s, const std::vector<Kill>& all, bool mutual, Log log) {
  std::vector<Kill> kills;
  for (const Kill& k : all)
    if (std::find(g_dying.begin(), g_dying.end(), k.victim) == g_dying.end()) kills.push_back(k);
  if (kills.empty()) return;
  const size_t depth = g_dying.size();
  for (const Kill& k : kills) g_dying.push_back(k.victim);
  struct Unwind {
    size_t depth;
    ~Unwind() { g_dying.resize(depth); }
  } unwind{depth};
  const int turned_to = combat_pays_seat(s);  // TEMPORARY INSANITY: a turned combat pays the card's player
  for (const Kill& k : kills) {
    const CardInst& vi = s.card(k.victim);
    const CardInst& ki = s.card(k.killer);
    emit(log, {EventKind::Kill, int8_t(vi.controller), k.victim, k.killer, k.v});
    if (combat_pays_nothing(s)) continue;  // CLUMSINESS: the combat it turned earns no points
    // ... as its own kill when the victim is its own.
    const int paid = turned_to >= 0 ? turned_to : int(ki.controller);
    const bool own = vi.controller == paid;  // D only, times the preset's multiplier
    const bool d_only = own || (paid == ki.controller && earns_d_only(s, k.killer));
    if (forced_kill_pays(s, k.victim, k.killer, k.v, log)) continue;  // gEngine COMMAND: D to its caster, who earns no P
    // PAPARAZZO, HELSTROM MOUNTAINS, FREELANCER PATRIARCH: cards in play change what it pays.
    queue_changed_award(s, paid, own ? k.v * s.rules.own_kill_multiplier : k.v, d_only, k.victim, Earning::Kills,
                        k.killer, k.victim, vi.controller);
  }
  for (const Kill& k : kills) on_kill(s, k.victim, k.killer, k.v, mutual, log);
  // Who annihilates, and who is possessed (POSSESS), is decided before anyone leaves play.
  std::vector<bool> annihilate;
  std::vector<CardId> victims, killers;
  for (const Kill& k : kills) {
    annihilate.push_back((keywords(s, k.killer) & kwAnnihilateKills) != 0 || annihilates_in_this_combat(s, k.killer) ||
                         raised_dead(s, k.victim) ||
                         (s.combat.active && has_designation(s, k.victim, desig::AnnihilatedWhenKilled)));  // BRAINWAVE BOMB
    victims.push_back(k.victim), killers.push_back(k.killer);
  }
  const std::vector<bool> taken = possessions(s, victims, killers);
  for (size_t i = 0; i < kills.size(); ++i) {
    if (taken[i]) possess(s, kills[i].victim, kills[i].killer, log);
    else kill_from_play(s, kills[i].victim, annihilate[i]);
  }
}

}  // namespace dt::detail
