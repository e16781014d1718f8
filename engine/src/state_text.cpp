// A position as one seat may know it, as text (see dt/state_text.hpp).
//
// The format is a flat list of whitespace-separated tokens, written and read
// in the same order by the two functions below: a label before each group, so
// that a reader out of step fails at once with the label it expected. Numbers
// are decimal integers; "?" is an unknown card.
#include "dt/state_text.hpp"

#include "combat/substitute.hpp"
#include "markers.hpp"
#include "turn/turn.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace dt {

namespace {

constexpr std::string_view kMagic = "dtstate4";

class Writer {
 public:
  void label(std::string_view l) { out_ << '\n' << l; }
  void num(long long v) { out_ << ' ' << v; }
  void word(std::string_view w) { out_ << ' ' << w; }
  void ids(const std::vector<CardId>& v) {
    num(long(v.size()));
    for (CardId c : v) num(c);
  }
  std::string str() const { return out_.str(); }

 private:
  std::ostringstream out_;
};

struct Malformed {
  std::string why;
};

class Reader {
 public:
  explicit Reader(std::string_view t) : t_(t) {}
  std::string_view token() {
    while (at_ < t_.size() && (t_[at_] == ' ' || t_[at_] == '\n' || t_[at_] == '\t' || t_[at_] == '\r')) ++at_;
    const size_t b = at_;
    while (at_ < t_.size() && !(t_[at_] == ' ' || t_[at_] == '\n' || t_[at_] == '\t' || t_[at_] == '\r')) ++at_;
    if (b == at_) throw Malformed{"the text ends early"};
    return t_.substr(b, at_ - b);
  }
  void label(std::string_view l) {
    const std::string_view got = token();
    if (got != l) throw Malformed{"expected '" + std::string(l) + "', found '" + std::string(got) + "'"};
  }
  long long num(long long lo, long long hi) {
    const std::string_view tok = token();
    long long v = 0;
    const auto [end, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec != std::errc() || end != tok.data() + tok.size())
      throw Malformed{"'" + std::string(tok) + "' is not a number"};
    if (v < lo || v > hi)
      throw Malformed{std::to_string(v) + " is out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]"};
    return v;
  }
  bool flag() { return num(0, 1) != 0; }
  std::string_view rest() const { return t_.substr(at_); }

 private:
  std::string_view t_;
  size_t at_ = 0;
};

}  // namespace

