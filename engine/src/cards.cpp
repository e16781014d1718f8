// CardDb lookups and card-related names. No parsing here: dt_cards turns the
// card files into CardDefs; the engine only looks them up.
#include "dt/cards.hpp"
#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "effects/effects.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace dt {
namespace {

char upper(char c) { return char(std::toupper(static_cast<unsigned char>(c))); }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (upper(a[i]) != upper(b[i])) return false;
  return true;
}

// The C locale's white space, inline: has_designation trims on every rules query.
bool space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// ASCII case folding, inline: designations are compared on every rules query
// and libc's locale-aware toupper showed in profiles.
inline char fold(char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; }

inline bool iequals_ascii(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i] && fold(a[i]) != fold(b[i])) return false;
  return true;
}

}  // namespace

bool CardDef::has_designation_text(std::string_view d) const {
  if (!d.empty() && (space(d.front()) || space(d.back()))) d = trim(d);
  if (iequals_ascii(d, name)) return true;  // a card's name is one of its designations
  for (const auto& x : designations)
    if (iequals_ascii(d, x)) return true;
  return false;
}

// Does any effect of d, however nested (a play, its choice, an ability, a trigger, a coin's sides), do op?
static bool uses_op(const std::vector<Effect>& es, Op op) {
  for (const Effect& e : es)
    if (e.op == op || uses_op(e.if_heads, op) || uses_op(e.if_tails, op)) return true;
  return false;
}
static bool uses_op(const std::optional<ChoiceSpec>& c, Op op) {
  if (!c) return false;
  if (uses_op(c->on_pick, op) || uses_op(c->on_rest, op)) return true;
  for (const Alternative& a : c->alternatives)
    if (uses_op(a.effects, op)) return true;
  return false;
}
// TOTAL ECLIPSE: a card turning warriors face down, whose texts are then off (effects/modifiers/text_off.hpp).
static bool shuts_down_warriors(const CardDef& d) {
  if (!d.play) return false;
  for (const Effect& e : d.play->effects)
    if (e.op == Op::ShutDown && (e.filter.card_types & (1u << unsigned(CardType::Warrior)))) return true;
  return false;
}
static bool uses_op(const CardDef& d, Op op) {
  if (d.play && (uses_op(d.play->effects, op) || uses_op(d.play->choice, op))) return true;
  for (const Ability& a : d.abilities)
    if (uses_op(a.effects, op) || uses_op(a.choice, op)) return true;
  for (const Trigger& t : d.triggers)
    if (uses_op(t.effects, op) || uses_op(t.otherwise, op)) return true;
  return false;
}

// Does a LASTING_GRANT of d convert a warrior for good (Effect.convert)?
static bool converts(const std::vector<Effect>& fx) {
  for (const Effect& e : fx)
    if (e.convert) return true;
  return false;
}
static bool converts(const std::optional<ChoiceSpec>& c) {
  if (!c) return false;
  if (converts(c->on_pick) || converts(c->on_rest)) return true;
  for (const Alternative& a : c->alternatives)
    if (converts(a.effects)) return true;
  return false;
}
static bool converts(const CardDef& d) {
  if (d.play && (converts(d.play->effects) || converts(d.play->choice))) return true;
  for (const Ability& a : d.abilities)
    if (converts(a.effects) || converts(a.choice)) return true;
  for (const Trigger& t : d.triggers)
    if (converts(t.effects) || converts(t.otherwise)) return true;
  return false;
}

// Does an ability of d target the warrior its warrior just fought (TARGET_FOUGHT_OPPONENT)?
static bool targets_fought_opponent(const CardDef& d) {
  for (const Ability& a : d.abilities)
    if (a.target == TargetKind::FoughtOpponent) return true;
  return false;
}

