// Setup, the order of play and the Actions step: who decides, the legal
// options, and what each option does.
#include <algorithm>
#include <numeric>

#include "internal.hpp"

namespace dt {

using namespace detail;

namespace detail {

void open_window(State& s, WindowKind kind, std::vector<uint8_t> order) {
  s.phase = Phase::Window;
  s.window = Window{kind, std::move(order), 0, 0};
}

void queue_award(State& s, int seat, int amount, bool destiny_only, CardId source) {
  if (amount <= 0) return;
  s.awards.push_back({uint8_t(seat), int16_t(amount), destiny_only, source});
}

}  // namespace detail

namespace {

SeatState& cur(State& s) { return s.seats[s.current]; }
const SeatState& cur(const State& s) { return s.seats[s.current]; }

bool first_turn(const State& s) { return cur(s).turns_taken <= 1; }

// Where a warrior enters play (gEngine "MUSTER WARRIOR").
Area muster_area(const State& s, CardId w) {
  if (is_legion(s, w)) return Area::Kohort;
  if (s.rules.outposts && is_tribal(s, w)) return Area::Outpost;
  return Area::Squad;
}

// PERSONALITY: one copy in play at a time. Others' face-down warriors don't
// count here: a hidden copy is found out when the Muster is made (see apply).
bool personality_in_play(const State& s, CardId w) {
  const CardDef& d = s.def(w);
  if (!d.has(kwPersonality)) return false;
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) {
      const CardInst& ci = s.card(c);
      if (s.def(c).name == d.name && !(ci.hidden && ci.controller != s.current)) return true;
    }
  return false;
}

// gEngine "Other Mustering Rules": one Tribal affiliation per Outpost.
bool tribal_conflict(const State& s, int seat, CardId w) {
  if (!is_tribal(s, w)) return false;
  const AffilMask mine = s.def(w).affil & kTribes;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, c) && s.card(c).area == Area::Outpost && is_tribal(s, c) &&
        (s.def(c).affil & kTribes) != mine)
      return true;
  return false;
}

bool can_muster(const State& s, CardId w, bool in_cover) {
  const CardDef& d = s.def(w);
  if (d.type != CardType::Warrior) return false;
  if (!in_cover && d.v > cur(s).destiny) return false;
  if (!s.rules.outposts && is_tribal(s, w)) return false;
  if (personality_in_play(s, w)) return false;
  if (tribal_conflict(s, s.current, w)) return false;
  return true;
}

bool gives_to(const State& s, CardId e, CardId w) {
  const GiveTo& g = s.def(e).give_to;
  // ARCHANGEL: any airship equipment, whatever affiliations it is meant for.
  if (s.def(e).has_designation("AIRSHIP") && has_designation(s, w, "ANY AIRSHIP")) return true;
  if (g.affil && !(g.affil & affiliations(s, w))) return false;
  if (g.doomtrooper && !is_doomtrooper(s, w)) return false;
  if (g.legion && !is_legion(s, w)) return false;
  return true;
}

bool can_equip(const State& s, CardId e, CardId w) {
  const CardDef& ed = s.def(e);
  if (ed.attach_to_weapon) return false;  // add-ons go on weapons (can_add_on)
  if (keywords(s, w) & kwNoEquipment) return false;
  if (has_designation(s, w, "NO ATTACHMENTS")) return false;
  if (!gives_to(s, e, w)) return false;
  if (ed.has(kwVehicle))  // one VEHICLE per warrior
    for (CardId a : attachments_of(s, w))
      if (s.def(a).has(kwVehicle)) return false;
  if (ed.has(kwArmor))  // one ARMOR per warrior
    for (CardId a : attachments_of(s, w))
      if (s.def(a).has(kwArmor)) return false;
  return true;
}

// A weapon add-on (ATTACH TO ANY SHOOT WEAPON ...): one of each on a weapon.
bool can_add_on(const State& s, CardId e, CardId weapon) {
  const CardDef& ed = s.def(e);
  const CardDef& wd = s.def(weapon);
  if (!ed.attach_to_weapon || wd.type != CardType::Equipment || wd.weapon == WeaponKind::None) return false;
  if (!(ed.attach_to_weapon & (1u << unsigned(wd.weapon)))) return false;
  for (CardId a : attachments_of(s, weapon))
    if (s.card(a).def == s.card(e).def) return false;
  return true;
}

