// Missions (gEngine "ASSIGN MISSION"): assigned to a warrior or a player,
// never two copies on one; completed, and discarded, when their terms are met
// (their kill triggers are in triggers.cpp). What a mission remembers of its
// own (the warrior it chose, the turn its condition began to hold, the
// Fortification titles it counted) is in State::marks, dropped as it leaves play.
#include <algorithm>

#include "dt/designations.hpp"
#include "internal.hpp"

namespace dt::detail {

static bool has_copy_of(const State& s, CardId source, const auto& cards) {
  for (CardId a : cards)
    if (s.card(a).def == s.card(source).def) return true;
  return false;
}

bool mission_copy_on_warrior(const State& s, CardId source, CardId w) {
  return s.def(source).type == CardType::Mission && has_copy_of(s, source, attachments_of(s, w));
}

bool mission_copy_on_player(const State& s, CardId source, int seat) {
  return s.def(source).type == CardType::Mission && has_copy_of(s, source, s.seats[size_t(seat)].in_play);
}

void complete_mission(State& s, CardId card) {
  if (s.def(card).type == CardType::Mission && s.card(card).zone == Zone::InPlay) discard_from_play(s, card);
}

// --- what a card remembers ---

static const CardMark* find_mark(const State& s, CardId card, CardMark::Kind kind, int16_t value = -1) {
  for (const CardMark& m : s.marks)
    if (m.card == card && m.kind == kind && (kind != CardMark::Counted || m.value == value)) return &m;
  return nullptr;
}

void mark_target(State& s, CardId card, CardId target) {
  std::erase_if(s.marks, [&](const CardMark& m) { return m.card == card && m.kind == CardMark::Target; });
  s.marks.push_back({card, CardMark::Target, target});
}

CardId marked_target(const State& s, CardId card) {
  const CardMark* m = find_mark(s, card, CardMark::Target);
  return m ? CardId(m->value) : kNoCard;
}

void add_target_mark(State& s, CardId card, CardId target, int keep) {
  int n = 0;
  for (const CardMark& m : s.marks) n += m.card == card && m.kind == CardMark::Target;
  if (n >= keep) return;
  s.marks.push_back({card, CardMark::Target, target});
}

static bool lasting_mark(const std::vector<Effect>& fx) {
  for (const Effect& e : fx)
    if (e.op == Op::MarkPicked && e.lasting) return true;
  return false;
}

// Does `d` remember warriors only until the start of its player's next turn (a lasting MARK_PICKED)?
static bool marks_lapse(const CardDef& d) {
  if (d.play && d.play->choice && lasting_mark(d.play->choice->on_pick)) return true;
  for (const Ability& ab : d.abilities)
    if (ab.choice && lasting_mark(ab.choice->on_pick)) return true;
  return false;
}

void marks_lapse(State& s, int seat) {
  std::erase_if(s.marks, [&](const CardMark& m) {
    return m.kind == CardMark::Target && s.card(m.card).controller == seat && marks_lapse(s.def(m.card));
  });
}

bool marks_warrior(const State& s, CardId card, CardId w) {
  for (const CardMark& m : s.marks)
    if (m.card == card && m.kind == CardMark::Target && m.value == w) return true;
  return false;
}

bool shares_marked_affiliation(const State& s, CardId card, CardId w) {
  const AffilMask mine = affiliations(s, w);
  for (const CardMark& m : s.marks) {
    if (m.card != card || m.kind != CardMark::Target || m.value < 0) continue;
    const CardId x = CardId(m.value);
    if (x != w && (mine & (is_warrior_in_play(s, x) ? affiliations(s, x) : s.def(x).affil))) return true;
  }
  return false;
}

// MARTYR: is a warrior of the name of one `card` remembers in play again?
static bool marked_returned(const State& s, CardId card, int16_t value) {
  if (value < 0 || !s.def(card).leaves_when_marked_returns) return false;
  const CardDef& was = s.def(CardId(value));
  for (const SeatState& st : s.seats)
    for (CardId w : st.in_play)
      if (is_warrior_in_play(s, w) && s.def(w).name == was.name) return true;
  return false;
}

// After every decision: a card that goes with a warrior it remembers (BRASS
// APOCALYPT, ATTRACTION) is discarded once that warrior has left play.
void check_marks_gone(State& s, Log log) {
  if (s.marks.empty()) return;
  for (size_t i = 0; i < s.marks.size(); ++i) {
    const CardMark m = s.marks[i];
    if (m.kind == CardMark::Target && marked_returned(s, m.card, m.value) && s.card(m.card).zone == Zone::InPlay) {
      emit(log, {EventKind::Discard, int8_t(s.card(m.card).controller), m.card});
      discard_from_play(s, m.card);  // MARTYR: its Personality is back
      i = size_t(-1);
      continue;
    }
    if (m.kind != CardMark::Target || !s.def(m.card).leaves_with_marked) continue;
    // printed RAGE: only once the warrior it remembers lies in a discard pile.
    if (s.def(m.card).marked_discarded ? m.value < 0 || s.card(CardId(m.value)).zone != Zone::Discard
                                       : m.value != kMarkGone)
      continue;
    if (s.card(m.card).zone != Zone::InPlay) continue;
    emit(log, {EventKind::Discard, int8_t(s.card(m.card).controller), m.card});
    discard_from_play(s, m.card);  // forgets its marks
    i = size_t(-1);
  }
}

void remember_choice(State& s, CardId card, int n) {
  std::erase_if(s.marks, [&](const CardMark& m) { return m.card == card && m.kind == CardMark::Chosen; });
  s.marks.push_back({card, CardMark::Chosen, int16_t(n)});
}

int chosen_alternative(const State& s, CardId card) {
  const CardMark* m = find_mark(s, card, CardMark::Chosen);
  return m ? m->value : 0;
}

// A card leaving play forgets what it remembered; a mission whose chosen
// warrior leaves play stays, but can no longer be done (gEngine ASSASSINATION).
void forget_marks(State& s, CardId c) {
  std::erase_if(s.marks, [&](const CardMark& m) { return m.card == c; });
  for (CardMark& m : s.marks)  // (printed RAGE keeps the card: it goes only once that card is discarded)
    if (m.kind == CardMark::Target && m.value == c && !s.def(m.card).marked_discarded &&
        !s.def(m.card).leaves_when_marked_returns)
      m.value = kMarkGone;
}

// --- conditions held for a full turn (DARK KOHORT, WELL-ROUNDED SQUAD) ---

static const Trigger* trigger_of(const State& s, CardId c, When when) {
  for (const Trigger& t : s.def(c).triggers)
    if (t.when == when) return &t;
  return nullptr;
}

// The player a mission lying before it works for: the seat whose play list holds it.
static bool hold_met(const State& s, CardId mission, const Trigger& t) {
  const int seat = s.card(mission).controller;
  for (const WarriorFilter& f : t.hold) {
    bool found = false;
    for (CardId w : s.seats[size_t(seat)].in_play)  // a filter naming card types reaches any face-up card
      if ((f.card_types ? s.card(w).zone == Zone::InPlay && !s.card(w).hidden : is_warrior_in_play(s, w)) &&
          filter_matches(s, f, w, seat)) {
        found = true;
        break;
      }
    if (!found) return false;
  }
  return true;
}

// After every decision: a condition that breaks starts over.
void check_held_conditions(State& s) {
  if (s.marks.empty()) return;
  std::erase_if(s.marks, [&](const CardMark& m) {
    if (m.kind != CardMark::HeldSince) return false;
    const Trigger* t = trigger_of(s, m.card, When::Held);
    return !t || s.card(m.card).zone != Zone::InPlay || !hold_met(s, m.card, *t);
  });
}

// At the end of a player's turn its HELD missions that have held since the
// end of its previous turn are completed; those that hold now begin to count.
void end_of_turn_missions(State& s, Log log) {
  const int seat = s.current;
  const std::vector<CardId> cards = s.seats[size_t(seat)].in_play;
  for (CardId c : cards) {
    if (s.card(c).zone != Zone::InPlay || s.def(c).type != CardType::Mission) continue;
    const Trigger* t = trigger_of(s, c, When::Held);
    if (!t) continue;
    if (!hold_met(s, c, *t)) continue;  // (check_held_conditions already dropped its mark)
    const CardMark* since = find_mark(s, c, CardMark::HeldSince);
    if (!since) {
      s.marks.push_back({c, CardMark::HeldSince, int16_t(std::min(s.turn_number, 32767))});
      continue;
    }
    if (since->value >= s.turn_number) continue;
    emit(log, {EventKind::Effect, int8_t(seat), c, kNoCard, 0, seat});
    run_effects(s, seat, c, kNoCard, {kNoCard, int8_t(seat)}, 0, t->effects, log, nullptr);
    complete_mission(s, c);
  }
}

// --- fortifications built and lost (ESTABLISH DEFENSIVE PERIMETER, INFILTRATION) ---

// A Fortification card just built by `seat`: a mission before that player
// pays once for each title (other cards considered fortifications do not count).
void on_build(State& s, CardId fort, int seat, Log log) {
  if (s.def(fort).type != CardType::Fortification) return;
  const std::vector<CardId> cards = s.seats[size_t(seat)].in_play;
  const int16_t title = int16_t(s.card(fort).def);
  for (CardId c : cards) {
    const Trigger* t = trigger_of(s, c, When::Builds);
    if (!t || s.card(c).zone != Zone::InPlay || find_mark(s, c, CardMark::Counted, title)) continue;
    s.marks.push_back({c, CardMark::Counted, title});
    emit(log, {EventKind::Effect, int8_t(seat), c, fort, 0, seat});
    run_effects(s, seat, c, kNoCard, {fort, -1}, 0, t->effects, log, nullptr);
  }
}

// A Fortification card discarded or annihilated from play: a mission before a
// player whose `victim` filter it matches is completed.
void on_fortification_lost(State& s, CardId fort) {
  if (s.def(fort).type != CardType::Fortification || s.card(fort).zone != Zone::InPlay) return;
  struct Fire { CardId card; const Trigger* t; int seat; };
  std::vector<Fire> fire;
  for (int seat = 0; seat < s.num_seats(); ++seat)
    for (CardId c : s.seats[size_t(seat)].in_play) {
      if (s.def(c).type != CardType::Mission) continue;
      for (const Trigger& t : s.def(c).triggers)
        if (t.when == When::FortificationLost && (!t.victim || filter_matches(s, *t.victim, fort, seat))) {
          fire.push_back({c, &t, seat});
          break;
        }
    }
  for (const Fire& f : fire) {
    if (s.card(f.card).zone != Zone::InPlay) continue;
    run_effects(s, f.seat, f.card, kNoCard, {fort, -1}, 0, f.t->effects, nullptr, nullptr);
    complete_mission(s, f.card);
  }
}

// A card played has just made `w` a HERETIC (SNUB THE CARDINAL): the missions
// before the player who played it, whose `victim` filter `w` matched before, are completed.
void on_made_heretic(State& s, CardId w, int seat, const std::vector<CardId>& matching, Log log) {
  for (CardId c : matching) {
    const Trigger* t = trigger_of(s, c, When::MadeHeretic);
    if (!t || s.card(c).zone != Zone::InPlay) continue;
    emit(log, {EventKind::Effect, int8_t(seat), c, w, 0, seat});
    run_effects(s, seat, c, kNoCard, {w, -1}, 0, t->effects, log, nullptr);
    complete_mission(s, c);
  }
}

// The missions before `seat` that a warrior about to become a HERETIC would complete.
std::vector<CardId> heretic_missions(const State& s, CardId w, int seat) {
  std::vector<CardId> out;
  for (CardId c : s.seats[size_t(seat)].in_play) {
    const Trigger* t = trigger_of(s, c, When::MadeHeretic);
    if (t && s.card(c).zone == Zone::InPlay && !has_designation(s, w, desig::Heretic) &&
        (!t->victim || filter_matches(s, *t->victim, w, seat)))
      out.push_back(c);
  }
  return out;
}

}  // namespace dt::detail

