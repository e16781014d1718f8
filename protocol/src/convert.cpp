// Engine <-> protocol conversions (see convert.hpp).
#include "dtref/convert.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <string_view>
#include <memory>
#include <unordered_map>

#include "dt/plans.hpp"
#include "dt/questions.hpp"

namespace dtref {

std::string phase_name(dt::Phase p) {
  switch (p) {
    case dt::Phase::CardinalsGift: return "cardinals_gift";
    case dt::Phase::Window: return "window";
    case dt::Phase::Actions: return "actions";
    case dt::Phase::Points: return "points";
    case dt::Phase::Discard: return "discard";
    case dt::Phase::GameOver: return "game_over";
    case dt::Phase::Choice: return "choice";
  }
  return "?";
}

std::string step_name(dt::Step s) {
  switch (s) {
    case dt::Step::Draw: return "draw";
    case dt::Step::Actions: return "actions";
    case dt::Step::Discard: return "discard";
  }
  return "?";
}

static std::string area_name(dt::Area a) {
  return a == dt::Area::Kohort ? "kohort" : a == dt::Area::Outpost ? "outpost" : a == dt::Area::Aside ? "aside" : "squad";
}

static std::string lower(std::string_view v) {
  std::string out(v);
  for (char& ch : out) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// Lower-case names of every value of an 8-bit enum, made once: a request
// names a type and affiliations for every face-up card it shows.
template <class E>
static const std::string& lower_name(E v) {
  static const std::array<std::string, 256> names = [] {
    std::array<std::string, 256> a;
    for (unsigned i = 0; i < a.size(); ++i) a[i] = lower(dt::to_string(E(i)));
    return a;
  }();
  return names[uint8_t(v)];
}

static void fill_ratings(const dt::CardDef& d, protocol::Ratings* r) {
  r->set_can_fight(d.f.has_value());
  r->set_can_shoot(d.s.has_value());
  r->set_fight(d.f.value_or(0));
  r->set_shoot(d.s.value_or(0));
  r->set_armor(d.a);
  r->set_value(d.v);
}

static bool has_printed(const dt::CardDef& d) { return d.type == dt::CardType::Warrior || d.f || d.s || d.a || d.v; }

// The facts of a card, the same for every copy: into a SeenCard or a CardFacts.
template <class Msg>
static void fill_facts(const dt::CardDef& d, Msg* out) {
  out->set_name(d.name);
  out->set_card_type(lower_name(d.type));
  for (unsigned a = 0; a <= unsigned(dt::Affil::Templars); ++a)
    if (d.affil & (1u << a)) out->add_affiliation(lower_name(dt::Affil(a)));
  for (const std::string& des : d.designations) out->add_designation(des);
  if (has_printed(d)) fill_ratings(d, out->mutable_printed());
  if (!d.summary.empty()) out->set_summary(d.summary);
}

static void fill_card(const dt::State& s, const dt::SeenCard& c, protocol::SeenCard* out, bool in_play,
                      FactsOnce* once) {
  out->set_id(c.id);
  out->set_owner(c.owner);
  out->set_wounded(c.wounded);
  out->set_cover(c.cover);
  out->set_attached_to(c.attached_to);
  out->set_face_down(c.def < 0);
  out->set_inside(c.inside);
  out->set_under(c.under);
  if (c.def >= 0) {
    const dt::CardDef& d = (*s.db)[uint16_t(c.def)];
    out->set_code(d.code);
    // A warrior with another card's abilities (engine effects/lasting/borrowed.hpp) carries its own facts, even in
    // compact mode: they are that warrior's for now, not its code's (CardDef::made, set as the card is made).
    if (!once || d.made) {
      fill_facts(d, out);
    } else {
      if (once->sent.size() < s.db->size()) once->sent.resize(s.db->size());
      if (!once->sent[size_t(c.def)]) {
        once->sent[size_t(c.def)] = true;
        protocol::CardFacts* f = once->cards->Add();
        f->set_code(d.code);
        fill_facts(d, f);
      }
    }
    if (in_play && d.type == dt::CardType::Warrior && c.attached_to == dt::kNoCard) {
      const dt::Stats st = dt::stats(s, c.id);
      protocol::Ratings* r = out->mutable_current();
      r->set_can_fight(st.can_fight);
      r->set_can_shoot(st.can_shoot);
      r->set_fight(st.f);
      r->set_shoot(st.s);
      r->set_armor(st.a);
      r->set_value(st.v);
    }
  }
  // A hidden card's area would tell where it was mustered; say nothing then.
  if (c.area_known) out->set_area(area_name(c.area));
  if (c.sergeant_group >= 0) out->set_sergeant_group((*s.db)[uint16_t(c.sergeant_group)].code);
  if (c.markers > 0) out->set_markers(c.markers);
  if (c.aboard != dt::kNoCard) out->set_aboard(c.aboard);
  if (c.twin != dt::kNoCard) out->set_twin(c.twin);
}

void to_proto(const dt::State& s, const dt::Observation& o, protocol::Observation* p, FactsOnce* once) {
  p->set_viewer(o.viewer);
  p->set_turn(o.turn_number);
  p->set_current(o.current);
  p->set_deciding(o.deciding);
  p->set_phase(phase_name(o.phase));
  p->set_step(step_name(o.step));
  p->set_actions_left(o.actions_left);
  p->set_in_combat(o.in_combat);
  p->set_attacker(o.in_combat ? o.attacker : -1);
  p->set_defender(o.in_combat ? o.defender : -1);
  if (o.in_combat) p->set_tactic(o.tactic == dt::Tactic::Shoot ? "shoot" : "fight");
  p->set_warzone(o.in_combat ? o.warzone : -1);
  const bool teams = dt::has_teams(s.rules);
  for (const dt::SeenSeat& ss : o.seats) {
    protocol::SeenSeat* ps = p->add_seats();
    ps->set_seat(ss.seat);
    ps->set_destiny(ss.destiny);
    ps->set_promotion(ss.promotion);
    ps->set_hand_count(ss.hand_size);
    ps->set_draw_count(ss.draw_size);
    ps->set_discard_count(ss.discard_size);
    ps->set_annihilated_count(ss.annihilated_size);
    ps->set_eliminated(ss.eliminated);
    for (const dt::SeenCard& c : ss.hand) fill_card(s, c, ps->add_hand(), false, once);
    for (const dt::SeenCard& c : ss.in_play) fill_card(s, c, ps->add_in_play(), true, once);
    ps->set_side_board_count(ss.side_board_size);
    for (const dt::SeenCard& c : ss.side_board) fill_card(s, c, ps->add_side_board(), false, once);
    for (const dt::SeenCard& c : ss.draw_top) fill_card(s, c, ps->add_draw_top(), false, once);
    if (teams) ps->set_team(ss.team);
    if (ss.primary_target >= 0) ps->set_primary_target(ss.primary_target);
    ps->set_left(ss.left);
  }
  for (int t : o.turn_order) p->add_turn_order(t);
  if (o.answering.step != dt::SeenAnswered::Step::None) {
    const dt::SeenAnswered& x = o.answering;
    protocol::Answered* a = p->mutable_answering();
    a->set_step(x.step == dt::SeenAnswered::Step::Answer ? "answer" : x.step == dt::SeenAnswered::Step::Retarget ? "retarget" : "replay");
    dt::SeenCard c;
    c.id = x.card;
    c.def = x.def;
    c.owner = int8_t(x.by);
    c.area_known = false;
    fill_card(s, c, a->mutable_card(), false, once);
    a->set_by(x.by);
    a->set_target(x.target);
    a->set_target_seat(x.target_seat);
    a->set_user(x.user);
    a->set_times(x.times);
    a->set_ability(x.ability);
    a->set_trigger(x.trigger);
  }
}

protocol::Observation to_proto(const dt::State& s, const dt::Observation& o) {
  protocol::Observation p;
  to_proto(s, o, &p);
  return p;
}

void to_proto(const dt::Option& o, int index, protocol::OptionMsg* m) {
  m->set_index(index);
  m->set_text(dt::to_text(o));
  const std::string& t = m->text();
  m->set_kind(t.substr(0, t.find(' ')));
}

protocol::OptionMsg to_proto(const dt::Option& o, int index) {
  protocol::OptionMsg m;
  to_proto(o, index, &m);
  return m;
}

void to_proto(const dt::State& s, const dt::Event& e, int viewer, protocol::EventMsg* m) {
  m->set_kind(std::string(dt::to_string(e.kind)));
  m->set_seat(e.seat);
  m->set_a(e.a);
  const bool plan_hidden = dt::plan_hidden_from(e, viewer);  // EMPATHY: the caster's (and planner's) alone
  m->set_b(plan_hidden ? -1 : e.b);
  m->set_x(plan_hidden ? dt::plan_x(dt::plan_planner(e), 0) : e.x);
  m->set_y(dt::answer_hidden_from(e, viewer) || plan_hidden ? -1 : e.y);  // DISCERN TRUTH: the asker's alone
  m->set_text(dt::describe(s, e, viewer));
}

protocol::EventMsg to_proto(const dt::State& s, const dt::Event& e, int viewer) {
  protocol::EventMsg m;
  to_proto(s, e, viewer, &m);
  return m;
}

std::vector<protocol::DeckEntry> deck_entries(const dt::Deck& d, const dt::CardDb& db, bool side_board) {
  std::vector<protocol::DeckEntry> out;
  for (const dt::DeckEntry& e : d.entries) {
    if (e.side != side_board) continue;
    protocol::DeckEntry p;
    p.set_count(e.count);
    p.set_code(db[e.def].code);
    p.set_name(db[e.def].name);
    out.push_back(p);
  }
  return out;
}

void fill_table(const dt::Rules& r, int seats, const dt::CardDb& db, protocol::Hello* h) {
  const dt::State table = dt::blank_state(db, r, seats, 0);  // teams, pools and targets as the game starts them
  const bool teams = dt::has_teams(r);
  h->set_style(std::string(dt::to_string(r.style)));
  for (int i = 0; i < seats; ++i) h->add_turn_order(i);
  h->set_promotion_target(r.team_promotion_target > 0 ? r.team_promotion_target : r.promotion_target);
  h->set_team_pool(r.team_pool);
  h->set_secondary_target_toll(r.secondary_target_toll);
  for (int i = 0; i < seats; ++i) {
    const dt::SeatRules own = size_t(i) < r.seats.size() ? r.seats[size_t(i)] : dt::SeatRules{};
    protocol::SeatRulesMsg* m = h->add_seat_rules();
    m->set_seat(i);
    if (teams) m->set_team(table.seats[size_t(i)].team);
    if (const int t = dt::primary_target(table, i); t >= 0) m->set_primary_target(t);
    m->set_opening_hand(own.opening_hand >= 0 ? own.opening_hand : r.opening_hand);
    m->set_hand_limit(dt::hand_limit_of(table, i));
    m->set_starting_destiny(dt::destiny(table, i));
    m->set_actions_per_turn(dt::actions_per_turn_of(table, i));
    m->set_free_attacks(dt::free_attacks(table, i));
    for (unsigned a = 0; a <= unsigned(dt::Affil::Templars); ++a)
      if (own.muster_only & (1u << a)) m->add_muster_only(lower_name(dt::Affil(a)));
  }
}

// ---- bot side -------------------------------------------------------------

static dt::Phase phase_from(const std::string& s) {
  for (dt::Phase p : {dt::Phase::CardinalsGift, dt::Phase::Window, dt::Phase::Actions, dt::Phase::Points,
                      dt::Phase::Discard, dt::Phase::GameOver, dt::Phase::Choice})
    if (phase_name(p) == s) return p;
  return dt::Phase::Actions;
}

static dt::Step step_from(const std::string& s) {
  if (s == "draw") return dt::Step::Draw;
  if (s == "discard") return dt::Step::Discard;
  return dt::Step::Actions;
}

// Card codes to definitions, made once per card database: a request shows
// dozens of cards, and CardDb::by_code compares against every card.
class CodeIndex {
 public:
  explicit CodeIndex(const dt::CardDb& db) : db_(&db) {
    for (size_t i = 0; i < db.size(); ++i) index_.emplace(db[uint16_t(i)].code, int(i));
  }
  const dt::CardDb* db() const { return db_; }
  int find(std::string_view code) const {
    auto it = index_.find(code);
    return it == index_.end() ? -1 : it->second;
  }

 private:
  const dt::CardDb* db_;
  std::unordered_map<std::string_view, int> index_;
};

static const CodeIndex& code_index(const dt::CardDb& db) {
  thread_local std::unique_ptr<CodeIndex> index;
  if (!index || index->db() != &db) index = std::make_unique<CodeIndex>(db);
  return *index;
}

static dt::SeenCard seen_from(const protocol::SeenCard& c, const CodeIndex& codes) {
  dt::SeenCard out;
  out.id = dt::CardId(c.id());
  if (!c.face_down() && !c.code().empty()) out.def = codes.find(c.code());
  out.owner = int8_t(c.owner());
  out.area_known = !c.area().empty();
  out.area = c.area() == "kohort"    ? dt::Area::Kohort
             : c.area() == "outpost" ? dt::Area::Outpost
             : c.area() == "aside"   ? dt::Area::Aside
                                     : dt::Area::Squad;
  out.wounded = c.wounded();
  out.cover = c.cover();
  out.attached_to = dt::CardId(c.attached_to());
  out.inside = c.inside();
  out.under = c.under();
  if (c.has_aboard()) out.aboard = dt::CardId(c.aboard());
  if (c.has_twin()) out.twin = dt::CardId(c.twin());
  if (!c.sergeant_group().empty()) out.sergeant_group = codes.find(c.sergeant_group());
  return out;
}

dt::Observation from_proto(const protocol::Observation& o, const dt::CardDb& db) {
  const CodeIndex& codes = code_index(db);
  dt::Observation out;
  out.viewer = o.viewer();
  out.turn_number = o.turn();
  out.current = o.current();
  out.deciding = o.deciding();
  out.phase = phase_from(o.phase());
  out.step = step_from(o.step());
  out.actions_left = o.actions_left();
  out.in_combat = o.in_combat();
  out.attacker = dt::CardId(o.attacker());
  out.defender = dt::CardId(o.defender());
  out.tactic = o.tactic() == "shoot" ? dt::Tactic::Shoot : dt::Tactic::Fight;
  out.warzone = dt::CardId(o.warzone());
  for (const protocol::SeenSeat& ps : o.seats()) {
    dt::SeenSeat ss;
    ss.seat = ps.seat();
    ss.destiny = ps.destiny();
    ss.promotion = ps.promotion();
    ss.hand_size = ps.hand_count();
    ss.draw_size = ps.draw_count();
    ss.discard_size = ps.discard_count();
    ss.annihilated_size = ps.annihilated_count();
    ss.eliminated = ps.eliminated();
    ss.left = ps.left();
    ss.team = ps.has_team() ? ps.team() : ps.seat();
    ss.primary_target = ps.has_primary_target() ? ps.primary_target() : -1;
    for (const auto& c : ps.hand()) ss.hand.push_back(seen_from(c, codes));
    for (const auto& c : ps.in_play()) ss.in_play.push_back(seen_from(c, codes));
    ss.side_board_size = ps.side_board_count();
    for (const auto& c : ps.side_board()) ss.side_board.push_back(seen_from(c, codes));
    for (const auto& c : ps.draw_top()) ss.draw_top.push_back(seen_from(c, codes));
    out.seats.push_back(std::move(ss));
  }
  out.turn_order.assign(o.turn_order().begin(), o.turn_order().end());
  if (o.has_answering()) {
    const protocol::Answered& a = o.answering();
    dt::SeenAnswered& x = out.answering;
    x.step = a.step() == "answer" ? dt::SeenAnswered::Step::Answer
             : a.step() == "retarget" ? dt::SeenAnswered::Step::Retarget
             : a.step() == "replay"   ? dt::SeenAnswered::Step::Replay
                                      : dt::SeenAnswered::Step::None;
    x.card = dt::CardId(a.card().id());
    x.def = a.card().face_down() || a.card().code().empty() ? -1 : codes.find(a.card().code());
    x.by = a.by();
    x.target = dt::CardId(a.target());
    x.target_seat = a.target_seat();
    x.user = dt::CardId(a.user());
    x.times = a.times();
    x.ability = a.ability();
    x.trigger = a.trigger();
  }
  return out;
}

static bool number_at(std::string_view w, size_t from, int* out) {
  if (w.size() <= from) return false;
  const auto r = std::from_chars(w.data() + from, w.data() + w.size(), *out);
  return r.ec == std::errc() && r.ptr == w.data() + w.size();
}

static bool card_ref(std::string_view w, dt::CardId* out) {
  int v = 0;
  if (w.empty() || w[0] != 'c' || !number_at(w, 1, &v)) return false;
  *out = dt::CardId(v);
  return true;
}

static std::optional<dt::Area> area_from(std::string_view w) {
  if (w == "squad") return dt::Area::Squad;
  if (w == "kohort") return dt::Area::Kohort;
  if (w == "outpost") return dt::Area::Outpost;
  if (w == "aside") return dt::Area::Aside;
  return std::nullopt;
}

// Splits on blanks without copying: a bot reads every option of every request.
static size_t split_words(std::string_view text, std::string_view* w, size_t max) {
  size_t n = 0, i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) {
      if (n == max) return max + 1;
      w[n++] = text.substr(start, i - start);
    }
  }
  return n;
}

