// Cancelling a Special card just played: see cancel.hpp.
#include "dt/designations.hpp"
#include "effects/triggers/cancel.hpp"

#include <algorithm>
#include <optional>

#include "effects/filters/waiver.hpp"
#include "effects/triggers/undo.hpp"
#include "internal.hpp"
#include "markers.hpp"

namespace dt::detail {

// REFLECTION: the warrior the card's effects turn back to, when there is one to turn them to.
static CardId reflect_to(const State& s, CardId card, CardId target, CardId user) {
  if (user == kNoCard || !is_warrior_in_play(s, user) || target == kNoCard || target == user) return kNoCard;
  return is_warrior_in_play(s, target) ? user : kNoCard;
}

// REDIRECT: the other legal targets of a spell just cast by `user` (of `seat`): warriors, then players.
static std::vector<Target> redirect_targets(const State& s, int seat, CardId card, Target was, CardId user) {
  std::vector<Target> out;
  if (user == kNoCard || s.def(card).type != CardType::Art) return out;
  // A card that stayed on a warrior moves to another warrior; one lying before a player stays where it is.
  const bool on_warrior = s.card(card).zone == Zone::InPlay && s.card(card).attached_to != kNoCard;
  if (s.card(card).zone == Zone::InPlay && !on_warrior) return out;
  for (const Target& t : spell_targets(s, seat, user, card)) {
    if (t.card != kNoCard ? t.card == was.card : t.seat == was.seat) continue;
    if (on_warrior && t.card == kNoCard) continue;
    out.push_back(t);
  }
  return out;
}

// PASS THE BUCK, STOLEN PAPERWORK (AnswerSpec::replay): the D `seat` pays to play the card just played itself,
// bought `times` as its player did (its timing aside).
static int replay_price(const State& s, CardId card, int times) {
  const PlaySpec& p = *s.def(card).play;
  return p.cost_d + p.per_d * times;
}

// ... and where it may play it: the card's legal targets for `seat` (no combat area as a host), as it plays
// them with `extra` D spent first (the answer's own price).
static std::vector<Target> replay_targets(const State& s, int seat, CardId card, int times, int extra = 0) {
  std::vector<Target> out;
  const CardDef& d = s.def(card);
  if (!d.play || d.type == CardType::Art || destiny(s, seat) < extra + replay_price(s, card, times)) return out;
  const PlaySpec& p = *d.play;
  for (const Target& t : targets(s, seat, p.target, p.filter, card)) {
    if (t.area >= 0 || !defender_ok(s, p.effects, t.card) || !can_affect(s, p.effects, card, t.card)) continue;
    out.push_back(t);
  }
  return out;
}

// ASSAULT ENGINEER: the warriors a Special answering by its own play may go on.
static std::vector<CardId> attach_targets(const State& s, int seat, CardId a) {
  std::vector<CardId> out;
  const CardDef& d = s.def(a);
  if (!d.play) return out;
  for (const Target& t : targets(s, seat, d.play->target, d.play->filter, a))
    if (t.card != kNoCard && t.area < 0 && is_warrior_in_play(s, t.card) && can_affect(s, d.play->effects, a, t.card))
      out.push_back(t.card);
  return out;
}

inline constexpr uint8_t kAttachAnswer = 120;  // PendingChoice::fetch: where the answering Special goes
// PendingChoice::fetch of the question itself: whether to answer the card. Its source is the card just played, whose
// own choice (a first play's, PASS THE BUCK playing it again meanwhile) may wait in the queue beside it: the marker
// alone (kCancelOffered on that card) does not tell the two apart.
inline constexpr uint8_t kCancelQuestion = 180;

static bool has_marker(const State& s, uint8_t kind, CardId card) {
  return std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) { return m.lock == kind && m.source == card; });
}

// Was `c` played from hand in answer to another card, its own answers still to come?
static bool played_in_answer(const State& s, CardId c) { return has_marker(s, kAnswerWaits, c); }

