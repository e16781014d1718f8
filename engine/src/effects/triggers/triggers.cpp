// Triggers (docs/effects.md "triggers"): what cards do when a warrior kills
// or is killed, and at their player's draw step.
#include <algorithm>
#include <vector>

#include "dt/designations.hpp"
#include "effects/triggers/spy.hpp"
#include "actions/storage.hpp"
#include "effects/lasting/contagion.hpp"
#include "effects/lasting/disease.hpp"
#include "effects/lasting/virus.hpp"
#include "effects/lasting/afflictions.hpp"
#include "effects/triggers/kill_choice.hpp"
#include "effects/filters/hosts.hpp"
#include "effects/lasting/shutdown.hpp"
#include "internal.hpp"

namespace dt::detail {

// HATAMOTO as printed (ITS MISSIONS FIRST): while one of your missions waits on
// such a warrior, another of your missions completed first pays nothing.
static bool reward_forfeited(const State& s, CardId mission) {
  if (s.def(mission).type != CardType::Mission) return false;
  const int seat = s.card(mission).controller;
  const CardId on = s.card(mission).attached_to;
  if (on != kNoCard && has_designation(s, on, desig::ItsMissionsFirst)) return false;
  for (CardId m : s.attached) {
    const CardInst& mi = s.card(m);
    if (m == mission || mi.controller != seat || s.def(m).type != CardType::Mission) continue;
    if (is_warrior_in_play(s, mi.attached_to) && has_designation(s, mi.attached_to, desig::ItsMissionsFirst)) return true;
  }
  return false;
}

static int trigger_index(const State& s, CardId card, const Trigger* t) {
  return int(t - s.def(card).triggers.data());
}

// gEngine "ASSIGN MISSION": a mission whose terms a kill meets is completed at
// once (it is not optional), its reward paid and the card discarded.
void on_kill(State& s, CardId victim, CardId killer, int victim_v, bool mutual, Log log) {
  const KillContext ctx{victim_v, mutual};
  const int kseat = s.card(killer).controller;
  bool last = true;
  for (CardId w : s.seats[s.card(victim).controller].in_play)
    if (w != victim && is_warrior_in_play(s, w) && s.card(w).area == s.card(victim).area) last = false;
  struct Fire { CardId card; const Trigger* t; int seat; CardId user; };
  std::vector<Fire> fire;
  // 1st ed: a player's kill of its own warrior completes no mission.
  const bool own_kill = s.card(victim).controller == kseat && s.rules.attack_own_warriors;
  auto consider = [&](CardId card, When when, int seat, CardId user) {
    if (own_kill && s.def(card).type == CardType::Mission) return;
    for (const Trigger& t : s.def(card).triggers) {
      if (t.when != when) continue;
      if (t.victim && !filter_matches(s, *t.victim, victim, seat)) continue;
      if (t.killer && !filter_matches(s, *t.killer, killer, seat)) continue;
      if (t.victim_last_in_area && !last) continue;
      if (t.victim_marked && marked_target(s, card) != victim) continue;  // ASSASSINATION's chosen warrior
      if (t.killer_survives && mutual) continue;                          // PROVE YOUR VALOR: and survive
      fire.push_back({card, &t, seat, user});
    }
  };
  consider(killer, When::Kills, kseat, killer);  // the killer's own text (SEAN GALLAGHER)
  const AttachRange killer_has = attachments_of(s, killer);
  const AttachmentGate g = gate_of(s, killer_has);
  // A weapon's kill text is about kills made with it: only the weapon in use counts (SHRIEKETH).
  std::vector<CardId> in_use;
  bool weapons_known = false;
  for (CardId a : killer_has) {
    if (!g.allows(s, a)) continue;
    if (is_weapon_card(s.def(a)) && !s.def(a).triggers.empty()) {
      if (!weapons_known) in_use = used_weapons(s, killer), weapons_known = true;
      if (std::find(in_use.begin(), in_use.end(), a) == in_use.end()) continue;
    }
    // A mission on another player's warrior rewards its own player (WORKING ON THE SLY).
    consider(a, When::Kills, s.def(a).type == CardType::Mission ? int(s.card(a).controller) : kseat, killer);
  }
  if (in_warzone_combat(s, killer)) consider(s.combat.warzone, When::Kills, kseat, killer);
  // Warriors that watch every kill by a matching warrior (INQUISITOR MAJORIS), and cards on warriors that do
  // (SOUL WELL; the killer's own cards were considered above); the killer's controller is the one they reward.
  auto watch = [&](CardId w) {
    for (const Trigger& t : s.def(w).triggers) {
      if (t.when != When::Kills || !t.any_killer) continue;
      if (t.victim && !filter_matches(s, *t.victim, victim, kseat)) continue;
      if (t.killer && !filter_matches(s, *t.killer, killer, kseat)) continue;
      if (t.by_your_warrior && s.card(w).controller != kseat) continue;  // NECROMAKINA: your own kills only
      fire.push_back({w, &t, kseat, killer});
    }
  };
  for (const SeatState& st : s.seats)
    for (CardId w : st.in_play)  // ... and cards lying on a combat area (PILLAGED MUNITIONS on an Outpost)
      if (w != killer && (is_warrior_in_play(s, w) || (!s.def(w).triggers.empty() && lies_on_area(s, w)))) watch(w);
  for (CardId a : s.attached)
    if (!s.def(a).triggers.empty() && s.card(a).zone == Zone::InPlay && bearer_of(s, a) != killer) watch(a);
  for (CardId c : s.seats[size_t(kseat)].in_play)
    if (s.def(c).type == CardType::Mission) consider(c, When::Kills, kseat, killer);
  for (CardId a : attachments_of(s, victim)) consider(a, When::Killed, s.card(victim).controller, victim);
  for (const Fire& f : fire) {
    if (s.card(f.card).zone != Zone::InPlay) continue;
    emit(log, {EventKind::Effect, int8_t(f.seat), f.card, victim, 0, f.seat});
    if (reward_forfeited(s, f.card)) {
      complete_mission(s, f.card);
      continue;
    }
    if (offer_spy(s, f.card, f.seat, victim, trigger_index(s, f.card, f.t), ctx)) continue;  // SPY IN THE RANKS
    // BRAINWAVE BOMB: a KILLED trigger aimed at the killer, in a combat (the one the bomb's warrior lost).
    const bool at_killer = f.t->when == When::Killed && f.t->target_killer;
    if (at_killer && !(s.combat.active && (killer == s.combat.attacker || killer == s.combat.defender))) continue;
    run_effects(s, f.seat, f.card, f.user, {at_killer ? killer : victim, -1}, 0, f.t->effects, log, &ctx);
    queue_kill_choice(s, f.card, *f.t, f.seat, f.user, victim, log);  // NECROMAKINA, PLAGUE GUN
    complete_mission(s, f.card);
  }
}

// SUICIDE MISSION as printed (ANY DEATH COUNTS): its KILLED triggers also fire
// when a card's effect kills its warrior, in or out of combat (no killer, so no mutual kill).
void on_killed_by_effect(State& s, CardId victim, Log log) {
  std::vector<std::pair<CardId, const Trigger*>> fire;
  for (CardId a : attachments_of(s, victim)) {
    if (!s.def(a).has_designation(desig::AnyDeathCounts)) continue;
    for (const Trigger& t : s.def(a).triggers)
      if (t.when == When::Killed) fire.push_back({a, &t});
  }
  if (fire.empty()) return;
  const KillContext ctx{stats(s, victim).v, false};
  const int seat = s.card(victim).controller;
  for (auto [card, t] : fire) {
    if (s.card(card).zone != Zone::InPlay) continue;
    emit(log, {EventKind::Effect, int8_t(seat), card, victim, 0, seat});
    if (!reward_forfeited(s, card) && offer_spy(s, card, seat, victim, trigger_index(s, card, t), ctx)) continue;
    if (!reward_forfeited(s, card)) run_effects(s, seat, card, victim, {victim, -1}, 0, t->effects, log, &ctx);
    complete_mission(s, card);
  }
}

// DOOMED (gEngine): a card that leaves play as soon as its player has no D.
void run_no_destiny_triggers(State& s, Log log) {
  if (!(s.families2 & fam2NoDestiny)) return;  // no such trigger in the game: asked at every step of play
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    if (destiny(s, seat) > 0) continue;
    // Checked at every step of play: look before copying the list.
    const std::vector<CardId>& in_play = s.seats[size_t(seat)].in_play;
    if (std::none_of(in_play.begin(), in_play.end(), [&](CardId c) {
          for (const Trigger& t : s.def(c).triggers)
            if (t.when == When::NoDestiny) return true;
          return false;
        }))
      continue;
    const std::vector<CardId> cards = in_play;
    for (CardId c : cards)
      for (const Trigger& t : s.def(c).triggers)
        if (t.when == When::NoDestiny && s.card(c).zone == Zone::InPlay)
          run_effects(s, seat, c, kNoCard, {}, 0, t.effects, log, nullptr);
  }
}