std::string state_to_text(const State& s, const Knowledge& k) {
  Writer w;
  w.word(kMagic);
  w.num(k.seat());
  // Rules: the preset's name, every field of the table, the style, the seats.
  w.label("rules");
  w.word(s.rules.name.empty() ? "-" : s.rules.name);
  for (const RulesField& f : rules_fields()) w.num(f.get(s.rules));
  w.num(int(s.rules.style));
  w.num(long(s.rules.seats.size()));
  for (const SeatRules& r : s.rules.seats) {
    w.num(r.team), w.num(r.opening_hand), w.num(r.hand_limit), w.num(r.starting_destiny);
    w.num(r.actions_per_turn), w.num(r.free_attacks), w.num(r.muster_only), w.num(r.never_discards);
  }
  w.label("cards");
  w.num(long(s.cards.size()));
  for (size_t i = 0; i < s.cards.size(); ++i) {
    const CardInst& c = s.cards[i];
    if (k.knows(CardId(i))) w.num(c.def);
    else w.word("?");
    w.num(c.owner), w.num(c.controller), w.num(int(c.zone)), w.num(int(c.area)), w.num(c.attached_to);
    w.num(c.wounded), w.num(c.cover), w.num(c.unpaid), w.num(c.hidden), w.num(c.grafted);
    w.num(c.exited_cover_turn), w.num(c.sergeant_group), w.num(c.inside), w.num(c.transferred_turn);
    w.num(c.sent_annihilated);
  }
  w.label("attached");
  w.ids(s.attached);
  w.label("seats");
  w.num(long(s.seats.size()));
  for (const SeatState& st : s.seats) {
    std::vector<CardId> draw = st.draw;
    std::sort(draw.begin(), draw.end());  // no one knows a draw pile's order
    w.ids(draw), w.ids(st.hand), w.ids(st.discard), w.ids(st.annihilated), w.ids(st.in_play), w.ids(st.side_board);
    w.num(st.pool), w.num(st.pool_seat), w.num(st.team), w.num(st.promotion), w.num(st.turns_taken);
    w.num(st.gift_decided), w.num(st.eliminated), w.num(st.left), w.num(st.out_turn);
    w.num(st.no_warrior_deadline), w.num(st.sabotaged_mask), w.num(st.skip_turns), w.num(st.extra_turns);
  }
  w.label("game");
  w.num(s.turn_number), w.num(s.current), w.num(s.first_player), w.num(int(s.phase)), w.num(int(s.step));
  w.num(s.actions_left), w.num(s.tactical_used), w.num(s.gift_seat), w.num(s.winner), w.num(s.winning_team);
  w.num(int(s.end_reason)), w.num(s.decisions), w.num(s.outpost_opened), w.num(s.answer_due);
  w.num(s.recent_survivor), w.num(s.recent_p_seat), w.num(s.recent_p);
  w.num(s.bonus_actions), w.num(s.extra_tacticals);
  w.num(long(s.table.size()));
  for (uint8_t x : s.table) w.num(x);
  w.num(s.reversed), w.num(s.reverse_due), w.num(s.reversed_once);
  w.ids(s.offers);
  w.label("window");
  w.num(int(s.window.kind)), w.num(s.window.index), w.num(s.window.passes);
  w.num(long(s.window.order.size()));
  for (uint8_t o : s.window.order) w.num(o);
  const Combat& cb = s.combat;
  w.label("combat");
  w.num(cb.active), w.num(cb.attacker), w.num(cb.defender), w.num(cb.attacking_seat), w.num(int(cb.tactic));
  w.num(int(cb.order)), w.num(cb.warzone), w.num(cb.spare_actions);
  w.num(cb.aimed), w.num(cb.aimed_actions);
  w.num(long(cb.mods.size()));
  for (const CombatMod& m : cb.mods)
    w.num(m.source), w.num(m.target), w.num(m.bonus.f), w.num(m.bonus.s), w.num(m.bonus.a), w.num(m.bonus.v);
  w.ids(cb.used);
  w.ids(cb.wounded_in_it);
  w.num(long(cb.spells.size()));
  for (const CastSpell& sp : cb.spells)
    w.num(sp.card), w.num(sp.caster), w.num(sp.target), w.num(sp.seat), w.num(sp.target_seat), w.num(sp.times);
  w.label("lasting");
  w.num(long(s.lasting.size()));
  for (const LastingMod& m : s.lasting)
    w.num(m.source), w.num(m.target), w.num(m.bonus.f), w.num(m.bonus.s), w.num(m.bonus.a), w.num(m.bonus.v),
        w.num(m.seat);
  w.label("awards");
  w.num(long(s.awards.size()));
  for (const PointsAward& a : s.awards)
    w.num(a.seat), w.num(a.amount), w.num(a.destiny_only), w.num(a.source), w.num(a.or_d), w.num(a.d_times);
  // Immunities to one card (EXORCISE DISEASE, MIND WALL), by index, and the choices left to players.
  w.label("choices");
  for (const CombatMod& m : cb.mods) w.num(m.immune), w.num(m.share);
  for (const LastingMod& m : s.lasting) {
    w.num(m.immune), w.num(m.grant), w.num(m.lock), w.num(m.player);
    w.num(m.other), w.num(m.times), w.num(m.count), w.num(m.given), w.num(m.waits);
    w.num(m.reward.victim), w.num(m.reward.bearer), w.num(m.reward.victim_v), w.num(m.reward.trigger),
        w.num(m.reward.mutual);
  }
  w.num(long(s.choices.size()));
  for (const PendingChoice& c : s.choices) {
    w.num(c.source), w.num(c.target), w.num(c.target_seat), w.num(c.by), w.num(c.seat), w.num(c.picks_left);
    w.num(int(c.resume)), w.num(c.fetch), w.num(c.user);
    w.ids(c.candidates);
    w.num(long(c.seats.size()));
    for (int8_t t : c.seats) w.num(t);
  }
  w.label("marks");
  w.num(long(s.marks.size()));
  for (const CardMark& m : s.marks) w.num(m.card), w.num(int(m.kind)), w.num(m.value);
  w.label("undo");
  w.num(long(s.undo.size()));
  for (const UndoStep& u : s.undo) {
    const CardInst& c = u.before;  // its def is the card's own, written with the cards
    w.num(u.source), w.num(u.card), w.num(c.owner), w.num(c.controller), w.num(int(c.zone)), w.num(int(c.area));
    w.num(c.attached_to), w.num(c.wounded), w.num(c.cover), w.num(c.unpaid), w.num(c.hidden), w.num(c.grafted);
    w.num(c.exited_cover_turn), w.num(c.sergeant_group), w.num(c.inside), w.num(c.transferred_turn);
    w.num(c.sent_annihilated);
    w.num(u.index), w.num(u.seat), w.num(u.d), w.num(u.p), w.num(u.attacker), w.num(u.defender);
    w.num(u.order), w.num(long(u.table.size()));
    for (uint8_t x : u.table) w.num(x);
  }
  w.label("gift");
  w.num(long(k.gift_discards().size()));
  for (int g : k.gift_discards()) w.num(g);
  w.label("end");
  return w.str();
}