// Card::answers: does card `a` answer `card`, just played on `target` (bought `times`), at a price its player
// can pay? `by` played it (`own`: `seat` did), cast by `user`.
static bool answer_fits(const State& s, CardId a, int seat, int by, CardId card, Target target, CardId user,
                        int times) {
  const bool own = seat == by;
  const AnswerSpec& x = *s.def(a).answers;
  if (!x.abilities_used && has_marker(s, kAbilityWaits, card)) return false;  // answers plays alone
  if (!x.triggers_fired && has_marker(s, kTriggerWaits, card)) return false;
  // ANTIDOTE: a POISON's blow or ability, never its play.
  if (x.not_played && !has_marker(s, kAbilityWaits, card) && !has_marker(s, kTriggerWaits, card)) return false;
  if (own ? !x.any_player && !x.own_only : x.own_only) return false;  // ESSENTIAL SUMMONS: its own player's alone
  if (x.opponents_only && !opponents(s, seat, by)) return false;  // STOLEN PAPERWORK: no team-mate's card
  if (x.card_types && !(x.card_types & (1u << unsigned(s.def(card).type)))) return false;
  if (destiny(s, seat) < x.cost_d) return false;
  if (x.healthy && s.card(a).wounded) return false;  // LUTHERAN DISCIPLE: only while unwounded
  // PASS THE BUCK: no card played as actions, none that stays in play; neither it nor STOLEN PAPERWORK on a
  // MISCOMMUNICATION.
  const CardDef& played = s.def(card);
  if (played.has_designation(desig::NeverCancelled)) return false;  // CLOSE BUT NO CIGAR
  if (x.not_action && played.play && played.play->timing == Timing::Action) return false;
  if (x.not_staying && (played.post_play == PostPlay::Attach || (played.play && played.play->stays))) return false;
  for (const std::string& n : x.not_designation)
    if (played.has_designation_text(n)) return false;
  if (!x.only_designation.empty() &&  // ASSAULT ENGINEER: a MINEFIELD alone
      std::none_of(x.only_designation.begin(), x.only_designation.end(),
                   [&](const std::string& n) { return played.has_designation_text(n); }))
    return false;
  if (x.attaches && (s.card(a).zone != Zone::Hand || attach_targets(s, seat, a).empty())) return false;
  // ... and only with somewhere to play it again.
  if (x.replay && !(x.answers_answers_by_negating && played_in_answer(s, card)) &&
      replay_targets(s, seat, card, times, x.cost_d).empty())
    return false;
  // PREFERRED SPELL: only a card on its way to the discard pile goes back to a hand.
  if (x.to_hand && s.card(card).zone != Zone::Discard) return false;
  if (x.retarget == 1 && !x.or_negate && reflect_to(s, card, target.card, user) == kNoCard) return false;
  if (x.retarget == 2 && !x.or_negate && redirect_targets(s, by, card, target, user).empty())
    return false;
  // REPUDIATE: an Art spell answers as cast by one of its player's warriors that may cast it.
  if (s.def(a).type == CardType::Art && s.card(a).zone == Zone::Hand) {
    if (faces_immunity(s, seat, a)) return false;
    bool caster = false;
    for (CardId w : warriors_of(s, seat))
      if (!s.card(w).hidden && (s.def(a).aspect ? can_cast(s, w, a) : casts_any_spell(s, w))) caster = true;
    if (!caster) return false;
  }
  if (x.on_bearer) {  // KANJI'S LUCKY SENSE: played directly on its warrior or one of its attachments
    const CardId w = home_of(s, a);
    if (target.card == kNoCard || w == kNoCard || (target.card != w && s.card(target.card).attached_to != w)) return false;
  }
  return true;
}

