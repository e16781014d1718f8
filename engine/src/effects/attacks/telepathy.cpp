// gEngine LESSER TELEPATHY's tactic picking: see telepathy.hpp.
#include "effects/attacks/telepathy.hpp"
#include "dt/designations.hpp"
#include "dt/handlers.hpp"

#include <algorithm>

#include "actions/declared_attack.hpp"
#include "effects/attacks/orders.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

void pick_tactics(State& s, int seat, CardId source) {
  LastingMod m{source, kNoCard, {}, uint8_t(seat), kNoCard, 0, kTacticPicker};
  m.player = int8_t(seat);
  s.lasting.push_back(m);
}

const LastingMod* tactic_picker(const State& s, int attacker_seat) {
  for (auto it = s.lasting.rbegin(); it != s.lasting.rend(); ++it)
    if (it->lock == kTacticPicker && it->player >= 0 && it->player < s.num_seats() &&
        !s.seats[size_t(it->player)].eliminated)
      return it->player == attacker_seat ? nullptr : &*it;
  return nullptr;
}

static const LastingMod* picked_marker(const State& s) {
  for (const LastingMod& m : s.lasting)
    if ((m.lock == kTacticPickedFight || m.lock == kTacticPickedShoot) && m.target != kNoCard) return &m;
  return nullptr;
}

// WORKING ON THE SLY: the card on attacker `a` whose player, another than a's, names a's defenders (kNoCard: none).
static CardId defender_namer(const State& s, CardId a) {
  if (!(s.families & famDefenderNamed) || a == kNoCard || !is_warrior_in_play(s, a)) return kNoCard;
  for (CardId c : attachments_of(s, a))
    if (s.def(c).has_designation(desig::NamesItsBearersDefender) && s.card(c).controller != s.card(a).controller) return c;
  return kNoCard;
}

// The defender named for the attack under way (kDefenderNamed), or nullptr.
static const LastingMod* named_marker(const State& s) {
  if (!(s.families & famDefenderNamed)) return nullptr;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kDefenderNamed && m.target != kNoCard) return &m;
  return nullptr;
}

bool defender_stage(const State& s) { return picked_marker(s) != nullptr || named_marker(s) != nullptr; }

// Every attack the attacking player could make now with warrior `a`, its
// duties (a boast, an order) kept as in the Actions step.
static std::vector<Option> attacks_of(const State& s, CardId a) {
  std::vector<Option> all;
  const std::vector<CardId> mine = own_warriors(s, s.current);
  attack_options(s, mine, all);
  keep_boast(s, mine, all);
  keep_orders(s, all);
  std::erase_if(all, [&](const Option& o) { return o.kind != OptKind::Attack || o.a != a; });
  return all;
}

void split_attacks(const State& s, std::vector<Option>& out) {
  const bool picker = tactic_picker(s, s.current) != nullptr;
  if (!picker && !(s.families & famDefenderNamed)) return;
  std::vector<Option> kept;
  std::vector<CardId> named;
  for (const Option& o : out) {
    if (o.kind != OptKind::Attack || o.b == kNoCard || (!picker && defender_namer(s, o.a) == kNoCard)) {
      kept.push_back(o);
      continue;
    }
    if (std::find(named.begin(), named.end(), o.a) != named.end()) continue;
    named.push_back(o.a);
    kept.push_back(Option{OptKind::Attack, o.a});
  }
  out = std::move(kept);
}

// A two-attack option (NIMROD AUTOCANNON) is kept when both its combats take the picked tactic.
static bool takes_tactic(const Option& o, Tactic t) {
  return o.tactic == t && (o.p != 2 || o.then == t);
}