std::optional<SeatPosition> state_from_text(std::string_view text, const CardDb& db, std::string* error) {
  try {
    Reader r(text);
    r.label(kMagic);
    const int viewer = int(r.num(0, kMaxSeats - 1));
    State s;
    r.label("rules");
    const std::string_view name = r.token();
    s.rules.name = name == "-" ? "" : std::string(name);
    for (const RulesField& f : rules_fields())
      f.set(s.rules, int(f.kind == RulesField::Flag     ? r.num(0, 1)
                         : f.kind == RulesField::Choice ? r.num(0, long(f.values.size()) - 1)
                                                        : r.num(-1000000, 1000000)));
    // The game plays the cards' text its rules name (as new_game does).
    if (s.rules.card_text != CardText::GEngine && s.rules.card_text != CardText::Printed)
      throw Malformed{"unknown card text"};
    s.db = &db.text(s.rules.card_text);
    s.rules.style = Style(r.num(0, int(Style::CartelVsLegion)));
    s.rules.seats.resize(size_t(r.num(0, kMaxSeats)));
    for (SeatRules& sr : s.rules.seats) {
      sr.team = int(r.num(-1, kMaxSeats)), sr.opening_hand = int(r.num(-1, 1000));
      sr.hand_limit = int(r.num(-1, 1000)), sr.starting_destiny = int(r.num(-1, 1000000));
      sr.actions_per_turn = int(r.num(-1, 1000)), sr.free_attacks = r.flag(), sr.muster_only = uint16_t(r.num(0, 65535));
      sr.never_discards = r.flag();
    }
    r.label("cards");
    s.cards.resize(size_t(r.num(0, kMaxCards)));
    const long long last = long(s.cards.size()) - 1;
    auto card = [&] { return CardId(r.num(-1, last)); };
    std::vector<CardId> unknown;
    for (size_t i = 0; i < s.cards.size(); ++i) {
      CardInst& c = s.cards[i];
      const std::string_view def = r.token();
      if (def == "?") {
        c.def = kUnknownDef;
        unknown.push_back(CardId(i));
      } else {
        Reader one(def);
        c.def = uint16_t(one.num(0, long(db.size()) - 1));
      }
      c.owner = uint8_t(r.num(0, kMaxSeats - 1)), c.controller = uint8_t(r.num(0, kMaxSeats - 1));
      c.zone = Zone(r.num(0, int(Zone::Under))), c.area = Area(r.num(0, int(Area::Aside)));
      c.attached_to = card(), c.wounded = r.flag(), c.cover = r.flag(), c.unpaid = r.flag();
      c.hidden = r.flag(), c.grafted = r.flag(), c.exited_cover_turn = int16_t(r.num(-1, 32767));
      c.sergeant_group = int16_t(r.num(-1, long(db.size()) - 1)), c.inside = r.flag();
      c.transferred_turn = int16_t(r.num(-1, 32767));
      c.sent_annihilated = r.flag();
    }
    auto ids = [&](std::vector<CardId>& v) {
      v.resize(size_t(r.num(0, long(s.cards.size()))));
      for (CardId& c : v) c = CardId(r.num(0, last));
    };
    r.label("attached");
    ids(s.attached);
    r.label("seats");
    s.seats.resize(size_t(r.num(2, kMaxSeats)));
    const int seats = s.num_seats();
    if (viewer >= seats) throw Malformed{"the viewer is not a seat"};
    for (SeatState& st : s.seats) {
      ids(st.draw), ids(st.hand), ids(st.discard), ids(st.annihilated), ids(st.in_play), ids(st.side_board);
      st.pool = int(r.num(-1000000, 1000000)), st.pool_seat = uint8_t(r.num(0, seats - 1));
      st.team = uint8_t(r.num(0, kMaxSeats)), st.promotion = int(r.num(-1000000, 1000000));
      st.turns_taken = int(r.num(0, 1000000)), st.gift_decided = r.flag(), st.eliminated = r.flag();
      st.left = r.flag(), st.out_turn = int(r.num(-1, 1000000)), st.no_warrior_deadline = int(r.num(-1, 1000000));
      st.sabotaged_mask = uint32_t(r.num(0, 0xFFFFFFFFll));
      st.skip_turns = uint8_t(r.num(0, 255)), st.extra_turns = uint8_t(r.num(0, 255));
    }
    r.label("game");
    s.turn_number = int(r.num(0, 1000000)), s.current = uint8_t(r.num(0, seats - 1));
    s.first_player = uint8_t(r.num(0, seats - 1)), s.phase = Phase(r.num(0, int(Phase::Choice)));
    s.step = Step(r.num(0, int(Step::Discard))), s.actions_left = int(r.num(-1000, 1000));
    s.tactical_used = r.flag(), s.gift_seat = uint8_t(r.num(0, seats - 1));
    s.winner = int(r.num(-1, seats - 1)), s.winning_team = int(r.num(-1, kMaxSeats));
    s.end_reason = EndReason(r.num(0, int(EndReason::TurnLimit))), s.decisions = int(r.num(0, 1LL << 30));
    s.outpost_opened = r.flag(), s.answer_due = r.flag(), s.recent_survivor = card(), s.recent_p_seat = int8_t(r.num(-1, seats - 1));
    s.recent_p = int16_t(r.num(-32768, 32767));
    s.bonus_actions = uint8_t(r.num(0, 255)), s.extra_tacticals = uint8_t(r.num(0, 255));
    s.table.resize(size_t(r.num(0, seats)));
    for (uint8_t& x : s.table) x = uint8_t(r.num(0, seats - 1));
    s.reversed = r.flag(), s.reverse_due = r.flag(), s.reversed_once = r.flag();
    ids(s.offers);
    r.label("window");
    s.window.kind = WindowKind(r.num(0, int(WindowKind::AnnounceWarzone)));
    s.window.index = uint8_t(r.num(0, 255)), s.window.passes = uint8_t(r.num(0, 255));
    s.window.order.resize(size_t(r.num(0, 255)));
    for (uint8_t& o : s.window.order) o = uint8_t(r.num(0, seats - 1));
    Combat& cb = s.combat;
    r.label("combat");
    cb.active = r.flag(), cb.attacker = card(), cb.defender = card(), cb.attacking_seat = uint8_t(r.num(0, seats - 1));
    cb.tactic = Tactic(r.num(0, 1)), cb.order = StrikeOrder(r.num(0, int(StrikeOrder::DefenderFirstStrike))), cb.warzone = card();
    cb.spare_actions = uint8_t(r.num(0, 255));  // TAKE AIM's actions (cards-special)
    cb.aimed = card(), cb.aimed_actions = uint8_t(r.num(0, 255));  // an aimed attack (actions/aimed.hpp)
    auto bonus = [&](StatBonus& b) {
      b.f = int8_t(r.num(-128, 127)), b.s = int8_t(r.num(-128, 127));
      b.a = int8_t(r.num(-128, 127)), b.v = int8_t(r.num(-128, 127));
    };
    cb.mods.resize(size_t(r.num(0, 100000)));
    for (CombatMod& m : cb.mods) m.source = card(), m.target = card(), bonus(m.bonus);
    ids(cb.used);
    ids(cb.wounded_in_it);
    cb.spells.resize(size_t(r.num(0, 100000)));
    for (CastSpell& sp : cb.spells) {
      sp.card = card(), sp.caster = card(), sp.target = card(), sp.seat = int8_t(r.num(-1, seats - 1));
      sp.target_seat = int8_t(r.num(-1, seats - 1)), sp.times = int16_t(r.num(0, 32767));
    }
    r.label("lasting");
    s.lasting.resize(size_t(r.num(0, 100000)));
    for (LastingMod& m : s.lasting) m.source = card(), m.target = card(), bonus(m.bonus), m.seat = uint8_t(r.num(0, 255));  // a marker (INVOKE FRENZY) has seat 255
    r.label("awards");
    s.awards.resize(size_t(r.num(0, 100000)));
    for (PointsAward& a : s.awards) {
      a.seat = uint8_t(r.num(0, seats - 1)), a.amount = int16_t(r.num(-32768, 32767));
      a.destiny_only = r.flag(), a.source = card(), a.or_d = int16_t(r.num(0, 32767));
      a.d_times = uint8_t(r.num(1, 100));
    }
    r.label("choices");
    for (CombatMod& m : cb.mods) m.immune = card(), m.share = uint8_t(r.num(0, 3));
    for (LastingMod& m : s.lasting) {
      m.immune = card(), m.grant = uint32_t(r.num(0, 0xFFFFFFFFll)),
      m.lock = uint8_t(r.num(0, detail::kLockEnd - 1)),  // markers.hpp
      m.player = int8_t(r.num(-1, seats - 1));
      // kSharedRatings keeps a rating's loss in times, count or given (effects/modifiers/share.hpp)
      m.other = card(), m.times = int16_t(r.num(-32768, 32767)), m.count = int16_t(r.num(-32768, 32767));
      m.given = int16_t(r.num(-32768, 32767)), m.waits = r.flag();
      m.reward.victim = card(), m.reward.bearer = card(), m.reward.victim_v = int16_t(r.num(-32768, 32767));
      m.reward.trigger = int8_t(r.num(-1, 127)), m.reward.mutual = r.flag();
    }
    s.choices.resize(size_t(r.num(0, 1000)));
    for (PendingChoice& c : s.choices) {
      c.source = card(), c.target = card(), c.target_seat = int8_t(r.num(-1, seats - 1));
      c.by = uint8_t(r.num(0, seats - 1)), c.seat = uint8_t(r.num(0, seats - 1));
      c.picks_left = int16_t(r.num(-1, 32767)), c.resume = Phase(r.num(0, int(Phase::Choice)));
      c.fetch = uint8_t(r.num(0, 255)), c.user = card();  // mechanisms' questions: 20, 40-42, 61-64 so far
      ids(c.candidates);
      c.seats.resize(size_t(r.num(0, kMaxSeats)));
      for (int8_t& t : c.seats) t = int8_t(r.num(0, seats - 1));
    }
    if (s.phase == Phase::Choice && s.choices.empty()) throw Malformed{"a choice phase with no choice"};
    r.label("marks");
    s.marks.resize(size_t(r.num(0, 100000)));
    for (CardMark& m : s.marks) {
      m.card = card(), m.kind = CardMark::Kind(r.num(0, int(CardMark::Chosen)));
      m.value = int16_t(m.kind == CardMark::Target ? r.num(kMarkGone, long(s.cards.size()) - 1) : r.num(-1, 32767));
    }
    r.label("undo");
    s.undo.resize(size_t(r.num(0, 100000)));
    for (UndoStep& u : s.undo) {
      CardInst& c = u.before;
      u.source = card(), u.card = card();
      c.owner = uint8_t(r.num(0, seats - 1)), c.controller = uint8_t(r.num(0, seats - 1));
      c.zone = Zone(r.num(0, int(Zone::Under))), c.area = Area(r.num(0, int(Area::Aside)));
      c.attached_to = card(), c.wounded = r.flag(), c.cover = r.flag(), c.unpaid = r.flag();
      c.hidden = r.flag(), c.grafted = r.flag(), c.exited_cover_turn = int16_t(r.num(-1, 32767));
      c.sergeant_group = int16_t(r.num(-1, long(db.size()) - 1)), c.inside = r.flag();
      c.transferred_turn = int16_t(r.num(-1, 32767));
      c.sent_annihilated = r.flag();
      u.index = int16_t(r.num(-1, kMaxCards)), u.seat = int8_t(r.num(-1, seats - 1));
      u.d = int16_t(r.num(-32768, 32767)), u.p = int16_t(r.num(-32768, 32767));
      u.attacker = card(), u.defender = card();
      u.order = int8_t(r.num(-1, 7)), u.table.resize(size_t(r.num(0, seats)));
      for (uint8_t& x : u.table) x = uint8_t(r.num(0, seats - 1));
      if (u.source == kNoCard) throw Malformed{"an undo step of no card"};
      if (u.card != kNoCard) c.def = s.cards[size_t(u.card)].def;
    }
    SeatPosition out{std::move(s), Knowledge(viewer)};
    r.label("gift");
    for (long long n = r.num(0, 1000); n > 0; --n) out.knowledge.add_gift_discard(int(r.num(0, seats - 1)));
    r.label("end");
    State& st = out.state;
    // Every card in one place, as its zone says; owners and attachments in range.
    std::vector<uint8_t> placed(st.cards.size(), 0);
    for (size_t j = 0; j < st.seats.size(); ++j) {
      const SeatState& ss = st.seats[j];
      const std::pair<const std::vector<CardId>*, Zone> piles[] = {
          {&ss.draw, Zone::Draw},       {&ss.hand, Zone::Hand},     {&ss.discard, Zone::Discard},
          {&ss.annihilated, Zone::Annihilated}, {&ss.in_play, Zone::InPlay}, {&ss.side_board, Zone::SideBoard}};
      for (const auto& [pile, zone] : piles)
        for (CardId c : *pile) {
          if (placed[size_t(c)]++) throw Malformed{"card c" + std::to_string(c) + " is in two places"};
          if (st.card(c).zone != zone) throw Malformed{"card c" + std::to_string(c) + " is not in its pile's zone"};
        }
    }
    for (size_t i = 0; i < st.cards.size(); ++i) {
      const CardInst& c = st.cards[i];
      if (c.owner >= st.seats.size() || c.controller >= st.seats.size())
        throw Malformed{"card c" + std::to_string(i) + " belongs to no seat"};
      if (c.attached_to != kNoCard && c.zone != Zone::Under && !std::count(st.attached.begin(), st.attached.end(), CardId(i)))
        throw Malformed{"card c" + std::to_string(i) + " is attached but not listed"};
      if (c.def != kUnknownDef) out.knowledge.mark_known(CardId(i));
    }
    // The derived attachment lists, in the order of `attached`.
    std::vector<CardId> tail(st.cards.size(), kNoCard);
    for (CardId a : st.attached) {
      const CardId base = st.card(a).attached_to;
      if (base == kNoCard) throw Malformed{"card c" + std::to_string(a) + " is listed as attached to nothing"};
      if (tail[size_t(base)] == kNoCard) st.card(base).first_attachment = a;
      else st.card(tail[size_t(base)]).next_attachment = a;
      tail[size_t(base)] = a;
    }
    detail::index_families(st);
    return out;
  } catch (const Malformed& m) {
    if (error) *error = m.why;
    return std::nullopt;
  } catch (const std::exception& e) {  // the card database cannot give the text asked for
    if (error) *error = e.what();
    return std::nullopt;
  }
}