// What may answer `card` (just played on `target`) for `seat`: its cards in play that do (YOUNG GUARD,
// FORESEEING TALISMAN), then the Specials in its hand (FIZZLE, MISCOMMUNICATION; not while it may
// play no Special in this combat).
// REPUDIATE, an Art spell in hand, answers as cast; PREFERRED SPELL, REFLECTION answer their own player's cards too.
static std::vector<CardId> cancellers(const State& s, int seat, int by, CardId card, Target target, CardId user,
                                      int times) {
  std::vector<CardId> out;
  if (s.families & famAnswers) {  // a game with no such card in play looks no further
    for (CardId w : warriors_of(s, seat))
      if (!s.card(w).hidden && s.def(w).answers && answer_fits(s, w, seat, by, card, target, user, times)) out.push_back(w);
    for (CardId a : s.attached)
      if (s.card(a).controller == seat && s.def(a).answers && is_warrior_in_play(s, bearer_of(s, a)) &&
          answer_fits(s, a, seat, by, card, target, user, times))
        out.push_back(a);
  }
  const bool specials = !specials_barred(s, seat);
  for (CardId c : s.seats[size_t(seat)].hand) {
    const CardDef& d = s.def(c);
    if (!d.answers || c == card) continue;
    if ((d.type == CardType::Special && specials) || d.type == CardType::Art)
      if (answer_fits(s, c, seat, by, card, target, user, times)) out.push_back(c);
  }
  return out;
}

// The card just played is negated: its held effects never run, its bonus is taken back, a card it left in
// play is discarded as it would have been, and nobody else is asked about it.
static void negate_card(State& s, CardId card) {
  for (LastingMod& m : s.lasting)
    if (m.lock == kAnswerWaits && m.source == card) m.count = 1;  // an answer negated: it will do nothing
  // An ability used (AURA OF MYSTICAL RESISTANCE): its effects never run, its card stays as it was.
  if (std::erase_if(s.lasting, [&](const LastingMod& m) {
        return (m.lock == kAbilityWaits || m.lock == kTriggerWaits) && m.source == card;
      })) {
    std::erase_if(s.choices, [&](const PendingChoice& c) { return &c != &s.choices.front() && c.source == card; });
    return;
  }
  std::erase_if(s.lasting, [&](const LastingMod& m) {
    return (m.lock == kSpecialWaits || m.lock == kRetarget || m.lock == kInfectionReach) && m.source == card;
  });
  std::erase_if(s.combat.mods, [&](const CombatMod& m) { return m.source == card; });
  if (s.card(card).zone == Zone::InPlay) discard_from_play(s, card);
  std::erase_if(s.choices, [&](const PendingChoice& c) { return &c != &s.choices.front() && c.source == card; });
}

static bool still_usable(const State& s, CardId x, int seat) {
  if (s.card(x).zone == Zone::Hand) return s.card(x).owner == seat;
  if (s.def(x).answers && destiny(s, seat) < s.def(x).answers->cost_d) return false;
  return s.card(x).zone == Zone::InPlay && s.card(x).controller == seat &&
         is_warrior_in_play(s, home_of(s, x));
}

static void answer_works(State& s, int seat, int by, CardId card, CardId a, CardId user, Log log);

// A Special played from hand in answer (`a`, by `seat`, to `card` played by `by`) is itself a Special just
// played: the other players may answer it in turn, and it works only once they have (kAnswerWaits).
static bool answer_answered(State& s, int seat, int by, CardId card, CardId a, CardId user) {
  LastingMod m{a, card, {}, kNoTurnEnds};
  m.lock = kAnswerWaits;
  m.player = int8_t(seat);
  m.other = user;
  m.given = int16_t(by);
  s.lasting.push_back(m);
  if (offer_cancel(s, seat, a, {card, -1}, 0, false, user)) return true;
  std::erase_if(s.lasting, [&](const LastingMod& x) { return x.lock == kAnswerWaits && x.source == a; });
  return false;
}