namespace dt::detail {

// --- warriors entering play, prisoners taken, cards removed by a player's cards ---

// The cards in play with a trigger of `when` (missions lying before a player or on a
// warrior, or any card in play), each with the seat it works for.
static void cards_with_trigger(const State& s, When when, std::vector<std::pair<CardId, const Trigger*>>& out) {
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play) {
      auto visit = [&](CardId x) {
        if (s.card(x).hidden || s.def(x).triggers.empty()) return;
        for (const Trigger& t : s.def(x).triggers)
          if (t.when == when && (!t.chosen || chosen_alternative(s, x) == t.chosen)) {  // SOLIDARITY's corporation
            out.push_back({x, &t});
            return;
          }
      };
      visit(c);
      for (CardId a : attachments_of(s, c)) visit(a);
    }
}

// A card fires for the player it works for, whose card it is in play (a mission lying
// before a player: that player). A mission fired completes unless it never does
// (one with no other way to end: HONOR THE EMPEROR pays on every warrior, for good).
static void fire(State& s, CardId c, const Trigger& t, Target target, bool completes, Log log) {
  const int seat = t.for_owner ? s.card(c).owner : s.card(c).controller;  // SOLIDARITY pays the one who played it
  emit(log, {EventKind::Effect, int8_t(seat), c, target.card, 0, seat});
  run_effects(s, seat, c, kNoCard, target, 0, t.effects, log, nullptr);
  if (completes) complete_mission(s, c);
}