void fill_unknown_cards(State& s, const std::vector<std::vector<uint16_t>>& decks, Rng& rng) {
  const CardDb& db = *s.db;
  auto is_warrior = [&](uint16_t d) { return db[d].type == CardType::Warrior; };
  for (int j = 0; j < s.num_seats(); ++j) {
    std::vector<CardId> unknown;
    std::vector<uint16_t> pool = size_t(j) < decks.size() ? decks[size_t(j)] : std::vector<uint16_t>{};
    for (size_t i = 0; i < s.cards.size(); ++i) {
      const CardInst& c = s.cards[i];
      if (c.owner != j) continue;
      if (c.def == kUnknownDef) {
        unknown.push_back(CardId(i));
      } else if (auto it = std::find(pool.begin(), pool.end(), c.def); it != pool.end()) {
        pool.erase(it);
      }
    }
    if (unknown.empty()) continue;
    // Face-down cards in play first: each must be a warrior.
    std::stable_partition(unknown.begin(), unknown.end(),
                          [&](CardId c) { return s.card(c).zone == Zone::InPlay; });
    const std::vector<uint16_t> whole = size_t(j) < decks.size() ? decks[size_t(j)] : std::vector<uint16_t>{};
    uint16_t any_warrior = 0;
    while (any_warrior < db.size() && !is_warrior(any_warrior)) ++any_warrior;
    rng.shuffle(pool);
    for (CardId c : unknown) {
      const bool warrior = s.card(c).zone == Zone::InPlay;
      auto it = std::find_if(pool.begin(), pool.end(), [&](uint16_t d) { return !warrior || is_warrior(d); });
      uint16_t def;
      if (it != pool.end()) {
        def = *it;
        pool.erase(it);
      } else {
        // The list ran short: reuse one of its cards (a warrior where one is needed).
        std::vector<uint16_t> fits;
        for (uint16_t d : whole)
          if (!warrior || is_warrior(d)) fits.push_back(d);
        def = fits.empty() ? (warrior || whole.empty() ? any_warrior : whole[0]) : fits[size_t(rng.below(fits.size()))];
      }
      s.card(c).def = def;
    }
  }
  detail::index_families(s);
}

}  // namespace dt