bool offer_cancel(State& s, int seat, CardId card, Target t, int times, bool waits, CardId user) {
  if (s.def(card).has_designation(desig::NeverCancelled)) return false;  // CLOSE BUT NO CIGAR
  bool asked = false;
  // The other players in turn, then (PREFERRED SPELL) its own player.
  for (uint8_t other : seats_from(s, next_active_seat(s, seat))) {
    if (s.seats[other].eliminated) continue;
    std::vector<CardId> ws = cancellers(s, other, seat, card, t, user, times);
    if (ws.empty()) continue;
    ask_pick(s, card, t.card, seat, other, std::move(ws));
    s.choices.back().target_seat = t.seat;
    s.choices.back().fetch = kCancelQuestion;
    asked = true;
  }
  if (!asked) return false;
  // The question's marker keeps the purchases; the waiting effects' marker keeps their target.
  LastingMod offered{card, kNoCard, {}, kNoTurnEnds};
  offered.lock = kCancelOffered;
  offered.times = int16_t(std::clamp(times, 0, 127));
  s.lasting.push_back(offered);
  if (waits) {
    LastingMod m{card, t.card, {}, kNoTurnEnds};
    m.lock = kSpecialWaits;
    m.player = t.seat;
    m.other = user;  // its caster (REFLECTION), and the USER of its effects
    s.lasting.push_back(m);
  }
  return true;
}

// The effects of `card`'s ability or trigger `index` (marker `lock`) wait while the players who may answer them are
// asked; false, and nothing kept, when nobody may.
static bool held_for_answers(State& s, uint8_t lock, int seat, CardId card, int index, Target t, int times, CardId user,
                             CardId paid) {
  LastingMod m{card, t.card, {}, kNoTurnEnds};
  m.lock = lock;
  m.player = t.seat;
  m.other = user;
  m.count = int16_t(index);
  m.times = int16_t(std::clamp(times, 0, 127));
  m.given = int16_t(paid);  // the sacrificed warrior's id (CardId fits in 16 bits)
  s.lasting.push_back(m);
  if (offer_cancel(s, seat, card, t, times, false, user)) return true;
  s.lasting.pop_back();  // offer_cancel asked nobody and added nothing
  return false;
}

bool ability_answered(State& s, int seat, CardId card, int index, Target t, int times, CardId user, CardId paid) {
  return held_for_answers(s, kAbilityWaits, seat, card, index, t, times, user, paid);
}

bool trigger_answered(State& s, int seat, CardId card, int index, Target t, CardId user) {
  return held_for_answers(s, kTriggerWaits, seat, card, index, t, 0, user, kNoCard);
}

bool is_cancel_choice(const State& s, const PendingChoice& ch) {
  return ch.fetch == kCancelQuestion && has_marker(s, kCancelOffered, ch.source);
}

void cancel_choice_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0)
    for (CardId x : ch.candidates)
      if (still_usable(s, x, ch.seat)) out.push_back({OptKind::Choose, x});
  out.push_back(choose_done());
}

void apply_cancel_choice(State& s, const Option& o, Log log) {
  // What the choice holds is copied first: ask_pick below may grow s.choices, which would leave a
  // reference into it dangling.
  PendingChoice& front = s.choices.front();
  front.picks_left = 0;
  const int seat = front.seat, by = front.by;
  const CardId card = front.source;
  emit(log, {EventKind::Choose, int8_t(seat), card, o.a, -1});
  if (o.a == kNoCard) return;  // let it be
  const AnswerSpec& x = *s.def(o.a).answers;
  destiny(s, seat) -= x.cost_d;  // (an Art answer, REPUDIATE, has no other price)
  const CardId user = s.card(o.a).zone != Zone::InPlay ? kNoCard : home_of(s, o.a);
  if (s.card(o.a).zone == Zone::Hand && x.attaches) {  // ASSAULT ENGINEER: played onto a warrior, picked next
    std::vector<CardId> ws = attach_targets(s, seat, o.a);
    ask_pick(s, o.a, card, seat, seat, std::move(ws));
    s.choices.back().fetch = kAttachAnswer;
  } else if (s.card(o.a).zone == Zone::Hand) {  // FIZZLE, MISCOMMUNICATION are played, then go where they go
    take_out(s, o.a);
    put_into(s, o.a, s.def(o.a).post_play == PostPlay::Annihilate ? Zone::Annihilated : Zone::Discard);
    emit(log, {EventKind::Play, int8_t(seat), o.a, card, -1});
    if (answer_answered(s, seat, by, card, o.a, user)) return;  // it works once its own answers are in
  } else {
    if (s.card(o.a).attached_to != kNoCard) emit(log, {EventKind::Effect, int8_t(seat), o.a, card, 0, -1});
    if (x.discard_self) discard_from_play(s, o.a);  // the YOUNG GUARD is the price
    if (x.annihilate_self) annihilate_from_play(s, o.a);  // LUTHERAN DISCIPLE
  }
  answer_works(s, seat, by, card, o.a, user, log);
}

