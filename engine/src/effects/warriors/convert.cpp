// Warriors converted for good: see convert.hpp.
#include "effects/warriors/convert.hpp"

#include <algorithm>

#include "dt/designations.hpp"
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

bool heretic_revoked(const State& s, CardId w) {
  if (s.def(w).type != CardType::Warrior) return false;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kKeywordsRevoked && m.target == w && (m.grant & kwHeretic)) return true;  // for good
  const AttachRange as = attachments_of(s, w);
  bool any = false;
  for (CardId a : as) any = any || (s.def(a).revoke_keywords & kwHeretic);
  if (!any) return false;
  const AttachmentGate g = gate_of(s, as);
  for (CardId a : as)
    if ((s.def(a).revoke_keywords & kwHeretic) && g.allows(s, a)) return true;
  return false;
}

static constexpr DesigKey kHeretic(desig::Heretic);

// The cards making w a HERETIC: those on it giving the designation, and the visitations counting it.
static std::vector<CardId> heretic_makers(const State& s, CardId w, CardId except) {
  std::vector<CardId> out;
  if (!is_warrior_in_play(s, w)) return out;
  for (CardId a : attachment_list(s, w)) {
    if (a == except || s.card(a).zone != Zone::InPlay) continue;
    const CardDef& d = s.def(a);
    bool gives = (d.grant_keywords & kwHeretic) != 0;
    for (const auto& x : d.grant_designations) gives = gives || x == kHeretic.text;
    if (gives) out.push_back(a);
  }
  if (visited_now(s, w)) {
    const int v = stats(s, w).v;
    for (const LastingMod& m : s.lasting)
      if (m.lock == kVisitation && m.count > v && s.card(m.source).zone == Zone::InPlay &&
          std::find(out.begin(), out.end(), m.source) == out.end())
        out.push_back(m.source);
  }
  return out;
}

static void discard_makers(State& s, CardId source, std::vector<CardId> makers, Log log) {
  makers.push_back(source);
  for (CardId c : makers) {
    if (s.card(c).zone != Zone::InPlay) continue;
    emit(log, {EventKind::Discard, int8_t(s.card(c).controller), c});
    discard_from_play(s, c);
  }
}

void heretic_makers_discarded(State& s, CardId source, CardId w, Log log) {
  std::vector<CardId> makers = heretic_makers(s, w, source);
  if (!makers.empty()) discard_makers(s, source, std::move(makers), log);
}

void discard_with_heretic_makers(State& s, Log log) {
  std::vector<std::pair<CardId, CardId>> hit;  // (card, warrior)
  for (CardId a : s.attached)
    if (s.card(a).zone == Zone::InPlay && s.def(a).has_designation(desig::DiscardedWithWhatMakesItsWarriorAHeretic))
      hit.push_back({a, bearer_of(s, a)});
  for (const auto& h : hit) {
    if (s.card(h.first).zone != Zone::InPlay) continue;
    std::vector<CardId> makers = heretic_makers(s, h.second, h.first);
    if (!makers.empty()) discard_makers(s, h.first, std::move(makers), log);
  }
}

bool converted_minor_gifts(const State& s, CardId w) {
  const LastingMod* c = conversion(s, w);
  if (!c) return false;
  const ConvertSpec* cv = spec_of(s.def(c->source));
  return cv && cv->minor_gifts;
}

}  // namespace dt::detail
