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
//   - card effects (docs/effects.md: Play, cast, Use, Bestow) are valued from
//     the card data: harm to enemy warriors and players, help to its own, the
//     change a combat bonus makes to the combat's estimated outcome, minus the
//     D they cost ("xN" prices included); never harm to its own warriors;
//   - answers to a card just played, an ability used or a trigger fired (the
//     Observation's `answering`: negate, reflect, redirect, play it again) are
//     valued the same way: the answered card's effects for us, undone or sent
//     elsewhere, net of the answer's price (D, the answering card spent); it
//     never undoes or turns its own cards, and lets a harmless card pass;
//   - discard only cards it can never use.
// Ratings are estimated from face-up cards the way the engine derives them
// (equipment, one weapon per combat, fortifications, cover); modifiers the
// opponent plays are not visible, only our own are remembered.
#include <algorithm>
#include <map>
#include <stdexcept>

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dt/designations.hpp"

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

  void set_rules(const Rules& r) override { cover_bonus_ = r.cover_armor_bonus; }
  // In process the game is at hand: its rules, then the seat's observation as over the wire.
  size_t choose_in_game(const State& s, int seat, const std::vector<Option>& options) override {
    set_rules(s.rules);
    return choose(observe(s, seat), options);
  }
  size_t choose_in_position(const State& s, const Knowledge& k, const std::vector<Option>& options) override {
    set_rules(s.rules);
    return choose(observe(s, k.seat()), options);
  }

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
    remember_mods(obs, o);
    return pick;
  }

 private:
  struct Mod { CardId target; StatBonus bonus; };
  // The current combat as an option would leave it: extra modifiers, tactic,
  // who strikes first, or ended.
  struct CombatSim {
    std::vector<Mod> extra;
    Tactic tactic = Tactic::Fight;
    StrikeOrder order = StrikeOrder::Simultaneous;
    bool ended = false;
    bool touched = false;  // some effect changes the combat
  };
  Rng rng_;
  const CardDb& db_;
  int cover_bonus_ = Rules{}.cover_armor_bonus;  // A a warrior in cover gains (the rules', once told)
  // Every card this seat can see, by id: a std::map's interface over a vector
  // sorted by id with a slot per id. The search bot calls this bot for every
  // step of its playouts, and the map's node walks were a fifth of its time.
  class SeenIndex {
   public:
    using Entry = std::pair<CardId, SeenCard>;
    using const_iterator = std::vector<Entry>::const_iterator;
    void clear() {
      for (const Entry& e : cards_) slot_[size_t(e.first)] = -1;
      cards_.clear();
    }
    // Adds cards in any order; seal() sorts them and indexes them.
    void add(const SeenCard& c) { cards_.emplace_back(c.id, c); }
    void seal() {
      std::stable_sort(cards_.begin(), cards_.end(), [](const Entry& a, const Entry& b) { return a.first < b.first; });
      // A card listed twice keeps its last entry, as map assignment did.
      std::vector<Entry> unique;
      for (size_t i = 0; i < cards_.size(); ++i)
        if (i + 1 == cards_.size() || cards_[i + 1].first != cards_[i].first) unique.push_back(cards_[i]);
      cards_.swap(unique);
      reindex();
    }
    const_iterator begin() const { return cards_.begin(); }
    const_iterator end() const { return cards_.end(); }
    const_iterator find(CardId id) const {
      const int k = slot(id);
      return k < 0 ? cards_.end() : cards_.begin() + k;
    }
    size_t count(CardId id) const { return slot(id) >= 0 ? 1 : 0; }
    const SeenCard& at(CardId id) const {
      const int k = slot(id);
      if (k < 0) throw std::out_of_range("greedy: card not seen");
      return cards_[size_t(k)].second;
    }
    SeenCard& operator[](CardId id) {
      if (slot(id) < 0) {
        SeenCard c;
        c.id = id;
        cards_.emplace_back(id, c);
        std::sort(cards_.begin(), cards_.end(), [](const Entry& a, const Entry& b) { return a.first < b.first; });
        reindex();
      }
      return cards_[size_t(slot(id))].second;
    }

   private:
    std::vector<Entry> cards_;
    std::vector<int> slot_;  // id -> index into cards_, -1 absent
    int slot(CardId id) const { return id >= 0 && size_t(id) < slot_.size() ? slot_[size_t(id)] : -1; }
    void reindex() {
      for (size_t i = 0; i < cards_.size(); ++i) {
        const size_t id = size_t(cards_[i].first);
        if (id >= slot_.size()) slot_.resize(id + 1, -1);
        slot_[id] = int(i);
      }
    }
  };
  SeenIndex seen_;
  std::vector<Mod> mods_;            // modifiers we played in the current combat
  int combat_key_ = -1;

  void index(const Observation& obs) {
    seen_.clear();
    for (const SeenSeat& ss : obs.seats) {
      for (const SeenCard& c : ss.hand) seen_.add(c);
      for (const SeenCard& c : ss.in_play) seen_.add(c);
    }
    // The card a question answers (played face up, on its way to the discard pile or left in play).
    if (obs.answering.step != SeenAnswered::Step::None && obs.answering.def >= 0 && !seen_.count(obs.answering.card)) {
      SeenCard c;
      c.id = obs.answering.card, c.def = obs.answering.def, c.owner = int8_t(obs.answering.by);
      c.area_known = false;
      seen_.add(c);
    }
    seen_.seal();
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
      if (ed.type != CardType::Equipment && ed.type != CardType::Relic) continue;
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
    // Continuous modifiers with no condition the bot cannot judge: the
    // warrior's own and those its attachments (gifts, spells) give their bearer.
    auto add_mods = [&](const CardDef& src, Scope scope) {
      for (const StaticMod& m : src.mods) {
        if (m.scope != scope || m.attacking || m.vs || m.min_count || m.for_each) continue;
        if (m.tactics && !(m.tactics & (t == Tactic::Fight ? 1 : 2))) continue;
        add(m.bonus);
      }
    };
    add_mods(*d, Scope::Self);
    for (const auto& [id, c] : seen_)
      if (c.attached_to == w && c.def >= 0 && db_[uint16_t(c.def)].type != CardType::Equipment)
        add_mods(db_[uint16_t(c.def)], Scope::Bearer);
    for (const SeenCard& f : obs.seats[size_t(sc.owner)].in_play) {
      const CardDef* fd = f.def < 0 ? nullptr : &db_[uint16_t(f.def)];
      if (!fd || fd->type != CardType::Fortification || !fd->fort) continue;
      const FortEffect& fe = *fd->fort;
      if (!(fe.whole_force || f.area == sc.area || sc.area == Area::Outpost || f.area == Area::Outpost)) continue;
      if (fe.affects_affil && !(fe.affects_affil & d->affil)) continue;
      if (!fe.affects_designation.empty() && !d->has_designation(fe.affects_designation)) continue;
      add(fe.bonus);
    }
    if (sc.cover) e.a += cover_bonus_;
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

  // ---- Card effects (docs/effects.md) ----

  // What losing a warrior to a wound (or to death) is worth, on the scale of outcome().
  static double wound_loss(const CardDef& d, bool wounded, bool kill) {
    return kill || wounded || d.has(kwDiesWhenWounded) ? 2.0 * d.v + 4 : 0.5 * d.v + 2;
  }
  static StatBonus times(StatBonus b, int k) {
    return {int8_t(b.f * k), int8_t(b.s * k), int8_t(b.a * k), int8_t(b.v * k)};
  }
  static double stat_sum(const StatBonus& b) { return b.f + b.s + b.a + 1.5 * b.v; }

  // The combat's estimated value for us as `cs` leaves it.
  double combat_value(const Observation& obs, const CombatSim& cs) {
    if (cs.ended || !seen_.count(obs.attacker) || !seen_.count(obs.defender)) return 0;
    const size_t keep = mods_.size();
    mods_.insert(mods_.end(), cs.extra.begin(), cs.extra.end());
    Est A = est(obs, obs.attacker, cs.tactic, true), D = est(obs, obs.defender, cs.tactic, true);
    mods_.resize(keep);
    if (cs.order == StrikeOrder::AttackerFirst) A.first = true, D.first = false;
    if (cs.order == StrikeOrder::DefenderFirst) A.first = false, D.first = true;
    return outcome(obs.viewer, seen_.at(obs.attacker).owner, A, D);
  }

  // A rough match for an "all warriors" filter from what the observation shows.
  bool rough_match(const Observation& obs, const WarriorFilter& f, const SeenCard& c, const CardDef& d) const {
    if (f.side == Side::Yours && c.owner != obs.viewer) return false;
    if ((f.side == Side::Enemy || f.side == Side::Others) && c.owner == obs.viewer) return false;
    if (f.wounded && !c.wounded) return false;
    if (f.in_cover && !c.cover) return false;
    if (f.affil && !(f.affil & d.affil)) return false;
    if (f.not_affil & d.affil) return false;
    if (f.legion && !(d.affil & bit(Affil::Legion))) return false;
    if (!f.designation.empty() && !d.has_designation(f.designation)) return false;
    if (f.combatant && !(obs.in_combat && (c.id == obs.attacker || c.id == obs.defender))) return false;
    return true;
  }

  // Adds to `value` what the effect list is worth to us and records its
  // changes to the current combat in `cs`. k: times an "xN" price was bought.
  // `you`: the player whose card it is (-1: us), the one its "you" means.
  void eval_effects(const Observation& obs, const std::vector<Effect>& fx, CardId source, CardId user,
                    CardId target, int tseat, int k, double& value, CombatSim& cs, int you = -1) {
    const int me = obs.viewer;
    if (you < 0) you = me;
    for (const Effect& e : fx) {
      if (e.if_mutual) continue;
      if (e.tactics && !(obs.in_combat && (e.tactics & (cs.tactic == Tactic::Fight ? 1 : 2)))) continue;
      const int amount = e.amount * k;
      std::vector<CardId> cards;
      std::vector<int> seats;
      switch (e.who) {
        case Who::Target:
          if (target != kNoCard) cards.push_back(target);
          if (tseat >= 0) seats.push_back(tseat);
          break;
        case Who::User: if (user != kNoCard) cards.push_back(user); break;
        case Who::ThisCard: cards.push_back(source); break;
        case Who::You: seats.push_back(you); break;
        case Who::TargetPlayer: if (tseat >= 0) seats.push_back(tseat); break;
        case Who::EachPlayer:
          for (const SeenSeat& ss : obs.seats)
            if (!ss.eliminated) seats.push_back(ss.seat);
          break;
        case Who::AllWarriors:
        case Who::TargetsArea: {  // KEY-CODE SKULL: only the warriors of the target's own area
          const auto named = seen_.find(target);
          if (e.who == Who::TargetsArea && named == seen_.end()) break;
          for (const auto& entry : seen_) {
            // Not a structured binding: clang 14 (the sanitizer builds) cannot capture one in a lambda.
            const CardId id = entry.first;
            const auto& c = entry.second;
            if (e.who == Who::TargetsArea && (c.owner != named->second.owner || c.area != named->second.area)) continue;
            if (c.attached_to == kNoCard && c.def >= 0 && db_[uint16_t(c.def)].type == CardType::Warrior &&
                std::any_of(obs.seats.begin(), obs.seats.end(), [&](const SeenSeat& ss) {
                  return std::any_of(ss.in_play.begin(), ss.in_play.end(), [&](const SeenCard& p) { return p.id == id; });
                }) &&
                rough_match(obs, e.filter, c, db_[uint16_t(c.def)]))
              cards.push_back(id);
          }
          break;
        }
        case Who::AllCards: break;  // fortifications and missions: left unvalued
        case Who::TargetsVehicle: break;  // the target's VEHICLE: left unvalued
        case Who::TargetsCards: break;    // the cards on the target: left unvalued
        // A pick not yet made, and a player's warriors by filter: too uncertain to value.
        case Who::Picked:
        case Who::TargetPlayersWarriors: break;
      }
      for (CardId c : cards) {
        const CardDef* d = def(c);
        if (!d) continue;
        const SeenCard& sc = seen_.at(c);
        const double sign = sc.owner == me ? 1 : -1;
        const bool warrior = d->type == CardType::Warrior && sc.attached_to == kNoCard;
        const double removal = warrior ? wound_loss(*d, sc.wounded, true) : 3.0;
        switch (e.op) {
          case Op::Wound:
            if (warrior && !d->has(kwNoWound)) value -= sign * wound_loss(*d, sc.wounded, false);
            break;
          case Op::Kill:
            if (!d->has(kwNoWound)) value -= sign * removal;
            break;
          case Op::Annihilate: case Op::Discard: value -= sign * removal; break;
          case Op::ReturnToHand: value -= sign * removal * 0.5; break;
          case Op::TextOff:  // a warrior's own text gone for good: worth about a wound to its player
            if (warrior) value -= sign * wound_loss(*d, sc.wounded, false);
            break;
          case Op::OwnActions: value += sign * 2.5 * amount; break;  // an action only that warrior takes
          case Op::Heal:
            if (sc.wounded) value += sign * wound_loss(*d, false, false);
            break;
          case Op::CombatBonus:
            if (obs.in_combat) cs.extra.push_back({c, times(e.bonus, k)}), cs.touched = true;
            break;
          default: break;
        }
      }
      for (int t : seats) {
        const SeenSeat& ss = obs.seats[size_t(t)];
        const double sign = t == me ? 1 : -1;
        switch (e.op) {
          case Op::Draw: value += sign * 1.5 * amount; break;
          case Op::GainD: value += sign * 0.8 * amount; break;
          case Op::KeepApartD: value += sign * 0.6 * amount; break;  // DESPERATE TIMES: D, but no Meditate again
          case Op::LoseD: value -= sign * 0.8 * std::min(amount, ss.destiny); break;
          case Op::GainP: value += sign * 3.0 * amount; break;
          case Op::LoseP: value -= sign * 3.0 * std::min(amount, ss.promotion); break;
          case Op::Award: value += sign * 2.5 * amount; break;
          case Op::ExtraActions: value += sign * 3.0 * amount; break;
          case Op::EmptyD: value -= sign * 0.8 * ss.destiny; break;
          case Op::HalveP: value -= sign * 3.0 * (ss.promotion / 2); break;
          case Op::NoDraw: value -= sign * 2.0; break;
          case Op::PayForP: value += you == me ? 2.0 : -2.0; break;  // D or P taken from the player who just earned them
          case Op::SwapD:
            if (t != me) value += 0.8 * (ss.destiny - obs.seats[size_t(me)].destiny);
            break;
          default: break;
        }
      }
      if (!obs.in_combat) continue;
      switch (e.op) {
        case Op::ChangeTactic:
          cs.tactic = cs.tactic == Tactic::Fight ? Tactic::Shoot : Tactic::Fight, cs.touched = true;
          break;
        case Op::EndCombat: cs.ended = cs.touched = true; break;
        case Op::AttackerFirst: cs.order = StrikeOrder::AttackerFirst, cs.touched = true; break;
        case Op::DefenderFirst: cs.order = StrikeOrder::DefenderFirst, cs.touched = true; break;
        case Op::UserFirst:
          if (user != kNoCard)
            cs.order = user == obs.attacker ? StrikeOrder::AttackerFirst : StrikeOrder::DefenderFirst, cs.touched = true;
          break;
        default: break;
      }
    }
    // A coin flip: half of each side (their combat changes are left out).
    for (const Effect& e : fx) {
      if (e.op != Op::CoinFlip) continue;
      double heads = 0, tails = 0;
      CombatSim ignore = cs;
      eval_effects(obs, e.if_heads, source, user, target, tseat, k, heads, ignore, you);
      ignore = cs;
      eval_effects(obs, e.if_tails, source, user, target, tseat, k, tails, ignore, you);
      value += 0.5 * (heads + tails);
    }
  }

  // The bearer of an attachment, or the card itself when it is a warrior.
  CardId user_of(CardId c) const {
    auto it = seen_.find(c);
    return it == seen_.end() || it->second.attached_to == kNoCard ? c : it->second.attached_to;
  }

  // What an option's effects are worth to us (its combat changes in `cs`),
  // before the D price and whether it costs an action.
  struct Priced { double value = 0; int cost_d = 0; bool action = false; };
  Priced price(const Observation& obs, const Option& o, CombatSim& cs) {
    Priced r;
    const CardDef& d = *def(o.a);
    const int k = std::max<int>(1, o.n);
    cs.tactic = obs.tactic;
    if (o.kind == OptKind::Use) {
      const Ability& ab = d.abilities[size_t(o.p)];
      r.cost_d = ab.cost_d + ab.per_d * o.n;
      r.action = ab.timing == Timing::Action;
      if (ab.discard_self) {  // the card is spent
        const SeenCard& sc = seen_.at(o.a);
        r.value -= d.type == CardType::Warrior && sc.attached_to == kNoCard ? wound_loss(d, true, true) : 3.0;
      }
      eval_effects(obs, ab.effects, o.a, user_of(o.a), o.b, o.seat, k, r.value, cs);
      return r;
    }
    const PlaySpec& p = *d.play;
    r.cost_d = p.cost_d + p.per_d * o.n;
    r.action = d.type == CardType::Art ? d.spell == SpellKind::Action : p.timing == Timing::Action;
    eval_effects(obs, p.effects, o.a, o.c, o.b, o.seat, k, r.value, cs);
    // A card that stays on a warrior: its continuous bonuses count for that warrior's side.
    const CardId on = o.b != kNoCard ? o.b : o.c;
    if ((p.stays || d.post_play == PostPlay::Attach) && on != kNoCard && seen_.count(on)) {
      const double sign = seen_.at(on).owner == obs.viewer ? 1 : -1;
      for (const StaticMod& m : d.mods)
        if (m.scope == Scope::Bearer || m.scope == Scope::Self) r.value += sign * stat_sum(m.bonus);
    }
    return r;
  }

  double effect_score(const Observation& obs, const Option& o) {
    if (!def(o.a)) return -1;
    CombatSim cs;
    const Priced pr = price(obs, o, cs);
    double v = pr.value;
    if (cs.touched && obs.in_combat) {
      CombatSim now;
      now.tactic = obs.tactic;
      v += combat_value(obs, cs) - combat_value(obs, now);
    }
    // D is what musters and equips: spend it only for a real gain, and keep a reserve.
    const int left = obs.seats[size_t(obs.viewer)].destiny - pr.cost_d;
    if (pr.cost_d > 0) v -= 0.5 * pr.cost_d + std::max(0, 5 - std::max(0, left));
    if (v <= 0.05) return -1;
    return pr.action ? 30 + 2 * v : v;
  }

  // ---- Answers (Observation::answering, effects/triggers/cancel.hpp) ----

  // What the card a question is about is worth to us if it works on `target` / `tseat` as played by `you`
  // (cast by `user`): its effects (an ability's or trigger's when one was used or fired), the change it makes to
  // the combat, what it gives the warrior it stays on. Negative: it harms us.
  double answered_value(const Observation& obs, CardId target, int tseat, CardId user, int you) {
    const SeenAnswered& x = obs.answering;
    const CardDef* d = def(x.card);
    if (!d) return 0;
    const int k = std::max(1, x.times);
    CombatSim cs;
    cs.tactic = obs.tactic;
    double v = 0;
    if (x.ability >= 0 && size_t(x.ability) < d->abilities.size()) {
      eval_effects(obs, d->abilities[size_t(x.ability)].effects, x.card, user, target, tseat, k, v, cs, you);
    } else if (x.trigger >= 0 && size_t(x.trigger) < d->triggers.size()) {
      eval_effects(obs, d->triggers[size_t(x.trigger)].effects, x.card, user, target, tseat, 1, v, cs, you);
    } else if (d->play) {
      eval_effects(obs, d->play->effects, x.card, user, target, tseat, k, v, cs, you);
      if ((d->play->stays || d->post_play == PostPlay::Attach) && target != kNoCard && seen_.count(target)) {
        const double sign = seen_.at(target).owner == obs.viewer ? 1 : -1;
        for (const StaticMod& m : d->mods)
          if (m.scope == Scope::Bearer || m.scope == Scope::Self) v += sign * stat_sum(m.bonus);
      }
    } else if (d->type == CardType::Warrior) {  // a warrior put into play (printed MISCOMMUNICATION answers any card)
      v += (you == obs.viewer ? 1 : -1) * wound_loss(*d, false, true);
    } else if (target != kNoCard && seen_.count(target)) {
      const double sign = seen_.at(target).owner == obs.viewer ? 1 : -1;
      if (d->type == CardType::Special && obs.in_combat) {  // a plain combat modifier on a combatant
        cs.extra.push_back({target, d->bonus}), cs.touched = true;
      } else if (d->type == CardType::Equipment || d->type == CardType::Relic || d->type == CardType::Symmetry) {
        double gain = 1 + stat_sum(d->bonus);  // put on a warrior: what it gives its bearer
        for (const StaticMod& m : d->mods)
          if (m.scope == Scope::Bearer || m.scope == Scope::Self) gain += stat_sum(m.bonus);
        gain += 2.0 * d->abilities.size() + 2.0 * d->triggers.size();
        v += sign * std::max(0.0, gain);
      }
    }
    if (cs.touched && obs.in_combat) {
      CombatSim now;
      now.tactic = obs.tactic;
      v += combat_value(obs, cs) - combat_value(obs, now);
    }
    return v;
  }

  // An answering card's own price: the D it costs (with a reserve kept) and the card spent (a Special or a spell
  // from hand, a warrior or an attachment discarded or annihilated).
  double answer_price(const Observation& obs, CardId a, const AnswerSpec& x) const {
    double p = 0;
    const auto it = seen_.find(a);
    const bool in_hand = it != seen_.end() && it->second.attached_to == kNoCard &&
                         std::any_of(obs.seats[size_t(obs.viewer)].hand.begin(), obs.seats[size_t(obs.viewer)].hand.end(),
                                     [&](const SeenCard& c) { return c.id == a; });
    if (in_hand) p += 1.0;  // a card of the hand, spent
    if ((x.discard_self || x.annihilate_self) && it != seen_.end() && it->second.def >= 0) {
      const CardDef& d = db_[uint16_t(it->second.def)];
      p += d.type == CardType::Warrior && it->second.attached_to == kNoCard ? wound_loss(d, true, true) : 3.0;
    }
    if (x.cost_d > 0) {
      const int left = obs.seats[size_t(obs.viewer)].destiny - x.cost_d;
      p += 0.5 * x.cost_d + std::max(0, 5 - std::max(0, left));
    }
    return p;
  }

  // `choose cN` answering the card with card N (or `choose done`, 0): what the answer gains us, net of its price.
  double answer_score(const Observation& obs, const Option& o) {
    const SeenAnswered& x = obs.answering;
    const CardDef* a = def(o.a);
    if (o.a == kNoCard || !a || !a->answers) return 0;
    const AnswerSpec& ans = *a->answers;
    const bool ours = x.by == obs.viewer;
    const double worth = answered_value(obs, x.target, x.target_seat, x.user, x.by);
    double gain = 0;
    if (ans.negate || ans.or_negate) gain = std::max(gain, -worth);  // it does nothing
    if (ans.retarget == 1 && x.user != kNoCard)  // its effects turned on the warrior that cast it
      gain = std::max(gain, answered_value(obs, x.user, -1, x.user, x.by) - worth);
    if (ans.retarget == 2) gain = std::max(gain, -worth);  // sent elsewhere: at least as good as undone (roughly)
    // Undoing or turning one's own card is never the point of it.
    if (ours && (ans.negate || ans.retarget)) return -1;
    if (ans.replay) {  // played again by us, on a target of our choice, at its price
      const CardDef& played = *def(x.card);
      gain += std::abs(worth) * 0.5;
      if (played.play) gain -= 0.5 * (played.play->cost_d + played.play->per_d * std::max(1, x.times));
    }
    if (ans.to_hand) gain += 1.5;                    // the card back in its player's hand (a draw)
    if (!ans.effects.empty()) {
      CombatSim cs;
      eval_effects(obs, ans.effects, o.a, user_of(o.a), x.card, -1, 1, gain, cs);
    }
    const double net = gain - answer_price(obs, o.a, ans);
    return net > 0.05 ? 1 + net : -1;
  }

  // REFLECTION, REDIRECT, PASS THE BUCK: where the card answered goes (`choose cN`, `choose sN`; `choose a0`
  // negates it instead, or plays a card with no target): the best place for us.
  double send_score(const Observation& obs, const Option& o) {
    const SeenAnswered& x = obs.answering;
    const bool replay = x.step == SeenAnswered::Step::Replay;
    const int you = replay ? obs.viewer : x.by;
    if (o.a == kNoCard && o.seat < 0)  // negated (retarget), or played with no target (replay)
      return replay ? 1 + answered_value(obs, kNoCard, -1, kNoCard, you) : 1;
    return 1 + answered_value(obs, o.a, o.a == kNoCard ? o.seat : -1, replay ? kNoCard : x.user, you);
  }

  // A Dark Symmetry gift: like equipment, on the best warrior it suits.
  double bestow_score(const Option& o) const {
    const CardDef* g = def(o.a);
    const CardDef* w = def(o.b);
    if (!g || !w) return -1;
    double gain = 1;  // a gift with no stat bonus still carries abilities or designations
    for (const StaticMod& m : g->mods)
      if (m.scope == Scope::Bearer || m.scope == Scope::Self) gain += stat_sum(m.bonus);
    gain += 2.0 * g->abilities.size() + 2.0 * g->triggers.size();
    if (gain <= 0) return -1;
    return 38 + 2 * gain + 0.3 * warrior_value(*w) - (seen_.at(o.b).wounded ? 3 : 0);
  }

  // Remembers the combat modifiers we put on a warrior this combat, so later
  // choices in the same combat see them.
  void remember_mods(const Observation& obs, const Option& o) {
    if (!obs.in_combat || (o.kind != OptKind::Play && o.kind != OptKind::Use)) return;
    const CardDef* d = def(o.a);
    if (!d) return;
    if (o.kind == OptKind::Play && !d->play) {
      mods_.push_back({o.b, d->bonus});
      return;
    }
    CombatSim cs;
    price(obs, o, cs);
    mods_.insert(mods_.end(), cs.extra.begin(), cs.extra.end());
  }

  double warrior_value(const CardDef& d) const {
    return d.f.value_or(0) + d.s.value_or(0) + d.a + 1.5 * d.v;
  }

  bool has_warrior_in_play(const Observation& obs) const {
    for (const SeenCard& c : obs.seats[size_t(obs.viewer)].in_play)
      if (c.attached_to == kNoCard && c.def >= 0 && db_[uint16_t(c.def)].type == CardType::Warrior) return true;
    return false;
  }

  template <class Pred>
  bool any_own_warrior(const Observation& obs, Pred pred) const {
    const SeenSeat& mine = obs.seats[size_t(obs.viewer)];
    for (const auto* pile : {&mine.hand, &mine.in_play})
      for (const SeenCard& c : *pile)
        if (c.def >= 0 && db_[uint16_t(c.def)].type == CardType::Warrior && pred(db_[uint16_t(c.def)])) return true;
    return false;
  }

  bool never_usable(const Observation& obs, const SeenCard& c) const {
    const CardDef& d = db_[uint16_t(c.def)];
    if (!d.expressed) return true;  // the gEngine text: nothing of it expressed, or only part
    switch (d.type) {
      case CardType::Warrior: case CardType::Equipment: case CardType::Relic: case CardType::Alliance: return false;
      case CardType::Ki:
        return !any_own_warrior(obs, [&](const CardDef& w) { return (w.affil & bit(Affil::Mishima)) != 0; });
      // Other Specials are discarded as before: keeping the many situational
      // ones clogged the hand and cost greedy games against random.
      case CardType::Special: return !d.combat_modifier;
      // Spells and gifts only with a warrior of ours (in play or in hand) that could take them.
      case CardType::Art:
        return !d.play || !any_own_warrior(obs, [&](const CardDef& w) {
          return (w.casts & d.aspect) || w.has(kwBlessed) || w.has(kwMortificator);
        });
      case CardType::Symmetry:
        return d.gift.level == GiftLevel::None || !any_own_warrior(obs, [&](const CardDef& w) {
          return (w.affil & bit(Affil::Legion)) || w.has(kwHeretic) || w.has_designation(desig::Heretic);
        });
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
        if (o.p == 2) gain = 0.5;  // a vehicle put on with its warrior outside gives nothing yet
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
        if (o.b == kNoCard) return last_action ? 100 : 1;  // the attacker alone (LESSER TELEPATHY): the tactic is not ours
        const Est A = est(obs, o.a, o.tactic, false), D = est(obs, o.b, o.tactic, false);
        if (!D.known || !D.can || A.atk < D.a) return -1;
        double v = outcome(me, me, A, D);
        if (v <= 0) return -1;
        v += std::min(3, A.atk - D.a) * 0.5 + (D.a > A.atk - 2 ? 0 : 1);
        return (last_action ? 100 : 1) + 0.01 * v;
      }
      case OptKind::Sabotage:
      case OptKind::DirectAttack: {
        const CardDef* w = def(o.a);
        return (last_action ? 100 : 1) + 0.01 * (w ? (w->v + 1) / 2 : 0);
      }
      // The Outpost, vehicles, beasts, warzones: plain preferences, no lookahead.
      case OptKind::Transfer: return -1;  // only when the rules require it (then every option is one)
      case OptKind::EnterVehicle: return 3;
      case OptKind::ExitVehicle: return -1;
      case OptKind::Wrangle: return 35 + 0.3 * warrior_value(*def(o.b));
      case OptKind::Establish: return 20;
      case OptKind::DefendFrom: return 5;
      case OptKind::Use: return effect_score(obs, o);
      case OptKind::Bestow:
      case OptKind::BestowKi: return bestow_score(o);
      // Free: an Alliance's bonuses for good, a SERGEANT's for its group.
      case OptKind::Proclaim: return 45;
      // A guard's assignment (FURY ELITE GUARD) is paid for again each time: left to smarter bots.
      case OptKind::Assign: return def(o.a) && def(o.a)->substitute ? -1 : 45;
      // An attack declared before its warriors are named (an opponent could answer it):
      // the attacks are scored once named.
      case OptKind::DeclareAttack: return last_action ? 50 : 0.5;
      case OptKind::AddD: return -1;  // more D for a spell already cast: left to smarter bots
      // Cards kept under a card (ARMORY): what is kept does nothing, so only taking it onto a warrior scores.
      case OptKind::Store: return -1;
      case OptKind::Unstore: return o.p == 0 ? 15 : -1;
      // A card's choice: any pick before stopping (the first alternative before the others;
      // of players, an opponent before itself).
      case OptKind::Choose:
        if (obs.answering.step == SeenAnswered::Step::Answer) return answer_score(obs, o);
        if (obs.answering.step != SeenAnswered::Step::None) return send_score(obs, o);
        if (o.a == kNoCard && o.seat >= 0) return o.seat != obs.viewer ? 1.5 : 0.5;
        return o.a != kNoCard ? 2 : o.p >= 0 ? 1 - 0.01 * o.p : 0;
      case OptKind::Play: {
        if (def(o.a) && def(o.a)->play) return effect_score(obs, o);
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