// The answer `a` (of `seat`) to `card` (played by `by`) takes effect.
static void answer_works(State& s, int seat, int by, CardId card, CardId a, CardId user, Log log) {
  const AnswerSpec& x = *s.def(a).answers;
  // gEngine STOLEN PAPERWORK on a card played in answer: that card does nothing, and nothing is played again.
  const bool answer_negated_only = x.answers_answers_by_negating && played_in_answer(s, card);
  if (x.negate || answer_negated_only) negate_card(s, card);
  if (x.to_hand) {  // PREFERRED SPELL: back to its player's hand once its effects are done
    LastingMod m{card, kNoCard, {}, kNoTurnEnds};
    m.lock = kToHand;
    s.lasting.push_back(m);
  }
  if (x.retarget) {  // REFLECTION, REDIRECT: its answerer says where its effects go
    const auto w = std::find_if(s.lasting.begin(), s.lasting.end(),
                                [&](const LastingMod& m) { return m.lock == kSpecialWaits && m.source == card; });
    if (w != s.lasting.end()) {
      const Target was{w->target, w->player};
      const CardId caster = w->other;
      std::vector<CardId> cards;
      std::vector<int8_t> seats;
      if (x.retarget == 1) {
        if (const CardId r = reflect_to(s, card, was.card, caster); r != kNoCard) cards.push_back(r);
      } else {
        for (const Target& t : redirect_targets(s, by, card, was, caster))
          if (t.card != kNoCard) cards.push_back(t.card);
          else seats.push_back(t.seat);
      }
      if (!cards.empty() || !seats.empty() || x.or_negate) {  // nowhere else to go: it plays as it was
        LastingMod m{card, kNoCard, {}, kNoTurnEnds};
        m.lock = kRetarget;
        m.other = a;
        s.lasting.push_back(m);
        ask_pick(s, a, card, by, seat, std::move(cards));
        s.choices.back().seats = std::move(seats);
      }
    }
  }
  if (!x.effects.empty()) run_effects(s, seat, a, user, {card, -1}, 0, x.effects, log, nullptr);
  if (x.replay && !answer_negated_only) {  // PASS THE BUCK, STOLEN PAPERWORK: its answerer plays it too, once it has worked (or been negated)
    int times = 0;
    for (const LastingMod& m : s.lasting)
      if (m.lock == kCancelOffered && m.source == card) times = m.times;
    LastingMod m{card, kNoCard, {}, kNoTurnEnds};
    m.lock = kReplay;
    m.other = a;
    m.times = int16_t(times);
    s.lasting.push_back(m);
    ask_pick(s, a, card, seat, seat, {});
  }
}

// The marker (`lock`) of an answer waiting on this choice: on the card just played (ch.target),
// naming its answerer (ch.source). Replays and retargets both keep one.
static const LastingMod* answer_marker(const State& s, uint8_t lock, const PendingChoice& ch) {
  for (const LastingMod& m : s.lasting)
    if (m.lock == lock && m.source == ch.target && m.other == ch.source) return &m;
  return nullptr;
}

// --- PASS THE BUCK, STOLEN PAPERWORK: the card just played, played again by its answerer (kReplay) ---

static const LastingMod* replay_marker(const State& s, const PendingChoice& ch) { return answer_marker(s, kReplay, ch); }

bool is_replay_choice(const State& s, const PendingChoice& ch) { return replay_marker(s, ch) != nullptr; }

