// Moving cards between piles and play.
#include <algorithm>

#include "dt/designations.hpp"
#include "effects/modifiers/membership.hpp"
#include "effects/triggers/perception.hpp"
#include "effects/economy/economy.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

static std::vector<CardId>* pile_of(State& s, CardId c) {
  CardInst& ci = s.card(c);
  SeatState& owner = s.seats[ci.owner];
  switch (ci.zone) {
    case Zone::Draw: return &owner.draw;
    case Zone::Hand: return &owner.hand;
    case Zone::Discard: return &owner.discard;
    case Zone::Annihilated: return &owner.annihilated;
    case Zone::InPlay:
      return ci.attached_to == kNoCard ? &s.seats[ci.controller].in_play : nullptr;
    case Zone::SideBoard: return &owner.side_board;
    case Zone::Limbo: return nullptr;
  }
  return nullptr;
}

// Relinks the list of `base`'s attachments from State::attached, so the
// per-card lists keep exactly its order. Attaching and detaching are rare next
// to the rating queries that read the lists.
static void relink_attachments(State& s, CardId base) {
  CardId* link = &s.card(base).first_attachment;
  for (CardId a : s.attached)
    if (s.card(a).attached_to == base) {
      *link = a;
      link = &s.card(a).next_attachment;
    }
  *link = kNoCard;
}

void take_out(State& s, CardId c) {
  if (auto* v = pile_of(s, c)) {
    auto it = std::find(v->begin(), v->end(), c);
    if (it != v->end()) v->erase(it);
  }
  CardInst& ci = s.card(c);
  if (ci.zone == Zone::SideBoard) note_collection_search(s, c);  // only a card's search takes from it
  const CardId base = ci.attached_to;
  if (base != kNoCard) {
    auto it = std::find(s.attached.begin(), s.attached.end(), c);
    if (it != s.attached.end()) s.attached.erase(it);
  }
  if (ci.zone == Zone::InPlay) {  // a warrior leaving play loses what lasted on it
    // ... and a CYBERCURITY MP's prisoners go free (effects/lasting/prison.hpp).
    std::erase_if(s.lasting, [&](const LastingMod& m) { return m.target == c || (m.lock == kImprisoned && m.source == c); });
    if (!s.marks.empty()) forget_marks(s, c);  // and a card what it remembered
  }
  ci.zone = Zone::Limbo;
  ci.attached_to = kNoCard;
  ci.next_attachment = kNoCard;
  if (base != kNoCard) relink_attachments(s, base);
}

void attach_to(State& s, CardId c, CardId base) {
  CardInst& ci = s.card(c);
  const CardId before = ci.attached_to;
  if (before == kNoCard) s.attached.push_back(c);
  ci.attached_to = base;
  ci.area = s.card(base).area;
  if (before != kNoCard && before != base) relink_attachments(s, before);
  relink_attachments(s, base);
}

void put_attached(State& s, CardId c, CardId base, int seat) {
  take_out(s, c);
  put_into(s, c, Zone::InPlay, seat);
  // put_into listed it as a top-level card; an attachment sits on its base instead.
  s.seats[size_t(s.card(c).controller)].in_play.pop_back();
  attach_to(s, c, base);
}

void put_into(State& s, CardId c, Zone z, int seat) {
  CardInst& ci = s.card(c);
  ci.zone = z;
  ci.wounded = ci.cover = ci.unpaid = ci.hidden = ci.grafted = false;
  ci.exited_cover_turn = -1;
  ci.sergeant_group = -1;
  ci.inside = false;
  ci.transferred_turn = -1;
  SeatState& owner = s.seats[ci.owner];
  switch (z) {
    case Zone::Draw: owner.draw.push_back(c); break;
    case Zone::Hand: owner.hand.push_back(c); break;
    case Zone::Discard: owner.discard.push_back(c); break;
    case Zone::Annihilated: owner.annihilated.push_back(c); break;
    case Zone::InPlay:
      ci.controller = uint8_t(seat < 0 ? ci.owner : seat);
      s.seats[ci.controller].in_play.push_back(c);
      break;
    case Zone::SideBoard: owner.side_board.push_back(c); break;
    case Zone::Limbo: break;
  }
}

AttachList attachment_list(const State& s, CardId c) {
  AttachList out;
  for (CardId a = s.card(c).first_attachment; a != kNoCard; a = s.card(a).next_attachment) out.push_back(a);
  return out;
}

void discard_from_play(State& s, CardId c) {
  // Attachments leave with their base card (gEngine, "POST-PLAY ICON").
  for (CardId a : attachment_list(s, c)) discard_from_play(s, a);
  on_fortification_lost(s, c);  // INFILTRATION
  gifts_go_with(s, c);          // STIGMATA
  take_out(s, c);
  // GOLGOTHA'S CITADEL: a card that would be discarded from play leaves the game instead.
  put_into(s, c, s.def(c).has_designation(desig::AnnihilatedWhenDiscarded) ? Zone::Annihilated : Zone::Discard);
}

void annihilate_from_play(State& s, CardId c) {
  for (CardId a : attachment_list(s, c)) discard_from_play(s, a);
  on_fortification_lost(s, c);
  gifts_go_with(s, c);
  take_out(s, c);
  put_into(s, c, Zone::Annihilated);
}

int draw_cards(State& s, int seat, int n) {
  SeatState& st = s.seats[size_t(seat)];
  int drawn = 0;
  while (drawn < n && !st.draw.empty()) {
    CardId c = st.draw.back();
    st.draw.pop_back();
    s.card(c).zone = Zone::Hand;
    st.hand.push_back(c);
    ++drawn;
  }
  pay_for_draws(s, seat, drawn);  // WANNA PLAY?
  return drawn;
}

}  // namespace dt::detail

namespace dt {
void attach_card(State& s, CardId card, CardId base) { detail::attach_to(s, card, base); }
}  // namespace dt
