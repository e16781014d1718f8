// Moving Equipment between warriors (EFFICIENCY TRAINING, TELEPORTATION): a
// Choice whose picks come in two steps. The card's Choice lists the Equipment
// that may move (`choose c55`); each pick puts a second, one-pick Choice in
// front of it, over the same card, listing where that Equipment may go (`choose
// c12`, or `choose c55` again for "back to your hand", or `choose done` to
// leave it). The second step's PendingChoice::target is the Equipment moving.
#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "effects/choices/moves.hpp"

#include <algorithm>

#include "internal.hpp"

namespace dt::detail {

namespace {
// MOVES EQUIPMENT AMONG YOUR WARRIORS (EFFICIENCY TRAINING): from any of your
// warriors to any other, whatever their combat areas.
// MOVES EQUIPMENT WITHIN A SQUAD (TELEPORTATION): from a Doomtrooper in a
// Squad to another Doomtrooper of that Squad, or your own back to your hand.
// MOVES VEHICLES TO AND FROM THE OUTPOST (REQUISITION): a VEHICLE only, from a non-Tribal warrior of yours in
// your Squad or Kohort to one in your Outpost, or back, never between a Doomtrooper and a Dark Legion warrior.
enum class Reach { None, YourWarriors, WithinSquad, AcrossOutpost };

Reach reach_of(const State& s, CardId source) {
  const CardDef& d = s.def(source);
  if (d.has_designation(desig::MovesEquipmentAmongYourWarriors)) return Reach::YourWarriors;
  if (d.has_designation(desig::MovesEquipmentWithinASquad)) return Reach::WithinSquad;
  if (d.has_designation(desig::MovesVehiclesToAndFromTheOutpost)) return Reach::AcrossOutpost;
  return Reach::None;
}

// REQUISITION: may a VEHICLE go between warriors `from` and `to` of one player?
bool across_outpost(const State& s, CardId from, CardId to) {
  if (is_tribal(s, from) || is_tribal(s, to)) return false;
  if ((s.card(from).area == Area::Outpost) == (s.card(to).area == Area::Outpost)) return false;
  return is_doomtrooper(s, from) == is_doomtrooper(s, to) && is_legion(s, from) == is_legion(s, to);
}

bool uses_move(const std::vector<Effect>& fx) {
  return has_handler(fx, HandlerId::move_equipment);
}

// Equipment sitting on a warrior (not an add-on on a weapon, not a VEHICLE
// with its own rules of entering unless the card moves VEHICLEs alone, not a
// grafted weapon) that may leave it.
CardId from_warrior(const State& s, CardId e, Reach r) {
  const CardInst& ei = s.card(e);
  if (ei.zone != Zone::InPlay || s.def(e).type != CardType::Equipment || ei.grafted) return kNoCard;
  if (s.def(e).has(kwVehicle) != (r == Reach::AcrossOutpost)) return kNoCard;
  const CardId w = ei.attached_to;
  return w != kNoCard && is_warrior_in_play(s, w) ? w : kNoCard;
}

std::vector<CardId> destinations(const State& s, int seat, CardId source, CardId e) {
  std::vector<CardId> out;
  const Reach r = reach_of(s, source);
  const CardId from = from_warrior(s, e, r);
  if (from == kNoCard) return out;
  const int owner = s.card(from).controller;
  if ((r == Reach::YourWarriors || r == Reach::AcrossOutpost) && owner != seat) return out;
  if (r == Reach::WithinSquad && (s.card(from).area != Area::Squad || !is_doomtrooper(s, from))) return out;
  for (CardId w : s.seats[size_t(owner)].in_play) {
    if (w == from || !is_warrior_in_play(s, w) || s.card(w).hidden) continue;
    if (r == Reach::WithinSquad && (s.card(w).area != Area::Squad || !is_doomtrooper(s, w))) continue;
    if (r == Reach::AcrossOutpost && !across_outpost(s, from, w)) continue;
    if (can_take_equipment(s, e, w)) out.push_back(w);
  }
  // TELEPORTATION: your own Equipment may go back to your hand.
  if (r == Reach::WithinSquad && s.card(e).controller == seat && s.card(e).owner == seat) out.push_back(e);
  return out;
}
}  // namespace

bool move_pick_ok(const State& s, const std::vector<Effect>& on_pick, int seat, CardId source, CardId equip) {
  if (!uses_move(on_pick)) return true;
  return !destinations(s, seat, source, equip).empty();
}

void move_equipment_pick(State& s, int seat, CardId source, CardId picked, Log log) {
  if (picked == kNoCard || s.choices.empty()) return;
  const CardId moving = s.choices.front().target;  // the second step's Equipment
  if (moving != kNoCard && picked == moving) {  // back to its owner's hand
    for (CardId a : attachment_list(s, moving)) discard_from_play(s, a);  // a weapon's add-ons (BAYONET) stay behind
    take_out(s, moving);
    put_into(s, moving, Zone::Hand);
    emit(log, {EventKind::Effect, int8_t(seat), source, moving, int(Op::ReturnToHand), -1});
    return;
  }
  if (moving != kNoCard && is_warrior_in_play(s, picked)) {  // where it goes
    if (from_warrior(s, moving, reach_of(s, source)) == kNoCard || !can_take_equipment(s, moving, picked)) return;
    attach_to(s, moving, picked);
    if (s.card(picked).cover) s.card(moving).inside = false;  // REQUISITION: no warrior in cover inside a VEHICLE
    emit(log, {EventKind::Effect, int8_t(seat), source, picked, int(Op::MoveHere), -1});
    return;
  }
  // The first step: the Equipment picked; the second step goes in front.
  PendingChoice next;
  next.source = source;
  next.target = picked;
  next.by = uint8_t(seat);
  next.seat = uint8_t(seat);
  next.picks_left = 1;
  next.candidates = destinations(s, seat, source, picked);
  next.resume = Phase::Choice;
  if (next.candidates.empty()) return;
  s.choices.insert(s.choices.begin(), std::move(next));
}

}  // namespace dt::detail
