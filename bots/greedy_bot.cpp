// "greedy": a one-ply heuristic bot. It sees only its Observation and the
// legal options, scores every option with simple rules of thumb and plays the
// best (ties broken by its own seeded Rng):
//   - Cardinal's Gift only with no warrior in hand; points all as P;
//   - develop first (muster the best affordable warrior, equip the best
//     uncovered warrior, build fortifications), meditate while D is low;
//   - attack or sabotage with the last action, only attacks whose estimated
//     outcome is good (wound or kill without being wounded back, high V and
//     wounded targets first);
//   - in combat, play a modifier only when it changes the outcome for us;
//   - discard only cards it can never use.
// Ratings are estimated from face-up cards the way the engine derives them
// (equipment, one weapon per combat, fortifications, cover); modifiers the
// opponent plays are not visible, only our own are remembered.
#include <algorithm>
#include <map>

#include "bot.hpp"
#include "dt/card_loader.hpp"

namespace dt {

namespace {

struct Est {
  int atk = 0, a = 0, v = 0;
  bool can = false, known = false, wounded = false, slayer = false, first = false;
};

class GreedyBot final : public Bot {
 public:
  explicit GreedyBot(uint64_t seed) : rng_(seed), db_(builtin_cards()) {}
  std::string name() const override { return "greedy"; }

  size_t choose(const Observation& obs, const std::vector<Option>& options) override {
    index(obs);
    const int key = obs.in_combat ? obs.turn_number * 65536 + obs.attacker * 256 + obs.defender : -1;
    if (key != combat_key_) mods_.clear(), combat_key_ = key;
    double best = -1e9;
    std::vector<size_t> ties;
    for (size_t i = 0; i < options.size(); ++i) {
      const double sc = score(obs, options[i]);
      if (sc > best + 1e-9) best = sc, ties.assign(1, i);
      else if (sc > best - 1e-9) ties.push_back(i);
    }
    const size_t pick = ties[size_t(rng_.below(ties.size()))];
    const Option& o = options[pick];
    if (o.kind == OptKind::Play) mods_.push_back({o.b, def(o.a)->bonus});
    return pick;
  }

 private:
  struct Mod { CardId target; StatBonus bonus; };
  Rng rng_;
  const CardDb& db_;
  std::map<CardId, SeenCard> seen_;  // every card this seat can see, by id
  std::vector<Mod> mods_;            // modifiers we played in the current combat
  int combat_key_ = -1;

  void index(const Observation& obs) {
    seen_.clear();
    for (const SeenSeat& ss : obs.seats) {
      for (const SeenCard& c : ss.hand) seen_[c.id] = c;
      for (const SeenCard& c : ss.in_play) seen_[c.id] = c;
    }
  }
  const CardDef* def(CardId id) const {
    auto it = seen_.find(id);
    return it == seen_.end() || it->second.def < 0 ? nullptr : &db_[uint16_t(it->second.def)];
  }

