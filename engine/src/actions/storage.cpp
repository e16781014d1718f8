// Cards kept under another card (storage.hpp). The card's own text is the rule: how a card
// comes under it (from the hand, off a warrior, instead of leaving play: zones.cpp), how it
// leaves (to a warrior, to the hand, discarded), at what price in actions, and where its cards
// go when it leaves play.
#include "actions/storage.hpp"

#include <algorithm>

#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "effects/choices/fetch.hpp"
#include "effects/choices/moves.hpp"
#include "effects/triggers/reactions.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

std::vector<CardId> stored_under(const State& s, CardId holder) {
  std::vector<CardId> out;
  for (size_t i = 0; i < s.cards.size(); ++i)
    if (s.cards[i].zone == Zone::Under && s.cards[i].attached_to == holder) out.push_back(CardId(i));
  return out;
}

bool storage_takes(const State& s, CardId holder, CardId c) {
  const CardDef& hd = s.def(holder);
  if (!hd.storage || c == holder || s.card(holder).zone != Zone::InPlay) return false;
  const StorageSpec& k = *hd.storage;
  if (!filter_matches(s, k.holds, c, s.card(holder).controller)) return false;
  return k.capacity == 0 || int(stored_under(s, holder).size()) < k.capacity;
}

void put_under(State& s, CardId c, CardId holder, bool annihilated) {
  take_out(s, c);
  const int seat = s.card(holder).controller;
  put_into(s, c, Zone::Under, seat);
  CardInst& ci = s.card(c);
  ci.attached_to = holder;
  ci.hidden = s.def(holder).storage && s.def(holder).storage->face_down;
  ci.sent_annihilated = annihilated;
}

// --- THE FALCON OF PILGRIMS: spells cast from under a card (storage.hpp) ---

static bool lends_spells(const State& s, CardId holder) {
  const CardDef& hd = s.def(holder);
  if (!hd.storage || !hd.storage->bearer_casts || s.card(holder).zone != Zone::InPlay) return false;
  if (!is_warrior_in_play(s, bearer_of(s, holder))) return false;
  return std::none_of(s.lasting.begin(), s.lasting.end(),
                      [&](const LastingMod& m) { return m.lock == kStoredCastUsed && m.source == holder; });
}

std::vector<StoredSpell> stored_spells(const State& s, int seat) {
  std::vector<StoredSpell> out;
  for (CardId h : s.attached)
    if (s.card(h).controller == seat && lends_spells(s, h))
      for (CardId c : stored_under(s, h))
        if (s.def(c).type == CardType::Art) out.push_back({c, h});
  return out;
}

CardId stored_spell_holder(const State& s, CardId spell) {
  if (!(s.families2 & fam2StoredCasts) || s.card(spell).zone != Zone::Under) return kNoCard;
  const CardId h = s.card(spell).attached_to;
  return h != kNoCard && lends_spells(s, h) ? h : kNoCard;
}

CardId begin_stored_cast(State& s, const Option& o) {
  const CardId h = stored_spell_holder(s, o.a);
  if (h == kNoCard) return kNoCard;
  const int seat = s.card(h).controller;
  destiny(s, seat) -= s.def(h).storage->cast_d;
  LastingMod used{h, kNoCard, {}, kNoTurnEnds};
  used.lock = kStoredCastUsed;
  used.count = int16_t(seat);
  s.lasting.push_back(used);
  return h;
}

void end_stored_cast(State& s, CardId spell, CardId holder) {
  // Back under its card once it has worked: not when annihilated, nor while it stays in play.
  if (s.card(spell).zone == Zone::Discard && s.card(holder).zone == Zone::InPlay) put_under(s, spell, holder, false);
}

void stored_casts_draw_step(State& s, int seat) {
  if (!(s.families2 & fam2StoredCasts)) return;
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kStoredCastUsed && m.count == seat; });
}

