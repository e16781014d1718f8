// Warriors converted for good: see convert.hpp.
#include "effects/warriors/convert.hpp"

#include "effects/warriors/swap.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

namespace {

const LastingMod* conversion(const State& s, CardId w) {
  if (!(s.families & famConverted)) return nullptr;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kConverted && m.target == w) return &m;
  return nullptr;
}

const ConvertSpec* spec_in(const std::vector<Effect>& fx) {
  for (const Effect& e : fx)
    if (e.convert) return e.convert.get();
  return nullptr;
}
const ConvertSpec* spec_in(const std::optional<ChoiceSpec>& c) {
  if (!c) return nullptr;
  if (const ConvertSpec* x = spec_in(c->on_pick)) return x;
  return spec_in(c->on_rest);
}

// The conversion a card makes (its play's, an ability's or a trigger's).
const ConvertSpec* spec_of(const CardDef& d) {
  if (d.play) {
    if (const ConvertSpec* x = spec_in(d.play->effects)) return x;
    if (const ConvertSpec* x = spec_in(d.play->choice)) return x;
  }
  for (const Ability& a : d.abilities) {
    if (const ConvertSpec* x = spec_in(a.effects)) return x;
    if (const ConvertSpec* x = spec_in(a.choice)) return x;
  }
  for (const Trigger& t : d.triggers)
    if (const ConvertSpec* x = spec_in(t.effects)) return x;
  return nullptr;
}

void lose(State& s, CardId source, CardId a, Log log) {
  Effect discard;
  discard.op = Op::Discard;
  if (s.card(a).zone != Zone::InPlay || effect_futile(s, discard, a, source)) return;
  const CardId rider = bearer_inside(s, a);  // a vehicle lost with its warrior inside
  discard_from_play(s, a);
  emit(log, {EventKind::Effect, int8_t(s.card(source).controller), source, a, int(Op::Discard), -1});
  if (rider != kNoCard) vehicle_lost(s, a, rider, log);
}

}  // namespace

void convert_warrior(State& s, CardId source, CardId w, const ConvertSpec& cv, Log log) {
  if (!is_warrior_in_play(s, w)) return;
  const AffilMask before = affiliations(s, w);
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kConverted && m.target == w; });
  LastingMod m{source, w, {}, kNoTurnEnds, kNoCard, cv.keywords, kConverted};
  m.times = int16_t(cv.set);
  m.count = int16_t(cv.revoke);
  m.given = int16_t(cv.gain);  // VAC ENGINEER: added to what it has
  s.lasting.push_back(m);
  emit(log, {EventKind::Effect, int8_t(s.card(source).controller), source, w, int(Op::LastingGrant), -1});
  const AffilMask lost = AffilMask(before & ~affiliations(s, w));
  for (CardId a : attachment_list(s, w)) {
    if (s.card(a).attached_to != w) continue;
    const bool goes = cv.attachments == ConvertSpec::Attachments::All ||
                      (cv.attachments == ConvertSpec::Attachments::OfLost && (s.def(a).affil & lost)) ||
                      !may_hold_anew(s, a, w);
    if (goes) lose(s, source, a, log);
  }
  // A Dark Legion warrior stands in no Squad, a Doomtrooper in no Kohort.
  const Area at = s.card(w).area;
  if ((at == Area::Squad && is_legion(s, w) && !is_doomtrooper(s, w)) || (at == Area::Kohort && is_doomtrooper(s, w)))
    place_in_area(s, w, muster_area(s, w));
}

AffilMask conversion_affiliations(const State& s, CardId w, AffilMask m) {
  const LastingMod* c = conversion(s, w);
  if (!c) return m;
  const AffilMask set = AffilMask(uint16_t(c->times));
  return AffilMask(((set ? set : m) | AffilMask(uint16_t(c->given))) & ~AffilMask(uint16_t(c->count)));
}

bool converted_designation(const State& s, CardId w, std::string_view d) {
  const LastingMod* c = conversion(s, w);
  if (!c) return false;
  const ConvertSpec* cv = spec_of(s.def(c->source));
  if (!cv) return false;
  for (const std::string& x : cv->designations)
    if (x == d) return true;
  return false;
}

bool converted_minor_gifts(const State& s, CardId w) {
  const LastingMod* c = conversion(s, w);
  if (!c) return false;
  const ConvertSpec* cv = spec_of(s.def(c->source));
  return cv && cv->minor_gifts;
}

}  // namespace dt::detail
