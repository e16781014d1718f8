// Moving cards between piles and play.
#include <algorithm>
#include <optional>

#include "dt/designations.hpp"
#include "effects/modifiers/membership.hpp"
#include "effects/triggers/perception.hpp"
#include "effects/economy/economy.hpp"
#include "actions/storage.hpp"
#include "effects/lasting/card_markers.hpp"
#include "effects/lasting/prison.hpp"
#include "effects/lasting/copies.hpp"
#include "effects/lasting/twins.hpp"
#include "effects/lasting/borrowed.hpp"
#include "effects/triggers/intercept.hpp"
#include "effects/warriors/merged.hpp"
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
    case Zone::Limbo:
    case Zone::Under: return nullptr;  // a card kept under another: in no list (actions/storage.hpp)
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
  // A card keeping cards under it (ARMORY) takes them along wherever it goes (actions/storage.hpp).
  if (ci.zone == Zone::InPlay && (s.families & famStorage) && s.def(c).storage) release_stored(s, c);
  if (ci.zone == Zone::InPlay) {  // a warrior leaving play loses what lasted on it
    // ... its own card again, and what it lent ends (effects/lasting/borrowed.hpp).
    if (s.families2 & fam2BorrowedText) borrowing_leaves_play(s, c);
    // ... and its twin follows it (effects/lasting/twins.hpp: DOUBLE DUTY).
    if (s.families2 & fam2Twins) twin_leaves_play(s, c);
    // ... and a CYBERCURITY MP's prisoners go free (effects/lasting/prison.hpp).
    // ... and a carrier's warriors are aboard nothing (effects/lasting/carriers.hpp).
    std::erase_if(s.lasting, [&](const LastingMod& m) {
      return m.target == c || (m.source == c && (m.lock == kImprisoned || m.lock == kAboard || m.lock == kHeldWarrior ||
                                                 m.lock == kMarkedForKill || m.lock == kWholeAssist ||
                                                 m.lock == kMerged));
    });
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
  if ((s.families & famCopies) && z != Zone::InPlay) end_copy(s, c);  // JOKER!: out of play it is itself again
  CardInst& ci = s.card(c);
  ci.zone = z;
  ci.wounded = ci.cover = ci.unpaid = ci.hidden = ci.grafted = false;
  ci.exited_cover_turn = -1;
  ci.sergeant_group = -1;
  ci.inside = false;
  ci.transferred_turn = -1;
  ci.sent_annihilated = false;
  SeatState& owner = s.seats[ci.owner];
  switch (z) {
    case Zone::Draw: owner.draw.push_back(c); break;
    case Zone::Hand: owner.hand.push_back(c); break;
    case Zone::Discard: owner.discard.push_back(c); break;
    case Zone::Annihilated: owner.annihilated.push_back(c); break;
    case Zone::InPlay:
      ci.controller = uint8_t(seat < 0 ? ci.owner : seat);
      s.seats[ci.controller].in_play.push_back(c);
      put_start_markers(s, c);  // COAGULANT AUTOINJECTOR's three, BOOT CAMP's five
      break;
    case Zone::SideBoard: owner.side_board.push_back(c); break;
    case Zone::Under: ci.controller = uint8_t(seat < 0 ? ci.owner : seat); break;  // put_under names its holder
    case Zone::Limbo: break;
  }
}

AttachList attachment_list(const State& s, CardId c) {
  AttachList out;
  for (CardId a = s.card(c).first_attachment; a != kNoCard; a = s.card(a).next_attachment) out.push_back(a);
  return out;
}

// Set while a card leaves play by its own use (discard_by_own_use): Instead.not_own_use lets it go.
static thread_local bool g_own_use = false;