// The tail of a play, cast or use text from word i on: [aN] (use only)
// [on cB|on sN [squad|kohort|outpost]] [paying cC] [xN].
static bool effect_tail(const std::string_view* w, size_t n, size_t i, dt::Option& o) {
  int num = 0;
  const bool use = o.kind == dt::OptKind::Use;
  if (use && i < n && w[i].size() > 1 && w[i][0] == 'a' && number_at(w[i], 1, &num)) o.p = int16_t(num), ++i;
  if (i + 1 < n && w[i] == "on") {
    if (card_ref(w[i + 1], &o.b)) {
    } else if (w[i + 1].size() > 1 && w[i + 1][0] == 's' && number_at(w[i + 1], 1, &num)) {
      o.seat = int8_t(num);
      if (o.kind == dt::OptKind::Play && i + 2 < n && area_from(w[i + 2])) {  // a card played on a combat area
        o.p = 1, o.to = *area_from(w[i + 2]);
        ++i;
      }
    } else {
      return false;
    }
    i += 2;
  }
  // As dt::to_text writes them: a use's warrior discarded to pay, a cast's MYSTIC (`cast c40 by c12 paying c5`).
  if (i + 1 < n && (w[i] == "paying" || (use && w[i] == "pay")) && card_ref(w[i + 1], use ? &o.c : &o.mystic)) i += 2;
  if (i < n && w[i].size() > 1 && w[i][0] == 'x' && number_at(w[i], 1, &num)) o.n = int16_t(num), ++i;
  return i == n;
}