  // A warrior's estimated ratings for one tactic, as resolve_combat would see them.
  Est est(const Observation& obs, CardId w, Tactic t, bool with_mods) const {
    Est e;
    const CardDef* d = def(w);
    if (!d) return e;
    const SeenCard& sc = seen_.at(w);
    e.known = true;
    e.can = t == Tactic::Fight ? d->f.has_value() : d->s.has_value();
    e.atk = t == Tactic::Fight ? d->f.value_or(0) : d->s.value_or(0);
    e.a = d->a, e.v = d->v, e.wounded = sc.wounded, e.slayer = d->has(kwSlayer);
    e.first = d->has(t == Tactic::Fight ? kwFirstStrikeFight : kwFirstStrikeShoot);
    auto add = [&](const StatBonus& b) {
      e.atk += t == Tactic::Fight ? b.f : b.s;
      e.a += b.a, e.v += b.v;
    };
    int weapon = -100;
    StatBonus wb;
    std::vector<int> defs_seen;
    for (const auto& [id, c] : seen_) {
      if (c.attached_to != w || c.def < 0) continue;
      const CardDef& ed = db_[uint16_t(c.def)];
      if (ed.type != CardType::Equipment) continue;
      if (ed.weapon != WeaponKind::None) {
        const bool fits = ed.weapon == WeaponKind::FightShoot || ed.weapon == WeaponKind::Special ||
                          (ed.weapon == WeaponKind::Fight) == (t == Tactic::Fight);
        const int gain = t == Tactic::Fight ? ed.bonus.f : ed.bonus.s;
        if (fits && gain > weapon) weapon = gain, wb = ed.bonus;
      } else if (std::find(defs_seen.begin(), defs_seen.end(), c.def) == defs_seen.end()) {
        defs_seen.push_back(c.def);
        add(ed.bonus);
      }
    }
    if (weapon > -100) add(wb);
    for (const SeenCard& f : obs.seats[size_t(sc.owner)].in_play) {
      const CardDef* fd = f.def < 0 ? nullptr : &db_[uint16_t(f.def)];
      if (!fd || fd->type != CardType::Fortification || !fd->fort) continue;
      const FortEffect& fe = *fd->fort;
      if (!(fe.whole_force || f.area == sc.area || sc.area == Area::Outpost || f.area == Area::Outpost)) continue;
      if (fe.affects_affil && !(fe.affects_affil & d->affil)) continue;
      if (!fe.affects_designation.empty() && !d->has_designation(fe.affects_designation)) continue;
      add(fe.bonus);
    }
    if (sc.cover) e.a += 3;  // rules.cover_armor_bonus of both presets
    if (with_mods)
      for (const Mod& m : mods_)
        if (m.target == w) add(m.bonus);
    e.v = std::max(0, e.v);
    return e;
  }

  // Value for seat `me` of one combat, simulated like resolve_combat.
  static double outcome(int me, int a_owner, Est A, Est D) {
    const bool a_hits = A.atk >= D.a, d_hits = D.atk >= A.a;
    bool fa = A.first, fd = D.first;
    if (fa && fd) fa = fd = false;
    bool a_dead = false, d_dead = false, a_hit = false, d_hit = false;
    auto strike_d = [&] { if (a_hits) d_hit = true, d_dead = D.wounded || A.slayer; };
    auto strike_a = [&] { if (d_hits) a_hit = true, a_dead = A.wounded || D.slayer; };
    if (fa) { strike_d(); if (!d_dead) strike_a(); }
    else if (fd) { strike_a(); if (!a_dead) strike_d(); }
    else { strike_d(); strike_a(); }
    auto loss = [](bool hit, bool dead, const Est& e) {
      return dead ? 2.0 * e.v + 4 : hit ? 0.5 * e.v + 2 : 0.0;
    };
    const double for_attacker = loss(d_hit, d_dead, D) - loss(a_hit, a_dead, A);
    return me == a_owner ? for_attacker : -for_attacker;
  }

  double warrior_value(const CardDef& d) const {
    return d.f.value_or(0) + d.s.value_or(0) + d.a + 1.5 * d.v;
  }

  bool has_warrior_in_play(const Observation& obs) const {
    for (const SeenCard& c : obs.seats[size_t(obs.viewer)].in_play)
      if (c.attached_to == kNoCard && c.def >= 0 && db_[uint16_t(c.def)].type == CardType::Warrior) return true;
    return false;
  }

  bool never_usable(const Observation& obs, const SeenCard& c) const {
    const CardDef& d = db_[uint16_t(c.def)];
    if (!d.implemented) return true;
    switch (d.type) {
      case CardType::Warrior: case CardType::Equipment: return false;
      case CardType::Special: return !d.combat_modifier;
      case CardType::Fortification:
        for (const SeenCard& f : obs.seats[size_t(obs.viewer)].in_play)
          if (f.def == c.def) return true;  // one of each fortification
        return !d.fort;
      default: return true;
    }
  }