void replay_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0)
    for (const Target& t : replay_targets(s, ch.seat, ch.target, replay_marker(s, ch)->times)) {
      Option o{OptKind::Choose, t.card};
      if (t.card == kNoCard) {
        if (t.seat < 0) {  // a card with no target: played as it is
          out.push_back(choose_answer(0));
          continue;
        }
        o.seat = t.seat;
      }
      out.push_back(o);
    }
  if (out.empty()) out.push_back(choose_done());  // nowhere left to play it
}

static void run_played(State& s, int by, CardId card, Target t, int times, CardId user, Log log);

void apply_replay(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a,
             o.a != kNoCard ? -1 : o.seat >= 0 ? kPickedSeat + o.seat : o.p});
  ch.picks_left = 0;
  const CardId card = ch.target;
  const int seat = ch.seat;
  int times = 0;
  if (const LastingMod* m = replay_marker(s, ch)) {
    times = m->times;
    s.lasting.erase(s.lasting.begin() + (m - s.lasting.data()));
  }
  if (o.kind == OptKind::Choose && o.a == kNoCard && o.seat < 0 && o.p < 0) return;  // nowhere to play it
  const Target t{o.a, o.a != kNoCard ? int8_t(-1) : int8_t(o.seat)};
  destiny(s, seat) -= replay_price(s, card, times);
  const CardDef& d = s.def(card);
  if (d.play->stays || d.post_play == PostPlay::Attach) {  // it stays where its new player puts it
    take_out(s, card);
    if (t.card != kNoCard) put_attached(s, card, t.card, seat);
    else put_into(s, card, Zone::InPlay, t.seat >= 0 ? t.seat : seat);
  }
  emit(log, {EventKind::Play, int8_t(seat), card, t.card, t.seat});
  // Played again, it may be answered as any card played.
  if (offer_cancel(s, seat, card, t, times, true, kNoCard)) return;
  run_played(s, seat, card, t, times, kNoCard, log);
}

// --- ASSAULT ENGINEER: the answering Special's own play (kAttachAnswer) ---

bool is_attach_answer_choice(const State&, const PendingChoice& ch) { return ch.fetch == kAttachAnswer; }

void attach_answer_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0 && s.card(ch.source).zone == Zone::Hand)
    for (CardId w : attach_targets(s, ch.seat, ch.source))
      if (std::find(ch.candidates.begin(), ch.candidates.end(), w) != ch.candidates.end()) out.push_back({OptKind::Choose, w});
  if (out.empty()) out.push_back(choose_done());
}

void apply_attach_answer(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  ch.picks_left = 0;
  const int seat = ch.seat;
  const CardId card = ch.source;
  emit(log, {EventKind::Choose, int8_t(seat), card, o.a, -1});
  if (o.a == kNoCard || s.card(card).zone != Zone::Hand) return;
  take_out(s, card);
  put_attached(s, card, o.a, seat);
  emit(log, {EventKind::Play, int8_t(seat), card, o.a, -1});
}

// --- REFLECTION, REDIRECT: where the effects of a card just played go (kRetarget) ---

static const LastingMod* retarget_marker(const State& s, const PendingChoice& ch) { return answer_marker(s, kRetarget, ch); }

bool is_retarget_choice(const State& s, const PendingChoice& ch) { return retarget_marker(s, ch) != nullptr; }

void retarget_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  if (ch.picks_left != 0) {
    for (CardId x : ch.candidates)
      if (is_warrior_in_play(s, x)) out.push_back({OptKind::Choose, x});
    for (int8_t p : ch.seats)
      if (!s.seats[size_t(p)].eliminated) {
        Option o{OptKind::Choose};
        o.seat = p;
        out.push_back(o);
      }
    if (s.def(ch.source).answers && s.def(ch.source).answers->or_negate) out.push_back(choose_answer(0));
  }
  if (out.empty()) out.push_back(choose_done());  // nowhere to go: the card plays as it was
}

static void resolve_waiting(State& s, CardId card, int by, Log log);

