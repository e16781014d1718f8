// A warrior with another card's abilities: see borrowed.hpp.
#include "effects/lasting/borrowed.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dt/designations.hpp"
#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"
#include "markers.hpp"
#include "turn/turn.hpp"

namespace dt::detail {

template <class T>
static void append(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

template <class P>
static void take_if_none(P& to, const P& from) {
  if (!to) to = from;
}

// Card `d` with the abilities printed on `md` (the card `model`) added: what a text switched off would take.
static CardDef with_abilities(const State& s, CardDef d, const CardDef& md, CardId model) {
  d.keywords |= md.keywords & ~own_keywords_left(textOff, ~0u);
  for (const std::string& x : md.designations)
    if (x != md.name && !own_designation_holds(s, model, textOff, x) && !d.has_designation_text(x))
      d.designations.push_back(x);
  append(d.mods, md.mods);
  append(d.abilities, md.abilities);
  append(d.triggers, md.triggers);
  append(d.instead, md.instead);
  append(d.award_rules, md.award_rules);
  d.casts |= md.casts;
  d.casts_personal |= md.casts_personal;
  if (!d.major_gift_cost_d) d.major_gift_cost_d = md.major_gift_cost_d;
  if (!d.spell_fund.d) d.spell_fund = md.spell_fund;
  if (d.handler == HandlerId{}) d.handler = md.handler;
  take_if_none(d.answers, md.answers);
  take_if_none(d.economy, md.economy);
  take_if_none(d.turn_rules, md.turn_rules);
  take_if_none(d.substitute, md.substitute);
  take_if_none(d.sabotage, md.sabotage);
  take_if_none(d.contagion, md.contagion);
  take_if_none(d.protects, md.protects);
  take_if_none(d.hand_bonus, md.hand_bonus);
  // A Fortification's protection, and what it gives its player, for a card standing in for it (EMBASSY).
  take_if_none(d.fort, md.fort);
  if (!d.hand_limit) d.hand_limit = md.hand_limit;
  if (!d.hand_max) d.hand_max = md.hand_max;
  if (!d.several_attacks && md.several_attacks) {  // AQUABEAST's two attacks, GRINDER's four (actions/several_attacks.hpp)
    d.several_attacks = md.several_attacks, d.combined_attack_bonus = md.combined_attack_bonus;
    d.attacks_different_defenders = md.attacks_different_defenders, d.attacks_carry_mods = md.attacks_carry_mods;
    d.several_attacks_tactic = md.several_attacks_tactic;
  }
  return d;
}

// A new card in the game's own copy of the card table, or nullopt when there is no room. A rule running now may
// hold a reference to one of the table's cards (the effects list a handler was called from), so no table it reads
// is ever freed or moved under it: a table this game alone holds grows in place while its vector has room (no
// reallocation); one shared with copies of the game (a search bot's, a check's) is copied, the old one living on
// with them; the built-in table is never owned.
static std::optional<uint16_t> make_card(State& s, CardDef d) {
  d.made = true;  // its facts are the warrior's for now, not its code's (protocol convert.cpp)
  if (s.local_db && s.local_db.use_count() == 1) {
    const std::vector<CardDef>& defs = s.local_db->all();
    if (defs.size() == defs.capacity()) return std::nullopt;  // a thousand cards made in one game: no more
    return const_cast<CardDb&>(*s.local_db).add(std::move(d));  // made non-const by make_shared below
  }
  auto db = std::make_shared<CardDb>(*s.db);
  const uint16_t i = db->add(std::move(d));  // its first growth moves cards no one refers to yet
  s.local_db = std::move(db);
  s.db = s.local_db.get();
  return i;
}

static bool lending(const LastingMod& m, CardId w) { return m.lock == kBorrowedText && m.target == w; }

// The card's own def, before anything was lent to it.
static uint16_t own_def(const State& s, CardId w) {
  for (const LastingMod& m : s.lasting)
    if (lending(m, w)) return uint16_t(m.count);
  return s.card(w).def;
}

// w's card made anew from its own text and each lending left, in order (its own def when none is).
static void remake(State& s, CardId w, uint16_t own) {
  std::vector<std::pair<uint16_t, CardId>> lent;
  for (const LastingMod& m : s.lasting)
    if (lending(m, w)) lent.emplace_back(uint16_t(m.given), m.other);
  if (lent.empty()) {
    s.card(w).def = own;
  } else {
    CardDef d = (*s.db)[own];
    for (const auto& [def, model] : lent) d = with_abilities(s, std::move(d), (*s.db)[def], model);
    if (const std::optional<uint16_t> made = make_card(s, std::move(d))) s.card(w).def = *made;
  }
  index_families(s);
}

void borrow_text(State& s, CardId source, CardId w, CardId model, LentFor until) {
  if (w == kNoCard || model == kNoCard || w == model || s.card(w).zone != Zone::InPlay) return;
  // A warrior borrows a card's abilities; a card lying before its player, a Fortification's effects, standing in
  // its player's area of the same kind (EMBASSY: as if its player had built it).
  const bool fortification = s.def(model).type == CardType::Fortification && s.card(model).zone == Zone::InPlay;
  if (!is_warrior_in_play(s, w) && (!fortification || s.card(w).attached_to != kNoCard)) return;
  if (fortification && !is_warrior_in_play(s, w)) s.card(w).area = s.card(model).area;
  const uint16_t model_def = own_def(s, model);  // what is printed on its card
  for (const LastingMod& m : s.lasting)
    if (lending(m, w) && m.source == source && uint16_t(m.given) == model_def) return;  // lent already
  const uint16_t own = own_def(s, w);
  LastingMod m{source, w, {}, kNoTurnEnds};
  m.lock = kBorrowedText;
  m.other = model;
  m.count = int16_t(own);
  m.given = int16_t(model_def);
  m.times = int16_t(until);
  s.lasting.push_back(m);
  remake(s, w, own);
}

// The lendings `ends` picks are over: each warrior they reached is made anew from those left.
template <class Pred>
static void end_lendings(State& s, Pred ends) {
  std::vector<std::pair<CardId, uint16_t>> reached;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kBorrowedText && ends(m) &&
        std::none_of(reached.begin(), reached.end(), [&](const auto& r) { return r.first == m.target; }))
      reached.emplace_back(m.target, uint16_t(m.count));
  if (reached.empty()) return;
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kBorrowedText && ends(m); });
  for (const auto& [w, own] : reached) remake(s, w, own);
}