// CAPTURED! (Storage.back_in_play): a warrior kept under the card goes back into play for its owner, in the area it
// was taken from, and the cards it carried (kept under with it) go back on it; nothing else is done to it, as it
// never left play.
static void return_kept_warriors(State& s, CardId holder) {
  const std::vector<CardId> kept = stored_under(s, holder);
  CardId back = kNoCard;
  for (CardId c : kept) {
    if (s.def(c).type != CardType::Warrior) continue;
    const Area area = s.card(c).area;
    const bool wounded = s.card(c).wounded;
    take_out(s, c);
    put_into(s, c, Zone::InPlay, s.card(c).owner);
    s.card(c).wounded = wounded;
    place_in_area(s, c, area);
    back = c;
  }
  if (back == kNoCard) return;
  for (CardId c : kept)
    if (s.def(c).type != CardType::Warrior && s.card(c).zone == Zone::Under) put_attached(s, c, back, s.card(back).controller);
  place_in_area(s, back, s.card(back).area);
}

void release_stored(State& s, CardId holder) {
  const StorageSpec& k = *s.def(holder).storage;
  if (k.back_in_play) return_kept_warriors(s, holder);
  for (CardId c : stored_under(s, holder)) {
    const bool annihilate = k.released == StorageSpec::Released::Annihilated ||
                            (k.released == StorageSpec::Released::AsSent && s.card(c).sent_annihilated);
    take_out(s, c);
    put_into(s, c, annihilate ? Zone::Annihilated : Zone::Discard);
  }
}

bool copy_kept_under(const State& s, CardId c) {
  if (!(s.families & famStorage)) return false;
  const std::string& name = s.def(c).name;
  for (size_t i = 0; i < s.cards.size(); ++i)
    if (s.cards[i].zone == Zone::Under && CardId(i) != c && s.def(CardId(i)).name == name) return true;
  return false;
}

namespace {

// A price in actions its player can pay now: 0 at any time, N only in its Actions step.
bool price_open(const State& s, int price, bool actions_step) {
  if (price < 0) return false;
  if (price == 0) return true;
  return actions_step && s.actions_left >= price;
}

// May warrior w take c, kept under a card (an Equipment card or a Relic, as if equipped)? `any_affiliation`
// (PILLAGED MUNITIONS): whatever the card's GIVE TO and affiliation limits.
bool may_take(const State& s, CardId c, CardId w, bool any_affiliation) {
  if (s.def(c).type == CardType::Relic) return can_equip_relic(s, c, w);
  return can_take_equipment(s, c, w, any_affiliation);
}

void pay(State& s, int price) {
  if (price <= 0) {
    end_standard_action(s, true);
    return;
  }
  s.actions_left -= price - 1;
  end_standard_action(s, false);
}

}  // namespace

void storage_options(const State& s, int seat, bool actions_step, std::vector<Option>& out) {
  if (!(s.families & famStorage)) return;
  const SeatState& st = s.seats[size_t(seat)];
  // The holders: cards lying in play, and cards on a warrior of this player (PANDORA'S BOX).
  std::vector<CardId> holders;
  for (CardId c : st.in_play) {
    if (s.def(c).storage) holders.push_back(c);
    if (is_warrior_in_play(s, c))
      for (CardId a : attachments_of(s, c))
        if (s.def(a).storage && s.card(a).controller == seat) holders.push_back(a);
  }
  for (CardId h : holders) {
    const CardDef& hd = s.def(h);
    if (s.card(h).hidden || marked(s, h, kJustRevealed)) continue;  // its reveal under way (BLUFF)
    const StorageSpec& k = *hd.storage;
    if (price_open(s, k.from_hand, actions_step))
      for (CardId c : st.hand)
        if (storage_takes(s, h, c)) out.push_back({OptKind::Store, c, h});
    if (price_open(s, k.from_warrior, actions_step))
      for (CardId w : st.in_play)
        if (is_warrior_in_play(s, w) && filter_matches(s, k.warrior, w, seat))
          for (CardId a : attachments_of(s, w))
            if (!s.card(a).grafted && storage_takes(s, h, a)) out.push_back({OptKind::Store, a, h});
    const bool give = price_open(s, k.to_warrior, actions_step), to_hand = price_open(s, k.to_hand, actions_step);
    if (!give && !to_hand && !k.discard_any_time) continue;
    for (CardId c : stored_under(s, h)) {
      if (give)
        for (CardId w : st.in_play)
          if (is_warrior_in_play(s, w) && !s.card(w).hidden && filter_matches(s, k.recipient, w, seat) &&
              may_take(s, c, w, k.any_affiliation))
            out.push_back({OptKind::Unstore, c, w});
      if (to_hand) {
        Option o{OptKind::Unstore, c};
        o.p = 1;
        out.push_back(o);
      }
      if (k.discard_any_time) {
        Option o{OptKind::Unstore, c};
        o.p = 2;
        out.push_back(o);
      }
    }
  }
}

