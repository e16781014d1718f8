// MENTAL CONSTITUTION (a card designated WAIVES IMMUNITY CASE BY CASE, lying
// on a warrior): the warrior is immune to every Art and Dark Symmetry card
// (as ART IMMUNITY and COMPLETE SYMMETRY IMMUNITY) but those its player has
// waived it for. Only a card played, cast or bestowed from hand with the
// warrior as its target is asked about: it may target the warrior, and as it
// is played the MENTAL CONSTITUTION's player answers `choose a0` (keep: the
// card does nothing to it, its price spent) or `choose a1` (waive: the card
// affects it for as long as it lasts, a kWaived marker on it). Every other Art
// or Dark Symmetry effect (an ability used on it, an effect on all warriors,
// a modifier reaching it in combat) meets the immunity, unasked.
#include "dt/designations.hpp"
#include "effects/filters/waiver.hpp"

#include <algorithm>

#include "markers.hpp"
#include "effects/triggers/undo.hpp"
#include "internal.hpp"

namespace dt::detail {

static constexpr DesigKey kWaives(desig::WaivesImmunityCaseByCase);

static CardId waiving_card(const State& s, CardId w) {
  for (CardId a : attachments_of(s, w))
    if (s.def(a).has_designation(kWaives)) return a;
  return kNoCard;
}

static bool waived(const State& s, CardId w, CardId source) {
  return std::any_of(s.lasting.begin(), s.lasting.end(),
                     [&](const LastingMod& m) { return m.lock == kWaived && m.target == w && m.source == source; });
}

bool waivable_immunity(const State& s, CardId w, CardId source) {
  if (s.card(w).first_attachment == kNoCard || waiving_card(s, w) == kNoCard) return false;
  return !waived(s, w, source);
}

static LastingMod* asked(State& s, CardId card) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kWaived && m.source == card && m.target == kNoCard) return &m;
  return nullptr;
}

bool offer_waiver(State& s, int seat, CardId card, Target t, int times, bool waits, CardId caster) {
  const CardDef& d = s.def(card);
  if (d.type != CardType::Art && d.type != CardType::Symmetry) return false;
  if (t.card == kNoCard || !is_warrior_in_play(s, t.card) || !waivable_immunity(s, t.card, card)) return false;
  if (immune_to_target(s, t.card, card)) return false;  // immune anyway: nothing to waive
  const CardId mc = waiving_card(s, t.card);
  ask_pick(s, card, t.card, seat, s.card(mc).controller, {});
  LastingMod m{card, kNoCard, {}, kNoTurnEnds, kNoCard, 0, kWaived};
  m.times = int16_t(std::clamp(times, 0, 127));
  m.waits = waits;
  m.player = t.seat;
  m.other = caster;
  s.lasting.push_back(m);
  return true;
}

bool is_waiver_choice(const State& s, const PendingChoice& ch) {
  return ch.candidates.empty() && std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
           return m.lock == kWaived && m.source == ch.source && m.target == kNoCard;
         });
}

void waiver_choice_options(const State&, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left == 0) return;
  out.push_back(choose_answer(0));
  out.push_back(choose_answer(1));
}

void apply_waiver_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  ch.picks_left = 0;
  if (o.p == 1 && is_warrior_in_play(s, ch.target))
    s.lasting.push_back({ch.source, ch.target, {}, kNoTurnEnds, kNoCard, 0, kWaived});
  else if (LastingMod* m = asked(s, ch.source))
    m->waits = false;  // kept: the waiting effects never run
}

void waiver_choice_done(State& s, const PendingChoice& ch, Log log) {
  LastingMod* m = asked(s, ch.source);
  if (!m) return;
  const int times = m->times;
  const bool run = m->waits;
  const Target t{ch.target, m->player};
  const CardId caster = m->other;
  std::erase_if(s.lasting, [&](const LastingMod& x) { return x.lock == kWaived && x.source == ch.source && x.target == kNoCard; });
  const CardDef& d = s.def(ch.source);
  if (!run || !d.play || !is_warrior_in_play(s, t.card)) return;
  const PlaySpec& p = *d.play;
  const CardId user = d.type == CardType::Art ? spell_user(s, ch.source, caster, t.card) : caster;
  std::vector<CardId> candidates;
  if (p.choice) candidates = choice_candidates(s, ch.by, ch.source, t, times);
  {
    const UndoRecorder record(s, ch.source);  // what it changes, for a cancel to put back
    run_effects(s, ch.by, ch.source, user, t, times, p.effects, log, nullptr);
  }
  if (p.choice) queue_choice(s, ch.by, ch.source, t, times, std::move(candidates), log);
}

}  // namespace dt::detail