bool fort_in_play(const State& s, int seat, uint16_t def) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (s.card(c).def == def) return true;
  return false;
}

std::optional<Area> build_area(const State& s, CardId f) {
  const CardDef& d = s.def(f);
  if (!d.fort) return std::nullopt;
  for (Area a : {Area::Squad, Area::Kohort, Area::Outpost})
    if (d.fort->build_in & bit(a)) {
      if (a == Area::Outpost && !s.rules.outposts) continue;
      return a;
    }
  return std::nullopt;
}

bool can_attack_with(const State& s, CardId a) {
  const CardInst& ai = s.card(a);
  return can_take_part_in_combat(s, a) && !ai.cover && ai.exited_cover_turn != s.turn_number;
}

bool sabotage_open(const State& s) {
  if (s.rules.sabotage == SabotageMode::Off) return false;
  for (const SeatState& st : s.seats)  // gEngine "SABOTAGE": after everyone's first turn
    if (!st.eliminated && st.turns_taken < 1) return false;
  return true;
}

std::vector<CardId> own_warriors(const State& s, int seat) {
  std::vector<CardId> out;
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, c)) out.push_back(c);
  return out;
}

void action_options(const State& s, std::vector<Option>& out) {
  const int me = s.current;
  const SeatState& st = cur(s);
  const std::vector<CardId> mine = own_warriors(s, me);
  // One warrior must always be out in the open: when all are covered, Exit Cover is the
  // next available action (gEngine "SEEK COVER").
  const bool all_covered =
      !mine.empty() && std::all_of(mine.begin(), mine.end(), [&](CardId w) { return s.card(w).cover; });
  if (all_covered) {
    for (CardId w : mine) out.push_back({OptKind::ExitCover, w});
    return;
  }
  out.push_back({OptKind::Pass});
  out.push_back({OptKind::Meditate});
  for (CardId c : st.hand) {
    const CardDef& d = s.def(c);
    if (d.type == CardType::Warrior) {
      if (can_muster(s, c, false)) out.push_back({OptKind::Muster, c});
      if (s.rules.muster_in_cover && s.actions_left >= 3 && can_muster(s, c, true))
        out.push_back({OptKind::MusterCover, c});
    } else if (d.type == CardType::Equipment) {
      for (CardId w : mine) {
        if (can_equip(s, c, w)) out.push_back({OptKind::Equip, c, w});
        if (d.attach_to_weapon)
          for (CardId wpn : attachments_of(s, w))
            if (can_add_on(s, c, wpn)) out.push_back({OptKind::Equip, c, wpn});
      }
    } else if (d.type == CardType::Symmetry) {
      for (CardId w : mine)
        if (can_bestow(s, c, w)) out.push_back({OptKind::Bestow, c, w});
    } else if (d.type == CardType::Fortification) {
      if (build_area(s, c) && !fort_in_play(s, me, s.card(c).def)) out.push_back({OptKind::Build, c});
    }
  }
  int uncovered = 0;
  for (CardId w : mine) uncovered += !s.card(w).cover;
  for (CardId w : mine) {
    if (s.card(w).cover) out.push_back({OptKind::ExitCover, w});
    else if (uncovered >= 2 && !(keywords(s, w) & kwNoCover)) out.push_back({OptKind::SeekCover, w});
  }
  effect_options(s, me, out);
  // Tactical actions: none in a player's first turn, one per turn.
  if (first_turn(s) || s.tactical_used) return;
  for (CardId a : mine) {
    if (!can_attack_with(s, a)) continue;
    const size_t first_option = out.size();
    for (int t = 0; t < s.num_seats(); ++t) {
      if (t == me || s.seats[size_t(t)].eliminated) continue;
      for (CardId d : own_warriors(s, t)) {
        const CardInst& di = s.card(d);
        if (s.def(d).has(kwNoncombatant) && !di.hidden) continue;
        if (!di.hidden && (keywords(s, d) & kwNotAttackable)) continue;
        for (Tactic tac : {Tactic::Fight, Tactic::Shoot}) {
          if (!has_rating(s, a, tac) || !tactic_allowed(s, tac)) continue;
          if (tac == Tactic::Fight && (keywords(s, a) & kwNoFightAttack)) continue;
          // A face-down stranger may be attacked; legality is checked when it is flipped.
          if (!di.hidden && (!has_rating(s, d, tac) || !attack_allowed(s, a, d))) continue;
          Option o{OptKind::Attack, a, d};
          o.tactic = tac;
          out.push_back(o);
        }
      }
    }
    // SEAN GALLAGHER: when it attacks, a Dark Legion warrior if one is available.
    if (has_designation(s, a, "MUST ATTACK DARK LEGION")) {
      auto legion = [&](const Option& o) { return !s.card(o.b).hidden && is_legion(s, o.b); };
      if (std::any_of(out.begin() + long(first_option), out.end(), legion))
        out.erase(std::remove_if(out.begin() + long(first_option), out.end(), [&](const Option& o) { return !legion(o); }),
                  out.end());
    }
  }
  if (sabotage_open(s)) {
    for (int t = 0; t < s.num_seats(); ++t) {
      if (t == me || s.seats[size_t(t)].eliminated || has_combat_warrior(s, t)) continue;
      if (s.rules.sabotage == SabotageMode::Once && (st.sabotaged_mask & (1u << t))) continue;
      for (CardId a : mine)
        if (can_take_part_in_combat(s, a) && !s.card(a).cover)
          out.push_back({OptKind::Sabotage, a, CardId(t)});
    }
  }
}

