// Card files (dtref.cards.CardSet, protobuf text format) -> dt::CardDb.
#include "dt/card_loader.hpp"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <sys/mman.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <span>
#include <unordered_set>

// protobuf_generate_cpp currently drops the dtref/ directory of the .proto.
#if __has_include("dtref/cards.pb.h")
#include "dtref/cards.pb.h"
#else
#include "cards.pb.h"
#endif
#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "dt/vocabulary.hpp"

namespace dt {
namespace {

namespace pb = ::dtref::cards;

std::string upper(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
  // Collapse runs of blanks so "FIRST  STRIKE" still matches.
  std::string r;
  for (char c : out) {
    if (c == ' ' && (r.empty() || r.back() == ' ')) continue;
    r.push_back(c);
  }
  while (!r.empty() && r.back() == ' ') r.pop_back();
  return r;
}

class Collector : public google::protobuf::io::ErrorCollector {
 public:
  explicit Collector(std::string file) : file_(std::move(file)) {}
  void AddError(int line, google::protobuf::io::ColumnNumber column,
                const std::string& message) override {
    if (!first_.empty()) return;  // report the first error only
    first_ = file_ + ":" + std::to_string(line + 1) + ": " + message;
    (void)column;
  }
  const std::string& first() const { return first_; }

 private:
  std::string file_;
  std::string first_;
};

CardType convert(pb::CardType t, const std::string& where) {
  switch (t) {
    case pb::WARRIOR: return CardType::Warrior;
    case pb::EQUIPMENT: return CardType::Equipment;
    case pb::SPECIAL: return CardType::Special;
    case pb::FORTIFICATION: return CardType::Fortification;
    case pb::ART: return CardType::Art;
    case pb::SYMMETRY: return CardType::Symmetry;
    case pb::MISSION: return CardType::Mission;
    case pb::RELIC: return CardType::Relic;
    case pb::WARZONE: return CardType::Warzone;
    case pb::KI: return CardType::Ki;
    case pb::BEAST: return CardType::Beast;
    case pb::ALLIANCE: return CardType::Alliance;
    default: break;
  }
  throw std::runtime_error(where + ": card type missing");
}

Affil convert(pb::Affiliation a, const std::string& where) {
  switch (a) {
    case pb::GENERAL: return Affil::General;
    case pb::BAUHAUS: return Affil::Bauhaus;
    case pb::CAPITOL: return Affil::Capitol;
    case pb::CYBERTRONIC: return Affil::Cybertronic;
    case pb::IMPERIAL: return Affil::Imperial;
    case pb::MISHIMA: return Affil::Mishima;
    case pb::BROTHERHOOD: return Affil::Brotherhood;
    case pb::LEGION: return Affil::Legion;
    case pb::CRESCENTIA: return Affil::Crescentia;
    case pb::LUTHERAN: return Affil::Lutheran;
    case pb::RASPUTIN: return Affil::Rasputin;
    case pb::TEMPLARS: return Affil::Templars;
    default: break;
  }
  throw std::runtime_error(where + ": affiliation unspecified");
}

Area convert(pb::CombatArea a, const std::string& where) {
  switch (a) {
    case pb::SQUAD: return Area::Squad;
    case pb::KOHORT: return Area::Kohort;
    case pb::OUTPOST: return Area::Outpost;
    default: break;
  }
  throw std::runtime_error(where + ": combat area unspecified");
}

PostPlay convert(pb::PostPlay p) {
  switch (p) {
    case pb::ATTACH: return PostPlay::Attach;
    case pb::DISCARD: return PostPlay::Discard;
    case pb::ANNIHILATE: return PostPlay::Annihilate;
    default: return PostPlay::None;
  }
}

WeaponKind convert(pb::Weapon w) {
  switch (w) {
    case pb::FIGHT_WEAPON: return WeaponKind::Fight;
    case pb::SHOOT_WEAPON: return WeaponKind::Shoot;
    case pb::FIGHT_SHOOT_WEAPON: return WeaponKind::FightShoot;
    case pb::SPECIAL_WEAPON: return WeaponKind::Special;
    default: return WeaponKind::None;
  }
}

int8_t small(int32_t v, const std::string& where) {
  if (v < -128 || v > 127) throw std::runtime_error(where + ": number out of range: " + std::to_string(v));
  return int8_t(v);
}

StatBonus convert(const pb::StatBonus& b, const std::string& where) {
  StatBonus s;
  s.f = small(b.f(), where);
  s.s = small(b.s(), where);
  s.a = small(b.a(), where);
  s.v = small(b.v(), where);
  return s;
}

void convert_effects(const pb::Card& c, CardDef& d, const std::string& where);

WarriorFilter convert(const pb::WarriorFilter& f, const std::string& where);
ChoiceSpec convert(const pb::Choice& c, const std::string& where);

// D read from a card's V (value-based amounts): Play.target_v, Ability.target_v.
static ValuePrice value_price(const pb::ValuePrice& v, const std::string& where) {
  if (v.times() < 0 || v.times() > 10) throw std::runtime_error(where + ": target_v times is 0 to 10");
  ValuePrice out;
  out.modified = v.modified();
  out.half_up = v.half_up();
  out.times = int8_t(v.times() ? v.times() : 1);
  return out;
}

CardDef convert(const pb::Card& c, const std::string& file) {
  std::string where = file + ": card " + (c.code().empty() ? c.name() : c.code());
  if (c.code().empty()) throw std::runtime_error(where + ": code missing");
  if (c.name().empty()) throw std::runtime_error(where + ": name missing");
  CardDef d;
  d.code = c.code();
  d.name = c.name();
  d.set = c.set();
  d.type = convert(c.type(), where);
  for (int a : c.affiliation()) d.affil |= bit(convert(pb::Affiliation(a), where));
  if (c.has_fight()) d.f = small(c.fight(), where);
  if (c.has_shoot()) d.s = small(c.shoot(), where);
  if (c.has_armor()) d.a = small(c.armor(), where);
  if (c.has_value()) d.v = small(c.value(), where);
  if (c.deck_limit() < 0 || c.deck_limit() > 255)
    throw std::runtime_error(where + ": deck_limit out of range");
  d.deck_limit = uint8_t(c.deck_limit());
  d.post_play = convert(c.post_play());
  for (const auto& s : c.designation()) {
    std::string u = upper(s);
    if (u.empty()) continue;
    if (std::find(d.designations.begin(), d.designations.end(), u) != d.designations.end())
      throw std::runtime_error(where + ": designation \"" + u + "\" is listed twice");  // a merge that doubled lines
    d.designations.push_back(u);
    d.keywords |= keyword_for_designation(u);
  }
  d.weapon = convert(c.weapon());
  if (c.has_bonus()) d.bonus = convert(c.bonus(), where);
  if (c.has_give_to()) {
    for (int a : c.give_to().affiliation()) d.give_to.affil |= bit(convert(pb::Affiliation(a), where));
    d.give_to.doomtrooper = c.give_to().doomtrooper();
    d.give_to.legion = c.give_to().dark_legion();
    for (const auto& des : c.give_to().designation())
      if (std::string u = upper(des); !u.empty()) d.give_to.designations.push_back(u);
    if (c.give_to().has_who()) d.give_to.who = convert(c.give_to().who(), where);
  }
  if (c.has_fortification()) {
    const auto& pf = c.fortification();
    FortEffect f;
    for (int a : pf.build_in()) f.build_in |= bit(convert(pb::CombatArea(a), where));
    f.whole_force = pf.whole_force();
    f.when_attacked = pf.when_attacked();
    f.per_stored = pf.per_stored();
    for (int a : pf.affects()) f.affects_affil |= bit(convert(pb::Affiliation(a), where));
    f.affects_designation = upper(pf.affects_designation());
    if (pf.has_bonus()) f.bonus = convert(pf.bonus(), where);
    d.fort = std::move(f);
  }
  d.combat_modifier = c.combat_modifier();
  d.leaves_with_marked = c.leaves_with_marked();
  d.marked_discarded = c.marked_discarded();
  d.leaves_when_marked_returns = c.leaves_when_marked_returns();
  if (c.has_enter_choice()) {
    // A warrior's as it enters play; a Ki Power's or a gift's as it is given (WEAPON LINK).
    if (d.type != CardType::Warrior && d.type != CardType::Ki && d.type != CardType::Symmetry)
      throw std::runtime_error(where + ": enter_choice is a warrior's, a Ki Power's or a gift's");
    d.enter_choice = convert(c.enter_choice(), where);
  }
  for (int tac : c.weapon_used_in()) d.weapon_used_in |= tac == pb::FIGHT ? 1 : tac == pb::SHOOT ? 2 : 0;
  convert_effects(c, d, where);
  return d;
}

AffilMask affils(const google::protobuf::RepeatedField<int>& r, const std::string& where) {
  AffilMask m = 0;
  for (int a : r) m |= bit(convert(pb::Affiliation(a), where));
  return m;
}

WarriorFilter convert(const pb::WarriorFilter& f, const std::string& where) {
  WarriorFilter w;
  w.affil = affils(f.affiliation(), where);
  w.not_affil = affils(f.not_affiliation(), where);
  w.designation = upper(f.designation());
  w.doomtrooper = f.doomtrooper();
  w.legion = f.dark_legion();
  w.non_personality = f.non_personality();
  w.wounded = f.wounded();
  w.in_cover = f.in_cover();
  for (int a : f.area()) w.area |= bit(convert(pb::CombatArea(a), where));
  w.protection = uint8_t(f.protection());
  w.combatant = f.combatant();
  w.defending = f.defending();
  w.vs_legion = f.vs_dark_legion();
  w.other = f.other();
  w.riding_beast = f.riding_beast();
  w.in_vehicle = f.in_vehicle();
  w.is_or_carries = f.is_or_carries();
  w.protected_by = upper(f.protected_by());
  w.same_camp_as_user = f.same_camp_as_user();
  w.shares_affiliation_with_user = f.shares_affiliation_with_user();
  w.card_designation = upper(f.card_designation());
  w.gift_of = upper(f.gift_of());
  w.not_designation = upper(f.not_designation());
  w.healthy = f.healthy();
  w.min_v = small(f.min_v(), where);
  w.weapon = f.weapon();
  if (f.has_max_v()) w.max_v = std::max<int8_t>(0, small(f.max_v(), where));
  w.base_v = f.base_v();
  w.beast = f.beast();
  w.marked = f.marked();
  w.from_warzone = f.from_warzone();
  w.imprisoned = f.imprisoned();
  for (const auto& n : f.none_of()) w.none_of.push_back(convert(n, where));
  for (const auto& n : f.any_of()) w.any_of.push_back(convert(n, where));
  w.marked_affiliation = f.marked_affiliation();
  w.side = f.side() == pb::WarriorFilter::YOURS    ? Side::Yours
           : f.side() == pb::WarriorFilter::ENEMY  ? Side::Enemy
           : f.side() == pb::WarriorFilter::OTHERS ? Side::Others
                                                   : Side::Any;
  w.attached = f.attached();
  w.uses_vehicle = upper(f.uses_vehicle());
  for (int k : f.using_weapon()) w.using_weapon |= uint8_t(1u << unsigned(convert(pb::Weapon(k))));
  for (const auto& n : f.vs()) w.vs.push_back(convert(n, where));
  w.carries_weapon = f.carries_weapon();
  w.gives_to_others = f.gives_to_others();
  for (int t : f.card_type()) w.card_types |= uint16_t(1u << unsigned(convert(pb::CardType(t), where)));
  for (int t : f.not_card_type()) w.not_card_types |= uint16_t(1u << unsigned(convert(pb::CardType(t), where)));
  return w;
}

uint8_t stat_bits(const google::protobuf::RepeatedField<int>& r) {
  uint8_t m = 0;
  for (int st : r) m |= uint8_t(1u << (st - 1)) & 0xF;
  return m;
}

uint32_t keywords_of(const google::protobuf::RepeatedPtrField<std::string>& r,
                     std::vector<std::string>* names, const std::string& where) {
  uint32_t k = 0;
  for (const auto& s : r) {
    std::string u = upper(s);
    if (u.empty()) continue;
    if (names) names->push_back(u);
    k |= keyword_for_designation(u);
  }
  (void)where;
  return k;
}

uint8_t tactics(const google::protobuf::RepeatedField<int>& r) {
  uint8_t m = 0;
  for (int t : r) m |= t == pb::FIGHT ? 1 : t == pb::SHOOT ? 2 : 0;
  return m;
}

uint8_t aspect_bit(int a) {
  switch (a) {
    case pb::CHANGELING: return artChangeling;
    case pb::ELEMENTS: return artElements;
    case pb::EXORCISM: return artExorcism;
    case pb::KINETICS: return artKinetics;
    case pb::MANIPULATION: return artManipulation;
    case pb::MENTALISM: return artMentalism;
    case pb::PREMONITION: return artPremonition;
    case pb::ALL_ASPECTS: return artAll;
    case pb::SUMMONING: return artSummoning;
    default: return 0;
  }
}

int16_t amount(int32_t v, const std::string& where) {
  if (v < -999 || v > 999) throw std::runtime_error(where + ": amount out of range: " + std::to_string(v));
  return int16_t(v);
}

StaticMod convert(const pb::StaticMod& m, const std::string& where) {
  StaticMod s;
  s.scope = Scope(int(m.scope()));
  if (m.has_who()) s.who = convert(m.who(), where);
  s.exclude_self = m.exclude_self();
  s.in_combat = m.in_combat();
  s.attacking = m.attacking();
  s.tactics = tactics(m.tactic());
  if (m.has_vs()) s.vs = convert(m.vs(), where);
  s.min_count = uint8_t(std::clamp(m.min_count(), 0, 9));
  if (m.has_bonus()) s.bonus = convert(m.bonus(), where);
  s.grant = keywords_of(m.grant(), &s.grant_designations, where);
  for (int a : m.casts()) s.casts |= aspect_bit(a);
  s.same_area = m.same_area();
  if (m.has_for_each()) s.for_each = convert(m.for_each(), where);
  s.opponent_base = stat_bits(m.opponent_base());
  s.per_marker = m.per_marker();
  s.per_stored = m.per_stored();
  if (m.has_play_price()) {
    auto pp = std::make_shared<PlayPrice>();
    pp->designation = m.play_price().designation();
    pp->actions = int8_t(std::clamp(m.play_price().actions(), -9, 9));
    pp->free_any_time = m.play_price().free_any_time();
    s.play_price = std::move(pp);
  }
  s.sergeant_group = m.sergeant_group();
  for (int x : m.source_area()) s.source_area |= bit(convert(pb::CombatArea(x), where));
  if (m.has_attack()) {
    const auto& r = m.attack();
    AttackRule a;
    a.kind = AttackRule::Kind(int(r.kind()));
    a.as_defender = r.as_defender();
    if (r.has_other()) a.other = convert(r.other(), where);
    a.tactics = tactics(r.tactic());
    a.lower_v = r.lower_v();
    a.unless_alone = r.unless_alone();
    for (const auto& f : r.alone_ignores()) a.alone_ignores.push_back(convert(f, where));
    a.only_while = AttackRule::While(int(r.only_while()));
    a.cost_d = amount(r.cost_d(), where);
    a.cost_p = amount(r.cost_p(), where);
    a.actions = small(std::clamp(r.actions(), 0, 3), where);
    a.chosen = small(std::clamp(r.chosen(), 0, 99), where);
    s.attack = std::make_shared<const AttackRule>(std::move(a));
  }
  if (m.has_base()) {
    BaseRatings b;
    b.stats = stat_bits(m.base().stat());
    b.how = BaseRatings::How(int(m.base().how()));
    b.value = small(m.base().value(), where);
    if (m.base().has_per_warrior()) b.per_warrior = convert(m.base().per_warrior(), where);
    b.modified = m.base().modified();
    s.base = std::make_shared<const BaseRatings>(std::move(b));
  }
  s.kills_over_a_times = small(std::clamp(m.kills_over_a_times(), 0, 9), where);
  s.chosen = small(std::clamp(m.chosen(), 0, 99), where);
  if (m.has_attachment_times()) {
    const auto& at = m.attachment_times();
    AttachmentTimes a;
    a.times = small(std::clamp(at.times(), 1, 9), where);
    for (int k : at.weapon_kind()) a.weapon_kinds |= uint8_t(1u << unsigned(convert(pb::Weapon(k))));
    a.designation = upper(at.designation());
    a.marked = at.marked();
    a.beast = at.beast();
    for (int f : at.affiliation()) a.affil |= bit(convert(pb::Affiliation(f), where));
    s.attachment_times = std::make_shared<const AttachmentTimes>(std::move(a));
  }
  s.no_armor = m.no_armor();
  for (int k : m.no_weapons()) s.no_weapons |= uint8_t(1u << unsigned(convert(pb::Weapon(k))));
  s.while_using = upper(m.while_using());
  s.aimed_actions = small(std::clamp(m.aimed_actions(), 0, 9), where);
  s.per_extra_action = m.per_extra_action();
  s.after_combat = uint8_t(std::clamp(int(m.after_combat()), 0, 2));
  s.after_combat_points = uint8_t(std::clamp(int(m.after_combat_points()), 0, 2));
  s.cover_attack = uint8_t(std::clamp(int(m.cover_attack()), 0, 3));
  s.cover_attack_tactics = tactics(m.cover_attack_tactic());
  for (const auto& r : m.revoke()) {  // keywords only
    const uint32_t k = keyword_for_designation(upper(r));
    if (!k) throw std::runtime_error(where + ": revoke \"" + r + "\" is no keyword");
    s.revoke |= k;
  }
  if (m.has_bearer()) s.bearer = convert(m.bearer(), where);
  s.like_aboard = m.like_aboard();
  if (m.has_spell_price()) {
    const auto& sp = m.spell_price();
    SpellPrice x;
    for (int a : sp.aspect()) x.aspects |= aspect_bit(a);
    x.d_counts = small(std::clamp(sp.d_counts(), 1, 9), where);
    x.price_times = small(std::clamp(sp.price_times(), 1, 9), where);
    x.in_combat = sp.in_combat();
    if (sp.has_target()) x.target = convert(sp.target(), where);
    if (sp.spend_cap() < 0 || sp.spend_cap() > 99) throw std::runtime_error(where + ": spend_cap is 1-99 D (0: none)");
    x.spend_cap = int8_t(sp.spend_cap());
    s.spell_price = std::make_shared<const SpellPrice>(std::move(x));
  }
  return s;
}

Timing convert(pb::Timing t) {
  switch (t) {
    case pb::DURING_COMBAT: return Timing::Combat;
    case pb::ANY_TIME: return Timing::AnyTime;
    case pb::YOUR_TURN: return Timing::YourTurn;
    case pb::AS_ACTION: return Timing::Action;
    case pb::YOUR_DRAW_STEP: return Timing::YourDrawStep;
    case pb::AFTER_COMBAT: return Timing::AfterCombat;
    case pb::YOUR_TURN_END: return Timing::YourTurnEnd;
    case pb::ANY_DRAW_STEP: return Timing::AnyDrawStep;
    case pb::OTHERS_TURN: return Timing::OthersTurn;
    case pb::COMBAT_BEGINS: return Timing::CombatBegins;
    default: return Timing::None;
  }
}

TargetKind convert(pb::TargetKind t) {
  switch (t) {
    case pb::TARGET_WARRIOR: return TargetKind::Warrior;
    case pb::TARGET_COMBATANT: return TargetKind::Combatant;
    case pb::TARGET_PLAYER: return TargetKind::Player;
    case pb::TARGET_OPPONENT: return TargetKind::OpponentPlayer;
    case pb::TARGET_FORTIFICATION: return TargetKind::Fortification;
    case pb::TARGET_EQUIPMENT: return TargetKind::Equipment;
    case pb::TARGET_GIFT: return TargetKind::Gift;
    case pb::TARGET_MISSION: return TargetKind::Mission;
    case pb::TARGET_YOUR_CARD: return TargetKind::YourCard;
    case pb::TARGET_YOUR_DRAW_PILE: return TargetKind::YourDrawPile;
    case pb::TARGET_RECENT_ATTACKER: return TargetKind::RecentAttacker;
    case pb::TARGET_RECENT_EARNER: return TargetKind::RecentEarner;
    case pb::TARGET_ATTACHED_SPECIAL: return TargetKind::AttachedSpecial;
    case pb::TARGET_YOUR_HAND: return TargetKind::YourHand;
    case pb::TARGET_OWN_WEAPON: return TargetKind::OwnWeapon;
    case pb::TARGET_YOUR_SIDE_BOARD: return TargetKind::YourSideBoard;
    case pb::TARGET_SPELL: return TargetKind::Spell;
    case pb::TARGET_HOST: return TargetKind::Host;
    case pb::TARGET_FOUGHT_OPPONENT: return TargetKind::FoughtOpponent;
    case pb::TARGET_JUST_KILLED: return TargetKind::JustKilled;
    case pb::TARGET_STORED: return TargetKind::Stored;
    case pb::TARGET_CARD_IN_PLAY: return TargetKind::CardInPlay;
    case pb::TARGET_JUST_DISCARDED: return TargetKind::JustDiscarded;
    default: return TargetKind::None;
  }
}


// A handler's name as a number (the vocabulary check has already refused an unknown one).
HandlerId handler_id(const std::string& name, const std::string& where) {
  if (name.empty()) return HandlerId::None;
  if (const auto h = handler_by_name(name)) return *h;
  throw std::runtime_error(where + ": unknown handler \"" + name + "\"");
}

// dt::Op is cards.proto's Effect.Op, value for value (dt/vocabulary/ops.def):
// each line is checked here at compile time, and a value of cards.proto with
// no line as the cards are loaded (ops_listed).
#define DT_OP(id, proto, number) \
  static_assert(int(Op::id) == int(pb::Effect::proto), "dt/vocabulary/ops.def: Op::" #id " is not cards.proto's " #proto);
#include "dt/vocabulary/ops.def"
#undef DT_OP

// dt::When is cards.proto's Trigger.When, value for value: the loader casts one to the other.
static_assert(int(When::None) == pb::Trigger::WHEN_UNSPECIFIED && int(When::YourDraw) == pb::Trigger::YOUR_DRAW &&
                  int(When::AfterCombat) == pb::Trigger::AFTER_COMBAT && int(When::Killed) == pb::Trigger::KILLED &&
                  int(When::Kills) == pb::Trigger::KILLS && int(When::Wounds) == pb::Trigger::WOUNDS &&
                  int(When::NoDestiny) == pb::Trigger::NO_DESTINY &&
                  int(When::Held) == pb::Trigger::HELD && int(When::Builds) == pb::Trigger::BUILDS &&
                  int(When::FortificationLost) == pb::Trigger::FORTIFICATION_LOST &&
                  int(When::MadeHeretic) == pb::Trigger::MADE_HERETIC &&
                  int(When::EntersPlay) == pb::Trigger::ENTERS_PLAY && int(When::Imprisons) == pb::Trigger::IMPRISONS &&
                  int(When::RemovesCard) == pb::Trigger::REMOVES_CARD && int(When::Lacks) == pb::Trigger::LACKS &&
                  int(When::CardPlayed) == pb::Trigger::CARD_PLAYED && int(When::FullTurn) == pb::Trigger::FULL_TURN &&
                  pb::Trigger::When_MAX == pb::Trigger::FULL_TURN,
              "dt::When (dt/cards.hpp) is not cards.proto's Trigger.When");

bool op_listed(int v) {
  switch (v) {
#define DT_OP(id, proto, number) case number:
#include "dt/vocabulary/ops.def"
#undef DT_OP
      return true;
    default: return false;
  }
}

// Every value of cards.proto's Effect.Op has its dt::Op; throws naming the first that has none.
void ops_listed() {
  static const bool checked = [] {
    const google::protobuf::EnumDescriptor* d = pb::Effect::Op_descriptor();
    for (int i = 0; i < d->value_count(); ++i)
      if (d->value(i)->number() != 0 && !op_listed(d->value(i)->number()))
        throw std::logic_error("cards.proto's Effect." + d->value(i)->name() + " has no line in dt/vocabulary/ops.def");
    return true;
  }();
  (void)checked;
}

// cards.proto TextOff as TextOffBits (effects/modifiers/text_off.hpp).
static uint8_t text_off_bits(const pb::TextOff& t) {
  return uint8_t(textOff | (t.keeps_restrictions() ? textKeepsRestrictions : 0) | (t.to_others_only() ? textToOthersOnly : 0));
}

Effect convert(const pb::Effect& e, const std::string& where) {
  Effect x;
  if (e.op() == pb::Effect::OP_UNSPECIFIED) throw std::runtime_error(where + ": effect without op");
  x.op = Op(int(e.op()));
  x.who = Who(int(e.who()));
  if (e.has_filter()) x.filter = convert(e.filter(), where);
  x.amount = amount(e.amount(), where);
  if (e.has_bonus()) x.bonus = convert(e.bonus(), where);
  x.designation = upper(e.designation());
  x.handler = handler_id(e.handler(), where);
  for (const auto& h : e.if_heads()) x.if_heads.push_back(convert(h, where));
  for (const auto& t : e.if_tails()) x.if_tails.push_back(convert(t, where));
  x.per_victim_v = amount(e.per_victim_v(), where);
  x.if_mutual = e.if_mutual();
  x.tactics = tactics(e.tactic());
  x.per_recent_p = amount(e.per_recent_p(), where);
  x.reveal = e.reveal();
  x.at_least = small(e.at_least(), where);
  x.lasting = e.lasting();
  x.in_user_area = e.in_user_area();
  x.equip_to = e.equip_to() == pb::Effect::ONTO_TARGET ? EquipTo::OntoTarget
               : e.equip_to() == pb::Effect::ONTO_USER ? EquipTo::OntoUser
                                                       : EquipTo::AnyLegalWarrior;
  x.with_attachments = e.with_attachments();
  x.attachments_to_hands = e.attachments_to_hands();
  if (e.has_per_warrior()) x.per_warrior = convert(e.per_warrior(), where);
  x.per_target_v = amount(e.per_target_v(), where);
  x.per_user_v = amount(e.per_user_v(), where);
  x.per_picked_v = amount(e.per_picked_v(), where);
  x.for_target_player = e.for_target_player();
  x.base = e.base();
  if (x.base && !(x.op == Op::LastingBonus && x.lasting) && x.op != Op::CombatBonus)
    throw std::runtime_error(where + ": `base` changes base ratings for good (LASTING_BONUS with lasting) or for a combat "
                                     "(COMBAT_BONUS)");
  if (x.for_target_player && x.op != Op::PutIntoPlay)
    throw std::runtime_error(where + ": for_target_player puts a warrior into play (PUT_INTO_PLAY)");
  x.per_target_d = amount(e.per_target_d(), where);
  x.in_its_area = e.in_its_area();
  x.target_modified_v = e.target_modified_v();
  x.halved = e.halved();
  x.halved_up = e.halved_up();
  x.crew = e.crew();
  if (x.halved && x.halved_up) throw std::runtime_error(where + ": halved and halved_up: one rounding");
  x.again = Effect::Again(int(e.attack_again()));
  x.must = e.must();
  x.warzone_part = uint8_t(e.warzone_part());
  x.strike_with = tactics(e.strike_with());
  for (int k : e.suppress()) x.suppress |= uint8_t(1u << unsigned(std::clamp(k, 0, 7)));
  if (e.has_share()) {
    auto sh = std::make_shared<ShareSpec>();
    for (int st : e.share().stat()) {
      if (st < pb::F || st > pb::A) throw std::runtime_error(where + ": SHARE_RATINGS shares F, S and A only");
      sh->stats.push_back(uint8_t(st - 1));
    }
    sh->points = ShareSpec::Points(int(e.share().points()));
    if (sh->points == ShareSpec::Points::Traded) {
      if (e.share().from() < pb::F || e.share().from() > pb::A)
        throw std::runtime_error(where + ": SHARE_RATINGS TRADED names no rating given up (F, S or A)");
      sh->from = int8_t(e.share().from() - 1);
    }
    sh->rate = small(e.share().rate() ? e.share().rate() : 1, where);
    sh->base = e.share().base();
    sh->for_good = e.share().for_good();
    if (sh->stats.empty()) throw std::runtime_error(where + ": SHARE_RATINGS names no rating to share");
    if (sh->from >= 0 && std::find(sh->stats.begin(), sh->stats.end(), uint8_t(sh->from)) != sh->stats.end())
      throw std::runtime_error(where + ": SHARE_RATINGS TRADED gives up a rating it also shares");
    x.share = std::move(sh);
  } else if (x.op == Op::ShareRatings) {
    throw std::runtime_error(where + ": SHARE_RATINGS without `share`");
  }
  if (e.has_mass_attack()) {
    auto m = std::make_shared<MassAttackSpec>();
    m->attackers = convert(e.mass_attack().attackers(), where);
    if (e.mass_attack().has_defenders()) m->defenders = convert(e.mass_attack().defenders(), where);
    m->separate = e.mass_attack().separate();
    m->optional = e.mass_attack().optional();
    x.mass = std::move(m);
  } else if (x.op == Op::MassAttack) {
    throw std::runtime_error(where + ": MASS_ATTACK without `mass_attack`");
  }
  if (e.has_replace() && e.replace().whom() != pb::Replace::REPLACES_NOTHING) {
    if (x.op != Op::PutIntoPlay) throw std::runtime_error(where + ": `replace` is a PUT_INTO_PLAY's");
    auto r = std::make_shared<ReplaceSpec>();
    r->whom = e.replace().whom() == pb::Replace::REPLACES_USER ? ReplaceSpec::Whom::User : ReplaceSpec::Whom::Target;
    r->annihilated = e.replace().annihilated();
    r->keeps_attachments = e.replace().keeps_attachments();
    x.replace = std::move(r);
  }
  if (e.has_text_off() != (x.op == Op::TextOff))
    throw std::runtime_error(where + ": `text_off` goes with a TEXT_OFF effect, and a TEXT_OFF effect needs one");
  if (e.has_text_off()) x.text_off = text_off_bits(e.text_off());
  if (e.has_convert()) {
    if (x.op != Op::LastingGrant || !x.lasting) throw std::runtime_error(where + ": `convert` is a lasting LASTING_GRANT's");
    auto cv = std::make_shared<ConvertSpec>();
    cv->set = affils(e.convert().affiliation(), where);
    cv->revoke = affils(e.convert().revoke(), where);
    cv->gain = affils(e.convert().gain(), where);
    cv->keywords = keywords_of(e.convert().designation(), &cv->designations, where);
    cv->attachments = ConvertSpec::Attachments(int(e.convert().attachments()));
    cv->minor_gifts = e.convert().minor_gifts();
    x.convert = std::move(cv);
    return x;  // its `designation` may be empty: the conversion says what it grants
  }
  if (x.op == Op::LastingGrant || x.op == Op::LastingRevoke) {
    x.grant = keyword_for_designation(x.designation);
    if (!x.grant) throw std::runtime_error(where + ": LASTING_GRANT/REVOKE names no keyword the rules know: " + x.designation);
  }
  return x;
}

std::vector<Effect> effects(const google::protobuf::RepeatedPtrField<pb::Effect>& r, const std::string& where) {
  std::vector<Effect> out;
  for (const auto& e : r) out.push_back(convert(e, where));
  return out;
}

// A Choice (a play's, or a warrior's as it enters play).
ChoiceSpec convert(const pb::Choice& c, const std::string& where) {
  ChoiceSpec ch;
  ch.from = ChoiceFrom(int(c.from()));
  ch.target_player_chooses = c.target_player_chooses();
  ch.picks = amount(c.picks(), where);
  ch.picks_per_time = amount(c.picks_per_time(), where);
  ch.may_stop = c.may_stop();
  ch.cost_d = amount(c.cost_d(), where);
  ch.on_pick = effects(c.on_pick(), where);
  ch.on_rest = effects(c.on_rest(), where);
  if (c.has_filter()) ch.filter = convert(c.filter(), where);
  for (const auto& a : c.alternative())
    ch.alternatives.push_back({effects(a.effect(), where), amount(a.cost_d(), where), amount(a.cost_p(), where)});
  ch.count = amount(c.count(), where);
  ch.v_times_target = small(c.v_times_target(), where);
  ch.modified_v = c.modified_v();
  ch.repeat_picks = c.repeat_picks();
  ch.target_players = c.target_players();
  ch.keep_order = c.keep_order();
  ch.one_pile = c.one_pile();
  if (c.pick_actions() < 0 || c.pick_actions() > 9) throw std::runtime_error(where + ": pick_actions is 0-9");
  ch.pick_actions = int8_t(c.pick_actions());
  ch.each_player = c.each_player();
  ch.down_to_fewest = c.down_to_fewest();
  if (c.has_pick_v()) ch.pick_v = value_price(c.pick_v(), where);
  ch.in_target_area = c.in_target_area();
  ch.at_most_target_v = c.at_most_target_v();
  ch.one_each = c.one_each();
  if (ch.one_each && ch.filter.any_of.empty())
    throw std::runtime_error(where + ": one_each tells apart the kinds of the filter's any_of");
  ch.same_area = c.same_area();
  if (ch.each_player && ch.from != ChoiceFrom::Alternatives && ch.from != ChoiceFrom::TargetPlayersWarriors)
    throw std::runtime_error(where + ": a choice put to each player offers alternatives or its own warriors only");
  if (ch.down_to_fewest && !(ch.each_player && ch.from == ChoiceFrom::TargetPlayersWarriors))
    throw std::runtime_error(where + ": down_to_fewest counts each player's own warriors (each_player, TARGET_PLAYERS_WARRIORS)");
  if (ch.one_pile && ch.from != ChoiceFrom::YourPiles)
    throw std::runtime_error(where + ": one_pile names one of the piles a YOUR_PILES choice searches");
  for (const auto& ps : c.pile()) {
    PileSource src{Pile(int(ps.pile())), amount(ps.cost_d(), where), small(ps.v_times(), where)};
    for (int t : ps.card_type()) src.card_types |= uint16_t(1u << unsigned(convert(pb::CardType(t), where)));
    ch.piles.push_back(src);
  }
  if (ch.from == ChoiceFrom::YourPiles && ch.piles.empty())
    throw std::runtime_error(where + ": a choice from your piles names none");
  if (ch.from == ChoiceFrom::Alternatives && ch.alternatives.empty())
    throw std::runtime_error(where + ": a choice between alternatives names none");
  return ch;
}

void convert_effects(const pb::Card& c, CardDef& d, const std::string& where) {
  for (const auto& m : c.mod()) d.mods.push_back(convert(m, where));
  if (c.has_play()) {
    const auto& p = c.play();
    PlaySpec ps;
    ps.timing = convert(p.timing());
    if (ps.timing == Timing::None) throw std::runtime_error(where + ": play without timing");
    ps.actions = small(p.actions(), where);
    ps.cost_d = amount(p.cost_d(), where);
    ps.per_d = amount(p.per_d(), where);
    ps.max_times = small(p.max_times(), where);
    ps.target = convert(p.target());
    if (p.has_filter()) ps.filter = convert(p.filter(), where);
    if (p.has_requires_warrior()) ps.requires_warrior = convert(p.requires_warrior(), where);
    if (p.has_requires_card()) ps.requires_card = convert(p.requires_card(), where);
    for (const auto& b : p.barred_by()) ps.barred_by.push_back(convert(b, where));
    ps.min_p = amount(p.min_p(), where);
    ps.effects = effects(p.effect(), where);
    ps.stays = p.stays();
    ps.outside_combat = p.outside_combat();
    ps.turn_start = p.turn_start();
    ps.after = After(int(p.after()));
    ps.skip_top = small(p.skip_top(), where);
    ps.in_tactics = tactics(p.in_tactic());
    ps.pay_opponent_v = p.pay_opponent_v();
    if (p.has_target_v()) ps.target_v = value_price(p.target_v(), where);
    ps.tactical = p.tactical();
    ps.cost_per_target_v = small(p.cost_per_target_v(), where);
    ps.cost_target_base_v = p.cost_target_base_v();
    for (int k : p.weapon_kind()) ps.weapon_kinds |= uint8_t(1u << unsigned(convert(pb::Weapon(k))));
    ps.zero_times = p.zero_times();
    ps.team_game = p.team_game();
    if (p.has_after_kill()) {
      AfterKillSpec ak;
      if (p.after_kill().has_victim()) ak.victim = convert(p.after_kill().victim(), where);
      ak.victim_higher_v = p.after_kill().victim_higher_v();
      ak.in_combat = p.after_kill().in_combat();
      ak.by_your_warrior = p.after_kill().by_your_warrior();
      ps.after_kill = ak;
    }
    if ((ps.target == TargetKind::JustKilled) && !ps.after_kill)
      throw std::runtime_error(where + ": TARGET_JUST_KILLED needs play.after_kill");
    if (p.has_host()) {
      for (int k : p.host().kind()) ps.host_kinds |= uint8_t(1u << unsigned(std::clamp(k, 0, 7)));
      if (p.host().has_filter()) ps.host_filter = convert(p.host().filter(), where);
      ps.host_one_copy = p.host().one_per_host();
    }
    if ((ps.target == TargetKind::Host) != (ps.host_kinds != 0))
      throw std::runtime_error(where + ": TARGET_HOST and play.host go together");
    if (p.has_choice()) {
      ChoiceSpec ch = convert(p.choice(), where);
      if (ch.from == ChoiceFrom::JustKilledCarried && ps.target != TargetKind::JustKilled)
        throw std::runtime_error(where + ": a choice of what the one killed carried needs TARGET_JUST_KILLED");
      ps.choice = std::move(ch);
    }
    d.play = std::move(ps);
  }
  for (const auto& a : c.ability()) {
    Ability ab;
    ab.timing = convert(a.timing());
    if (ab.timing == Timing::None) throw std::runtime_error(where + ": ability without timing");
    ab.actions = small(a.actions(), where);
    ab.cost_d = amount(a.cost_d(), where);
    ab.per_d = amount(a.per_d(), where);
    ab.cost_p = amount(a.cost_p(), where);
    ab.from_discard = a.from_discard();
    ab.uses_per_turn = small(a.uses_per_turn(), where);
    ab.after_first_strike = a.after_first_strike();
    ab.actions_or_tacticals = small(a.actions_or_tacticals(), where);
    ab.any_combat = a.any_combat();
    ab.discard_self = a.discard_self();
    ab.user_wounded = a.user_wounded();
    ab.once_per_combat = a.once_per_combat();
    ab.target_in_user_area = a.target_in_user_area();
    ab.annihilate_self = a.annihilate_self();
    ab.tactics = tactics(a.tactic());
    for (int x : a.user_area()) ab.user_area |= bit(convert(pb::CombatArea(x), where));
    ab.outside_combat = a.outside_combat();
    if (a.has_sacrifice()) ab.sacrifice = convert(a.sacrifice(), where);
    ab.user_open = a.user_open();
    if (a.has_target_v()) ab.target_v = value_price(a.target_v(), where);
    if (a.has_user()) ab.user = convert(a.user(), where);
    if (a.has_user_carries()) {
      ab.carries = upper(a.user_carries().designation());
      ab.carries_count = small(a.user_carries().count(), where);
      if (ab.carries.empty() || ab.carries_count < 1)
        throw std::runtime_error(where + ": user_carries needs a designation and a count of 1 or more");
    }
    ab.markers = small(a.markers(), where);
    if (ab.markers < 0) throw std::runtime_error(where + ": an ability's markers price is 0 or more");
    ab.target = convert(a.target());
    if (a.has_filter()) ab.filter = convert(a.filter(), where);
    ab.effects = effects(a.effect(), where);
    if (a.has_choice()) {
      ab.choice = convert(a.choice(), where);
      if (d.play && d.play->choice) throw std::runtime_error(where + ": a choice on a play and on an ability");
    }
    d.abilities.push_back(std::move(ab));
  }
  for (const auto& t : c.trigger()) {
    Trigger tr;
    tr.when = When(int(t.when()));
    tr.effects = effects(t.effect(), where);
    if (t.has_victim()) tr.victim = convert(t.victim(), where);
    if (t.has_killer()) tr.killer = convert(t.killer(), where);
    tr.victim_last_in_area = t.victim_last_in_area();
    tr.any_killer = t.any_killer();
    tr.victim_marked = t.victim_marked();
    tr.killer_survives = t.killer_survives();
    for (const auto& h : t.hold()) tr.hold.push_back(convert(h, where));
    tr.only_without_d = t.only_without_d();
    tr.or_kills = t.or_kills();
    tr.target_killer = t.target_killer();
    tr.optional = t.optional();
    tr.bearers_player = t.bearers_player();
    tr.owners_turn = t.owners_turn();
    tr.victim_bearer = t.victim_bearer();
    tr.cost_d = amount(t.cost_d(), where);
    tr.cost_p = small(t.cost_p(), where);
    if (tr.cost_d && !tr.optional) throw std::runtime_error(where + ": a trigger's cost_d needs `optional`");
    tr.every_player = t.every_player();
    tr.chosen = small(t.chosen(), where);
    tr.for_owner = t.for_owner();
    tr.by_weapon = t.by_weapon();
    tr.instead = t.instead();
    tr.tactics = tactics(t.tactic());
    if (t.has_pick()) tr.pick = convert(t.pick(), where);
    tr.otherwise = effects(t.otherwise(), where);
    if (t.has_choice()) tr.choice = convert(t.choice(), where);
    tr.by_your_warrior = t.by_your_warrior();
    if (tr.choice && tr.when != When::Kills && tr.when != When::Killed && !(tr.when == When::Wounds && tr.instead))
      throw std::runtime_error(where + ": a trigger's `choice` is for KILLS and KILLED triggers, and WOUNDS ones `instead`");
    if (tr.by_your_warrior && !(tr.when == When::Kills && tr.any_killer))
      throw std::runtime_error(where + ": by_your_warrior is for KILLS triggers with any_killer");
    if ((tr.by_weapon || tr.instead) && tr.when != When::Wounds)
      throw std::runtime_error(where + ": by_weapon and instead are for WOUNDS triggers");
    if (tr.pick && tr.when != When::YourDiscard) throw std::runtime_error(where + ": `pick` is for YOUR_DISCARD triggers");
    for (const Trigger& o : d.triggers)
      if (tr.pick && o.pick && o.when == tr.when) throw std::runtime_error(where + ": two triggers with `pick` at one step");
    if (!tr.otherwise.empty() && !tr.pick) throw std::runtime_error(where + ": a trigger's `otherwise` needs `pick`");
    if (tr.when == When::Lacks && tr.hold.empty()) throw std::runtime_error(where + ": a LACKS trigger lacks nothing");
    if (tr.when == When::Held && tr.hold.empty()) throw std::runtime_error(where + ": a HELD trigger holds nothing");
    d.triggers.push_back(std::move(tr));
  }
  d.on_attach = effects(c.on_attach(), where);
  d.grant_affil = affils(c.grant_affiliation(), where);
  d.revoke_affil = affils(c.revoke_affiliation(), where);
  d.grant_keywords = keywords_of(c.grant_designation(), &d.grant_designations, where);
  for (const auto& r : c.revoke_designation()) {  // keywords only: a designation that is no keyword has nothing to lose
    const uint32_t k = keyword_for_designation(upper(r));
    if (!k) throw std::runtime_error(where + ": revoke_designation \"" + r + "\" is no keyword");
    d.revoke_keywords |= k;
  }
  for (int a : c.casts()) d.casts |= aspect_bit(a);
  for (int a : c.casts_personal()) d.casts_personal |= aspect_bit(a);
  d.aspect = aspect_bit(c.aspect());
  d.spell = SpellKind(int(c.spell()));
  if (d.type == CardType::Art && (d.aspect == 0 || d.spell == SpellKind::None) && d.play)
    throw std::runtime_error(where + ": an Art card with play effects needs an aspect and a spell kind");
  if (c.has_gift()) {
    const auto& g = c.gift();
    d.gift.level = g.level() == pb::Gift::MAJOR ? GiftLevel::Major
                   : g.level() == pb::Gift::MINOR_HERETIC ? GiftLevel::MinorHeretic : GiftLevel::Minor;
    d.gift.apostle = upper(g.apostle());
    if (g.has_only()) d.gift.only = convert(g.only(), where);
  }
  if (c.has_mission()) d.mission_to_player = c.mission().to_player();
  d.doubles = stat_bits(c.doubles());
  for (int w : c.attach_to_weapon()) d.attach_to_weapon |= uint8_t(1u << unsigned(convert(pb::Weapon(w))));
  for (int a : c.attach_to_weapon_of()) d.attach_to_weapon_of |= bit(convert(pb::Affiliation(a), where));
  if (d.attach_to_weapon_of && !d.attach_to_weapon) throw std::runtime_error(where + ": attach_to_weapon_of without attach_to_weapon");
  d.handler = handler_id(c.handler(), where);
  d.hand_limit = small(c.hand_limit(), where);
  d.hand_max = small(c.hand_max(), where);
  if (c.has_hand_bonus()) {
    d.hand_bonus = std::make_shared<const HandBonus>(HandBonus{convert(c.hand_bonus().per(), where), small(c.hand_bonus().max(), where)});
    if (d.hand_bonus->max <= 0) throw std::runtime_error(where + ": hand_bonus needs a max above 0");
  }
  if (c.has_holds()) {
    const auto& h = c.holds();
    HoldSpec x;
    x.capacity = small(h.capacity(), where);
    if (x.capacity <= 0) throw std::runtime_error(where + ": holds needs a capacity above 0");
    if (h.has_filter()) x.filter = convert(h.filter(), where);
    x.leave_free = h.leave_free();
    x.lost = h.lost() == pb::Holds::KILLED ? HoldSpec::Lost::Killed : HoldSpec::Lost::Wounded;
    x.boards_on_build = h.boards_on_build();
    x.swaps = h.swaps();
    d.holds = std::make_shared<const HoldSpec>(std::move(x));
  }
  if (c.has_merge()) {  // merged warriors (engine effects/warriors/merged.hpp)
    const auto& g = c.merge();
    MergeSpec x;
    if (g.has_joiner()) x.joiner = convert(g.joiner(), where);
    x.namesake = g.namesake();
    x.same_area = g.same_area();
    if (g.actions() < 0 || g.actions() > 3) throw std::runtime_error(where + ": merge actions are 0 to 3");
    if (g.capacity() < 0 || g.capacity() == 1) throw std::runtime_error(where + ": a merge capacity is 0 (no limit) or 2 or more");
    x.actions = small(g.actions(), where);
    x.capacity = small(g.capacity(), where);
    x.per_extra = small(g.per_extra(), where);
    x.in_combat_only = g.in_combat_only();
    x.outlasts_card = g.outlasts_card();
    d.merge = std::make_shared<const MergeSpec>(std::move(x));
  }
  if (c.has_several_attacks()) {  // engine actions/several_attacks.hpp
    const auto& g = c.several_attacks();
    if (g.count() < 2 || g.count() > 8) throw std::runtime_error(where + ": several_attacks needs a count of 2 to 8");
    if (g.combined_bonus() < 0 || g.combined_bonus() > 20)
      throw std::runtime_error(where + ": several_attacks' combined_bonus is 0 to 20");
    if (g.count() == 2 && g.combined_bonus())
      throw std::runtime_error(where + ": two attacks named at once are never combined (a combined_bonus needs 3 or more)");
    d.several_attacks = uint8_t(g.count());
    d.combined_attack_bonus = uint8_t(g.combined_bonus());
    d.attacks_different_defenders = g.different_defenders();
    d.attacks_carry_mods = g.carries_mods();
    if (g.tactic() != pb::TACTIC_UNSPECIFIED) d.several_attacks_tactic = int8_t(g.tactic() == pb::FIGHT ? Tactic::Fight : Tactic::Shoot);
  }
  if (c.has_first_encounter()) {  // engine combat/first_encounter.hpp
    const auto t = c.first_encounter().tactic();
    if (t != pb::FIGHT && t != pb::SHOOT) throw std::runtime_error(where + ": first_encounter needs a tactic");
    d.first_encounter = int8_t(t == pb::FIGHT ? Tactic::Fight : Tactic::Shoot);
  }
  d.max_in_play = small(c.max_in_play(), where);
  d.affliction.until_healed = c.affliction().until_healed();
  d.affliction.upkeep_d = small(c.affliction().upkeep_d(), where);
  d.copies_used = int8_t(std::max(1, int(small(c.copies_used(), where))));
  if (c.has_text_off()) {
    if (d.post_play != PostPlay::Attach) throw std::runtime_error(where + ": `text_off` is for a card that stays on a warrior");
    d.text_off = text_off_bits(c.text_off());
  }
  if (c.has_markers()) {
    const auto& m = c.markers();
    d.markers.start = small(m.start(), where);
    d.markers.discard_when_empty = m.discard_when_empty();
    d.markers.spell_fund = m.spell_fund();
    d.markers.buy_d = small(m.buy_d(), where);
    d.markers.cap = small(m.cap(), where);
    d.markers.loads = m.loads();
    d.markers.per_heal = m.per_heal();
    if (d.markers.cap < 0) throw std::runtime_error(where + ": markers: cap is 0 or more");
    if (d.markers.start < 0 || d.markers.buy_d < 0) throw std::runtime_error(where + ": markers: start and buy_d are 0 or more");
  }
  for (const Ability& ab : d.abilities)
    if (ab.markers > 0 && !c.has_markers()) throw std::runtime_error(where + ": an ability paid in markers on a card without `markers`");
  d.equip_actions = int8_t(std::max(1, int(small(c.equip_actions(), where))));
  if (d.equip_actions > 3) throw std::runtime_error(where + ": equip_actions is 1 to 3");
  if (d.equip_actions > 1 && d.type != CardType::Equipment && d.type != CardType::Relic)
    throw std::runtime_error(where + ": equip_actions is for Equipment and Relic cards");
  if (c.vehicle_restricts() < 0 || c.vehicle_restricts() > pb::RESTRICTS_EQUIPMENT)
    throw std::runtime_error(where + ": unknown vehicle_restricts value");
  d.restricts = VehicleRestricts(int(c.vehicle_restricts()));
  if (c.has_warzone()) {
    for (int a : c.warzone().add_to()) d.warzone_in |= bit(convert(pb::CombatArea(a), where));
    if (c.warzone().has_defenders()) d.warzone_defenders = convert(c.warzone().defenders(), where);
  }
  for (const auto& pv : c.privilege()) {
    Privilege x;
    switch (pv.action()) {
      case pb::Privilege::MUSTER: x.action = PrivAction::Muster; break;
      case pb::Privilege::BESTOW_GIFT: x.action = PrivAction::BestowGift; break;
      case pb::Privilege::BESTOW_KI: x.action = PrivAction::BestowKi; break;
      case pb::Privilege::EQUIP: x.action = PrivAction::Equip; break;
      case pb::Privilege::TRANSFER: x.action = PrivAction::Transfer; break;
      default: throw std::runtime_error(where + ": privilege without an action");
    }
    if (pv.has_who()) x.who = convert(pv.who(), where);
    x.any_time = pv.any_time();
    x.no_action = pv.no_action();
    if (pv.has_cards()) x.cards = convert(pv.cards(), where);
    x.any_card = pv.any_card();
    x.free = pv.free();
    x.while_carrying = upper(pv.while_carrying());
    x.repeatable = pv.repeatable();
    x.keeps_limits = pv.keeps_limits();
    x.copies_in_area = pv.copies_in_area();
    x.any_players = pv.any_players();
    if (x.any_players && x.action != PrivAction::Equip)
      throw std::runtime_error(where + ": privilege any_players is for EQUIP");
    if (x.copies_in_area && x.action != PrivAction::Muster)
      throw std::runtime_error(where + ": copies_in_area is a MUSTER privilege's");
    d.privileges.push_back(std::move(x));
  }
  if (c.has_sergeant()) d.sergeant = convert(c.sergeant(), where);
  if (c.has_substitute()) {
    const auto& x = c.substitute();
    Substitute sub;
    sub.tactics = tactics(x.tactic());
    if (x.has_protects()) sub.protects = convert(x.protects(), where);
    sub.assigned = x.assigned();
    sub.assign_same_area = x.assign_same_area();
    if (sub.assign_same_area && !sub.assigned) throw std::runtime_error(where + ": assign_same_area is for an assigned guard");
    sub.reassign_cost_d = int16_t(amount(x.reassign_cost_d(), where));
    sub.wounded_after = x.wounded_after();
    d.substitute = std::make_shared<const Substitute>(std::move(sub));
  }
  if (c.has_sabotage()) {
    const auto& x = c.sabotage();
    SabotageRuleSpec r;
    r.actions = small(x.actions(), where);
    r.despite_warriors = x.despite_warriors();
    r.points = x.points() ? small(x.points(), where) : int8_t(-1);
    r.p_only = x.p_only();
    r.as_attack = x.as_attack();
    if (x.has_defender()) r.defender = convert(x.defender(), where);
    r.defender_v_times = small(x.defender_v_times(), where);
    r.any_affiliation = x.any_affiliation();
    if (x.has_wounds_saboteur()) r.wounds_saboteur = convert(x.wounds_saboteur(), where);
    d.sabotage = std::make_shared<const SabotageRuleSpec>(std::move(r));
  }
  for (const auto& n : c.exclusive_with())
    if (std::string u = upper(n); !u.empty()) d.exclusive_with.push_back(u);
  d.ability_tax_p = small(c.ability_tax_p(), where);
  if (c.has_muster_requires()) d.muster_requires = convert(c.muster_requires(), where);
  for (int a : c.muster_areas()) d.muster_areas |= bit(convert(pb::CombatArea(a), where));
  if (c.has_swap_muster()) {
    const auto& sm = c.swap_muster();
    if (d.type != CardType::Warrior) throw std::runtime_error(where + ": swap_muster is a warrior's");
    if (sm.count() < 1 || sm.count() > 2) throw std::runtime_error(where + ": swap_muster replaces 1 or 2 warriors");
    if (sm.base_v() < 0 || sm.base_v() > 99) throw std::runtime_error(where + ": swap_muster base_v is 0-99");
    SwapMuster x;
    x.replaces = convert(sm.replaces(), where);
    x.count = int8_t(sm.count());
    x.base_v = int8_t(sm.base_v());
    x.only = sm.only();
    d.swap_muster = std::make_shared<const SwapMuster>(std::move(x));
  }
  for (const auto& n : c.displaces())
    if (std::string u = upper(n); !u.empty()) d.displaces.push_back(u);
  d.major_gift_cost_d = amount(c.major_gift_cost_d(), where);
  if (c.has_turn_rules()) {
    const auto& t = c.turn_rules();
    TurnRules r;
    r.every_player = t.every_player();
    r.actions = small(t.actions(), where);
    r.extra_tacticals = small(t.extra_tacticals(), where);
    r.conversions = small(t.conversions(), where);
    if (r.conversions < -1) throw std::runtime_error(where + ": turn_rules conversions below -1");
    if (t.has_by()) r.by = convert(t.by(), where);
    r.bearer_only = t.bearer_only();
    r.conversion_cost_d = amount(t.conversion_cost_d(), where);
    r.tactical_keeps_step = t.tactical_keeps_step();
    r.one_tactical = t.one_tactical();
    r.discards = small(t.discards(), where);
    r.extra_discard_d = small(t.extra_discard_d(), where);
    r.own_actions = small(t.own_actions(), where);
    r.per_prisoner = t.per_prisoner();
    if (r.own_actions < 0) throw std::runtime_error(where + ": turn_rules own_actions below 0");
    d.turn_rules = std::move(r);
  }
  d.one_in_play = c.one_in_play() == pb::ONE_PER_PLAYER ? OneInPlay::PerPlayer
                  : c.one_in_play() == pb::ONE_IN_GAME  ? OneInPlay::InGame
                                                        : OneInPlay::Any;
  for (const auto& i : c.instead()) {
    InsteadSpec x;
    x.reach = i.reach() == pb::Instead::YOUR_CARDS ? InsteadSpec::Reach::YourCards : InsteadSpec::Reach::Host;
    if (i.has_filter()) x.filter = convert(i.filter(), where);
    if (i.has_bearer()) x.bearer = convert(i.bearer(), where);
    x.discarded = i.discarded();
    x.annihilated = i.annihilated();
    x.bearer_killed = i.bearer_killed();
    x.not_own_bearer = i.not_own_bearer();
    x.to = i.to() == pb::Instead::TO_DRAW_PILE    ? InsteadSpec::To::DrawPile
           : i.to() == pb::Instead::TO_HAND       ? InsteadSpec::To::Hand
           : i.to() == pb::Instead::TO_UNDER_THIS ? InsteadSpec::To::UnderThis
           : i.to() == pb::Instead::TO_SAME_PLACE ? InsteadSpec::To::SamePlace
           : i.to() == pb::Instead::TO_AREA_WARRIOR ? InsteadSpec::To::AreaWarrior
                                                  : InsteadSpec::To::Discard;
    x.discard_self = i.discard_self();
    x.any_player = i.any_player();
    x.in_combat = i.in_combat();
    x.bearer_discarded = i.bearer_discarded();
    x.may = i.may();
    x.cost_d = int16_t(amount(i.cost_d(), where));
    x.not_own_use = i.not_own_use();
    x.taken = i.taken();
    if (i.has_yields()) throw std::runtime_error(where + ": instead yields is not built (a card kept under a card is never asked about)");
    if ((x.to == InsteadSpec::To::SamePlace || x.to == InsteadSpec::To::AreaWarrior) && !x.may)
      throw std::runtime_error(where + ": instead TO_SAME_PLACE and TO_AREA_WARRIOR ask their player (may)");
    if ((x.cost_d || x.taken) && !x.may) throw std::runtime_error(where + ": instead cost_d and taken need may");
    if (x.taken && x.to != InsteadSpec::To::SamePlace) throw std::runtime_error(where + ": instead taken needs TO_SAME_PLACE");
    if (x.to == InsteadSpec::To::UnderThis && !c.has_storage())
      throw std::runtime_error(where + ": instead TO_UNDER_THIS needs the card's storage");
    if (!x.discarded && !x.annihilated) throw std::runtime_error(where + ": instead replaces no move (discarded, annihilated)");
    d.instead.push_back(std::move(x));
  }
  if (c.has_protects()) {
    ProtectSpec x;
    x.reach = c.protects().reach() == pb::Protects::ITS_AREA ? ProtectSpec::Reach::Area : ProtectSpec::Reach::Host;
    if (c.protects().has_filter()) x.filter = convert(c.protects().filter(), where);
    x.annihilation = c.protects().annihilation();
    d.protects = std::move(x);
  }
  if (c.has_storage()) {  // cards kept under it (engine actions/storage.hpp)
    const auto& g = c.storage();
    StorageSpec k;
    k.capacity = int8_t(std::clamp(g.capacity(), 0, 60));
    if (g.has_holds()) k.holds = convert(g.holds(), where);
    if (g.has_warrior()) k.warrior = convert(g.warrior(), where);
    if (g.has_recipient()) k.recipient = convert(g.recipient(), where);
    k.face_down = g.face_down();
    auto price = [&](bool has, int32_t v) -> int8_t {
      if (has && (v < 0 || v > 3)) throw std::runtime_error(where + ": a storage price is 0 to 3 actions");
      return has ? int8_t(v) : int8_t(-1);
    };
    k.from_hand = price(g.has_from_hand(), g.from_hand());
    k.from_warrior = price(g.has_from_warrior(), g.from_warrior());
    k.to_warrior = price(g.has_to_warrior(), g.to_warrior());
    k.to_hand = price(g.has_to_hand(), g.to_hand());
    k.discard_any_time = g.discard_any_time();
    k.released = g.released() == pb::Storage::RELEASED_TO_ANNIHILATED ? StorageSpec::Released::Annihilated
                 : g.released() == pb::Storage::RELEASED_AS_SENT     ? StorageSpec::Released::AsSent
                                                                     : StorageSpec::Released::Discard;
    k.back_in_play = g.back_in_play();
    k.any_affiliation = g.any_affiliation();
    k.bearer_casts = g.bearer_casts();
    k.cast_d = amount(g.cast_d(), where);
    if (k.cast_d && !k.bearer_casts) throw std::runtime_error(where + ": storage cast_d needs bearer_casts");
    d.storage = std::move(k);
  }
  if (c.has_answers()) {
    const auto& a = c.answers();
    AnswerSpec x;
    for (int t : a.card_type()) x.card_types |= uint16_t(1u << unsigned(convert(pb::CardType(t), where)));
    x.on_bearer = a.on_bearer();
    x.cost_d = amount(a.cost_d(), where);
    x.discard_self = a.discard_self();
    x.negate = a.negate();
    x.effects = effects(a.effect(), where);
    x.any_player = a.any_player();
    x.to_hand = a.to_hand();
    x.retarget = uint8_t(std::clamp(int(a.retarget()), 0, 2));
    x.or_negate = a.or_negate();
    x.replay = a.replay();
    for (const auto& n : a.not_designation()) x.not_designation.push_back(upper(n));
    for (const auto& n : a.only_designation()) x.only_designation.push_back(upper(n));
    x.attaches = a.attaches();
    x.answers_answers_by_negating = a.answers_answers_by_negating();
    x.own_only = a.own_only();
    x.opponents_only = a.opponents_only();
    x.abilities_used = a.abilities_used();
    x.triggers_fired = a.triggers_fired();
    x.not_played = a.not_played();
    x.not_action = a.not_action();
    x.not_staying = a.not_staying();
    x.annihilate_self = a.annihilate_self();
    x.healthy = a.healthy();
    d.answers = std::make_shared<const AnswerSpec>(std::move(x));
  }
  if (c.has_played_with()) {
    const auto& g = c.played_with();
    PlayedWithSpec r;
    for (const auto& n : g.with()) r.with.push_back(upper(n));
    if (r.with.empty()) throw std::runtime_error(where + ": played_with names no card it goes with");
    r.target = convert(g.target(), where);
    if (g.has_infection_reaches()) r.infection_reaches = convert(g.infection_reaches(), where);
    d.played_with = std::make_shared<const PlayedWithSpec>(std::move(r));
  }
  if (c.has_contagion()) {
    const auto& g = c.contagion();
    ContagionRules r;
    r.loss = convert(g.loss(), where);
    r.catches = convert(g.catches(), where);
    r.spreads_to = convert(g.spreads_to(), where);
    r.tactics = tactics(g.tactic());
    r.removed_for_d = amount(g.removed_for_d(), where);
    d.contagion = std::make_shared<const ContagionRules>(std::move(r));
  }
  if (c.has_virus()) {
    const auto& v = c.virus();
    d.virus.loss = convert(v.loss(), where);
    d.virus.worsens = v.worsens();
    d.virus.spreads_at_once = v.spreads_at_once();
    d.virus.fewer_draws = small(v.fewer_draws(), where);
  }
  if (c.has_economy()) {
    const auto& e = c.economy();
    EconomyRules r;
    r.every_player = e.every_player();
    if (e.has_meditate_d()) r.meditate_d = small(e.meditate_d(), where);
    r.max_d = amount(e.max_d(), where);
    if (e.has_max_draw()) r.max_draw = small(e.max_draw(), where);
    r.d_per_draw = small(e.d_per_draw(), where);
    r.d_per_special = small(e.d_per_special(), where);
    r.d_per_p = small(e.d_per_p(), where);
    r.shields_points = e.shields_points();
    if (e.has_half_muster()) r.half_muster = convert(e.half_muster(), where);
    r.credit_d = amount(e.credit_d(), where);
    r.credit_repay_d = small(e.credit_repay_d(), where);
    for (int a : e.shield_areas()) r.shield_areas |= bit(convert(pb::CombatArea(a), where));
    r.shield_asks = e.shield_asks();
    if ((r.shield_asks || r.shield_areas) && !r.shields_points)
      throw std::runtime_error(where + ": shield_asks and shield_areas qualify shields_points");
    if (r.credit_repay_d && !r.credit_d) throw std::runtime_error(where + ": credit_repay_d prices the credit of credit_d");
    d.economy = r;
  }
  for (const auto& a : c.award_rule()) {
    AwardRule r;
    r.on = a.on() == pb::AwardRule::SABOTAGES ? Earning::Sabotages : a.on() == pb::AwardRule::ANY_EARNING ? Earning::Any : Earning::Kills;
    if (a.has_killer()) r.killer = convert(a.killer(), where);
    if (a.has_victim()) r.victim = convert(a.victim(), where);
    r.by_bearer = a.by_bearer();
    r.killer_in_its_area = a.killer_in_its_area();
    r.killer_defends_here = a.killer_defends_here();
    r.victim_defends_here = a.victim_defends_here();
    r.tactics = tactics(a.tactic());
    r.other_apostle = a.other_apostle();
    r.against_its_player = a.against_its_player();
    r.times = small(a.times(), where);
    r.add = small(a.add(), where);
    r.destiny_only = a.destiny_only();
    r.d_times = small(a.d_times(), where);
    r.may_take_p = a.may_take_p();
    d.award_rules.push_back(std::move(r));
  }
  if (c.has_spell_fund()) {
    d.spell_fund.d = small(c.spell_fund().d(), where);
    d.spell_fund.kind = convert(c.spell_fund().kind(), where);
    if (d.spell_fund.d <= 0) throw std::runtime_error(where + ": spell_fund gives no D");
  }
}

// ---- The vocabulary (dt/vocabulary.hpp): every name a card file uses is registered ----

// What a string field of the card schema names, by message and field.
enum class Names : uint8_t { Other, Designation, EffectDesignation, Apostle, Handler };

Names names_in(const google::protobuf::FieldDescriptor* f) {
  const std::string& msg = f->containing_type()->name();
  const std::string& n = f->name();
  if (n == "handler") return Names::Handler;
  if (n == "apostle" || n == "gift_of") return Names::Apostle;
  if (msg == "Effect" && n == "designation") return Names::EffectDesignation;
  if (n == "designation" || n == "grant_designation" || n == "grant" || n == "not_designation" ||
      n == "is_or_carries" || n == "uses_vehicle" || n == "protected_by" || n == "card_designation" || n == "affects_designation" ||
      n == "exclusive_with" || n == "while_carrying" || n == "displaces")
    return Names::Designation;
  return Names::Other;
}

constexpr std::string_view kApostles[] = {"ALGEROTH", "DEMNOGONIS", "ILIAN", "MUAWIJHE", "SEMAI"};
constexpr std::string_view kCorporations[] = {"BAUHAUS", "CAPITOL", "CYBERTRONIC", "IMPERIAL", "MISHIMA"};

bool one_of(std::string_view v, std::span<const std::string_view> list) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

// The registered names, and the cards' names (a card's name counts as a designation).
class VocabCheck {
 public:
  explicit VocabCheck(std::unordered_set<std::string> card_names) : cards_(std::move(card_names)) {
    for (const VocabEntry& e : vocabulary()) {
      switch (e.kind) {
        case VocabKind::Keyword:
        case VocabKind::Designation:
        case VocabKind::Tag: designations_.emplace(e.text); break;
        case VocabKind::Word: words_.emplace(e.text); break;
        case VocabKind::Family: families_.push_back(&e); break;
        case VocabKind::Handler: break;
      }
    }
  }

  // Why `value` may not stand in a field naming `what` ("" when it may).
  std::string refuse(Names what, const std::string& value) const {
    const std::string u = upper(value);
    switch (what) {
      case Names::Other: return "";
      case Names::Handler:
        return handler_by_name(value) ? "" : "unknown handler \"" + value + "\" (not in dt/vocabulary/handlers.def)";
      case Names::Apostle:
        return u.empty() || one_of(u, kApostles) ? "" : "unknown apostle \"" + value + "\"";
      case Names::EffectDesignation:
        if (words_.contains(u)) return "";
        [[fallthrough]];
      case Names::Designation:
        if (u.empty() || designations_.contains(u) || cards_.contains(u) || in_family(u)) return "";
        return "unknown designation \"" + value + "\" (not in dt/vocabulary/*.def, nor a card's name)";
    }
    return "";
  }

 private:
  bool in_family(const std::string& u) const {
    for (const VocabEntry* e : families_) {
      const std::string_view p = Family{e->text, e->suffix}.param_of(u);
      if (p.empty()) continue;
      switch (e->param) {
        case VocabParam::Apostle: if (one_of(p, kApostles)) return true; break;
        case VocabParam::Corporation: if (one_of(p, kCorporations)) return true; break;
        case VocabParam::Card: if (cards_.contains(std::string(p))) return true; break;
        case VocabParam::Number:
          if (std::all_of(p.begin(), p.end(), [](char c) { return c >= '0' && c <= '9'; })) return true;
          break;
        case VocabParam::None: break;
      }
    }
    return false;
  }

  std::unordered_set<std::string> designations_, words_, cards_;
  std::vector<const VocabEntry*> families_;
};

// Every name in message m (and the messages inside it); throws at the first
// unregistered one, with its line in the file.
void check_names(const google::protobuf::Message& m, const google::protobuf::TextFormat::ParseInfoTree* tree,
                 const VocabCheck& vocab, const std::string& where_file, const std::string& card) {
  namespace gp = google::protobuf;
  const gp::Reflection* r = m.GetReflection();
  std::vector<const gp::FieldDescriptor*> fields;
  r->ListFields(m, &fields);
  for (const gp::FieldDescriptor* f : fields) {
    const int n = f->is_repeated() ? r->FieldSize(m, f) : 1;
    for (int i = 0; i < n; ++i) {
      const int index = f->is_repeated() ? i : -1;
      if (f->cpp_type() == gp::FieldDescriptor::CPPTYPE_MESSAGE) {
        const gp::Message& sub = f->is_repeated() ? r->GetRepeatedMessage(m, f, i) : r->GetMessage(m, f);
        check_names(sub, tree ? tree->GetTreeForNested(f, index) : nullptr, vocab, where_file, card);
      } else if (f->cpp_type() == gp::FieldDescriptor::CPPTYPE_STRING) {
        const Names what = names_in(f);
        if (what == Names::Other) continue;
        const std::string v = f->is_repeated() ? r->GetRepeatedString(m, f, i) : r->GetString(m, f);
        if (const std::string why = vocab.refuse(what, v); !why.empty()) {
          const int line = tree ? tree->GetLocation(f, index).line : -1;
          throw std::runtime_error(where_file + (line >= 0 ? ":" + std::to_string(line + 1) : "") + ": card " + card +
                                   ": " + f->name() + ": " + why);
        }
      }
    }
  }
}

// ---- Two texts (docs/effects.md, "Two texts") ----

// The printed card: the gEngine card with the printed block's `changes`
// replacing whole fields and its `clear` removing them.
pb::Card printed_card(const pb::Card& c, const std::string& where) {
  const pb::Printed& p = c.printed();
  pb::Card out = c;
  out.clear_printed();
  const auto* reflection = out.GetReflection();
  std::vector<const google::protobuf::FieldDescriptor*> fields;
  p.changes().GetReflection()->ListFields(p.changes(), &fields);
  for (const auto* f : fields) {
    if (f->name() == "code" || f->name() == "name" || f->name() == "set" || f->name() == "type" ||
        f->name() == "implemented" || f->name() == "summary" || f->name() == "missing" ||
        f->name() == "printed")
      throw std::runtime_error(where + ": printed.changes may not set " + f->name() +
                               " (the printed block has its own implemented, summary and missing)");
    reflection->ClearField(&out, f);
  }
  out.MergeFrom(p.changes());
  for (const std::string& name : p.clear()) {
    const auto* f = out.GetDescriptor()->FindFieldByName(name);
    if (!f) throw std::runtime_error(where + ": printed.clear names no card field: '" + name + "'");
    if (f->name() == "code" || f->name() == "name" || f->name() == "set" || f->name() == "type")
      throw std::runtime_error(where + ": printed.clear may not clear " + name);
    reflection->ClearField(&out, f);
  }
  return out;
}

std::string one_line(const std::string& text, const std::string& what, const std::string& where) {
  if (text.find('\n') != std::string::npos) throw std::runtime_error(where + ": " + what + " must be one line");
  if (text.size() > 240) throw std::runtime_error(where + ": " + what + " is longer than 240 characters");
  return text;
}

// Both views of one card: [0] gEngine, [1] printed.
std::pair<CardDef, CardDef> convert_both(const pb::Card& c, const std::string& file) {
  const std::string where = file + ": card " + (c.code().empty() ? c.name() : c.code());
  CardDef g = convert(c, file);
  const bool has_printed = c.has_printed();
  const pb::Printed& p = c.printed();
  if (has_printed) {
    if (p.same() && p.implemented())
      throw std::runtime_error(where + ": printed: give same or implemented, not both");
    if (p.same() && (p.has_changes() || p.clear_size() > 0 || !p.summary().empty()))
      throw std::runtime_error(where + ": printed: same means no changes, clear or summary of its own");
    if ((p.same() || p.implemented()) && !p.missing().empty())
      throw std::runtime_error(where + ": printed: a text that is expressed has nothing missing");
  }
  if (c.implemented() && !c.missing().empty())
    throw std::runtime_error(where + ": implemented, yet says something is missing: " + c.missing());
  const bool differ = has_printed && !p.same() && (p.has_changes() || p.clear_size() > 0);
  CardDef pr = differ ? convert(printed_card(c, where), file) : g;

  g.expressed = c.implemented();
  g.missing = c.implemented() ? "" : c.missing().empty() ? "not expressed yet" : one_line(c.missing(), "missing", where);
  g.summary = one_line(c.summary(), "summary", where);
  if (!has_printed) {
    pr.expressed = false;
    pr.missing = "not audited yet";
  } else if (p.same()) {
    pr.expressed = g.expressed;
    pr.missing = g.missing;
  } else {
    pr.expressed = p.implemented();
    pr.missing = p.implemented() ? "" : p.missing().empty() ? "not expressed yet" : one_line(p.missing(), "printed missing", where);
  }
  pr.summary = p.summary().empty() ? g.summary : one_line(p.summary(), "printed summary", where);
  for (CardDef* d : {&g, &pr}) {
    d->ruling = one_line(c.ruling(), "ruling", where);
    d->implemented = g.expressed && pr.expressed;
    d->audit_pending = c.implemented() && !has_printed;
    d->texts_differ = differ;
  }
  return {std::move(g), std::move(pr)};
}

// FNV-1a, 64 bit: stable across platforms and runs.
uint64_t fnv1a(uint64_t h, std::string_view s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace

uint32_t keyword_for_designation(std::string_view designation) { return keyword_bits(upper(designation)); }

namespace {

// FNV-1a over every file's name and text: the card data's version, which
// transcripts record.
std::string text_version(const std::vector<std::pair<std::string, std::string>>& files) {
  uint64_t h = 14695981039346656037ull;
  for (const auto& [file, text] : files) {
    h = fnv1a(h, file);
    h = fnv1a(h, std::string_view("\0", 1));
    h = fnv1a(h, text);
    h = fnv1a(h, std::string_view("\0", 1));
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// Asks the kernel for transparent huge pages (2 MB) within [p, p + bytes): the
// card vectors are written once, whole, at start, and faulting them in 4 KB at
// a time was the largest single cost left in a process's start (2,146 cards of
// 8 KB: 4,300 faults). Only whole 2 MB blocks inside the range are advised, so
// no memory is added; where THP is off (or not Linux) this does nothing.
void advise_huge_pages([[maybe_unused]] const void* p, [[maybe_unused]] size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr uintptr_t kHuge = uintptr_t(2) << 20;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kHuge - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

struct ParsedFile {
  std::string file;
  pb::CardSet set;
  google::protobuf::TextFormat::ParseInfoTree where;  // empty for binary files
};

// The cards of every file, both texts, in order; with vocab, every name a card
// uses is checked first (text files: with its line).
CardDb build_db(const std::vector<std::unique_ptr<ParsedFile>>& parsed, const VocabCheck* vocab,
                const std::string& version) {
  ops_listed();
  // Room for every card at once: a CardDef is 8 KB and page-aligned, so each
  // doubling of the vectors mapped, faulted in, moved and unmapped megabytes,
  // a third of a process's start (docs/performance.md, "Start-up").
  size_t cards = 0;
  for (const auto& pf : parsed) cards += size_t(pf->set.card_size());
  std::vector<CardDef> defs, printed;
  defs.reserve(cards);
  printed.reserve(cards);
  advise_huge_pages(defs.data(), cards * sizeof(CardDef));
  advise_huge_pages(printed.data(), cards * sizeof(CardDef));
  std::unordered_set<std::string> codes;
  codes.reserve(cards);
  for (const auto& pf : parsed) {
    const pb::CardSet& set = pf->set;
    const auto* card_field = vocab ? set.GetDescriptor()->FindFieldByName("card") : nullptr;
    for (int i = 0; i < set.card_size(); ++i) {
      const pb::Card& c = set.card(i);
      if (vocab)
        check_names(c, pf->where.GetTreeForNested(card_field, i), *vocab, pf->file, c.code().empty() ? c.name() : c.code());
      auto [d, p] = convert_both(c, pf->file);
      if (d.set.empty()) d.set = p.set = set.set();
      if (!codes.insert(d.code).second)
        throw std::runtime_error(pf->file + ": duplicate card code " + d.code);
      defs.push_back(std::move(d));
      printed.push_back(std::move(p));
    }
  }
  CardDb db(std::move(defs));
  auto view = std::make_shared<CardDb>(std::move(printed));
  view->set_text(CardText::Printed);
  db.version = view->version = version;
  db.set_printed(std::move(view));
  return db;
}

std::vector<std::unique_ptr<ParsedFile>> parse_text(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<std::unique_ptr<ParsedFile>> parsed;
  for (const auto& [file, text] : files) {
    auto p = std::make_unique<ParsedFile>();
    p->file = file;
    google::protobuf::TextFormat::Parser parser;
    Collector errors(file);
    parser.RecordErrorsTo(&errors);
    parser.WriteLocationsTo(&p->where);
    if (!parser.ParseFromString(text, &p->set)) {
      throw std::runtime_error(errors.first().empty() ? file + ": parse error" : errors.first());
    }
    parsed.push_back(std::move(p));
  }
  return parsed;
}

}  // namespace

namespace {

// Text files' cards with every check: each name a card uses is checked
// against every card's name and reported with its line.
CardDb checked_db(const std::vector<std::unique_ptr<ParsedFile>>& parsed,
                  const std::vector<std::pair<std::string, std::string>>& files) {
  std::unordered_set<std::string> names;
  for (const auto& p : parsed)
    for (const auto& c : p->set.card()) names.insert(upper(c.name()));
  const VocabCheck vocab(std::move(names));
  return build_db(parsed, &vocab, text_version(files));
}

}  // namespace

CardDb load_card_text(const std::vector<std::pair<std::string, std::string>>& files) {
  return checked_db(parse_text(files), files);
}

CompiledCards compile_card_text(const std::vector<std::pair<std::string, std::string>>& files) {
  const auto parsed = parse_text(files);
  CompiledCards out;
  out.version = checked_db(parsed, files).version;  // every check a text file gets
  for (const auto& p : parsed) {
    std::string bytes;
    if (!p->set.SerializeToString(&bytes)) throw std::runtime_error(p->file + ": the cards could not be serialized");
    out.files.emplace_back(p->file, std::move(bytes));
  }
  return out;
}

CardDb load_compiled_cards(const std::vector<std::pair<std::string, std::string_view>>& files,
                           const std::string& version) {
  std::vector<std::unique_ptr<ParsedFile>> parsed;
  for (const auto& [file, bytes] : files) {
    auto p = std::make_unique<ParsedFile>();
    p->file = file;
    if (!p->set.ParseFromArray(bytes.data(), int(bytes.size())))
      throw std::runtime_error(file + ": the compiled cards could not be read");
    parsed.push_back(std::move(p));
  }
  return build_db(parsed, nullptr, version);
}

namespace {

void flatten(const google::protobuf::Message& m, const std::string& prefix,
             std::vector<std::pair<std::string, std::string>>& out) {
  using google::protobuf::FieldDescriptor;
  const auto* r = m.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  r->ListFields(m, &fields);
  for (const FieldDescriptor* f : fields) {
    const std::string path = prefix.empty() ? std::string(f->name()) : prefix + "." + std::string(f->name());
    const int n = f->is_repeated() ? r->FieldSize(m, f) : 1;
    for (int i = 0; i < n; ++i) {
      const bool rep = f->is_repeated();
      switch (f->cpp_type()) {
        case FieldDescriptor::CPPTYPE_MESSAGE:
          flatten(rep ? r->GetRepeatedMessage(m, f, i) : r->GetMessage(m, f), path, out);
          break;
        case FieldDescriptor::CPPTYPE_INT32:
          out.emplace_back(path, std::to_string(rep ? r->GetRepeatedInt32(m, f, i) : r->GetInt32(m, f)));
          break;
        case FieldDescriptor::CPPTYPE_BOOL:
          out.emplace_back(path, (rep ? r->GetRepeatedBool(m, f, i) : r->GetBool(m, f)) ? "true" : "false");
          break;
        case FieldDescriptor::CPPTYPE_ENUM:
          out.emplace_back(path, std::string((rep ? r->GetRepeatedEnum(m, f, i) : r->GetEnum(m, f))->name()));
          break;
        case FieldDescriptor::CPPTYPE_STRING:
          out.emplace_back(path, rep ? r->GetRepeatedString(m, f, i) : r->GetString(m, f));
          break;
        default:  // the card schema has no other kinds; a new one shows up here as its path alone
          out.emplace_back(path, "");
          break;
      }
    }
  }
}

}  // namespace

std::vector<CardFieldList> card_fields(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<CardFieldList> out;
  for (const auto& [file, text] : files) {
    pb::CardSet set;
    google::protobuf::TextFormat::Parser parser;
    Collector errors(file);
    parser.RecordErrorsTo(&errors);
    if (!parser.ParseFromString(text, &set))
      throw std::runtime_error(errors.first().empty() ? file + ": parse error" : errors.first());
    for (const auto& c : set.card()) {
      const std::string where = file + ": card " + (c.code().empty() ? c.name() : c.code());
      CardFieldList l;
      l.code = c.code();
      pb::Card g = c;
      g.clear_printed();
      flatten(g, "", l.fields[0]);
      const pb::Printed& p = c.printed();
      const bool differ = c.has_printed() && !p.same() && (p.has_changes() || p.clear_size() > 0);
      if (differ) flatten(printed_card(c, where), "", l.fields[1]);
      else l.fields[1] = l.fields[0];
      out.push_back(std::move(l));
    }
  }
  return out;
}

}  // namespace dt