void apply_store(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const StorageSpec& k = *s.def(o.b).storage;
  const bool from_hand = s.card(o.a).zone == Zone::Hand;
  put_under(s, o.a, o.b, false);
  emit(log, {EventKind::Store, int8_t(me), o.a, o.b, kStorePut, k.face_down ? 1 : 0});
  pay(s, from_hand ? k.from_hand : k.from_warrior);
}

void apply_unstore(State& s, const Option& o, Log log) {
  const int me = deciding_seat(s);
  const CardId holder = s.card(o.a).attached_to;
  const StorageSpec& k = *s.def(holder).storage;
  const int hidden = s.card(o.a).hidden ? 1 : 0;
  take_out(s, o.a);
  if (o.p == 0) {
    put_attached(s, o.a, o.b, me);
    emit(log, {EventKind::Store, int8_t(me), o.a, o.b, kStoreToWarrior, 0});
    pay(s, k.to_warrior);
  } else if (o.p == 1) {
    put_into(s, o.a, Zone::Hand);
    emit(log, {EventKind::Store, int8_t(me), o.a, holder, kStoreToHand, hidden});
    pay(s, k.to_hand);
  } else {
    put_into(s, o.a, Zone::Discard);
    emit(log, {EventKind::Store, int8_t(me), o.a, holder, kStoreDiscarded, hidden});
    pay(s, 0);
  }
}

namespace {

// Does some player hold a card answering a reveal (PLAYED ON A CARD JUST REVEALED: BLUFF)?
bool reveal_answerable(const State& s) {
  for (const SeatState& st : s.seats)
    for (CardId c : st.hand)
      if (s.def(c).has_designation(desig::PlayedOnACardJustRevealed)) return true;
  return false;
}

}  // namespace

static void reveal_stored(State& s, int seat, CardId holder, Log log);

void play_stored(State& s, int seat, CardId holder, Log log) {
  if (holder == kNoCard || s.card(holder).zone != Zone::InPlay) return;
  // A reveal someone may answer waits for the window to close (settle_reveals); used again meanwhile, it happens now.
  const auto waiting = std::find_if(s.lasting.begin(), s.lasting.end(),
                                    [&](const LastingMod& m) { return m.lock == kJustRevealed && m.target == holder; });
  if (waiting != s.lasting.end()) s.lasting.erase(waiting);
  else if (!stored_under(s, holder).empty() && reveal_answerable(s)) {
    mark_just_happened(s, holder, holder, kJustRevealed);
    s.lasting.back().player = int8_t(seat);
    return;
  }
  reveal_stored(s, seat, holder, log);
}

static void reveal_stored(State& s, int seat, CardId holder, Log log) {
  if (holder == kNoCard || s.card(holder).zone != Zone::InPlay) return;
  for (CardId c : stored_under(s, holder)) play_at_once(s, seat, holder, kNoCard, c, log);  // out before it goes
  emit(log, {EventKind::Effect, int8_t(seat), holder, holder, int(Op::Annihilate), -1});
  annihilate_from_play(s, holder);
}

bool reveals_pending(const State& s) {
  if (!(s.families & famStorage)) return false;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kJustRevealed) return true;
  return false;
}

void settle_reveals(State& s, Log log) {
  std::vector<std::pair<CardId, int>> due;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kJustRevealed) due.emplace_back(m.target, m.player);
  std::erase_if(s.lasting, [](const LastingMod& m) { return m.lock == kJustRevealed; });
  for (const auto& [holder, seat] : due) reveal_stored(s, seat, holder, log);
}

bool stored_unplayed(const State& s, const PendingChoice& ch) {
  if (ch.fetch != kFetchPlayAtOnce || ch.target == kNoCard || s.card(ch.target).zone != Zone::Hand) return false;
  const CardDef& d = s.def(ch.source);
  for (const Ability& a : d.abilities)
    if (has_handler(a.effects, HandlerId::play_stored)) return true;
  return d.play && has_handler(d.play->effects, HandlerId::play_stored);
}

