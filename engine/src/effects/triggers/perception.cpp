// Searches and picks from piles, answered (POWER OF PERCEPTION; docs/effects.md
// "Searches answered"). A card taken is a "just happened" marker in
// State::lasting (reactions.hpp): its target the card, no turn's start removes
// it, and the next window to close ends it. gEngine: only a search of the
// collection (the Side Board) counts, by any player; printed: an opponent's
// pick from its draw pile, discard pile or collection.
#include "dt/designations.hpp"
#include "effects/triggers/perception.hpp"

#include <algorithm>

#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static bool answering_card(const CardDef& d) {
  return d.has_designation(desig::AnswersCollectionSearch) || d.has_designation(desig::AnswersOpponentsPilePick);
}

// Only a card in play answers, or (OH YEAH?!) a Special in a hand answering a pile search: with none, nothing is
// marked, so games without one keep the state they always had.
static bool answer_in_play(const State& s) {
  for (CardId a : s.attached)
    if (answering_card(s.def(a))) return true;
  return false;
}
static bool pile_search_answer_held(const State& s) {
  for (const SeatState& st : s.seats)
    for (CardId c : st.hand)
      if (s.def(c).has_designation(desig::AnswersAPileSearch)) return true;
  return false;
}

// `count`: the pile it came from (a Zone).
static void mark_taken(State& s, CardId c, uint8_t kind, Zone from) {
  if (!answer_in_play(s) &&
      !(kind == kTakenFromPile && (s.families & famPileSearchAnswer) && pile_search_answer_held(s)))
    return;
  LastingMod m{kNoCard, c, {}, kNoTurnEnds};
  m.lock = kind;
  m.count = int16_t(from);
  s.lasting.push_back(m);
}

void note_collection_search(State& s, CardId c) { mark_taken(s, c, kTakenFromCollection, Zone::Draw); }

void note_pile_pick(State& s, CardId c, Zone before) {
  if (c == kNoCard || (before != Zone::Draw && before != Zone::Discard) || s.card(c).zone == before) return;
  mark_taken(s, c, kTakenFromPile, before);
}

// OH YEAH?!: a card just picked out of its owner's draw or discard pile into that owner's hand (a search for it).
static bool searched_into_hand(const State& s, const LastingMod& m) {
  return m.lock == kTakenFromPile && s.card(m.target).zone == Zone::Hand;
}

bool pile_search_answerable(const State& s) {
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) { return searched_into_hand(s, m); });
}

void swap_searched(State& s, CardId source, Log log) {
  // The last card searched out: one search, one card.
  auto it = std::find_if(s.lasting.rbegin(), s.lasting.rend(), [&](const LastingMod& m) { return searched_into_hand(s, m); });
  if (it == s.lasting.rend()) return;
  const CardId c = it->target;
  const Zone from = Zone(it->count);
  s.lasting.erase(std::next(it).base());
  const int owner = s.card(c).owner;
  SeatState& st = s.seats[size_t(owner)];
  std::vector<CardId>& pile = from == Zone::Draw ? st.draw : st.discard;
  // A card of that pile at random takes its place in the hand; it goes to the bottom of the pile.
  CardId instead = kNoCard;
  if (!pile.empty()) instead = pile[size_t(s.rng.below(pile.size()))];
  take_out(s, c);
  put_into(s, c, from, owner);
  std::rotate(pile.begin(), pile.end() - 1, pile.end());  // put_into laid it on top: the bottom is the front
  if (instead != kNoCard) {
    take_out(s, instead);
    put_into(s, instead, Zone::Hand, owner);
  }
  emit(log, {EventKind::Effect, int8_t(owner), source, kNoCard, 0, -1});
}

// Does a marker `m` count for `seat`'s card `d`?
static bool answers(const State& s, int seat, const CardDef& d, const LastingMod& m) {
  if (m.lock == kTakenFromCollection && d.has_designation(desig::AnswersCollectionSearch)) return true;
  if (m.lock != kTakenFromCollection && m.lock != kTakenFromPile) return false;
  return d.has_designation(desig::AnswersOpponentsPilePick) && s.card(m.target).owner != seat;
}

bool search_answer_open(const State& s, int seat, const CardDef& d) {
  if (!answering_card(d)) return true;
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) { return answers(s, seat, d, m); });
}

bool taken_card_waits(const State& s) {
  for (const LastingMod& m : s.lasting) {
    if (m.lock != kTakenFromCollection && m.lock != kTakenFromPile) continue;
    if ((s.families & famPileSearchAnswer) && searched_into_hand(s, m) && pile_search_answer_held(s)) return true;  // OH YEAH?!
    for (CardId a : s.attached)
      if (answers(s, s.card(a).controller, s.def(a), m)) return true;
  }
  return false;
}

void annihilate_searched(State& s, int seat, CardId source, Log) {
  const CardDef& d = s.def(source);
  // The last card taken: one search, one card (a pick of several answers the latest).
  auto it = std::find_if(s.lasting.rbegin(), s.lasting.rend(), [&](const LastingMod& m) { return answers(s, seat, d, m); });
  if (it == s.lasting.rend()) return;
  const CardId c = it->target;
  s.lasting.erase(std::next(it).base());
  if (s.card(c).zone == Zone::Annihilated) return;
  // No event names it: the player who forced it may not look at it.
  if (s.card(c).zone == Zone::InPlay) {
    annihilate_from_play(s, c);
  } else {
    take_out(s, c);
    put_into(s, c, Zone::Annihilated);
  }
}

}  // namespace dt::detail