// What CardDb works out from a card's texts (its designation filters, rule families, modifier wants).
static void index_def(CardDef& d) {
  {  // the designation filters (cards.hpp)
    d.designation_bits = designation_bit(d.name);
    for (const auto& x : d.designations) d.designation_bits |= designation_bit(x);
    d.grant_bits = 0;
    for (const auto& x : d.grant_designations) d.grant_bits |= designation_bit(x);
    // Every modifier's grants (BLESSED BY APOSTLE: its warrior's by a chosen alternative; PERIMETER ALARM: its
    // area's defenders'), so State::granted_designations says whether a game's cards grant a designation at all.
    for (const StaticMod& m : d.mods)
      for (const auto& x : m.grant_designations) d.grant_bits |= designation_bit(x);
    d.families = 0;
    d.families2 = 0;
    if (d.contagion) d.families2 |= fam2Contagion;
    if (d.played_with) d.families2 |= fam2PlayedWith;
    if (d.storage && d.storage->bearer_casts) d.families2 |= fam2StoredCasts;
    if (d.merge) d.families2 |= fam2Merged;  // merged warriors (effects/warriors/merged.hpp)
    if (d.has_designation(desig::DiscardedWithWhatMakesItsWarriorAHeretic)) d.families2 |= fam2HereticMakers;
    // HERETIC taken away while attached, or for good by LASTING_REVOKE (TOUCHED BY THE LIGHT, UNDYING LOYALTY).
    if ((d.revoke_keywords & kwHeretic) || uses_op(d, Op::LastingRevoke)) d.families2 |= fam2HereticRevoked;
    if (d.turn_rules) d.families |= famTurnRules;
    if (d.economy) d.families |= famEconomy;
    if (!d.award_rules.empty()) d.families |= famAwards;
    if (d.play && d.play->after_kill) d.families |= famAfterKill;
    if (d.answers && d.type != CardType::Special) d.families |= famAnswers;  // answers from play, not from hand
    if (d.answers && (d.answers->abilities_used || d.answers->triggers_fired)) d.families2 |= fam2AnswersEffects;
    if (!d.instead.empty()) d.families |= famInstead;
    for (const InsteadSpec& x : d.instead)
      if (x.may) d.families |= famInsteadAsked;
    if (d.play && d.play->target == TargetKind::JustDiscarded) d.families |= famJustDiscarded;
    if (d.sabotage) d.families |= famSabotageRules;
    if (d.storage) d.families |= famStorage;
    if (d.holds) d.families |= famCarriers;
    // TRUCE, TROOP TRANSFER, ARMS CONVOY: a team-game card's rules (effects/economy/team_rules.hpp)
    if ((d.play && d.play->team_game) || d.has_designation(desig::MovesWarriorsBetweenTeamMates) ||
        d.has_designation(desig::MovesEquipmentBetweenTeamMates))
      d.families |= famTeamRules;
    for (const StaticMod& m : d.mods)
      if (m.aimed_actions) d.families |= famAimed;
    for (const StaticMod& m : d.mods)
      if (m.after_combat) d.families |= famFates;
    for (const StaticMod& m : d.mods)
      if (m.cover_attack) d.families |= famCoverAttack;
    if (d.substitute) d.families |= famSubstitute;
    if (uses_op(d, Op::StrikeIntoCombat)) d.families |= famIntervene;
    for (const Ability& ab : d.abilities)  // YORAMA'S DEFLECTING HANDS (combat/begins.hpp)
      if (ab.timing == Timing::CombatBegins && ab.choice) d.families2 |= fam2OwnBegins;
    if (d.attacks_carry_mods) d.families2 |= fam2CarriedMods;     // AG-17 PANZERKNACKER (actions/second_attack.hpp)
    if (d.several_attacks > 2) d.families2 |= fam2SeveralAttacks;  // GRINDER (actions/several_attacks.hpp)
    if (d.several_attacks == 2) d.families2 |= fam2TwoAttacks;     // NIMROD AUTOCANNON, AQUABEAST (actions/attack.cpp)
    {  // WEAPONS EXPERT: its own designation, or one it gives its warrior (actions/two_weapons.hpp)
      constexpr DesigKey k(desig::UsesTwoWeaponsAsTwoActions);
      if (d.has_designation(k) || std::find(d.grant_designations.begin(), d.grant_designations.end(), k.text) !=
                                      d.grant_designations.end())
        d.families2 |= fam2TwoWeapons;
      for (const StaticMod& m : d.mods)
        for (const auto& g : m.grant_designations)
          if (g == k.text) d.families2 |= fam2TwoWeapons;
    }
    if (d.first_encounter >= 0) d.families2 |= fam2FirstEncounter;  // RAZOR WIRE FENCE (combat/first_encounter.hpp)
    for (const Ability& ab : d.abilities)  // PANIC BUTTON (combat/groups.hpp)
      for (const Effect& e : ab.effects)
        if (e.op == Op::Handler && e.handler == HandlerId::assist_whole) d.families2 |= fam2WholeAssist | fam2BorrowedText;
    // PLAGIARIZE, THE FIRST AMENDMENT: warriors with another card's abilities (effects/lasting/borrowed.hpp).
    for (const std::optional<ChoiceSpec>* c : {&d.enter_choice, d.play ? &d.play->choice : nullptr})
      if (c && *c)
        for (const Effect& e : (*c)->on_pick)
          if (e.op == Op::Handler && e.handler == HandlerId::borrow_text) d.families2 |= fam2BorrowedText;
    if (d.has_designation(desig::WarriorsHaveTheAbilitiesOfWhatTheyAreConsidered))
      d.families2 |= fam2BorrowedText | fam2ConsideredAbilities;
    const bool manipulates = d.play && std::any_of(d.play->effects.begin(), d.play->effects.end(), [](const Effect& e) {
      return e.op == Op::Handler && e.handler == HandlerId::manipulate;  // GREATER MANIPULATION lends a warrior
    });
    if (uses_op(d, Op::TakeControl) || manipulates) d.families |= famTakeControl;
    if (converts(d)) d.families |= famConverted;
    if (d.has_designation(desig::NeverGainsAnAffiliation) || d.has_designation(desig::NeverADoomtrooper) ||
        d.has_designation(desig::NotADoomtrooper))
      d.families |= famNoAffiliation;
    // Issue 30: warriors set aside, moved between Squad and Kohort, Tribal warriors let into them, defenders named
    // by another player (actions/muster.cpp, actions/transfer.cpp, effects/attacks/telepathy.cpp).
    if (d.has_designation(desig::SetAside) || d.has_designation(desig::AttacksAndAttackedByAnyWarrior))
      d.families |= famSetAside;
    const bool opens_sides = d.play && std::any_of(d.play->effects.begin(), d.play->effects.end(), [](const Effect& e) {
      return e.op == Op::Handler && e.handler == HandlerId::open_side_transfers;
    });
    if (d.has_designation(desig::MovesBetweenSquadAndKohort) || opens_sides)
      d.families |= famSideMoves;
    if (d.has_designation(desig::NamesItsBearersDefender)) d.families |= famDefenderNamed;
    if (d.has_designation(desig::AffectedOnlyByItsAttackersCards) || d.has_designation(desig::NeverAttackedInFight))
      d.families |= famWideImmunity;
    for (const std::string& g : d.grant_designations)
      if (g == desig::ImmuneToSpecials.text) d.families |= famWideImmunity;  // ETERNAL CURSE
    for (const StaticMod& m : d.mods)  // ASSAULT ENGINEER: IMMUNE TO MINEFIELD given to warriors
      for (const std::string& g : m.grant_designations)
        if (!family::ImmuneTo.param_of(g).empty()) d.families |= famWideImmunity;
    if (d.protects) d.families |= famProtects;
    for (const StaticMod& m : d.mods)
      if (m.scope == Scope::ItsPlayer) d.families |= famPlayerImmunity;
    for (const Trigger& t : d.triggers)
      if (t.when == When::Wounds) d.families |= famWoundTriggers;
    for (const Trigger& t : d.triggers)
      if (t.when == When::EntersPlay || t.when == When::Imprisons || t.when == When::RemovesCard || t.when == When::Lacks)
        d.families |= famMissionEvents;
    for (const StaticMod& m : d.mods)
      if (m.spell_price) d.families |= famSpellPrice;
    if (d.has_designation(desig::NoHereticsInPlay)) d.families |= famNoHeretics;
    if (d.has_designation(desig::NoSeekCover) || d.has_designation(desig::NoEquipmentPlayed) ||
        d.has_designation(desig::NoEquipmentOnAreas))
      d.families |= famGlobalBans;
    for (const Trigger& t : d.triggers)
      if (t.when == When::CardPlayed) d.families |= famCardPlayed;
    for (const Trigger& t : d.triggers) {
      if (t.when == When::FullTurn) d.families |= famFullTurn;
      for (const Effect& e : t.effects)
        if (e.base) d.families |= famBaseGains;
    }
    if (d.swap_muster && d.swap_muster->base_v) d.families |= famBaseGains;
    for (const Ability& ab : d.abilities)  // OUR WILL IS BEYOND MEASURE: base ratings for a combat
      for (const Effect& e : ab.effects)
        if (e.base) d.families |= famBaseGains;
    if (d.has_designation(desig::PlayedOnAWarriorJustPaidFor)) d.families |= famPaidFor;
    // IMPALE, NOBLE BEAST, TARGETING INSTALLATION (effects/warriors/held.hpp)
    auto any_handler = [&](HandlerId h) {
      if (d.play && detail::has_handler(d.play->effects, h)) return true;
      return std::any_of(d.abilities.begin(), d.abilities.end(), [&](const Ability& ab) { return detail::has_handler(ab.effects, h); });
    };
    if (any_handler(HandlerId::hold_struck_warrior) || any_handler(HandlerId::attachment_takes_wound)) d.families |= famHeldWarriors;
    if (any_handler(HandlerId::mark_for_kill)) d.families |= famMarkedForKill;
    // Issue 32: D kept apart, credit, shields asked (effects/economy/ledger.hpp); cards shut down, auctions, answers
    // to a side reaching the target (effects/lasting/shutdown.hpp, effects/choices/auction.hpp, turn/victory.hpp).
    if (uses_op(d, Op::KeepApartD) || (d.economy && (d.economy->credit_d > 0 || d.economy->shield_asks)))
      d.families |= famKeptD;
    if (uses_op(d, Op::ShutDown) || d.has_designation(desig::SoldAtAuction) ||
        d.has_designation(desig::PlayedAsAPlayerReachesTheTarget) || d.has_designation(desig::PlayedOnceAGame))
      d.families |= famTurnedDown;
    if (d.has_designation(desig::SoldAtAuction)) d.families |= famBaseGains;  // its price its base V
    // AMNESIA, MORAL DECAY, OUR ENEMY'S WEAKNESS IS EXPOSED (effects/modifiers/text_off.hpp)
    if (d.text_off || uses_op(d, Op::TextOff) || d.has_designation(desig::OpponentsItsPlayerAttacksGainNoPlusModifiers) ||
        shuts_down_warriors(d))
      d.families |= famTextOff;
    if (d.has_designation(desig::PlayedOnAWarriorJustTransferred)) d.families |= famJustTransferred;  // NAVIGATIONAL ERROR
    // OH YEAH?!: famTurnedDown too, whose plays.cpp test of rare plays it shares
    if (d.has_designation(desig::AnswersAPileSearch)) d.families |= famPileSearchAnswer | famTurnedDown;
    if (d.play && d.play->choice)  // JOKER! (effects/lasting/copies.hpp)
      for (const Effect& e : d.play->choice->on_pick)
      {
        if (e.op == Op::Handler && e.handler == HandlerId::become_copy) d.families |= famCopies;
        // DOUBLE DUTY (effects/lasting/twins.hpp): a copy too, its own card again out of play
        if (e.op == Op::Handler && e.handler == HandlerId::stand_as_twin) d.families |= famCopies, d.families2 |= fam2Twins;
      }
    if (d.has_designation(desig::RestoresHomeCorporation)) d.families2 |= fam2Memberships;
    for (const Trigger& t : d.triggers)
      if (t.when == When::NoDestiny) d.families2 |= fam2NoDestiny;
    // EXCRUTIATING POWER FLOW (effects/modifiers/doubling.hpp): a card's effects doubled, picked or targeted.
    const bool doubles = any_handler(HandlerId::double_effects) ||
                         (d.play && d.play->choice && detail::has_handler(d.play->choice->on_pick, HandlerId::double_effects));
    if (doubles) d.families2 |= fam2DoubledEffects;
    // AURA OF MYSTICAL RESISTANCE: immunities that cover a warrior's attachments (effects/filters/immunity.cpp).
    constexpr std::string_view kCovers = desig::ItsImmunitiesCoverItsAttachments.text;
    if (d.has_designation(desig::ItsImmunitiesCoverItsAttachments) ||
        std::find(d.grant_designations.begin(), d.grant_designations.end(), kCovers) != d.grant_designations.end())
      d.families2 |= fam2CoveredAttachments;
    for (const StaticMod& m : d.mods)
      if (std::find(m.grant_designations.begin(), m.grant_designations.end(), kCovers) != m.grant_designations.end())
        d.families2 |= fam2CoveredAttachments;
    for (const StaticMod& m : d.mods)  // gEngine CARTEL ENFORCEMENT (combat/announce.cpp)
      for (const std::string& x : m.grant_designations)
        if (x == desig::AttacksNoOneWhoWouldWoundIt.text) d.families |= famStatAttackBan;
    if ((d.turn_rules && d.turn_rules->own_actions > 0) || uses_op(d, Op::OwnActions)) d.families |= famOwnActions;
    for (const std::string& x : d.grant_designations)
      if (x == desig::NoAttachmentsCostingActions.text) d.families |= famAttachBans;  // DON'T CALL AGAIN!
    for (const Privilege& p : d.privileges)
      if (p.any_players) d.families |= famEquipsOthers;  // VAC ENGINEER
    if (d.hand_max > 0 || d.hand_bonus || d.has_designation(desig::NoDiscardsInTheDiscardStep)) d.families |= famCardPlayed;
    if (uses_op(d, Op::Afflict)) d.families |= famAfflictions;
    if (d.markers.per_heal) d.families |= famHealCounter;
    for (const Trigger& t : d.triggers)
      if (t.by_weapon || t.instead) d.families |= famAfflictions;
    for (const std::string& x : d.grant_designations)
      if (x == desig::NoCardLoweringItsRatings.text) d.families |= famRatingShield;  // GOOD LUCK CHARM
    for (const Ability& ab : d.abilities)
      if (ab.from_discard) d.families |= famFromDiscard;
    for (const std::string& x : d.designations)
      if (!family::NeverInAnAreaWith.param_of(x).empty()) d.families |= famAreaShunned;
    auto bars_tactical = [](std::string_view x) {
      return x == desig::PerformsNoTacticalAction.text || x == desig::PerformsNoAttack.text;
    };
    for (const std::string& x : d.designations)
      if (bars_tactical(x)) d.families |= famTacticalBarred;
    for (const std::string& x : d.grant_designations)
      if (bars_tactical(x)) d.families |= famTacticalBarred;
    for (const StaticMod& m : d.mods)
      for (const std::string& x : m.grant_designations)
        if (bars_tactical(x)) d.families |= famTacticalBarred;
    for (const StaticMod& m : d.mods)
      for (const std::string& x : m.grant_designations)
        if (x == desig::DefendsFromAnyWarzoneWhateverItsAffiliation.text) d.families |= famWarzoneFree;  // gEngine IMPERIAL
    auto loyal = [](std::string_view x) { return x == desig::NeverChangesAllegiance.text; };
    for (const std::string& x : d.grant_designations)
      if (loyal(x)) d.families |= famLoyal;
    for (const StaticMod& m : d.mods)
      for (const std::string& x : m.grant_designations)
        if (loyal(x)) d.families |= famLoyal;
    if (d.markers.spell_fund) d.families |= famSpellFund;
    if (d.has_designation(desig::ShieldsItsWarriorsFromOtherSergeants)) d.families |= famSergeantShield;
    if (d.has_designation(desig::ShowsItsOpponentsHands) || d.has_designation(desig::ShowsHandInItsAttacks))
      d.families |= famHandsShown;
    if (d.has_designation(desig::ShowsTheTopOfEveryDrawPile)) d.families |= famPileTops;
    if (d.has_designation(desig::ItsPlayersVehiclesTakeCover)) d.families |= famVehicleCover;
    for (const StaticMod& m : d.mods)
      if (m.play_price) d.families |= famPlayPrice;
    for (const Trigger& t : d.triggers)
      if (t.when == When::AfterCombat) d.families |= famSurvivors;
    if (uses_op(d, Op::ShareRatings) || uses_op(d, Op::RedirectCombat) || uses_op(d.on_attach, Op::ShareRatings))
      d.families |= famCombatTurns;
    detail::index_mod_wants(d);
  }
}