void defender_stage_options(const State& s, std::vector<Option>& out) {
  const LastingMod* m = picked_marker(s);
  const LastingMod* n = named_marker(s);  // WORKING ON THE SLY: the defender named
  const Tactic t = m && m->lock == kTacticPickedShoot ? Tactic::Shoot : Tactic::Fight;
  for (const Option& o : attacks_of(s, m ? m->target : n->target))
    if ((!m || takes_tactic(o, t)) && (!n || o.b == n->other)) out.push_back(o);
  // Nothing happens between the pick and this list, and only tactics with an
  // attack are offered; should the list still be empty, the step may end.
  if (out.empty()) out.push_back({OptKind::Pass});
}

inline constexpr uint8_t kNameDefender = 141;  // PendingChoice::fetch: the defender the card's player names

void apply_attacker_named(State& s, const Option& o, Log) {
  if (const CardId namer = defender_namer(s, o.a); namer != kNoCard) {  // WORKING ON THE SLY: the defender first
    std::vector<CardId> defenders;
    for (const Option& x : attacks_of(s, o.a))
      if (x.b != kNoCard && std::find(defenders.begin(), defenders.end(), x.b) == defenders.end()) defenders.push_back(x.b);
    ask_pick(s, namer, o.a, s.current, s.card(namer).controller, std::move(defenders), 1);
    s.choices.back().fetch = kNameDefender;
    return;
  }
  const LastingMod* picker = tactic_picker(s, s.current);
  if (!picker) return;  // read back from text without its marker: nothing to ask
  ask_pick(s, picker->source, o.a, s.current, picker->player, {}, 1);
}

// The card has no Choice of its own: any question from it is this one.
bool is_tactic_choice(const State& s, const PendingChoice& ch) {
  const CardDef& d = s.def(ch.source);
  return ch.target != kNoCard && d.play && has_handler(d.play->effects, HandlerId::pick_tactics);
}

void tactic_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left == 0) return;
  const std::vector<Option> attacks = attacks_of(s, ch.target);
  for (Tactic t : {Tactic::Fight, Tactic::Shoot}) {
    if (std::none_of(attacks.begin(), attacks.end(), [&](const Option& o) { return takes_tactic(o, t); })) continue;
    out.push_back(choose_answer(t == Tactic::Shoot ? 1 : 0));
  }
}

void apply_tactic_choice(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  ch.picks_left = 0;
  const CardId a = ch.target;
  if (o.p < 0) return;
  // Markers on a warrior name their card (queries read the source's designations).
  // Its seat is the attacking player's: were the attack never made, that player's next turn removes it.
  LastingMod m{ch.source, a, {}, uint8_t(s.current), kNoCard, 0, uint8_t(o.p == 1 ? kTacticPickedShoot : kTacticPickedFight)};
  s.lasting.push_back(m);
}

bool is_named_defender_choice(const State&, const PendingChoice& ch) { return ch.fetch == kNameDefender; }

// A defender some attack of the warrior may still be made on; none left (nothing else happens meanwhile): done.
void named_defender_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0) {
    const std::vector<Option> attacks = attacks_of(s, ch.target);
    for (CardId d : ch.candidates)
      if (std::any_of(attacks.begin(), attacks.end(), [&](const Option& x) { return x.b == d; })) out.push_back({OptKind::Choose, d});
  }
  if (out.empty()) out.push_back(choose_done());
}

// The defender is named: the attacking player makes its attack on it (a tactic another player picks asked first).
void apply_named_defender(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  ch.picks_left = 0;
  if (o.a == kNoCard) return;
  const CardId source = ch.source, a = ch.target;
  LastingMod m{source, a, {}, uint8_t(s.current), kNoCard, 0, kDefenderNamed};
  m.other = o.a;
  s.lasting.push_back(m);
  if (const LastingMod* picker = tactic_picker(s, s.current)) ask_pick(s, picker->source, a, s.current, picker->player, {}, 1);
}

void tactic_split_over(State& s) {
  std::erase_if(s.lasting, [](const LastingMod& m) {
    return m.lock == kTacticPickedFight || m.lock == kTacticPickedShoot || m.lock == kDefenderNamed;
  });
}

}  // namespace dt::detail