void window_options(const State& s, std::vector<Option>& out) {
  out.push_back({OptKind::Pass});
  const int seat = deciding_seat(s);
  effect_options(s, seat, out);
  if (s.window.kind != WindowKind::CombatModify) return;
  // "PLAY ON ANY WARRIOR DURING COMBAT": a combat modifier on either combatant.
  for (CardId c : s.seats[size_t(seat)].hand) {
    const CardDef& d = s.def(c);
    if (d.type != CardType::Special || !d.combat_modifier) continue;
    for (CardId w : {s.combat.attacker, s.combat.defender}) out.push_back({OptKind::Play, c, w});
  }
}

// ---- the automatic parts of the order of play ----

void start_turn(State& s, Log log);

void start_actions(State& s) {
  s.step = Step::Actions;
  s.phase = Phase::Actions;
}

void start_discard_step(State& s) {
  s.step = Step::Discard;
  s.actions_left = 0;
  open_window(s, WindowKind::PreDiscard, seats_from(s, s.current));
}

void eliminate(State& s, int seat, Log log) {
  SeatState& st = s.seats[size_t(seat)];
  st.eliminated = true;
  while (!st.in_play.empty()) discard_from_play(s, st.in_play.back());
  emit(log, {EventKind::Eliminated, int8_t(seat)});
}

void end_turn(State& s, Log log) {
  SeatState& st = cur(s);
  // gEngine "NO WARRIORS IN PLAY AND NO DRAW PILE": three complete turns.
  if (st.no_warrior_deadline >= 0 && st.turns_taken >= st.no_warrior_deadline &&
      !has_combat_warrior(s, s.current))
    eliminate(s, s.current, log);
  s.current = uint8_t(next_active_seat(s, s.current));
  start_turn(s, log);
}

void start_turn(State& s, Log log) {
  SeatState& st = cur(s);
  ++s.turn_number;
  ++st.turns_taken;
  st.sabotaged_mask = 0;
  s.actions_left = s.rules.actions_per_turn;
  s.tactical_used = false;
  emit(log, {EventKind::TurnStart, int8_t(s.current), kNoCard, kNoCard, s.turn_number});
  const bool rule_applies = st.draw.empty() || s.rules.sabotage == SabotageMode::Off;
  if (has_combat_warrior(s, s.current)) st.no_warrior_deadline = -1;
  else if (rule_applies && st.no_warrior_deadline < 0) st.no_warrior_deadline = st.turns_taken + 2;
  if (s.rules.first_player_skips_draw && s.turn_number == 1) {
    start_actions(s);  // gEngine "STEP ONE: DRAW", Special: first turn of the game
    return;
  }
  s.step = Step::Draw;
  run_draw_triggers(s, s.current, log);
  open_window(s, WindowKind::PreDraw, seats_from(s, s.current));
}

