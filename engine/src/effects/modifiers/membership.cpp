// Memberships (gEngine "FREELANCERS", "AFFILIATION ICON"): REINSTATEMENT takes
// a FREELANCER back into its home corporation, the one whose cards it uses for
// a fee (USES <CORPORATION> CARDS). While the card is on it the warrior has
// that affiliation (so it is no FREELANCER, earns P, and pays no fee for its
// corporation's cards); if it loses the membership again, the card goes.
#include "dt/designations.hpp"
#include "effects/modifiers/membership.hpp"

#include <functional>
#include <map>
#include <string>

#include "internal.hpp"

namespace dt::detail {

static bool restores(const CardDef& d) {
  return d.type == CardType::Special && d.has_designation(desig::RestoresHomeCorporation);
}

AffilMask restored_affiliations(const State& s, CardId attachment, CardId w) {
  return restores(s.def(attachment)) ? borrowed_affiliations(s, w) : 0;
}

// INSUBORDINATION remembers the affiliation picked as a Counted mark (what a
// card has counted: here the affiliation it took away), so the State needs no
// field of its own for it; the mark goes when the card leaves play.
static bool takes_chosen(const CardDef& d) {
  return d.type == CardType::Special && d.has_designation(desig::TakesAChosenAffiliation);
}

MembershipChange membership_change(const State& s, CardId attachment, CardId w) {
  const CardDef& d = s.def(attachment);
  if (d.type != CardType::Special || d.designations.empty()) return {};
  MembershipChange out;
  out.added = restored_affiliations(s, attachment, w);
  if (takes_chosen(d))
    for (const CardMark& m : s.marks)
      if (m.card == attachment && m.kind == CardMark::Counted && m.value >= 0 && m.value < 16) out.taken |= AffilMask(1u << m.value);
  return out;
}

AffilMask losable_affiliations(const State& s, CardId w) {
  const AffilMask general = bit(Affil::General);
  const AffilMask now = affiliations(s, w) & ~general;
  const AffilMask printed = s.def(w).affil;
  if (now & ~printed) return now & ~printed;  // card-earned ones go first
  if (s.def(w).has_designation(desig::KeepsAffiliations)) return 0;
  return now & printed;
}

void take_affiliation(State& s, CardId card, CardId w, Affil a) {
  if (s.card(card).zone != Zone::InPlay || s.card(card).attached_to != w || !is_warrior_in_play(s, w)) return;
  if (!(losable_affiliations(s, w) & bit(a))) return;
  s.marks.push_back({card, CardMark::Counted, int16_t(a)});
}

using H = HandlerId;
static constexpr std::pair<HandlerId, Affil> kLose[] = {
    {H::lose_bauhaus, Affil::Bauhaus},   {H::lose_capitol, Affil::Capitol},     {H::lose_cybertronic, Affil::Cybertronic},
    {H::lose_imperial, Affil::Imperial}, {H::lose_mishima, Affil::Mishima},     {H::lose_brotherhood, Affil::Brotherhood},
    {H::lose_legion, Affil::Legion},     {H::lose_crescentia, Affil::Crescentia}, {H::lose_lutheran, Affil::Lutheran},
    {H::lose_rasputin, Affil::Rasputin}, {H::lose_templars, Affil::Templars}};

void register_lose_handlers(HandlerTable& m) {
  for (const auto& [id, a] : kLose) {
    const Affil affil = a;
    m[size_t(id)] = [affil](State& s, int, CardId source, CardId w, int, Log) {
      if (w != kNoCard) take_affiliation(s, source, w, affil);
    };
  }
}

bool alternative_fits(const State& s, const std::vector<Effect>& fx, CardId target) {
  for (const Effect& e : fx) {
    if (e.op != Op::Handler) continue;
    for (const auto& [id, a] : kLose)
      if (e.handler == id)
        return target != kNoCard && is_warrior_in_play(s, target) && (losable_affiliations(s, target) & bit(a));
  }
  return true;
}

bool membership_target_ok(const State& s, CardId card, CardId target) {
  // INSUBORDINATION: a warrior with an affiliation it can lose.
  if (takes_chosen(s.def(card)) && (target == kNoCard || !is_warrior_in_play(s, target) || !losable_affiliations(s, target)))
    return false;
  // STIGMATA: on a warrior that already has a Dark Symmetry card.
  if (s.def(card).has_designation(desig::PlayedOnAWarriorWithAGift)) {
    if (target == kNoCard || !is_warrior_in_play(s, target)) return false;
    bool gift = false;
    for (CardId a : attachments_of(s, target)) gift = gift || s.def(a).type == CardType::Symmetry;
    if (!gift) return false;
  }
  if (!restores(s.def(card))) return true;
  return target != kNoCard && is_warrior_in_play(s, target) && is_freelancer(s, target) &&
         borrowed_affiliations(s, target) != 0;
}

void gifts_go_with(State& s, CardId card) {
  const CardInst& ci = s.card(card);
  if (ci.zone != Zone::InPlay || ci.attached_to == kNoCard || s.def(card).type == CardType::Warrior) return;
  if (!s.def(card).has_designation(desig::GiftsGoWithIt)) return;
  const CardId w = ci.attached_to;
  for (CardId a : attachment_list(s, w))
    if (a != card && s.def(a).type == CardType::Symmetry && s.card(a).zone == Zone::InPlay) discard_from_play(s, a);
}

void check_memberships(State& s, Log log) {
  if (!(s.families2 & fam2Memberships)) return;  // no such card in the game: asked at every step of play
  for (size_t i = 0; i < s.attached.size(); ++i) {
    const CardId c = s.attached[i];
    if (!restores(s.def(c)) || s.card(c).zone != Zone::InPlay) continue;
    const CardId w = s.card(c).attached_to;
    if (!is_warrior_in_play(s, w) || (affiliations(s, w) & borrowed_affiliations(s, w))) continue;
    emit(log, {EventKind::Effect, int8_t(s.card(c).controller), c, w, int(Op::Discard), -1});
    discard_from_play(s, c);
    i = size_t(-1);  // the list changed: look again from the start
  }
}

}  // namespace dt::detail