CardDb::CardDb(std::vector<CardDef> defs) : defs_(std::move(defs)) {
  if (defs_.size() > 0xFFFF) throw std::length_error("CardDb: more than 65535 cards");
  for (CardDef& d : defs_) index_def(d);
  attacks_again_.reserve(defs_.size());
  for (const CardDef& d : defs_) attacks_again_.push_back(uses_op(d, Op::AttackAgain) || targets_fought_opponent(d));
}

uint16_t CardDb::add(CardDef d) {
  if (defs_.size() >= 0xFFFF) throw std::length_error("CardDb: more than 65535 cards");
  index_def(d);
  attacks_again_.push_back(uses_op(d, Op::AttackAgain) || targets_fought_opponent(d));
  defs_.push_back(std::move(d));
  return uint16_t(defs_.size() - 1);
}

std::optional<uint16_t> CardDb::by_code(std::string_view code) const {
  code = trim(code);
  for (size_t i = 0; i < defs_.size(); ++i)
    if (defs_[i].code == code) return uint16_t(i);
  return std::nullopt;
}

std::optional<uint16_t> CardDb::by_name(std::string_view name) const {
  name = trim(name);
  for (size_t i = 0; i < defs_.size(); ++i)
    if (iequals(defs_[i].name, name)) return uint16_t(i);
  return std::nullopt;
}