std::optional<dt::Option> option_from_text(std::string_view text) {
  std::string_view w[10];
  const size_t n = split_words(text, w, 10);
  if (n == 0 || n > 10) return std::nullopt;
  dt::Option o;
  const std::string_view k = w[0];
  auto card = [&](size_t i, dt::CardId* c) { return i < n && card_ref(w[i], c); };
  int num = 0;
  if (k == "pass" && n == 1) o.kind = dt::OptKind::Pass;
  else if (k == "keep" && n == 1) o.kind = dt::OptKind::Keep;
  else if (k == "gift" && n == 1) o.kind = dt::OptKind::Gift;
  else if (k == "meditate" && n == 1) o.kind = dt::OptKind::Meditate;
  else if (k == "declare-attack" && n == 1) o.kind = dt::OptKind::DeclareAttack;
  else if (k == "muster" && card(1, &o.a)) {
    o.kind = dt::OptKind::Muster;
    if (n >= 4 && w[2] == "replacing") {  // a warrior mustered in the place of others (GRIZZLY BATTLE TANK)
      if (!card(3, &o.b) || (n == 5 && !card(4, &o.c)) || n > 5) return std::nullopt;
      o.p = 2;
    } else if (n == 3) {  // a warrior mustered into an area its player names (PAPARAZZO)
      const auto area = area_from(w[2]);
      if (!area) return std::nullopt;
      o.to = *area;
      o.p = 1;
    }
    if (n > 3 && o.p != 2) return std::nullopt;
  }
  else if (k == "muster-cover" && card(1, &o.a)) o.kind = dt::OptKind::MusterCover;
  else if (k == "cover" && card(1, &o.a)) o.kind = dt::OptKind::SeekCover;
  else if (k == "uncover" && card(1, &o.a)) o.kind = dt::OptKind::ExitCover;
  else if (k == "equip" && card(1, &o.a) && card(2, &o.b)) {
    o.kind = dt::OptKind::Equip;
    if (n == 4) o.p = w[3] == "inside" ? 1 : w[3] == "outside" ? 2 : -1;
    if (o.p < 0) return std::nullopt;
  }
  else if (k == "build" && card(1, &o.a)) {
    o.kind = dt::OptKind::Build;
    if (n == 3) {
      const auto area = area_from(w[2]);
      if (!area) return std::nullopt;
      o.to = *area;
      o.p = 1;
    }
    if (n > 3) return std::nullopt;
  }
  else if (k == "attack" && card(1, &o.a) && n == 3 && w[2].size() > 1 && w[2][0] == 's' && number_at(w[2], 1, &num)) {
    o.kind = dt::OptKind::DirectAttack;
    o.b = dt::CardId(num);
  } else if (k == "attack" && card(1, &o.a) && n == 2) {
    o.kind = dt::OptKind::Attack;  // LESSER TELEPATHY: the attacker named alone
  } else if (k == "attack" && card(1, &o.a) && card(2, &o.b) && n == 4) {
    o.kind = dt::OptKind::Attack;
    o.tactic = w[3] == "shoot" ? dt::Tactic::Shoot : dt::Tactic::Fight;
  } else if (k == "attack" && card(1, &o.a) && card(2, &o.b) && n == 7 && w[4] == "then" && card(5, &o.c)) {
    o.kind = dt::OptKind::Attack;  // NIMROD AUTOCANNON: two attacks named at once
    o.tactic = w[3] == "shoot" ? dt::Tactic::Shoot : dt::Tactic::Fight;
    o.p = 2;
    o.then = w[6] == "shoot" ? dt::Tactic::Shoot : dt::Tactic::Fight;
  } else if (k == "attack" && card(1, &o.a) && card(2, &o.b) && n == 7 && w[4] == "aim" && card(5, &o.c) &&
             w[6].size() > 1 && w[6][0] == 'x' && number_at(w[6], 1, &num) && num >= 2 && num <= 99) {
    o.kind = dt::OptKind::Attack;  // an aimed attack (engine actions/aimed.hpp): the card aimed, the actions in all
    o.tactic = w[3] == "shoot" ? dt::Tactic::Shoot : dt::Tactic::Fight;
    o.p = 3;
    o.n = int16_t(num);
  } else if (k == "sabotage" && card(1, &o.a) && n == 3 && w[2].size() > 1 && w[2][0] == 's' && number_at(w[2], 1, &num)) {
    o.kind = dt::OptKind::Sabotage;
    o.b = dt::CardId(num);
  } else if (k == "play" && card(1, &o.a)) {
    o.kind = dt::OptKind::Play;
    if (!effect_tail(w, n, 2, o)) return std::nullopt;
  } else if (k == "cast" && card(1, &o.a) && n >= 4 && w[2] == "by" && card(3, &o.c)) {
    o.kind = dt::OptKind::Play;
    if (!effect_tail(w, n, 4, o)) return std::nullopt;
  } else if (k == "use" && card(1, &o.a)) {
    o.kind = dt::OptKind::Use;
    if (!effect_tail(w, n, 2, o)) return std::nullopt;
  } else if (k == "bestow" && n == 3 && card(1, &o.a) && card(2, &o.b)) o.kind = dt::OptKind::Bestow;
  else if (k == "bestow-ki" && n == 3 && card(1, &o.a) && card(2, &o.b)) o.kind = dt::OptKind::BestowKi;
  else if (k == "proclaim" && n == 2 && card(1, &o.a)) o.kind = dt::OptKind::Proclaim;
  else if (k == "assign" && n == 3 && card(1, &o.a) && card(2, &o.b)) o.kind = dt::OptKind::Assign;
  else if (k == "store" && n == 3 && card(1, &o.a) && card(2, &o.b)) o.kind = dt::OptKind::Store;
  else if (k == "unstore" && n == 3 && card(1, &o.a) && card(2, &o.b)) o.kind = dt::OptKind::Unstore;
  else if (k == "unstore" && n == 3 && card(1, &o.a) && (w[2] == "hand" || w[2] == "discard")) {
    o.kind = dt::OptKind::Unstore;
    o.p = w[2] == "hand" ? 1 : 2;
  }
  else if (k == "add" && n == 3 && card(1, &o.a) && w[2].size() > 1 && w[2][0] == 'x' && number_at(w[2], 1, &num)) {
    o.kind = dt::OptKind::AddD;
    o.n = int16_t(num);
  } else if (k == "choose" && n == 2) {  // choose c12 | choose a1 | choose s1 | choose done
    o.kind = dt::OptKind::Choose;
    if (card_ref(w[1], &o.a)) {
    } else if (w[1].size() > 1 && w[1][0] == 's' && number_at(w[1], 1, &num) && num < 64) {
      o.seat = int8_t(num);
    } else if (w[1].size() > 1 && w[1][0] == 'a' && number_at(w[1], 1, &num)) {
      o.p = int16_t(num);
    } else if (w[1] == "done") {
      o.p = -1;
    } else {
      return std::nullopt;
    }
  } else if (k == "points" && n == 3 && w[1].substr(0, 2) == "p=" && w[2].substr(0, 2) == "d=") {
    int p = 0, d = 0;
    if (!number_at(w[1], 2, &p) || !number_at(w[2], 2, &d)) return std::nullopt;
    o.kind = dt::OptKind::Points;
    o.p = int16_t(p);
    o.d = int16_t(d);
  } else if (k == "discard" && card(1, &o.a)) o.kind = dt::OptKind::Discard;
  else if ((k == "transfer" || k == "establish") && card(1, &o.a) && n == 3 && area_from(w[2])) {
    o.kind = k == "transfer" ? dt::OptKind::Transfer : dt::OptKind::Establish;
    o.to = *area_from(w[2]);
  } else if ((k == "enter" || k == "exit") && card(1, &o.a) && (n == 2 || (n == 3 && card(2, &o.b)))) {
    o.kind = k == "enter" ? dt::OptKind::EnterVehicle : dt::OptKind::ExitVehicle;  // c40: a carrier it boards
  }
  else if (k == "wrangle" && card(1, &o.a) && card(2, &o.b)) o.kind = dt::OptKind::Wrangle;
  else if (k == "defend-from" && card(1, &o.a)) o.kind = dt::OptKind::DefendFrom;
  else return std::nullopt;
  return o;
}

}  // namespace dtref