void check_end(State& s, Log log) {
  if (s.phase == Phase::GameOver) return;
  int best = -1, best_p = -1, active = 0, last_active = -1;
  bool tie = false, all_empty = true, target = false;
  for (int i = 0; i < s.num_seats(); ++i) {
    const SeatState& st = s.seats[size_t(i)];
    if (st.eliminated) continue;
    ++active;
    last_active = i;
    if (!st.draw.empty()) all_empty = false;
    if (st.promotion >= s.rules.promotion_target) target = true;
    if (st.promotion > best_p) best = i, best_p = st.promotion, tie = false;
    else if (st.promotion == best_p) tie = true;
  }
  int winner = -1;
  EndReason why = EndReason::TurnLimit;
  const bool out_of_turns = s.rules.turn_limit > 0 && s.turn_number > s.rules.turn_limit;
  if (active <= 1) winner = last_active, why = EndReason::NoWarriors;
  else if (target) winner = best, why = EndReason::PromotionTarget;  // simultaneous arrivals: the higher P
  else if (all_empty && !tie) winner = best, why = EndReason::DecksExhausted;  // a tie plays on
  else if (out_of_turns && !tie) winner = best;
  if (winner < 0 && !(active <= 1) && !out_of_turns) return;
  s.winner = winner;
  s.end_reason = why;
  s.phase = Phase::GameOver;
  emit(log, {EventKind::GameEnd, int8_t(winner), kNoCard, kNoCard, best_p});
}

// After an action or its response window: back to the Actions step, or on to
// the Discard step when no actions are left.
void after_action(State& s) {
  if (s.actions_left > 0) start_actions(s);
  else start_discard_step(s);
}

void open_response_window(State& s) {
  std::vector<uint8_t> order = seats_from(s, next_active_seat(s, s.current));
  open_window(s, WindowKind::Response, std::move(order));
}

void close_window(State& s, Log log) {
  switch (s.window.kind) {
    case WindowKind::PreDraw: {
      SeatState& st = cur(s);
      int want = s.rules.hand_limit - int(st.hand.size());
      int n = want > 0 ? draw_cards(s, s.current, want) : 0;
      if (n) emit(log, {EventKind::Draw, int8_t(s.current), kNoCard, kNoCard, n});
      start_actions(s);
      break;
    }
    case WindowKind::PreDiscard: s.phase = Phase::Discard; break;
    case WindowKind::Response:
      s.recent_survivor = kNoCard;  // "just happened" is over
      s.recent_p_seat = -1;
      s.recent_p = 0;
      after_action(s);
      break;
    case WindowKind::CombatModify:
      resolve_combat(s, log);
      if (s.awards.empty()) open_response_window(s);
      else s.phase = Phase::Points;
      break;
  }
}

void apply_points(State& s, int p, int d, Log log) {
  PointsAward aw = s.awards.front();
  s.awards.erase(s.awards.begin());
  SeatState& st = s.seats[aw.seat];
  st.promotion += p;
  st.destiny += d;
  if (p > 0) {
    if (s.recent_p_seat != int(aw.seat)) s.recent_p_seat = int8_t(aw.seat), s.recent_p = 0;
    s.recent_p = int16_t(s.recent_p + p);
  }
  emit(log, {EventKind::Points, int8_t(aw.seat), aw.source, kNoCard, p, d});
  if (s.awards.empty()) open_response_window(s);
}

// Plays a card, spell, ability or gift through the effect vocabulary, then
// settles the flow: an action opens the response window; a combat whose
// warrior left play, or that an effect ended, is over (no resolution).
void play_effect(State& s, const Option& o, Log log) {
  const bool in_window = s.phase == Phase::Window;
  const bool was_combat = s.combat.active;
  const bool action = apply_effect_option(s, o, log);
  if (s.combat.active && (!is_warrior_in_play(s, s.combat.attacker) || !is_warrior_in_play(s, s.combat.defender)))
    s.combat = Combat{};
  if (in_window) {
    s.window.passes = 0;  // the same player may go on playing
    if (was_combat && !s.combat.active && s.window.kind == WindowKind::CombatModify) open_response_window(s);
  } else if (action) {
    open_response_window(s);
  }
}

}  // namespace