// A warrior just put into play face up (cardtypes/entering.cpp): ENTERS_PLAY
// triggers whose `victim` it matches, from the side of the player each works for.
void on_entered_play(State& s, CardId w) {
  if (!(s.families & famMissionEvents)) return;
  std::vector<std::pair<CardId, const Trigger*>> found;
  cards_with_trigger(s, When::EntersPlay, found);
  for (auto [c, t] : found) {
    if (s.card(c).zone != Zone::InPlay) continue;
    // A face-down warrior (a 2nd ed Muster in Cover) shows no affiliation or designation to a filter.
    if (s.card(w).hidden && t->victim && (t->victim->affil || !t->victim->designation.empty())) continue;
    if (!t->victim || filter_matches(s, *t->victim, w, s.card(c).controller)) fire(s, c, *t, {w, -1}, false, nullptr);
  }
}

// `seat` has just imprisoned `prisoner` (effects/lasting/prison.cpp): its IMPRISONS
// missions whose `victim` the prisoner matches are completed.
void on_imprisoned(State& s, int seat, CardId prisoner, Log log) {
  if (!(s.families & famMissionEvents)) return;
  std::vector<std::pair<CardId, const Trigger*>> found;
  cards_with_trigger(s, When::Imprisons, found);
  for (auto [c, t] : found)
    if (s.card(c).zone == Zone::InPlay && s.card(c).controller == seat &&
        (!t->victim || filter_matches(s, *t->victim, prisoner, seat)))
      fire(s, c, *t, {prisoner, -1}, true, log);  // a mission is done; another card (PRISONER WORK CAMP) stays
}