  double score(const Observation& obs, const Option& o) {
    const int me = obs.viewer;
    const SeenSeat& mine = obs.seats[size_t(me)];
    const bool last_action = obs.actions_left <= 1;
    switch (o.kind) {
      case OptKind::Gift:
        return std::none_of(mine.hand.begin(), mine.hand.end(), [&](const SeenCard& c) {
          return c.def >= 0 && db_[uint16_t(c.def)].type == CardType::Warrior;
        }) ? 1 : -1;
      case OptKind::Keep: return 0;
      case OptKind::Points: return o.p;
      case OptKind::Discard: return never_usable(obs, seen_.at(o.a)) ? 1 + def(o.a)->v * 0.01 : -1;
      case OptKind::Pass: return 0;
      case OptKind::Meditate: return mine.destiny < 8 ? 4 : 2;
      case OptKind::Muster:
        return (has_warrior_in_play(obs) ? 60 : 200) + warrior_value(*def(o.a));
      case OptKind::MusterCover: return -5;
      case OptKind::Equip: {
        Est before[2], after[2];
        double gain = 0;
        for (Tactic t : {Tactic::Fight, Tactic::Shoot}) {
          before[int(t)] = est(obs, o.b, t, false);
          const CardId old = seen_[o.a].attached_to;
          seen_[o.a].attached_to = o.b;
          after[int(t)] = est(obs, o.b, t, false);
          seen_[o.a].attached_to = old;
          if (after[int(t)].can) gain += after[int(t)].atk - before[int(t)].atk;
          if (t == Tactic::Fight) gain += after[0].a - before[0].a + 0.5 * (after[0].v - before[0].v);
        }
        if (gain <= 0) return -1;
        const CardDef& w = *def(o.b);
        return 40 + 2 * gain + 0.3 * warrior_value(w) - (seen_.at(o.b).cover ? 5 : 0) -
               (seen_.at(o.b).wounded ? 3 : 0);
      }
      case OptKind::Build: {
        const FortEffect* fe = def(o.a)->fort ? &*def(o.a)->fort : nullptr;
        if (!fe) return 1;
        return 30 + fe->bonus.f + fe->bonus.s + fe->bonus.a + fe->bonus.v;
      }
      case OptKind::SeekCover: {
        const SeenCard& w = seen_.at(o.a);
        return w.wounded ? 5 : -1;
      }
      case OptKind::ExitCover: {
        // Only when every warrior is in cover (then it is the only kind of option).
        return -2 - (seen_.at(o.a).wounded ? 1 : 0) + 0.1 * warrior_value(*def(o.a));
      }
      case OptKind::Attack: {
        const Est A = est(obs, o.a, o.tactic, false), D = est(obs, o.b, o.tactic, false);
        if (!D.known || !D.can || A.atk < D.a) return -1;
        double v = outcome(me, me, A, D);
        if (v <= 0) return -1;
        v += std::min(3, A.atk - D.a) * 0.5 + (D.a > A.atk - 2 ? 0 : 1);
        return (last_action ? 100 : 1) + 0.01 * v;
      }
      case OptKind::Sabotage: {
        const CardDef* w = def(o.a);
        return (last_action ? 100 : 1) + 0.01 * (w ? (w->v + 1) / 2 : 0);
      }
      case OptKind::Play: {
        if (!obs.in_combat) return -1;
        const int a_owner = seen_.count(obs.attacker) ? seen_.at(obs.attacker).owner : -1;
        auto value = [&] {
          return outcome(me, a_owner, est(obs, obs.attacker, obs.tactic, true),
                         est(obs, obs.defender, obs.tactic, true));
        };
        const double before = value();
        mods_.push_back({o.b, def(o.a)->bonus});
        const double after = value();
        mods_.pop_back();
        return after > before ? after - before : -1;
      }
    }
    return 0;
  }
};

}  // namespace

std::unique_ptr<Bot> make_greedy_bot(uint64_t seed) { return std::make_unique<GreedyBot>(seed); }

}  // namespace dt