void run_draw_triggers(State& s, int seat, Log log) {
  disease_draw_step(s, seat, log);  // printed BACTERIA GRENADE
  virus_draw_step(s, seat, log);    // VIRUS: infections worsen and spread
  contagion_draw_step(s, seat);     // PLAGUE BEARER: markers removed, passed on
  stored_casts_draw_step(s, seat);  // THE FALCON OF PILGRIMS: its spell cast again
  affliction_draw_step(s, seat, log);  // SPIRALING DEATH: its upkeep paid, or the warrior dies
  std::vector<std::pair<CardId, CardId>> fire;  // (card, user)
  // A trigger at its owner's Draw step (COMBAT FATIGUE) is looked for in every player's play, once a turn.
  std::vector<CardId> candidates;
  for (const SeatState& st : s.seats) candidates.insert(candidates.end(), st.in_play.begin(), st.in_play.end());
  candidates.insert(candidates.end(), s.attached.begin(), s.attached.end());
  // SNIPERS!: a trigger of an attachment that comes at its warrior's player's Draw step instead;
  // COMBAT FATIGUE: one at its owner's Draw step, wherever it lies.
  auto draws_for = [&](CardId c, const Trigger& t) {
    const CardInst& ci = s.card(c);
    if (t.every_player) return seat;  // PRESSING MATTERS: every player's Draw step
    if (t.owners_turn) return int(ci.owner);
    if (t.bearers_player && ci.attached_to != kNoCard) return int(s.card(bearer_of(s, c)).controller);
    return int(ci.controller);
  };
  for (CardId c : candidates) {
    const CardInst& ci = s.card(c);
    if (ci.zone != Zone::InPlay) continue;
    if ((s.families & famTurnedDown) && is_shut_down(s, c)) continue;  // ECONOMIC COLLAPSE: it yields nothing
    for (const Trigger& t : s.def(c).triggers)
      if (t.when == When::YourDraw && draws_for(c, t) == seat) {
        fire.push_back({c, ci.attached_to != kNoCard ? bearer_of(s, c) : c});
        break;
      }
  }
  for (auto [c, user] : fire) {
    if (s.card(c).zone != Zone::InPlay) continue;
    for (const Trigger& t : s.def(c).triggers)
      if (t.when == When::YourDraw && draws_for(c, t) == seat && (!t.only_without_d || destiny(s, seat) <= 0))
        run_effects(s, s.card(c).controller, c, user, t.every_player ? Target{kNoCard, int8_t(seat)} : Target{}, 0,
                    t.effects, log, nullptr);
  }
}

void run_survivor_triggers(State& s, CardId attacker, CardId defender, Log log) {
  for (CardId w : {attacker, defender}) {
    if (w == kNoCard || !is_warrior_in_play(s, w)) continue;  // killed (or gone) in the combat: no survivor
    std::vector<CardId> cards{w};
    for (CardId a : attachments_of(s, w)) cards.push_back(a);
    for (CardId c : cards) {
      if (s.card(c).zone != Zone::InPlay) continue;
      for (const Trigger& t : s.def(c).triggers)
        if (t.when == When::AfterCombat) run_effects(s, s.card(c).controller, c, w, {}, 0, t.effects, log, nullptr);
    }
  }
}

}  // namespace dt::detail