// Does Instead rule `x` of card `h` (in play) reach `c`, about to leave play for `to`? `killed`: the warrior
// being killed (or kNoCard), `base_to` where the card `c` is attached to goes (when it leaves with it), `on` the
// warrior `c` is on.
static bool rule_reaches(const State& s, CardId h, const InsteadSpec& x, CardId c, Zone to, CardId killed,
                         Zone base_to, CardId on) {
  const int seat = s.card(h).controller;
  // A rule reaches its own card only when its filter names it (CARDINAL DURAND, shuffled back).
  if (h == c && !(x.reach == InsteadSpec::Reach::YourCards && x.filter.designation == s.def(c).name)) return false;
  if (!(to == Zone::Discard ? x.discarded : to == Zone::Annihilated && x.annihilated)) return false;
  if (x.reach == InsteadSpec::Reach::Host ? s.card(h).attached_to != c
                                          : ((!x.any_player && s.card(c).controller != seat) ||
                                             !filter_matches(s, x.filter, c, seat)))
    return false;
  if (x.bearer && (on == kNoCard || s.card(on).controller != seat || !filter_matches(s, *x.bearer, on, seat))) return false;
  if (x.bearer_killed && (killed == kNoCard || on != killed)) return false;
  // META CANNON: only as its warrior is discarded (a kill too), not as the warrior leaves the game.
  if (x.bearer_discarded && (on == kNoCard || base_to != Zone::Discard)) return false;
  if (x.not_own_bearer && on != kNoCard && s.card(h).attached_to != kNoCard && bearer_of(s, h) == on) return false;
  if (x.in_combat && (killed != c || !s.combat.active)) return false;  // GRAVEYARD: a death in combat
  if (x.to == InsteadSpec::To::UnderThis && !storage_takes(s, h, c)) return false;
  if (x.not_own_use && g_own_use) return false;  // TIGHT GRIP: a card its own use discards goes
  // TIGHT GRIP keeps a card where it was: not one leaving with the card it is on.
  if (x.to == InsteadSpec::To::SamePlace && (s.card(c).attached_to == kNoCard || base_to != Zone::Limbo)) return false;
  return true;
}

// Card::instead (SANCTUARY, FIELD REPAIR KIT, VAULT OF UNHOLY RESTORATION, gEngine NOTED COLLECTOR):
// where `c`, about to leave play for `to`, goes instead; `used` the card whose rule sent it (discarded
// after, when it says so). A rule that asks its player (`may`) is not used here but found by
// asked_instead. Only a game holding such a card asks (State::families).
static Zone instead_of(const State& s, CardId c, Zone to, CardId killed, Zone base_to, CardId* used,
                       bool* discard_used) {
  const CardId on = s.card(c).attached_to == kNoCard ? kNoCard : bearer_of(s, c);  // the warrior it is on
  auto try_holder = [&](CardId h) -> std::optional<Zone> {
    if (s.card(h).zone != Zone::InPlay) return std::nullopt;
    for (const InsteadSpec& x : s.def(h).instead) {
      if (x.may || !rule_reaches(s, h, x, c, to, killed, base_to, on)) continue;
      *used = h;
      *discard_used = x.discard_self;
      return x.to == InsteadSpec::To::DrawPile ? Zone::Draw
             : x.to == InsteadSpec::To::Hand   ? Zone::Hand
             : x.to == InsteadSpec::To::UnderThis ? Zone::Under
                                                  : Zone::Discard;
    }
    return std::nullopt;
  };
  for (CardId h : s.attached)
    if (s.def(h).instead.size())
      if (auto z = try_holder(h)) return *z;
  for (const SeatState& st : s.seats)
    for (CardId h : st.in_play)
      if (s.def(h).instead.size())
        if (auto z = try_holder(h)) return *z;
  return to;
}

// The first Instead rule asking its player (`may`: CRYOTECH CHAMBER, FRUITS OF WAR, TIGHT GRIP) that reaches
// `c`, about to leave play for `to` (`sent`: where the unasked rules send it). A card an unasked rule keeps
// under a card stays there (CRYOTECH CHAMBER: a PERSONALITY THE GRAVEYARD takes).
static InsteadAsk asked_instead(const State& s, CardId c, Zone to, Zone sent, CardId killed, Zone base_to) {
  if (sent == Zone::Under) return {};
  const CardId on = s.card(c).attached_to == kNoCard ? kNoCard : bearer_of(s, c);
  InsteadAsk out;
  auto try_holder = [&](CardId h) {
    if (s.card(h).zone != Zone::InPlay) return false;
    const std::vector<InsteadSpec>& rules = s.def(h).instead;
    for (size_t i = 0; i < rules.size(); ++i) {
      const InsteadSpec& x = rules[i];
      if (!x.may || !rule_reaches(s, h, x, c, to, killed, base_to, on)) continue;
      out = {h, int8_t(i)};
      return true;
    }
    return false;
  };
  for (CardId h : s.attached)
    if (s.def(h).instead.size() && try_holder(h)) return out;
  for (const SeatState& st : s.seats)
    for (CardId h : st.in_play)
      if (s.def(h).instead.size() && try_holder(h)) return out;
  return out;
}

