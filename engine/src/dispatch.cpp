#include "dispatch.hpp"

#include <array>

#include "actions/declared_attack.hpp"
#include "actions/storage.hpp"
#include "internal.hpp"

namespace dt::detail {

namespace {

// One row per OptKind, in the enum's order.
constexpr std::array kRules = {
    OptionRule{OptKind::Pass, "TIMING; STEP TWO: ACTIONS; STEP THREE: DISCARD", apply_pass},
    OptionRule{OptKind::Keep, "SETTING UP: the Cardinal's Gift", apply_gift_decision},
    OptionRule{OptKind::Gift, "SETTING UP: the Cardinal's Gift", apply_gift_decision},
    OptionRule{OptKind::Meditate, "MEDITATE", apply_meditate},
    OptionRule{OptKind::Muster, "MUSTER WARRIOR", apply_muster},
    OptionRule{OptKind::MusterCover, "MUSTER WARRIOR IN COVER (2nd ed)", apply_muster},
    OptionRule{OptKind::SeekCover, "SEEK COVER", apply_seek_cover},
    OptionRule{OptKind::ExitCover, "EXIT COVER", apply_exit_cover},
    OptionRule{OptKind::Equip, "EQUIP", apply_equip},
    OptionRule{OptKind::Build, "BUILD FORTIFICATION", apply_build},
    OptionRule{OptKind::Attack, "ATTACK (Tactical Action)", apply_attack},
    OptionRule{OptKind::Sabotage, "SABOTAGE (Tactical Action)", apply_sabotage},
    OptionRule{OptKind::Play, "TIMING; the card's own text", apply_play_card},
    OptionRule{OptKind::Points, "8) AWARD POINTS", apply_points_option},
    OptionRule{OptKind::Discard, "STEP THREE: DISCARD", apply_discard},
    OptionRule{OptKind::Use, "the card's own text", apply_use_ability},
    OptionRule{OptKind::Bestow, "BESTOW DARK SYMMETRY GIFT", apply_bestow},
    OptionRule{OptKind::Transfer, "TRANSFER WARRIOR", apply_transfer},
    OptionRule{OptKind::EnterVehicle, "ENTER/EXIT VEHICLE", apply_vehicle_move},
    OptionRule{OptKind::ExitVehicle, "ENTER/EXIT VEHICLE", apply_vehicle_move},
    OptionRule{OptKind::Wrangle, "WRANGLE BEAST", apply_wrangle},
    OptionRule{OptKind::Establish, "ESTABLISH WARZONE", apply_establish},
    OptionRule{OptKind::DefendFrom, "3) ANNOUNCE WARZONE", apply_defend_from},
    OptionRule{OptKind::DirectAttack, "1st ed: attacking a player directly", apply_sabotage},
    OptionRule{OptKind::BestowKi, "BESTOW KI POWER", apply_bestow_ki},
    OptionRule{OptKind::Proclaim, "PROCLAIM ALLIANCE", apply_proclaim},
    OptionRule{OptKind::Assign, "SERGEANTS (assigned at any time)", apply_assign},
    OptionRule{OptKind::AddD, "THE ART: D added to a spell during combat", apply_add_d},
    OptionRule{OptKind::Choose, "the card's own text: a choice it leaves to a player", apply_choose},
    OptionRule{OptKind::DeclareAttack, "ATTACK (Tactical Action); the card's own text", apply_declare_attack},
    OptionRule{OptKind::Store, "the card's own text: cards kept under it", apply_store},
    OptionRule{OptKind::Unstore, "the card's own text: cards kept under it", apply_unstore},
};

constexpr bool in_enum_order() {
  for (size_t i = 0; i < kRules.size(); ++i)
    if (size_t(kRules[i].kind) != i) return false;
  return true;
}
static_assert(in_enum_order(), "kRules: one row per OptKind, in the enum's order");
static_assert(kRules.size() == size_t(OptKind::Unstore) + 1, "kRules: a row for every OptKind");

}  // namespace

const OptionRule& option_rule(OptKind k) { return kRules[size_t(k)]; }

}  // namespace dt::detail