// CAPTURED!: the card was played onto the warrior; it now lies before its player, and the warrior, with every card
// on it, goes under it (in play, doing nothing: no list of warriors or attachments holds them). The warrior keeps
// its area, wound and the markers of how it entered play (a Tribal BODYGUARD's), so that it comes back as it was.
void keep_under(State& s, int seat, CardId holder, CardId w, Log log) {
  if (!is_warrior_in_play(s, w) || s.card(holder).zone != Zone::InPlay || !s.def(holder).storage) return;
  on_imprisoned(s, seat, w, log);  // an imprisonment: MANHUNT
  if (!is_warrior_in_play(s, w) || s.card(holder).zone != Zone::InPlay) return;
  if (s.card(holder).attached_to != kNoCard) {  // it lies before its player, no more on the warrior
    take_out(s, holder);
    put_into(s, holder, Zone::InPlay, seat);
    s.card(holder).area = s.card(w).area;
  }
  std::vector<CardId> carried;
  for (std::vector<CardId> todo{w}; !todo.empty();) {
    const CardId c = todo.back();
    todo.pop_back();
    for (CardId a : attachment_list(s, c)) carried.push_back(a), todo.push_back(a);
  }
  std::vector<LastingMod> kept;
  for (const LastingMod& m : s.lasting)
    if (m.target == w && m.lock == kEnteredTribal) kept.push_back(m);
  const bool wounded = s.card(w).wounded;
  for (auto it = carried.rbegin(); it != carried.rend(); ++it) put_under(s, *it, holder, false);
  put_under(s, w, holder, false);
  s.card(w).wounded = wounded;
  s.lasting.insert(s.lasting.end(), kept.begin(), kept.end());
  emit(log, {EventKind::Store, int8_t(seat), w, holder, kStorePut, 0});
}

// PILLAGED MUNITIONS: as the kill is paid, before the victim leaves play, its Equipment cards go under the card
// for the moment; its player then keeps one (`choose c12`) and the others are discarded (`choose done`: all).
inline constexpr uint8_t kVictimEquipment = 140;  // PendingChoice::fetch: the victim's Equipment card kept, or none

void store_victim_equipment(State& s, int seat, CardId holder, CardId victim, Log) {
  if (s.card(holder).zone != Zone::InPlay || !s.def(holder).storage || !is_warrior_in_play(s, victim)) return;
  const StorageSpec& k = *s.def(holder).storage;
  std::vector<CardId> taken;
  for (CardId a : attachment_list(s, victim)) {
    if (s.def(a).type != CardType::Equipment || s.card(a).grafted) continue;
    if (k.capacity && int(stored_under(s, holder).size()) >= k.capacity) break;
    put_under(s, a, holder, false);
    taken.push_back(a);
  }
  if (taken.empty()) return;
  ask_pick(s, holder, victim, seat, seat, std::move(taken), 1);
  s.choices.back().fetch = kVictimEquipment;
}

bool is_victim_equipment_choice(const State&, const PendingChoice& ch) { return ch.fetch == kVictimEquipment; }

void victim_equipment_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0)
    for (CardId c : ch.candidates)
      if (s.card(c).zone == Zone::Under && s.card(c).attached_to == ch.source) out.push_back({OptKind::Choose, c});
  out.push_back(choose_done());
}

void apply_victim_equipment(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, -1});
  ch.picks_left = 0;
  for (CardId c : ch.candidates) {
    if (c == o.a || s.card(c).zone != Zone::Under || s.card(c).attached_to != ch.source) continue;
    take_out(s, c);
    put_into(s, c, Zone::Discard);
  }
  ch.candidates.clear();
}

void look_under(State& s, int seat, CardId source, const std::string& what, Log log) {
  for (const SeatState& st : s.seats)
    for (CardId h : st.in_play) {
      if (s.card(h).hidden || !s.def(h).has_designation_text(what)) continue;
      for (CardId c : stored_under(s, h)) emit(log, {EventKind::Effect, int8_t(seat), source, c, int(Op::LookAtHand), s.card(c).owner});
    }
}

}  // namespace dt::detail