void retarget_choice_done(State& s, const PendingChoice& ch, Log log) {
  const CardId card = ch.target;
  if (!std::any_of(s.lasting.begin(), s.lasting.end(),
                   [&](const LastingMod& m) { return m.lock == kRetarget && m.source == card && m.other == ch.source; }))
    return;  // answered (apply_retarget)
  // Its targets gone before it was answered: the card plays as it was.
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kRetarget && m.source == card; });
  if (std::none_of(s.choices.begin(), s.choices.end(), [&](const PendingChoice& c) { return c.source == card; }))
    resolve_waiting(s, card, ch.by, log);
}

void apply_retarget(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a,
             o.a != kNoCard ? -1 : o.seat >= 0 ? kPickedSeat + o.seat : o.p});
  ch.picks_left = 0;
  const CardId card = ch.target;
  const int by = ch.by;
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kRetarget && m.source == card; });
  if (o.a == kNoCard && o.seat < 0 && o.p == 0) {  // REFLECTION's other way: negated
    negate_card(s, card);
    std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kCancelOffered && m.source == card; });
    return;
  }
  for (LastingMod& m : s.lasting) {
    if (m.lock != kSpecialWaits || m.source != card) continue;
    if (o.a != kNoCard) {
      m.target = o.a, m.player = -1;
      // A card that stays on its warrior goes along to the new one.
      if (s.card(card).zone == Zone::InPlay && s.card(card).attached_to != kNoCard &&
          s.card(card).attached_to != o.a) {
        const int seat = s.card(card).controller;
        take_out(s, card);
        put_attached(s, card, o.a, seat);
      }
    } else if (o.seat >= 0) {
      m.target = kNoCard, m.player = o.seat;
    }
  }
  emit(log, {EventKind::Effect, int8_t(ch.seat), ch.source, o.a != kNoCard ? o.a : card, 0, o.seat});
  // The card waits no more once nobody else is still to answer it.
  if (std::none_of(s.choices.begin() + 1, s.choices.end(), [&](const PendingChoice& c) { return c.source == card; }))
    resolve_waiting(s, card, by, log);
}

// PREFERRED SPELL: the card goes back to its player's hand, if it went to the discard pile.
static void back_to_hand(State& s, CardId card) {
  const auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                               [&](const LastingMod& m) { return m.lock == kToHand && m.source == card; });
  if (it == s.lasting.end()) return;
  s.lasting.erase(it);
  if (s.card(card).zone != Zone::Discard) return;
  take_out(s, card);
  put_into(s, card, Zone::Hand, s.card(card).owner);
}

static bool answer_done(State& s, CardId a, Log log);

// Is something still to come before the card's held effects go on: another player's answer, an answer to it
// waiting on answers of its own (answer_done goes on from there), or REDIRECT's answerer saying where they go?
static bool still_answered(const State& s, CardId card) {
  return std::any_of(s.choices.begin(), s.choices.end(), [&](const PendingChoice& c) { return c.source == card; }) ||
         std::any_of(s.lasting.begin(), s.lasting.end(), [&](const LastingMod& m) {
           return (m.lock == kAnswerWaits && m.target == card) || (m.lock == kRetarget && m.source == card);
         });
}

void cancel_choice_done(State& s, const PendingChoice& ch, Log log) {
  const CardId card = ch.source;
  if (still_answered(s, card)) return;
  if (answer_done(s, card, log)) return;
  resolve_waiting(s, card, ch.by, log);
}

// The answers to an answer `a` are in (kAnswerWaits): unless negated it works now, and the card it answered goes
// on (or, an answer itself, does the same). False when `a` was no such answer.
static bool answer_done(State& s, CardId a, Log log) {
  const auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                               [&](const LastingMod& m) { return m.lock == kAnswerWaits && m.source == a; });
  if (it == s.lasting.end()) return false;
  const LastingMod m = *it;
  s.lasting.erase(it);
  std::erase_if(s.lasting, [&](const LastingMod& x) { return x.lock == kCancelOffered && x.source == a; });
  const CardId card = m.target;
  if (m.count == 0) answer_works(s, m.player, m.given, card, a, m.other, log);
  if (still_answered(s, card)) return true;
  if (!answer_done(s, card, log)) resolve_waiting(s, card, m.given, log);
  return true;
}