// ---- public interface ----

State blank_state(const CardDb& db, const Rules& rules, int seats, uint64_t seed) {
  State s;
  s.db = &db.text(rules.card_text);  // the text the preset plays, fixed for the game
  s.rules = rules;
  s.rng = Rng(seed);
  s.seats.resize(size_t(seats));
  for (auto& st : s.seats) st.destiny = rules.starting_destiny;
  return s;
}

State new_game(const CardDb& db, const GameConfig& cfg, std::vector<Event>* log) {
  const int n = int(cfg.decks.size());
  State s = blank_state(db, cfg.rules, n, cfg.seed);
  size_t total = 0;
  for (const auto& d : cfg.decks) total += d.size();
  // Card ids are a seeded permutation, so an id says nothing about a hidden card.
  std::vector<CardId> ids(total);
  std::iota(ids.begin(), ids.end(), CardId(0));
  s.rng.shuffle(ids);
  s.cards.resize(total);
  size_t k = 0;
  for (int seat = 0; seat < n; ++seat) {
    for (uint16_t def : cfg.decks[size_t(seat)]) {
      CardId id = ids[k++];
      CardInst& ci = s.cards[size_t(id)];
      ci.def = def;
      ci.owner = ci.controller = uint8_t(seat);
      ci.zone = Zone::Draw;
      s.seats[size_t(seat)].draw.push_back(id);
    }
  }
  // Setting up: shuffle, 5 D, draw 7, decide who goes first (gEngine "SETTING UP").
  for (int seat = 0; seat < n; ++seat) {
    s.rng.shuffle(s.seats[size_t(seat)].draw);
    draw_cards(s, seat, cfg.rules.opening_hand);
  }
  s.first_player = uint8_t(s.rng.below(uint64_t(n)));
  s.current = s.first_player;
  emit(log, {EventKind::GameStart, int8_t(s.first_player)});
  if (cfg.rules.cardinals_gift) {
    s.phase = Phase::CardinalsGift;
    s.gift_seat = s.first_player;
  } else {
    start_turn(s, log);
  }
  resume(s, log);
  return s;
}

bool game_over(const State& s) { return s.phase == Phase::GameOver; }

int deciding_seat(const State& s) {
  switch (s.phase) {
    case Phase::CardinalsGift: return s.gift_seat;
    case Phase::Window: return s.window.order[s.window.index];
    case Phase::Points: return s.awards.front().seat;
    case Phase::Actions:
    case Phase::Discard: return s.current;
    case Phase::GameOver: return -1;
  }
  return -1;
}

std::vector<Option> legal_options(const State& s) {
  std::vector<Option> out;
  switch (s.phase) {
    case Phase::CardinalsGift:
      out.push_back({OptKind::Keep});
      out.push_back({OptKind::Gift});
      break;
    case Phase::Window: window_options(s, out); break;
    case Phase::Actions: action_options(s, out); break;
    case Phase::Points: {
      const PointsAward& aw = s.awards.front();
      for (int p = aw.destiny_only ? 0 : aw.amount; p >= 0; --p) {
        Option o{OptKind::Points};
        o.p = int16_t(p);
        o.d = int16_t(aw.amount - p);
        out.push_back(o);
      }
      break;
    }
    case Phase::Discard:
      out.push_back({OptKind::Pass});
      for (CardId c : cur(s).hand) out.push_back({OptKind::Discard, c});
      break;
    case Phase::GameOver: break;
  }
  return out;
}

