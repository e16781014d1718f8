// A combat opponent pays a warrior's toll or suffers its modifiers (toll.hpp).
#include "effects/modifiers/toll.hpp"

#include <algorithm>
#include <string>

#include "dt/designations.hpp"
#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"

namespace dt::detail {

int toll_price(const State& s, CardId w) {
  for (const std::string& d : s.def(w).designations)
    if (const std::string_view n = family::Toll.param_of(d); !n.empty()) {
      int price = 0;
      for (char c : n) {
        if (c < '0' || c > '9') return 0;
        price = price * 10 + (c - '0');
      }
      return price;
    }
  return 0;
}

bool toll_paid(const State& s, CardId w) {
  return s.combat.active && toll_price(s, w) > 0 &&
         std::find(s.combat.used.begin(), s.combat.used.end(), w) != s.combat.used.end();
}

// EVIL EYE: a card on a warrior whose toll, unpaid, leaves the warrior's opponent striking no blow.
static bool tolls_a_silence(const State& s, CardId a) {
  const CardDef& d = s.def(a);
  return toll_price(s, a) > 0 && std::find(d.grant_designations.begin(), d.grant_designations.end(),
                                           desig::ItsOpponentsDoNotStrike.text) != d.grant_designations.end();
}

bool silence_paid_off(const State& s, CardId w) {
  if (!s.combat.active || own_designation_on(s, w, desig::ItsOpponentsDoNotStrike)) return false;
  bool paid = false;
  for (CardId a : attachments_of(s, w)) {
    const CardDef& d = s.def(a);
    if (std::find(d.grant_designations.begin(), d.grant_designations.end(), desig::ItsOpponentsDoNotStrike.text) ==
        d.grant_designations.end())
      continue;
    if (!tolls_a_silence(s, a) || !toll_paid(s, a)) return false;  // another card silences it unpaid (UNHOLY EYE)
    paid = true;
  }
  return paid;
}

// Does one of w's OPPONENT modifiers reach its combat opponent?
static bool reaches(const State& s, CardId w, CardId opp) {
  for (const StaticMod& m : s.def(w).mods)
    if (m.scope == Scope::Opponent && filter_matches(s, m.who, opp, s.card(w).controller)) return true;
  return false;
}

bool queue_tolls(State& s) {
  bool any = false;
  for (CardId w : {s.combat.attacker, s.combat.defender}) {
    const int price = toll_price(s, w);
    const CardId opp = combat_opponent(s, w);
    if (price <= 0 || opp == kNoCard || !reaches(s, w, opp)) continue;
    const int payer = s.card(opp).controller;
    if (destiny(s, payer) < price) continue;  // nothing to choose: the modifiers hold
    ask_pick(s, w, opp, payer, payer, {});
    any = true;
  }
  // EVIL EYE: a toll on a card the combatant carries, its opponent striking no blow unless it pays.
  for (CardId w : {s.combat.attacker, s.combat.defender}) {
    const CardId opp = combat_opponent(s, w);
    if (w == kNoCard || opp == kNoCard || s.card(w).first_attachment == kNoCard) continue;
    const AttachRange as = attachments_of(s, w);
    const AttachmentGate g = gate_of(s, as);
    for (CardId a : as) {
      if (!tolls_a_silence(s, a) || !g.allows(s, a)) continue;
      const int payer = s.card(opp).controller;
      if (destiny(s, payer) < toll_price(s, a)) continue;  // nothing to choose: it strikes no blow
      ask_pick(s, a, opp, payer, payer, {});
      any = true;
    }
  }
  return any;
}

void toll_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left == 0) return;
  if (destiny(s, ch.seat) >= toll_price(s, ch.source)) out.push_back(choose_answer(0));
  out.push_back(choose_answer(1));
}

void apply_toll(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  ch.picks_left = 0;
  if (o.p != 0 || !s.combat.active) return;
  destiny(s, ch.seat) -= toll_price(s, ch.source);
  s.combat.used.push_back(ch.source);
}

}  // namespace dt::detail
