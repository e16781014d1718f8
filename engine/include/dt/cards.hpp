// Card definitions as the rules engine sees them: plain facts plus the plain
// effects the engine core understands. Loaded from the protobuf text files in
// cards/ by the dt_cards library (engine/cards/); the engine itself never parses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dt {

enum class CardType : uint8_t {
  Warrior, Equipment, Special, Fortification, Art, Symmetry, Mission, Relic,
  Warzone, Ki, Beast, Alliance
};

enum class Affil : uint8_t {
  General, Bauhaus, Capitol, Cybertronic, Imperial, Mishima, Brotherhood,
  Legion, Crescentia, Lutheran, Rasputin, Templars
};
using AffilMask = uint16_t;
constexpr AffilMask bit(Affil a) { return AffilMask(1u << unsigned(a)); }
constexpr AffilMask kCorporations = bit(Affil::Bauhaus) | bit(Affil::Capitol) |
                                    bit(Affil::Cybertronic) | bit(Affil::Imperial) |
                                    bit(Affil::Mishima);
constexpr AffilMask kTribes = bit(Affil::Crescentia) | bit(Affil::Lutheran) |
                              bit(Affil::Rasputin) | bit(Affil::Templars);

enum class PostPlay : uint8_t { None, Attach, Discard, Annihilate };
enum class Tactic : uint8_t { Fight, Shoot };
enum class WeaponKind : uint8_t { None, Fight, Shoot, FightShoot, Special };
enum class Area : uint8_t { Squad, Kohort, Outpost };
using AreaMask = uint8_t;
constexpr AreaMask bit(Area a) { return AreaMask(1u << unsigned(a)); }

// Designations the core rules act on. Others stay as free strings in
// CardDef::designations (FOLLOWER OF ALGEROTH, BLOOD BERET, ...).
enum Keyword : uint32_t {
  kwPersonality = 1u << 0,
  kwSlayer = 1u << 1,
  kwFirstStrikeFight = 1u << 2,  // FIRST STRIKE during Fight combats
  kwFirstStrikeShoot = 1u << 3,  // FIRST STRIKE during Shoot combats
  kwAssassin = 1u << 4,
  kwNoncombatant = 1u << 5,
  kwMortificator = 1u << 6,
  kwFreelancer = 1u << 7,
  kwHeretic = 1u << 8,
  kwBlessed = 1u << 9,
  kwProfane = 1u << 10,
  kwArtImmunity = 1u << 11,
  kwMinorSymmetryImmunity = 1u << 12,
  kwCompleteSymmetryImmunity = 1u << 13,
  kwArmor = 1u << 14,    // equipment: ARMOR (one per warrior)
  kwVehicle = 1u << 15,
  kwAirship = 1u << 16,
  kwDoomtrooper = 1u << 17,  // General-affiliation warrior that works with the Doomtroopers
};
constexpr uint32_t kwFirstStrike = kwFirstStrikeFight | kwFirstStrikeShoot;

struct StatBonus {
  int8_t f = 0, s = 0, a = 0, v = 0;
  bool empty() const { return f == 0 && s == 0 && a == 0 && v == 0; }
};

// Who may receive a card (GIVE TO ...). Empty masks mean "any".
struct GiveTo {
  AffilMask affil = 0;        // warrior must have one of these affiliations
  bool doomtrooper = false;   // warrior must be a Doomtrooper
  bool legion = false;        // warrior must be Dark Legion
};

// A fortification's flat bonus: to the builder's warriors that match.
struct FortEffect {
  AreaMask build_in = 0;          // where it may be built
  bool whole_force = false;       // all your matching warriors (cities), else only same area
  AffilMask affects_affil = 0;    // 0: any affiliation
  std::string affects_designation;  // "" : any; e.g. "FOLLOWER OF ALGEROTH"
  StatBonus bonus;
};

struct CardDef {
  std::string code;  // DoomtrooperDB code, e.g. "01273"
  std::string name;  // e.g. "SEA LION"
  std::string set;   // expansion code: unl, inq, wz, mort, gol, apo, pl, promo
  CardType type = CardType::Special;
  AffilMask affil = 0;
  // Combat ratings (warriors; modifiers for beasts/warzones). nullopt = "–"
  // (the warrior cannot take part in that kind of combat).
  std::optional<int8_t> f, s;
  int8_t a = 0, v = 0;
  uint8_t deck_limit = 5;
  PostPlay post_play = PostPlay::None;
  uint32_t keywords = 0;
  std::vector<std::string> designations;
  bool implemented = false;

  // Plain effects (engine core).
  WeaponKind weapon = WeaponKind::None;
  StatBonus bonus;          // equipment: to the bearer; combat special: to the target
  GiveTo give_to;
  std::optional<FortEffect> fort;
  bool combat_modifier = false;  // special: PLAY ON ANY WARRIOR DURING COMBAT, bonus for this combat

  bool has(uint32_t kw) const { return (keywords & kw) != 0; }
  bool has_designation(std::string_view d) const;
};

class CardDb {
 public:
  CardDb() = default;
  explicit CardDb(std::vector<CardDef> defs);
  const CardDef& operator[](uint16_t i) const { return defs_[i]; }
  size_t size() const { return defs_.size(); }
  const std::vector<CardDef>& all() const { return defs_; }
  std::optional<uint16_t> by_code(std::string_view code) const;
  std::optional<uint16_t> by_name(std::string_view name) const;  // case-insensitive
  // Name or code; nullopt if unknown.
  std::optional<uint16_t> find(std::string_view name_or_code) const;
  std::string version;  // content hash of the loaded card files

 private:
  std::vector<CardDef> defs_;
};

std::string_view to_string(CardType);
std::string_view to_string(Affil);
std::string_view to_string(Area);
std::string_view to_string(Tactic);

}  // namespace dt