std::optional<uint16_t> CardDb::find(std::string_view name_or_code) const {
  if (auto i = by_code(name_or_code)) return i;
  return by_name(name_or_code);
}

std::string_view to_string(CardType t) {
  switch (t) {
    case CardType::Warrior: return "Warrior";
    case CardType::Equipment: return "Equipment";
    case CardType::Special: return "Special";
    case CardType::Fortification: return "Fortification";
    case CardType::Art: return "Art";
    case CardType::Symmetry: return "Symmetry";
    case CardType::Mission: return "Mission";
    case CardType::Relic: return "Relic";
    case CardType::Warzone: return "Warzone";
    case CardType::Ki: return "Ki";
    case CardType::Beast: return "Beast";
    case CardType::Alliance: return "Alliance";
  }
  return "?";
}

std::string_view to_string(Affil a) {
  switch (a) {
    case Affil::General: return "General";
    case Affil::Bauhaus: return "Bauhaus";
    case Affil::Capitol: return "Capitol";
    case Affil::Cybertronic: return "Cybertronic";
    case Affil::Imperial: return "Imperial";
    case Affil::Mishima: return "Mishima";
    case Affil::Brotherhood: return "Brotherhood";
    case Affil::Legion: return "Dark Legion";
    case Affil::Crescentia: return "Crescentia";
    case Affil::Lutheran: return "Lutheran Triad";
    case Affil::Rasputin: return "Sons of Rasputin";
    case Affil::Templars: return "Templars";
  }
  return "?";
}

std::string_view to_string(Area a) {
  switch (a) {
    case Area::Squad: return "Squad";
    case Area::Kohort: return "Kohort";
    case Area::Outpost: return "Outpost";
    case Area::Aside: return "Aside";
  }
  return "?";
}

std::string_view to_string(Tactic t) {
  switch (t) {
    case Tactic::Fight: return "Fight";
    case Tactic::Shoot: return "Shoot";
  }
  return "?";
}

}  // namespace dt