// REMOVES_CARD: the cards in play now that a card of `seat` removing them would
// count for (before its effects run), to be compared after them.
std::vector<CardId> removal_watch(const State& s, int seat) {
  std::vector<CardId> out;
  if (!(s.families & famMissionEvents)) return out;
  std::vector<std::pair<CardId, const Trigger*>> found;
  cards_with_trigger(s, When::RemovesCard, found);
  for (auto [c, t] : found) {
    if (s.card(c).controller != seat) continue;
    for (size_t i = 0; i < s.cards.size(); ++i)
      if (s.cards[i].zone == Zone::InPlay && !s.cards[i].hidden && CardId(i) != c &&
          (!t->victim || filter_matches(s, *t->victim, CardId(i), seat)) &&
          std::find(out.begin(), out.end(), CardId(i)) == out.end())
        out.push_back(CardId(i));
  }
  return out;
}

// The effects of a card of `seat` have run: a watched card now discarded or
// annihilated completes that player's REMOVES_CARD missions it matched.
void on_removed_by(State& s, int seat, const std::vector<CardId>& watched, Log log) {
  for (CardId x : watched) {
    const Zone z = s.card(x).zone;
    if (z != Zone::Discard && z != Zone::Annihilated) continue;
    std::vector<std::pair<CardId, const Trigger*>> found;
    cards_with_trigger(s, When::RemovesCard, found);
    for (auto [c, t] : found)
      if (s.card(c).zone == Zone::InPlay && s.card(c).controller == seat &&
          (!t->victim || (t->victim->card_types & (1u << unsigned(s.def(x).type)))))
        fire(s, c, *t, {x, -1}, true, log);
  }
}

// After every decision: a card whose player no longer has a warrior meeting every
// `hold` filter of its LACKS trigger is discarded (SOLIDARITY: none of the corporation
// named is left in the Squad).
void check_lacking(State& s, Log log) {
  if (!(s.families & famMissionEvents)) return;
  std::vector<std::pair<CardId, const Trigger*>> found;
  cards_with_trigger(s, When::Lacks, found);
  for (auto [c, t] : found) {
    if (s.card(c).zone != Zone::InPlay || hold_met(s, c, *t)) continue;
    fire(s, c, *t, {kNoCard, -1}, false, log);
    if (s.card(c).zone != Zone::InPlay) continue;
    emit(log, {EventKind::Discard, int8_t(s.card(c).controller), c});
    discard_from_play(s, c);
  }
}

}  // namespace dt::detail
