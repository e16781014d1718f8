// Combat: derived ratings, who may attack whom, and the resolution steps
// (gEngine "ATTACK": steps 4 to 8).
#include <algorithm>
#include <cctype>
#include <string>

#include "internal.hpp"

namespace dt {

using namespace detail;

bool is_warrior_in_play(const State& s, CardId c) {
  const CardInst& ci = s.card(c);
  return ci.zone == Zone::InPlay && ci.attached_to == kNoCard &&
         s.def(c).type == CardType::Warrior;
}

bool is_legion(const State& s, CardId c) { return (affiliations(s, c) & bit(Affil::Legion)) != 0; }

bool is_tribal(const State& s, CardId c) { return (affiliations(s, c) & kTribes) != 0; }

// gEngine "AFFILIATION ICON": the five corporations and the Brotherhood are
// Doomtroopers, and so is any non-Dark-Legion warrior in a Squad (General
// warriors placed there, FREELANCERs).
bool is_doomtrooper(const State& s, CardId c) {
  const CardDef& d = s.def(c);
  if (affiliations(s, c) & (kCorporations | bit(Affil::Brotherhood))) return true;
  if (d.has(kwDoomtrooper) || d.has(kwFreelancer)) return true;
  return !is_legion(s, c) && !is_tribal(s, c) && s.card(c).area == Area::Squad;
}

bool can_take_part_in_combat(const State& s, CardId c) {
  return is_warrior_in_play(s, c) && !s.def(c).has(kwNoncombatant);
}

// gEngine "1) ANNOUNCE ATTACKER AND DEFENDER" and its bullet list.
static std::string upper_name(Affil a) {
  std::string n(to_string(a));
  for (char& c : n) c = char(std::toupper(static_cast<unsigned char>(c)));
  return n;
}

bool attack_allowed(const State& s, CardId a, CardId d) {
  const CardDef& D = s.def(d);
  const uint32_t ka = keywords(s, a), kd = keywords(s, d);
  const AffilMask aa = affiliations(s, a), da = affiliations(s, d);
  if ((ka | kd) & kwNoncombatant) return false;
  if (s.rules.outposts) {
    // Outpost warriors fight only in Outposts, and only Outpost warriors reach them.
    bool ao = s.card(a).area == Area::Outpost, dout = s.card(d).area == Area::Outpost;
    if (ao != dout) return false;
  }
  if (ka & (kwAssassin | kwMortificator)) return true;
  if (is_tribal(s, a) || is_tribal(s, d)) return true;
  if ((ka | kd) & kwFreelancer) return true;
  if (is_legion(s, a)) return true;
  const bool a_brother = (aa & bit(Affil::Brotherhood)) != 0;
  if (a_brother) return is_legion(s, d);  // Tribal handled above (gEngine only has Tribes)
  if (is_doomtrooper(s, a)) {
    if (is_legion(s, d)) return true;  // a Doomtrooper turned HERETIC may be attacked
    if (da & bit(Affil::Brotherhood)) return false;
    // A mission may allow attacks on non-Personality members of its corporation (CLAN INFIGHTING, ...).
    const AffilMask shared = aa & da & kCorporations;
    if (shared && !D.has(kwPersonality))
      for (Affil c : {Affil::Bauhaus, Affil::Capitol, Affil::Cybertronic, Affil::Imperial, Affil::Mishima})
        if ((shared & bit(c)) && has_designation(s, a, "MAY ATTACK " + upper_name(c))) return true;
    if (shared) return false;
    return true;
  }
  return true;
}

namespace detail {

bool has_rating(const State& s, CardId w, Tactic t) {
  const CardDef& d = s.def(w);
  return t == Tactic::Fight ? d.f.has_value() : d.s.has_value();
}

bool first_strike(const State& s, CardId w, Tactic t) {
  return (keywords(s, w) & (t == Tactic::Fight ? kwFirstStrikeFight : kwFirstStrikeShoot)) != 0;
}

bool slayer(const State& s, CardId w, Tactic t) {
  const uint32_t k = keywords(s, w);
  return (k & kwSlayer) || ((k & kwSlayerFight) && t == Tactic::Fight);
}

}  // namespace detail

static void add(Stats& st, const StatBonus& b) {
  st.f += b.f;
  st.s += b.s;
  st.a += b.a;
  st.v += b.v;
}

// Does warrior w get fortification bonuses right now? Not when it refuses
// them, nor while combating a warrior that ignores them. Judged on printed
// and attached keywords only, so that a modifier may ask about protection.
static uint32_t own_keywords(const State& s, CardId w) {
  uint32_t k = s.def(w).keywords;
  for (CardId a : attachments_of(s, w)) k |= s.def(a).grant_keywords;
  return k;
}

static bool fortified(const State& s, CardId w) {
  if (own_keywords(s, w) & kwNoFortBenefit) return false;
  const CardId opp = combat_opponent(s, w);
  if (opp != kNoCard && (own_keywords(s, opp) & kwIgnoreEnemyForts)) return false;
  return true;
}

// Does the fortification f (of w's controller) reach w? gEngine "Outpost":
// Squad and Kohort effects reach into the Outpost and back.
static bool fort_reaches(const State& s, CardId f, CardId w) {
  const CardDef& fd = s.def(f);
  if (fd.type != CardType::Fortification || !fd.fort) return false;
  const FortEffect& fe = *fd.fort;
  const Area fa = s.card(f).area, wa = s.card(w).area;
  if (!(fe.whole_force || fa == wa || wa == Area::Outpost || fa == Area::Outpost)) return false;
  if (fe.affects_affil && !(fe.affects_affil & affiliations(s, w))) return false;
  if (!fe.affects_designation.empty() && !has_designation(s, w, fe.affects_designation)) return false;
  return true;
}

namespace detail {
bool protected_by_fortification(const State& s, CardId w) {
  if (!fortified(s, w)) return false;
  for (CardId f : s.seats[s.card(w).controller].in_play)
    if (fort_reaches(s, f, w)) return true;
  for (CardId e : attachments_of(s, w))
    if (s.def(e).type == CardType::Fortification || s.def(e).has(kwCountsAsFort)) return true;
  return false;
}
}  // namespace detail

Stats stats(const State& s, CardId w) {
  const CardDef& d = s.def(w);
  const CardInst& wi = s.card(w);
  Stats st;
  st.f = d.f.value_or(0);
  st.s = d.s.value_or(0);
  st.a = d.a;
  st.v = d.v;
  st.can_fight = d.f.has_value();
  st.can_shoot = d.s.has_value();
  const bool forts = fortified(s, w);

  // A vehicle that doubles printed ratings (one VEHICLE per warrior).
  for (CardId e : attachments_of(s, w)) {
    const uint8_t x = s.def(e).doubles;
    if (!x || effect_blocked(s, w, e)) continue;
    if (x & 1) st.f *= 2;
    if (x & 2) st.s *= 2;
    if (x & 4) st.a *= 2;
    if (x & 8) st.v *= 2;
    break;
  }
  // Equipment: any number, but one of each card (backups don't stack) and the
  // weapon(s) of the combat's tactic (gEngine "EQUIP" and combat step 4).
  std::vector<uint16_t> seen;
  for (CardId e : attachments_of(s, w)) {
    const CardDef& ed = s.def(e);
    const bool fort_like = ed.type == CardType::Fortification || ed.has(kwCountsAsFort);
    if (ed.type == CardType::Equipment && ed.weapon != WeaponKind::None) continue;
    if ((ed.type == CardType::Art || ed.type == CardType::Symmetry) && effect_blocked(s, w, e)) continue;
    if (fort_like && !forts) continue;
    if (ed.type == CardType::Equipment) {  // backup equipment doesn't stack; DEMOTED twice does
      if (std::find(seen.begin(), seen.end(), s.card(e).def) != seen.end()) continue;
      seen.push_back(s.card(e).def);
    }
    add(st, ed.bonus);
  }
  for (CardId wpn : used_weapons(s, w)) {
    add(st, s.def(wpn).bonus);
    for (CardId addon : attachments_of(s, wpn)) add(st, s.def(addon).bonus);
  }

  // Fortifications of the warrior's controller.
  if (forts)
    for (CardId f : s.seats[wi.controller].in_play)
      if (fort_reaches(s, f, w)) add(st, s.def(f).fort->bonus);

  // Static modifiers of the vocabulary (own abilities, gifts, other warriors, the opponent's).
  for_each_mod(s, w, [&](const StaticMod& m, CardId) { add(st, m.bonus); });

  if (wi.cover) st.a += s.rules.cover_armor_bonus;
  if (combat_opponent(s, w) != kNoCard)
    for (const CombatMod& m : s.combat.mods)
      if (m.target == w && !effect_blocked(s, w, m.source)) add(st, m.bonus);
  st.v = std::max(0, st.v);  // V never below 0 (gEngine step 5)
  return st;
}

namespace detail {

bool reveal(State& s, CardId w, Log log) {
  CardInst& wi = s.card(w);
  const bool was_hidden = wi.hidden;
  wi.hidden = false;
  if (was_hidden) emit(log, {EventKind::Reveal, int8_t(wi.controller), w});
  if (!wi.unpaid) return true;
  wi.unpaid = false;
  SeatState& st = s.seats[wi.controller];
  const int cost = s.def(w).v;
  if (st.destiny >= cost) {
    st.destiny -= cost;
    return true;
  }
  // 2nd ed "MUSTER WARRIOR IN COVER": can't pay -> discarded, all D lost, the
  // rest comes out of P one for one.
  const int short_by = cost - st.destiny;
  st.destiny = 0;
  const int p_lost = std::min(st.promotion, short_by);
  st.promotion -= p_lost;
  emit(log, {EventKind::RevealPenalty, int8_t(wi.controller), w, kNoCard, short_by, p_lost});
  discard_from_play(s, w);
  return false;
}

// Marks one hit. Returns true if the warrior was killed.
static bool hit(State& s, CardId victim, CardId by, Log log) {
  CardInst& vi = s.card(victim);
  if (keywords(s, victim) & kwNoWound) return false;  // INVULNERABILITY
  if (vi.wounded || slayer(s, by, s.combat.tactic) || (keywords(s, victim) & kwDiesWhenWounded)) return true;
  vi.wounded = true;
  emit(log, {EventKind::Wound, int8_t(vi.controller), victim, by});
  return false;
}

void resolve_combat(State& s, Log log) {
  Combat& c = s.combat;
  const CardId A = c.attacker, D = c.defender;
  const Stats sa = stats(s, A), sd = stats(s, D);
  const bool fight = c.tactic == Tactic::Fight;
  const int atk_a = fight ? sa.f : sa.s;
  const int atk_d = fight ? sd.f : sd.s;
  // Step 6: equal or greater wounds; negative numbers count as they are.
  const bool a_hits = atk_a >= sd.a;
  const bool d_hits = atk_d >= sa.a;
  bool fs_a = first_strike(s, A, c.tactic), fs_d = first_strike(s, D, c.tactic);
  if (c.order == 0) {  // UPPER HAND: strikes first and a wound ends the combat
    const bool ua = keywords(s, A) & kwUpperHand, ud = keywords(s, D) & kwUpperHand;
    if (ua != ud) c.order = ua ? 1 : 2;
  }
  if (fs_a && fs_d) fs_a = fs_d = false;  // two FIRST STRIKEs cancel

  bool a_dead = false, d_dead = false;
  if (c.order == 1) {  // not simultaneous: the attacker strikes; a wound ends the combat
    if (a_hits) d_dead = hit(s, D, A, log);
    else if (d_hits) a_dead = hit(s, A, D, log);
  } else if (c.order == 2) {
    if (d_hits) a_dead = hit(s, A, D, log);
    else if (a_hits) d_dead = hit(s, D, A, log);
  } else if (fs_a) {
    if (a_hits) d_dead = hit(s, D, A, log);
    if (!d_dead && d_hits) a_dead = hit(s, A, D, log);
  } else if (fs_d) {
    if (d_hits) a_dead = hit(s, A, D, log);
    if (!a_dead && a_hits) d_dead = hit(s, D, A, log);
  } else {
    if (a_hits) d_dead = hit(s, D, A, log);
    if (d_hits) a_dead = hit(s, A, D, log);
  }

  // Step 8: the killer's controller earns the slain warrior's modified V;
  // own-warrior kills and FREELANCERs earn D only.
  struct Kill { CardId victim, killer; int v; };
  std::vector<Kill> kills;
  if (d_dead) kills.push_back({D, A, sd.v});
  if (a_dead) kills.push_back({A, D, sa.v});
  for (const Kill& k : kills) {
    const CardInst& vi = s.card(k.victim);
    const CardInst& ki = s.card(k.killer);
    emit(log, {EventKind::Kill, int8_t(vi.controller), k.victim, k.killer, k.v});
    const bool d_only = vi.controller == ki.controller || s.def(k.killer).has(kwFreelancer);
    queue_award(s, ki.controller, k.v, d_only, k.victim);
  }
  for (const Kill& k : kills)
    on_kill(s, k.victim, k.killer, k.v, a_dead && d_dead, log);
  // Who annihilates is decided before anyone leaves play.
  std::vector<bool> annihilate;
  for (const Kill& k : kills) annihilate.push_back((keywords(s, k.killer) & kwAnnihilateKills) != 0);
  for (size_t i = 0; i < kills.size(); ++i) {
    if (annihilate[i]) annihilate_from_play(s, kills[i].victim);
    else discard_from_play(s, kills[i].victim);
  }
  // A surviving defender keeps its cover; its identity is public from now on.
  s.recent_survivor = is_warrior_in_play(s, A) ? A : kNoCard;
  c = Combat{};
}

}  // namespace detail
}  // namespace dt