void resume(State& s, std::vector<Event>* log) {
  for (;;) {
    check_end(s, log);
    if (s.phase == Phase::GameOver) return;
    if (s.phase == Phase::Window) {
      Window& w = s.window;
      if (w.passes >= w.order.size()) {
        close_window(s, log);
        continue;
      }
      if (s.rules.auto_pass && legal_options(s).size() == 1) {  // only `pass`
        ++w.passes;
        w.index = uint8_t((w.index + 1) % w.order.size());
        continue;
      }
      return;
    }
    if (s.phase == Phase::Actions && s.actions_left <= 0) {
      start_discard_step(s);
      continue;
    }
    if (s.phase == Phase::Discard && s.rules.auto_pass && cur(s).hand.empty()) {
      end_turn(s, log);
      continue;
    }
    if (s.phase == Phase::Points && s.awards.front().destiny_only) {
      apply_points(s, 0, s.awards.front().amount, log);  // a single possible split
      continue;
    }
    return;
  }
}

void apply(State& s, const Option& o, std::vector<Event>* log) {
  ++s.decisions;
  const int me = deciding_seat(s);
  SeatState& st = s.seats[size_t(me)];
  switch (o.kind) {
    case OptKind::Keep:
    case OptKind::Gift: {
      if (o.kind == OptKind::Gift) {
        // Cardinal's Gift: without a warrior the hand is shuffled back; with
        // one, it becomes the first seven cards of the discard pile.
        bool had_warrior = std::any_of(st.hand.begin(), st.hand.end(), [&](CardId c) {
          return s.def(c).type == CardType::Warrior;
        });
        std::vector<CardId> old = st.hand;
        for (CardId c : old) {
          take_out(s, c);
          put_into(s, c, had_warrior ? Zone::Discard : Zone::Draw);
        }
        if (!had_warrior) s.rng.shuffle(st.draw);
        draw_cards(s, me, s.rules.opening_hand);
        emit(log, {EventKind::GiftClaimed, int8_t(me), kNoCard, kNoCard, had_warrior});
      }
      st.gift_decided = true;
      int next = next_active_seat(s, me);
      if (s.seats[size_t(next)].gift_decided) {
        s.current = s.first_player;
        start_turn(s, log);
      } else {
        s.gift_seat = uint8_t(next);
      }
      break;
    }
    case OptKind::Pass:
      if (s.phase == Phase::Window) {
        ++s.window.passes;
        s.window.index = uint8_t((s.window.index + 1) % s.window.order.size());
      } else if (s.phase == Phase::Actions) {
        s.actions_left = 0;
        start_discard_step(s);
      } else if (s.phase == Phase::Discard) {
        end_turn(s, log);
      }
      emit(log, {EventKind::Pass, int8_t(me)});
      break;
    case OptKind::Meditate:
      st.destiny += 1;
      --s.actions_left;
      emit(log, {EventKind::Meditate, int8_t(me)});
      open_response_window(s);
      break;
    case OptKind::Muster:
    case OptKind::MusterCover: {
      const bool covered = o.kind == OptKind::MusterCover;
      // 2nd ed "PERSONALITIES": a copy hidden in another player's cover is shown
      // and paid for, and this Muster never happened.
      if (s.def(o.a).has(kwPersonality))
        for (int t = 0; t < s.num_seats(); ++t)
          for (CardId c : s.seats[size_t(t)].in_play)
            if (t != me && s.card(c).hidden && s.def(c).name == s.def(o.a).name) {
              reveal(s, c, log);
              s.phase = Phase::Actions;
              return;
            }
      take_out(s, o.a);
      put_into(s, o.a, Zone::InPlay, me);
      CardInst& w = s.card(o.a);
      w.area = muster_area(s, o.a);
      if (covered) {
        w.cover = w.hidden = w.unpaid = true;
        s.actions_left -= 3;
      } else {
        st.destiny -= s.def(o.a).v;
        if (!s.def(o.a).has(kwFreeMuster)) --s.actions_left;
      }
      if (can_take_part_in_combat(s, o.a)) st.no_warrior_deadline = -1;
      emit(log, {covered ? EventKind::MusterCover : EventKind::Muster, int8_t(me), covered ? kNoCard : o.a});
      open_response_window(s);
      break;
    }
    case OptKind::SeekCover:
      s.card(o.a).cover = true;
      --s.actions_left;
      emit(log, {EventKind::SeekCover, int8_t(me), o.a});
      open_response_window(s);
      break;
    case OptKind::ExitCover: {
      CardInst& w = s.card(o.a);
      w.cover = false;
      w.exited_cover_turn = int16_t(s.turn_number);
      --s.actions_left;
      emit(log, {EventKind::ExitCover, int8_t(me), o.a});
      reveal(s, o.a, log);
      open_response_window(s);
      break;
    }
    case OptKind::Equip:
      put_attached(s, o.a, o.b, me);
      --s.actions_left;
      emit(log, {EventKind::Equip, int8_t(me), o.a, o.b});
      open_response_window(s);
      break;
    case OptKind::Build:
      take_out(s, o.a);
      put_into(s, o.a, Zone::InPlay, me);
      s.card(o.a).area = *build_area(s, o.a);
      --s.actions_left;
      emit(log, {EventKind::Build, int8_t(me), o.a});
      open_response_window(s);
      break;
    case OptKind::Attack: {
      s.tactical_used = true;
      s.actions_left = 0;  // a Tactical action ends the Actions step
      emit(log, {EventKind::Attack, int8_t(me), o.a, o.b, int(o.tactic)});
      // A defender in cover is turned face up for the combat (and paid for).
      if (!reveal(s, o.b, log)) {
        open_response_window(s);
        break;
      }
      if (!attack_allowed(s, o.a, o.b) || !has_rating(s, o.b, o.tactic)) {
        emit(log, {EventKind::AttackVoid, int8_t(me), o.a, o.b});
        open_response_window(s);
        break;
      }
      s.combat = Combat{true, o.a, o.b, uint8_t(me), o.tactic, {}, 0, {}};
      // Modification rounds: attacker, defender, then the others, and around again.
      std::vector<uint8_t> order{uint8_t(me), s.card(o.b).controller};
      for (uint8_t t : seats_from(s, me))
        if (t != order[0] && t != order[1]) order.push_back(t);
      open_window(s, WindowKind::CombatModify, std::move(order));
      break;
    }
    case OptKind::Sabotage: {
      s.tactical_used = true;
      s.actions_left = 0;
      st.sabotaged_mask |= 1u << unsigned(o.b);
      const int v = stats(s, o.a).v;
      emit(log, {EventKind::Sabotage, int8_t(me), o.a, kNoCard, o.b});
      queue_award(s, me, (v + 1) / 2, s.def(o.a).has(kwFreelancer), o.a);
      if (s.awards.empty()) open_response_window(s);
      else s.phase = Phase::Points;
      break;
    }
    case OptKind::Use:
    case OptKind::Bestow:
      play_effect(s, o, log);
      break;
    case OptKind::Play: {
      const CardDef& d = s.def(o.a);
      if (d.play) {
        play_effect(s, o, log);
        break;
      }
      take_out(s, o.a);
      put_into(s, o.a, d.post_play == PostPlay::Annihilate ? Zone::Annihilated : Zone::Discard);
      s.combat.mods.push_back({o.a, o.b, d.bonus});
      s.window.passes = 0;  // the same player may go on playing
      emit(log, {EventKind::Play, int8_t(me), o.a, o.b});
      break;
    }
    case OptKind::Points: apply_points(s, o.p, o.d, log); break;
    case OptKind::Discard:
      take_out(s, o.a);
      put_into(s, o.a, Zone::Discard);
      emit(log, {EventKind::Discard, int8_t(me), o.a});
      end_turn(s, log);
      break;
  }
  resume(s, log);
}

std::optional<Option> parse_option(const State& s, std::string_view text) {
  auto norm = [](std::string_view in) {
    std::string out;
    bool space = false;
    for (char ch : in) {
      if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
        space = !out.empty();
        continue;
      }
      if (space) out.push_back(' '), space = false;
      out.push_back(char(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch));
    }
    return out;
  };
  const std::string want = norm(text);
  const std::vector<Option> opts = legal_options(s);
  if (!want.empty() && std::all_of(want.begin(), want.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    if (want.size() > 6) return std::nullopt;
    size_t i = std::stoul(want);
    if (i < opts.size()) return opts[i];
    return std::nullopt;
  }
  for (const Option& o : opts)
    if (to_text(o) == want) return o;
  return std::nullopt;
}

}  // namespace dt
