// Effective affiliations, designations and keywords (printed ones plus what
// attachments and static modifiers give), and the warrior filter.
#include <algorithm>
#include <optional>

#include "dt/designations.hpp"
#include "effects/modifiers/membership.hpp"
#include "effects/warriors/convert.hpp"
#include "effects/warriors/raise.hpp"
#include "effects/modifiers/visitation.hpp"
#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"
#include "markers.hpp"
#include "combat/groups.hpp"
#include "combat/permissions.hpp"
#include "effects/lasting/stun.hpp"
#include "effects/lasting/afflictions.hpp"

namespace dt {

using namespace detail;

namespace detail {

// A card that may be in play once per player (or once in the game): is a copy of it there?
bool limited_copy_in_play(const State& s, int seat, CardId c) {
  const uint16_t def = s.card(c).def;
  const bool anyone = s.def(c).one_in_play == OneInPlay::InGame;
  for (size_t i = 0; i < s.cards.size(); ++i) {
    const CardInst& x = s.cards[i];
    if (CardId(i) != c && x.zone == Zone::InPlay && x.def == def && (anyone || x.controller == seat)) return true;
  }
  return false;
}

bool is_attached_top(const State& s, CardId c) {
  return s.card(c).zone == Zone::InPlay && s.card(c).attached_to != kNoCard;
}

// The player's hand limit: the preset's (or its seat's, in a multi-player
// style), or a card before it that raises it (MANIFEST DESTINY).
int hand_limit(const State& s, int seat) {
  int limit = hand_limit_of(s, seat);
  for (CardId c : s.seats[size_t(seat)].in_play) limit = std::max<int>(limit, s.def(c).hand_limit);
  if (s.families & famCardPlayed) {  // PALADINE'S FAVOR: one more per matching warrior (the best card, not added up)
    int bonus = 0;
    for (CardId c : s.seats[size_t(seat)].in_play) {
      const std::shared_ptr<const HandBonus>& hb = s.def(c).hand_bonus;
      if (!hb || s.card(c).hidden) continue;
      int n = 0;
      for (CardId w : s.seats[size_t(seat)].in_play)
        if (n < hb->max && is_warrior_in_play(s, w) && s.card(w).controller == seat && filter_matches(s, hb->per, w, seat)) ++n;
      bonus = std::max(bonus, n);
    }
    limit += bonus;
  }
  if (s.families & famCardPlayed)  // DEAL WITH IT: a card before the player caps it
    for (CardId c : s.seats[size_t(seat)].in_play)
      if (s.def(c).hand_max > 0 && !s.card(c).hidden) limit = std::min<int>(limit, s.def(c).hand_max);
  return limit;
}

bool stunned(const State& s, CardId w) {
  if (has_designation(s, w, desig::PerformsNoActions)) return true;  // STRANGLEHOLD, while on it
  if ((s.families & famAfflictions) && afflicted_grants(s, w, desig::PerformsNoActions.text)) return true;  // BLACK VENOM
  for (const LastingMod& m : s.lasting)
    if (m.target == w && s.def(m.source).has_designation(desig::StunsWhenItWounds)) return true;
  return false;
}

bool tactical_barred(const State& s, CardId w, bool attack) {
  if (!(s.families & famTacticalBarred)) return false;  // no such card in the game (callgrind)
  if (has_designation(s, w, desig::PerformsNoTacticalAction)) return true;
  return attack && has_designation(s, w, desig::PerformsNoAttack);
}

// A Fortification card, or a card CONSIDERED one (2nd ed "CARDS THAT ARE
// CONSIDERED OTHER CARDS": cards that affect fortifications affect it too).
bool is_fortification(const State& s, CardId c) {
  return s.def(c).type == CardType::Fortification || s.def(c).has_designation(desig::Fortification);
}

CardId bearer_of(const State& s, CardId c) {
  CardId b = s.card(c).attached_to;
  while (b != kNoCard && s.card(b).attached_to != kNoCard) b = s.card(b).attached_to;
  return b;
}

CardId home_of(const State& s, CardId c) { return s.card(c).attached_to == kNoCard ? c : bearer_of(s, c); }

CardId combat_opponent(const State& s, CardId w) {
  if (!s.combat.active) return kNoCard;
  if (s.combat.attacker == w) return s.combat.defender;
  if (s.combat.defender == w) return s.combat.attacker;
  // A reinforcement (combat/groups.hpp) faces its leader's opponent.
  if (s.combat.mods.empty()) return kNoCard;
  const CardId l = leader_of(s, w);
  return l == s.combat.attacker ? s.combat.defender : l == s.combat.defender ? s.combat.attacker : kNoCard;
}

}  // namespace detail

namespace detail {

namespace {
struct Memo {
  const State* state = nullptr;
  std::vector<uint32_t> keywords;
  std::vector<AffilMask> affiliations;
  // A value is known when its stamp is this memo's: a new memo takes the next
  // stamp instead of clearing a flag per card (a memo lives for one query of
  // a few microseconds, so the clearing showed in profiles).
  std::vector<uint32_t> keywords_stamp, affiliations_stamp;
  // Whether any static modifier grants w a designation (has_ability): almost
  // never, and asked for every card-warrior pair of the equip options.
  std::vector<uint8_t> mod_grants;
  std::vector<uint32_t> mod_grants_stamp;
  uint32_t stamp = 0;
  std::vector<CardId> mod_sources;
  bool mod_sources_known = false;
  std::vector<ActiveAttackRule> attack_rules;  // combat/permissions.hpp
  bool attack_rules_known = false;
};
thread_local Memo memo;

template <class T, class Compute>
T memoized(const State& s, CardId w, std::vector<uint32_t>& stamps, std::vector<T>& values, Compute compute) {
  if (memo.state != &s) return compute();
  uint32_t& known = stamps[size_t(w)];
  if (known != memo.stamp) values[size_t(w)] = compute(), known = memo.stamp;
  return values[size_t(w)];
}
}  // namespace

QueryMemo::QueryMemo(const State& s) {
  if (memo.state) return;  // an outer scope holds the memo
  owner_ = true;
  memo.state = &s;
  if (++memo.stamp == 0) {  // wrapped: no old stamp may look current
    std::fill(memo.keywords_stamp.begin(), memo.keywords_stamp.end(), 0);
    std::fill(memo.affiliations_stamp.begin(), memo.affiliations_stamp.end(), 0);
    std::fill(memo.mod_grants_stamp.begin(), memo.mod_grants_stamp.end(), 0);
    memo.stamp = 1;
  }
  if (memo.keywords.size() < s.cards.size()) {
    memo.keywords.resize(s.cards.size());
    memo.affiliations.resize(s.cards.size());
    memo.keywords_stamp.resize(s.cards.size(), 0);
    memo.affiliations_stamp.resize(s.cards.size(), 0);
    memo.mod_grants.resize(s.cards.size());
    memo.mod_grants_stamp.resize(s.cards.size(), 0);
  }
  memo.mod_sources_known = false;
  memo.attack_rules_known = false;
}

std::vector<CardId>* memoized_mod_sources(const State& s) {
  if (memo.state != &s) return nullptr;
  if (!memo.mod_sources_known) fill_mod_sources(s, memo.mod_sources), memo.mod_sources_known = true;
  return &memo.mod_sources;
}

const std::vector<ActiveAttackRule>& attack_rules(const State& s, std::vector<ActiveAttackRule>& scratch) {
  if (memo.state != &s) return fill_attack_rules(s, scratch), scratch;
  if (!memo.attack_rules_known) fill_attack_rules(s, memo.attack_rules), memo.attack_rules_known = true;
  return memo.attack_rules;
}

QueryMemo::~QueryMemo() {
  if (owner_) memo.state = nullptr;
}

}  // namespace detail

// gEngine DARK VISITATION: is w a Doomtrooper whose current V is below the
// card's markers (n)? Its V and Doomtrooper-ness are read without the card's
// own effect (a warrior's modifiers may ask its affiliations: the guard stops
// the loop) and past the memo, which would otherwise keep answers given
// under the guard; the memo is then started afresh.
namespace {
thread_local bool visiting = false;
}
static bool visited_heretic(const State& s, CardId w, int n) {
  if (visiting || s.def(w).type != CardType::Warrior || !is_warrior_in_play(s, w)) return false;
  visiting = true;
  const State* held = memo.state;
  memo.state = nullptr;
  const bool r = is_doomtrooper(s, w) && stats(s, w).v < n;
  memo.state = held;
  visiting = false;
  if (held && ++memo.stamp == 0) {  // as QueryMemo does when the stamp wraps
    std::fill(memo.keywords_stamp.begin(), memo.keywords_stamp.end(), 0);
    std::fill(memo.affiliations_stamp.begin(), memo.affiliations_stamp.end(), 0);
    std::fill(memo.mod_grants_stamp.begin(), memo.mod_grants_stamp.end(), 0);
    memo.stamp = 1;
  }
  return r;
}

static bool visited_heretic(const State& s, CardId w) {
  if (s.lasting.empty() || visiting) return false;
  const int n = visitation_markers(s);
  return n > 0 && visited_heretic(s, w, n);
}

bool detail::visited_now(const State& s, CardId w) { return visited_heretic(s, w); }

static AffilMask compute_own_affiliations(const State& s, CardId w);

static bool never_changes_allegiance(const State& s, CardId w);

static AffilMask compute_affiliations(const State& s, CardId w) {
  // COLONEL HARDING: NEVER GAINS AN AFFILIATION, its printed ones are all it ever has.
  if ((s.families & famNoAffiliation) && s.def(w).has_designation(desig::NeverGainsAnAffiliation)) return s.def(w).affil;
  // UNDYING LOYALTY: its printed affiliations, whatever else would give or take one.
  if (s.card(w).first_attachment != kNoCard && never_changes_allegiance(s, w)) return s.def(w).affil;
  const AffilMask m = compute_own_affiliations(s, w);
  return visited_heretic(s, w) ? AffilMask(m | bit(Affil::Legion)) : m;  // gEngine DARK VISITATION
}

static AffilMask compute_own_affiliations(const State& s, CardId w) {
  AffilMask m = s.def(w).affil | converted_affiliations(s, w), revoked = 0;  // printed POSSESS
  if (s.families & famConverted) {  // LAST RITESMAN, BLACK BULLETS (effects/warriors/convert.hpp)
    m = conversion_affiliations(s, w, m);
    if (!m) m = bit(Affil::General);  // none left: a General one (a FREELANCER, warrior.cpp)
  }
  const AttachRange as = shared_attachments(s, w);
  // The vehicle gate is worked out only when an attachment gives or takes an
  // affiliation (few do): asked for every warrior, it showed in profiles.
  bool any = false;
  for (CardId a : as) {
    const MembershipChange c = membership_change(s, a, w);  // REINSTATEMENT, INSUBORDINATION
    any = any || s.def(a).grant_affil || s.def(a).revoke_affil || c.added || c.taken;
  }
  if (!any) return m;
  const AttachmentGate g = gate_of(s, as);
  for (CardId a : as)
    if (g.allows(s, a)) {
      const MembershipChange c = membership_change(s, a, w);
      m |= s.def(a).grant_affil | c.added, revoked |= s.def(a).revoke_affil | c.taken;
    }
  // AGENT NICK MICHAELS: KEEPS AFFILIATIONS, his printed ones are never taken away.
  if (s.def(w).has_designation(desig::KeepsAffiliations)) revoked &= ~s.def(w).affil;
  // gEngine INSUBORDINATION: a warrior left with no affiliation is a General one (and a FREELANCER, warrior.cpp).
  if (!(m & ~revoked)) return bit(Affil::General);
  return m & ~revoked;
}

AffilMask affiliations(const State& s, CardId w) {
  return memoized(s, w, memo.affiliations_stamp, memo.affiliations, [&] { return compute_affiliations(s, w); });
}

// An attachment of w that grants d (exact text), and only then whether the
// vehicle gate lets it work: the gate is the costly part and almost no
// attachment grants.
static bool attachment_grants(const State& s, CardId w, std::string_view d, uint64_t bit) {
  const AttachRange as = shared_attachments(s, w);
  std::optional<AttachmentGate> gate;
  for (CardId a : as) {
    const CardDef& ad = s.def(a);
    if (ad.designation_bits && !(ad.grant_bits & bit)) continue;  // the filter says no
    bool named = false;
    for (const auto& g : ad.grant_designations)
      if (g == d) named = true;
    // BLESSED BY APOSTLE: a BEARER modifier's designation, while its card remembers the alternative it needs.
    for (const StaticMod& m : ad.mods) {
      if (named) break;
      if (m.scope != Scope::Bearer || (m.chosen && chosen_alternative(s, a) != m.chosen)) continue;
      for (const auto& g : m.grant_designations)
        if (g == d) named = true;
    }
    if (!named) continue;
    if (!gate) gate = gate_of(s, as);
    if (gate->allows(s, a)) return true;
  }
  return false;
}

static constexpr DesigKey kLoyal(desig::NeverChangesAllegiance);
static bool never_changes_allegiance(const State& s, CardId w) {
  if ((s.families & famNoAffiliation) && s.def(w).has_designation(desig::NeverGainsAnAffiliation)) return true;
  return (s.families & famLoyal) && s.card(w).first_attachment != kNoCard && attachment_grants(s, w, kLoyal.text, kLoyal.bit);
}

static constexpr DesigKey kHeretic(desig::Heretic);
static constexpr DesigKey kTribal(desig::Tribal);

// Its own printed designation d, while its text is on (AMNESIA: effects/modifiers/text_off.hpp).
static bool own_designation(const State& s, CardId w, std::string_view d) {
  return !(s.families & famTextOff) || own_designation_holds(s, w, text_off_bits(s, w), d);
}

// TOUCHED BY THE LIGHT: HERETIC taken away, whatever else would make it one. Asked only where a designation was
// found, so that the common answer (none) costs nothing more.
static bool heretic_taken(const State& s, CardId w, std::string_view d) {
  return (s.families2 & fam2HereticRevoked) && d == kHeretic.text && heretic_revoked(s, w);
}

bool has_designation(const State& s, CardId w, DesigKey d) {
  if (s.def(w).has_designation(d) && own_designation(s, w, d.text)) return !heretic_taken(s, w, d.text);
  // UNDYING LOYALTY: never made a HERETIC, by a conversion or by a card on it.
  const bool heretic = d.bit == kHeretic.bit && d.text == kHeretic.text;
  if (heretic && (converted_heretic(s, w) || visited_heretic(s, w)))
    return !never_changes_allegiance(s, w) && !heretic_taken(s, w, d.text);  // POSSESS, gEngine DARK VISITATION
  if (heretic && (s.families & famSideMoves) && tribal_heretic(s, w))
    return !never_changes_allegiance(s, w) && !heretic_taken(s, w, d.text);  // EMISSARIES
  if ((s.families & famConverted) && converted_designation(s, w, d.text))  // LAST RITESMAN
    return !(heretic && (never_changes_allegiance(s, w) || heretic_taken(s, w, d.text)));
  if (d.bit == kTribal.bit && d.text == kTribal.text && is_tribal(s, w))
    return true;  // a warrior of a tribe is TRIBAL to a text naming "any Tribal warrior" (IRONSHARK)
  if (s.card(w).first_attachment == kNoCard) return false;
  if (!(s.granted_designations & d.bit)) return false;  // no card of the game grants it (callgrind: STRANGLEHOLD's stun)
  return attachment_grants(s, w, d.text, d.bit) && !(heretic && (never_changes_allegiance(s, w) || heretic_taken(s, w, d.text)));
}

bool has_designation_text(const State& s, CardId w, std::string_view d) {
  if (s.def(w).has_designation_text(d) && own_designation(s, w, d)) return !heretic_taken(s, w, d);
  if (d == kHeretic.text && (converted_heretic(s, w) || visited_heretic(s, w) || tribal_heretic(s, w)))
    return !never_changes_allegiance(s, w) && !heretic_taken(s, w, d);
  if ((s.families & famConverted) && converted_designation(s, w, d))
    return !(d == kHeretic.text && (never_changes_allegiance(s, w) || heretic_taken(s, w, d)));
  if (d == kTribal.text && is_tribal(s, w)) return true;
  return attachment_grants(s, w, d, ~uint64_t(0)) && !(d == kHeretic.text && (never_changes_allegiance(s, w) || heretic_taken(s, w, d)));
}

bool filter_matches(const State& s, const WarriorFilter& f, CardId w, int seat) {
  const CardInst& wi = s.card(w);
  if (f.card_types && !(f.card_types & (1u << unsigned(s.def(w).type)))) return false;
  if (f.not_card_types & (1u << unsigned(s.def(w).type))) return false;
  if (!f.gift_of.empty() && !(s.def(w).type == CardType::Symmetry &&
                              (s.def(w).gift.apostle == f.gift_of || s.def(w).has_designation(family::MajorGiftOf(f.gift_of)))))
    return false;  // NECROVISUAL LINK, a gift of Algeroth for a Nepharite of any apostle, names no apostle
  if (f.side == Side::Yours && wi.controller != seat) return false;
  if (f.side == Side::Enemy && !opponents(s, wi.controller, seat)) return false;  // teammates are no enemies
  if (f.side == Side::Others && wi.controller == seat) return false;              // CLIFFHANGER: a teammate's too
  if (f.wounded && !wi.wounded) return false;
  if (f.healthy && wi.wounded) return false;
  if (f.imprisoned && !marked(s, w, kImprisoned)) return false;  // ESCAPE!, DEATH ROW, AMNESTY
  if (f.min_v || f.max_v >= 0) {  // CYRIL DENT, CAPTAIN, DUTY ROSTER: V N or less; DEATH ANGEL: base V
    const int v = f.base_v ? base_stats(s, w).v : stats(s, w).v;
    if ((f.min_v && v < f.min_v) || (f.max_v >= 0 && v > f.max_v)) return false;
  }
  if (f.weapon && !is_weapon_card(s.def(w))) return false;  // CONCEALED WEAPON
  if (f.in_cover && !wi.cover) return false;
  if (f.area && !(f.area & bit(wi.area))) return false;
  if (f.protection == 1 || f.protection == 2)
    if (protected_by_fortification(s, w) != (f.protection == 1)) return false;
  if (!f.protected_by.empty() && !protected_by_fortification(s, w, f.protected_by)) return false;
  if (f.protection == 3 || f.protection == 4)
    if (fortification_in_area(s, w) != (f.protection == 3)) return false;
  if (f.combatant && !(s.combat.active && (s.combat.attacker == w || s.combat.defender == w))) return false;
  if (f.defending && !(s.combat.active && s.combat.defender == w)) return false;
  if (f.vs_legion) {
    const CardId opp = combat_opponent(s, w);
    if (opp == kNoCard || !is_legion(s, opp)) return false;
  }
  if (f.non_personality && s.def(w).has(kwPersonality)) return false;
  const AffilMask m = (f.affil || f.not_affil || f.legion) ? affiliations(s, w) : 0;
  if (f.affil && !(f.affil & m)) return false;
  if (f.not_affil && (f.not_affil & m)) return false;
  if (f.legion && !(m & bit(Affil::Legion))) return false;
  if (f.doomtrooper && !is_doomtrooper(s, w)) return false;
  if (!f.designation.empty() && !has_designation(s, w, f.designation)) return false;
  if (!f.not_designation.empty() && has_designation(s, w, f.not_designation)) return false;
  if (f.riding_beast && beast_of(s, w) == kNoCard) return false;
  if (f.beast && beast_of(s, w) == kNoCard && !is_beast_warrior(s, w)) return false;
  if (f.from_warzone && !(s.combat.active && s.combat.defender == w && s.combat.warzone != kNoCard)) return false;
  for (const WarriorFilter& n : f.none_of)  // ARTILLERY SUPPORT: an opponent in no VEHICLE
    if (filter_matches(s, n, w, seat)) return false;
  if (!f.any_of.empty() &&  // MYSTIC BATTLE DRESS: a MYSTIC or a KEEPER OF THE ART
      std::none_of(f.any_of.begin(), f.any_of.end(), [&](const WarriorFilter& n) { return filter_matches(s, n, w, seat); }))
    return false;
  if (f.in_vehicle && !inside_vehicle(s, w)) return false;
  if (!f.uses_vehicle.empty()) {  // ANTI-TANK MINEFIELD: the attacker uses a TANK, or is one
    const CardId v = vehicle_used(s, w);
    if (v == kNoCard || !has_designation(s, v, f.uses_vehicle)) return false;
  }
  if (f.using_weapon) {  // CLUMSINESS: a combatant striking with a FIGHT WEAPON
    if (combat_opponent(s, w) == kNoCard) return false;
    const std::vector<CardId> used = used_weapons(s, w);
    if (std::none_of(used.begin(), used.end(),
                     [&](CardId c) { return (f.using_weapon >> unsigned(s.def(c).weapon)) & 1u; }))
      return false;
  }
  if (f.gives_to_others && !gives_to_others(s, w)) return false;  // INCONVENIENT PHONE CALL (modifiers/text_off.hpp)
  if (f.carries_weapon) {  // WEAPON LINK: a warrior with a WEAPON
    bool any = false;
    for (CardId c : shared_attachments(s, w)) any = any || is_weapon_card(s.def(c));
    if (!any) return false;
  }
  if (!f.vs.empty()) {  // BARRAGE BALLOONS: against your Squad's defender
    const CardId opp = combat_opponent(s, w);
    if (opp == kNoCard || !filter_matches(s, f.vs.front(), opp, seat)) return false;
  }
  if (!f.is_or_carries.empty() && !has_designation(s, w, f.is_or_carries)) {
    bool carries = false;
    for (CardId a : shared_attachments(s, w)) carries = carries || s.def(a).has_designation(f.is_or_carries);
    if (!carries) return false;
  }
  return true;
}

// Whether any static modifier grants w a designation: almost never, and asked
// for every card-warrior pair of the equip options.
static bool mods_grant_designations(const State& s, CardId w) {
  return memoized(s, w, memo.mod_grants_stamp, memo.mod_grants, [&]() -> uint8_t {
    bool any = false;
    for_each_mod(s, w, [&](const StaticMod& m, CardId) { any = any || !m.grant_designations.empty(); }, ModWant::Designations);
    return any;
  });
}

static bool mod_grants(const State& s, CardId w, std::string_view d) {
  if (!mods_grant_designations(s, w)) return false;
  bool found = false;
  for_each_mod(
      s, w,
      [&](const StaticMod& m, CardId) {
        for (const auto& g : m.grant_designations)
          if (g == d) found = true;
      },
      ModWant::Designations);
  return found;
}

bool has_ability(const State& s, CardId w, DesigKey d) {
  return has_designation(s, w, d) || mod_grants(s, w, d.text);
}

bool has_ability_text(const State& s, CardId w, std::string_view d) {
  return has_designation_text(s, w, d) || mod_grants(s, w, d);
}

static uint32_t compute_keywords(const State& s, CardId w) {
  uint32_t k = s.def(w).keywords;
  if (s.families & famTextOff) k = own_keywords_left(text_off_bits(s, w), k);  // AMNESIA (effects/modifiers/text_off.hpp)
  const AttachRange as = shared_attachments(s, w);
  std::optional<AttachmentGate> gate;  // only for an attachment that grants (or takes away) keywords
  uint32_t revoked = 0;
  for (CardId a : as) {
    const CardDef& ad = s.def(a);
    if (!ad.grant_keywords && !ad.revoke_keywords) continue;
    if (!gate) gate = gate_of(s, as);
    if (!gate->allows(s, a) || effect_blocked(s, w, a)) continue;
    k |= ad.grant_keywords;
    revoked |= ad.revoke_keywords;  // ILLUMINATION, DISTRACTED: an immunity lost while it is on
  }
  for_each_mod(s, w, [&](const StaticMod& m, CardId) { k |= m.grant, revoked |= m.revoke; }, ModWant::Keywords);
  for (const LastingMod& m : s.lasting) {  // SLEEP's NONCOMBATANT, until its player's next turn
    if (!m.grant || m.target != w) continue;
    if (m.lock == kKeywordsRevoked) revoked |= m.grant;  // PLATINUM DREAM: lost for good, whatever grants it
    else if (!effect_blocked(s, w, m.source)) k |= m.grant;
  }
  return k & ~revoked;
}

uint32_t keywords(const State& s, CardId w) {
  return memoized(s, w, memo.keywords_stamp, memo.keywords, [&] { return compute_keywords(s, w); });
}

}  // namespace dt