// A card leaves play for `to` (the discard pile or the annihilated pile), its attachments discarded
// before it (gEngine, "POST-PLAY ICON"); `killed`: the warrior being killed, if this is its death.
// The one point every card leaving play passes (effects/triggers/intercept.hpp): rules sending it
// elsewhere at once, rules asking their player once it has gone, and what may answer it just after.
static void leave_play(State& s, CardId c, Zone to, CardId killed, Zone base_to = Zone::Limbo) {
  if ((s.families2 & fam2Twins) && killed == c) twin_dies(s, c);  // DOUBLE DUTY: its twin dies with it
  // GOLGOTHA'S CITADEL: a card that would be discarded from play leaves the game instead.
  if (to == Zone::Discard && s.def(c).has_designation(desig::AnnihilatedWhenDiscarded)) to = Zone::Annihilated;
  // Where it goes is settled while the cards on it (FIELD REPAIR KIT) are still there.
  CardId used = kNoCard;
  bool discard_used = false;
  const bool annihilated = to == Zone::Annihilated;
  const Zone asked_to = to;
  if (s.families & famInstead) to = instead_of(s, c, to, killed, base_to, &used, &discard_used);
  InsteadAsk ask;
  if (s.families & famInsteadAsked) ask = asked_instead(s, c, asked_to, to, killed, base_to);
  const CardId was_on = s.card(c).attached_to;
  const int was_seat = s.card(c).controller;
  for (CardId a : attachment_list(s, c)) leave_play(s, a, Zone::Discard, killed, to);
  on_fortification_lost(s, c);  // INFILTRATION
  gifts_go_with(s, c);          // STIGMATA
  if (to == Zone::Under) {  // MUSEUM, GRAVEYARD: kept under the card instead (actions/storage.hpp)
    put_under(s, c, used, annihilated);
    return;
  }
  // PRISONER WORK CAMP: its prisoners are discarded with it, not freed
  const std::vector<CardId> held = (s.families & famMissionEvents) ? prisoners_going_with(s, c) : std::vector<CardId>{};
  take_out(s, c);
  put_into(s, c, to);
  // Merged warriors: the group parts as the card goes, unless it outlasts it (effects/warriors/merged.hpp).
  if ((s.families2 & fam2Merged) && s.def(c).merge && was_on != kNoCard && base_to == Zone::Limbo)
    merge_card_gone(s, c, was_on);
  for (CardId w : held)
    if (is_warrior_in_play(s, w)) leave_play(s, w, Zone::Discard, kNoCard);
  if (to == Zone::Draw) s.rng.shuffle(s.seats[s.card(c).owner].draw);
  if (discard_used && s.card(used).zone == Zone::InPlay) leave_play(s, used, Zone::Discard, kNoCard);  // FIELD REPAIR KIT
  if (ask.holder != kNoCard) ask_instead(s, c, ask, to, was_on, was_seat);
  if ((s.families & famJustDiscarded) && to == Zone::Discard) note_discarded(s, c, was_on, was_seat);  // CLOSE CALL!
}

void discard_from_play(State& s, CardId c) { leave_play(s, c, Zone::Discard, kNoCard); }

void annihilate_from_play(State& s, CardId c) { leave_play(s, c, Zone::Annihilated, kNoCard); }

void discard_by_own_use(State& s, CardId c, bool annihilate) {
  const bool before = g_own_use;
  g_own_use = true;
  leave_play(s, c, annihilate ? Zone::Annihilated : Zone::Discard, kNoCard);
  g_own_use = before;
}

void kill_from_play(State& s, CardId w, bool annihilate) {
  leave_play(s, w, annihilate ? Zone::Annihilated : Zone::Discard, w);
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
void put_card_under(State& s, CardId card, CardId holder) { detail::put_under(s, card, holder, false); }
int card_markers(const State& s, CardId card) { return detail::markers_on(s, card); }
void set_card_markers(State& s, CardId card, int n) { detail::set_markers(s, card, n); }
}  // namespace dt