// The marker of kind `lock` that `card`'s waiting effects left, taken out of State::lasting (nullopt: none).
static std::optional<LastingMod> take_waiting(State& s, uint8_t lock, CardId card) {
  const auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                               [&](const LastingMod& m) { return m.lock == lock && m.source == card; });
  if (it == s.lasting.end()) return std::nullopt;
  const LastingMod m = *it;
  s.lasting.erase(it);
  return m;
}

// An ability whose effects waited for answers (kAbilityWaits), not negated: they run now. False when none waited.
static bool ability_goes_on(State& s, CardId card, int by, Log log) {
  const std::optional<LastingMod> m = take_waiting(s, kAbilityWaits, card);
  if (!m) return false;
  const Target t{m->target, m->player};
  const Zone was = t.card != kNoCard ? s.card(t.card).zone : Zone::Limbo;
  ability_works(s, by, card, m->count, m->other, t, m->times, CardId(m->given), was, log);
  return true;
}

// A trigger whose effects waited for answers (kTriggerWaits), not negated: they run now, and its choice is asked.
// False when none waited.
static bool trigger_goes_on(State& s, CardId card, int by, Log log) {
  const std::optional<LastingMod> m = take_waiting(s, kTriggerWaits, card);
  if (!m) return false;
  if (size_t(m->count) >= s.def(card).triggers.size()) return true;  // the card is another now: nothing left to run
  const Trigger& tr = s.def(card).triggers[size_t(m->count)];
  const Target t{m->target, m->player, -1, m->other};
  run_effects(s, by, card, m->other, {m->target, m->player}, 0, tr.effects, log, nullptr);
  if (tr.choice && is_warrior_in_play(s, m->target)) {  // MINDSLAYER: the victim's Specials its player picks
    std::vector<CardId> candidates = choice_candidates(s, by, card, t, 1);
    if (!candidates.empty()) queue_choice(s, by, card, t, 1, std::move(candidates), log);
  }
  return true;
}

static void resolve_waiting(State& s, CardId card, int by, Log log) {
  int times = 0;
  for (const LastingMod& m : s.lasting)
    if (m.lock == kCancelOffered && m.source == card) times = m.times;
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kCancelOffered && m.source == card; });
  const auto it = std::find_if(s.lasting.begin(), s.lasting.end(),
                               [&](const LastingMod& m) { return m.lock == kSpecialWaits && m.source == card; });
  if (it == s.lasting.end()) {
    if (ability_goes_on(s, card, by, log)) return;
    if (trigger_goes_on(s, card, by, log)) return;
    back_to_hand(s, card);
    return;
  }
  const Target t{it->target, it->player};
  const CardId user = it->other;
  s.lasting.erase(it);
  run_played(s, by, card, t, times, user, log);
}

// The effects of a card played (and not cancelled) run on `t`.
static void run_played(State& s, int by, CardId card, Target t, int times, CardId user, Log log) {
  // MENTAL CONSTITUTION: not cancelled, the card still meets its target's immunity first.
  if (offer_waiver(s, by, card, t, times, true)) {
    back_to_hand(s, card);
    return;
  }
  const PlaySpec& p = *s.def(card).play;
  std::vector<CardId> candidates;
  if (p.choice) candidates = choice_candidates(s, by, card, {t.card, t.seat, -1, user}, times);
  {
    const UndoRecorder record(s, card);
    run_effects(s, by, card, user, t, times, p.effects, log, nullptr);
  }
  std::erase_if(s.lasting, [&](const LastingMod& m) { return m.lock == kInfectionReach && m.source == card; });
  if (p.choice) queue_choice(s, by, card, {t.card, t.seat, -1, user}, times, std::move(candidates), log);
  back_to_hand(s, card);
}

}  // namespace dt::detail