void borrowing_leaves_play(State& s, CardId c) {
  end_lendings(s, [&](const LastingMod& m) {
    return m.target == c || (m.source == c && m.times == int16_t(LentFor::SourceInPlay));
  });
}

void combat_lendings_over(State& s) {
  if (!(s.families2 & fam2BorrowedText)) return;
  end_lendings(s, [](const LastingMod& m) { return m.times == int16_t(LentFor::Combat); });
}

// Is a face-up card of the game making warriors have the abilities of what they are considered in play?
static CardId amendment_in_play(const State& s) {
  auto holds = [&](CardId c) {
    return !s.card(c).hidden && s.def(c).has_designation(desig::WarriorsHaveTheAbilitiesOfWhatTheyAreConsidered);
  };
  for (const SeatState& st : s.seats)
    for (CardId c : st.in_play)
      if (holds(c)) return c;
  for (CardId c : s.attached)
    if (holds(c)) return c;
  return kNoCard;
}

void refresh_considered(State& s) {
  if (!(s.families2 & fam2ConsideredAbilities)) return;
  const CardId source = amendment_in_play(s);
  // Each warrior in play, with each other warrior card in play whose name is one of its own designations.
  struct Pair { CardId w, model; uint16_t model_def; };
  std::vector<Pair> due;
  if (source != kNoCard) {
    std::vector<CardId> face_up;
    for (const SeatState& st : s.seats)
      for (CardId c : st.in_play)
        if (!s.card(c).hidden && is_warrior_in_play(s, c)) face_up.push_back(c);
    for (CardId w : face_up) {
      const CardDef& own = (*s.db)[own_def(s, w)];
      for (const std::string& x : own.designations) {
        if (x == own.name) continue;
        for (CardId model : face_up) {
          const uint16_t md = own_def(s, model);
          if (model != w && (*s.db)[md].name == x) {
            if (std::none_of(due.begin(), due.end(), [&](const Pair& p) { return p.w == w && p.model_def == md; }))
              due.push_back({w, model, md});
            break;
          }
        }
      }
    }
  }
  // Nothing to do when the lendings in place are those due.
  size_t held = 0;
  bool same = true;
  for (const LastingMod& m : s.lasting) {
    if (m.lock != kBorrowedText || m.times != int16_t(LentFor::Considered)) continue;
    ++held;
    same = same && m.source == source && std::any_of(due.begin(), due.end(), [&](const Pair& p) {
             return p.w == m.target && p.model_def == uint16_t(m.given);
           });
  }
  if (same && held == due.size()) return;
  end_lendings(s, [](const LastingMod& m) { return m.times == int16_t(LentFor::Considered); });
  for (const Pair& p : due) borrow_text(s, source, p.w, p.model, LentFor::Considered);
}

}  // namespace dt::detail
