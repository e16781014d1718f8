// Engine <-> protocol conversions (see convert.hpp).
#include "dtref/convert.hpp"

#include <cctype>
#include <sstream>

namespace dtref {

std::string phase_name(dt::Phase p) {
  switch (p) {
    case dt::Phase::CardinalsGift: return "cardinals_gift";
    case dt::Phase::Window: return "window";
    case dt::Phase::Actions: return "actions";
    case dt::Phase::Points: return "points";
    case dt::Phase::Discard: return "discard";
    case dt::Phase::GameOver: return "game_over";
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
  return a == dt::Area::Kohort ? "kohort" : a == dt::Area::Outpost ? "outpost" : "squad";
}

static std::string lower(std::string_view v) {
  std::string out(v);
  for (char& ch : out) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

static void fill_card(const dt::State& s, const dt::SeenCard& c, protocol::SeenCard* out, bool in_play) {
  out->set_id(c.id);
  out->set_owner(c.owner);
  out->set_wounded(c.wounded);
  out->set_cover(c.cover);
  out->set_attached_to(c.attached_to);
  out->set_face_down(c.def < 0);
  out->set_inside(c.inside);
  if (c.def >= 0) {
    const dt::CardDef& d = (*s.db)[uint16_t(c.def)];
    out->set_code(d.code);
    out->set_name(d.name);
    out->set_card_type(lower(dt::to_string(d.type)));
    for (unsigned a = 0; a <= unsigned(dt::Affil::Templars); ++a)
      if (d.affil & (1u << a)) out->add_affiliation(lower(dt::to_string(dt::Affil(a))));
    for (const std::string& des : d.designations) out->add_designation(des);
    if (d.type == dt::CardType::Warrior || d.f || d.s || d.a || d.v) {
      protocol::Ratings* r = out->mutable_printed();
      r->set_can_fight(d.f.has_value());
      r->set_can_shoot(d.s.has_value());
      r->set_fight(d.f.value_or(0));
      r->set_shoot(d.s.value_or(0));
      r->set_armor(d.a);
      r->set_value(d.v);
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
}

protocol::Observation to_proto(const dt::State& s, const dt::Observation& o) {
  protocol::Observation p;
  p.set_viewer(o.viewer);
  p.set_turn(o.turn_number);
  p.set_current(o.current);
  p.set_deciding(o.deciding);
  p.set_phase(phase_name(o.phase));
  p.set_step(step_name(o.step));
  p.set_actions_left(o.actions_left);
  p.set_in_combat(o.in_combat);
  p.set_attacker(o.in_combat ? o.attacker : -1);
  p.set_defender(o.in_combat ? o.defender : -1);
  if (o.in_combat) p.set_tactic(o.tactic == dt::Tactic::Shoot ? "shoot" : "fight");
  p.set_warzone(o.in_combat ? o.warzone : -1);
  for (const dt::SeenSeat& ss : o.seats) {
    protocol::SeenSeat* ps = p.add_seats();
    ps->set_seat(ss.seat);
    ps->set_destiny(ss.destiny);
    ps->set_promotion(ss.promotion);
    ps->set_hand_count(ss.hand_size);
    ps->set_draw_count(ss.draw_size);
    ps->set_discard_count(ss.discard_size);
    ps->set_annihilated_count(ss.annihilated_size);
    ps->set_eliminated(ss.eliminated);
    for (const dt::SeenCard& c : ss.hand) fill_card(s, c, ps->add_hand(), false);
    for (const dt::SeenCard& c : ss.in_play) fill_card(s, c, ps->add_in_play(), true);
  }
  return p;
}

protocol::OptionMsg to_proto(const dt::Option& o, int index) {
  protocol::OptionMsg m;
  m.set_index(index);
  m.set_text(dt::to_text(o));
  const std::string& t = m.text();
  m.set_kind(t.substr(0, t.find(' ')));
  return m;
}

protocol::EventMsg to_proto(const dt::State& s, const dt::Event& e, int viewer) {
  protocol::EventMsg m;
  m.set_kind(std::string(dt::to_string(e.kind)));
  m.set_seat(e.seat);
  m.set_a(e.a);
  m.set_b(e.b);
  m.set_x(e.x);
  m.set_y(e.y);
  m.set_text(dt::describe(s, e, viewer));
  return m;
}

std::vector<protocol::DeckEntry> deck_entries(const dt::Deck& d, const dt::CardDb& db) {
  std::vector<protocol::DeckEntry> out;
  for (const dt::DeckEntry& e : d.entries) {
    protocol::DeckEntry p;
    p.set_count(e.count);
    p.set_code(db[e.def].code);
    p.set_name(db[e.def].name);
    out.push_back(p);
  }
  return out;
}

// ---- bot side -------------------------------------------------------------

static dt::Phase phase_from(const std::string& s) {
  for (dt::Phase p : {dt::Phase::CardinalsGift, dt::Phase::Window, dt::Phase::Actions, dt::Phase::Points,
                      dt::Phase::Discard, dt::Phase::GameOver})
    if (phase_name(p) == s) return p;
  return dt::Phase::Actions;
}

static dt::Step step_from(const std::string& s) {
  if (s == "draw") return dt::Step::Draw;
  if (s == "discard") return dt::Step::Discard;
  return dt::Step::Actions;
}

static dt::SeenCard seen_from(const protocol::SeenCard& c, const dt::CardDb& db) {
  dt::SeenCard out;
  out.id = dt::CardId(c.id());
  if (!c.face_down() && !c.code().empty()) {
    if (auto i = db.by_code(c.code())) out.def = *i;
  }
  out.owner = int8_t(c.owner());
  out.area_known = !c.area().empty();
  out.area = c.area() == "kohort" ? dt::Area::Kohort : c.area() == "outpost" ? dt::Area::Outpost : dt::Area::Squad;
  out.wounded = c.wounded();
  out.cover = c.cover();
  out.attached_to = dt::CardId(c.attached_to());
  out.inside = c.inside();
  return out;
}

dt::Observation from_proto(const protocol::Observation& o, const dt::CardDb& db) {
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
    for (const auto& c : ps.hand()) ss.hand.push_back(seen_from(c, db));
    for (const auto& c : ps.in_play()) ss.in_play.push_back(seen_from(c, db));
    out.seats.push_back(std::move(ss));
  }
  return out;
}

static bool card_ref(const std::string& w, dt::CardId* out) {
  if (w.size() < 2 || w[0] != 'c') return false;
  try {
    *out = dt::CardId(std::stoi(w.substr(1)));
  } catch (...) {
    return false;
  }
  return true;
}

static bool area_from(const std::string& w, int16_t* out) {
  if (w == "squad") *out = int16_t(dt::Area::Squad);
  else if (w == "kohort") *out = int16_t(dt::Area::Kohort);
  else if (w == "outpost") *out = int16_t(dt::Area::Outpost);
  else return false;
  return true;
}

std::optional<dt::Option> option_from_text(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> w;
  for (std::string x; in >> x;) w.push_back(x);
  if (w.empty()) return std::nullopt;
  dt::Option o;
  const std::string& k = w[0];
  auto card = [&](size_t i, dt::CardId* c) { return i < w.size() && card_ref(w[i], c); };
  if (k == "pass" && w.size() == 1) o.kind = dt::OptKind::Pass;
  else if (k == "keep" && w.size() == 1) o.kind = dt::OptKind::Keep;
  else if (k == "gift" && w.size() == 1) o.kind = dt::OptKind::Gift;
  else if (k == "meditate" && w.size() == 1) o.kind = dt::OptKind::Meditate;
  else if (k == "muster" && card(1, &o.a)) o.kind = dt::OptKind::Muster;
  else if (k == "muster-cover" && card(1, &o.a)) o.kind = dt::OptKind::MusterCover;
  else if (k == "cover" && card(1, &o.a)) o.kind = dt::OptKind::SeekCover;
  else if (k == "uncover" && card(1, &o.a)) o.kind = dt::OptKind::ExitCover;
  else if (k == "equip" && card(1, &o.a) && card(2, &o.b)) {
    o.kind = dt::OptKind::Equip;
    if (w.size() == 4) o.p = w[3] == "inside" ? 1 : w[3] == "outside" ? 2 : -1;
    if (o.p < 0) return std::nullopt;
  }
  else if (k == "build" && card(1, &o.a)) o.kind = dt::OptKind::Build;
  else if (k == "attack" && card(1, &o.a) && w.size() == 3 && w[2].size() > 1 && w[2][0] == 's') {
    o.kind = dt::OptKind::DirectAttack;
    o.b = dt::CardId(std::atoi(w[2].c_str() + 1));
  } else if (k == "attack" && card(1, &o.a) && card(2, &o.b) && w.size() == 4) {
    o.kind = dt::OptKind::Attack;
    o.tactic = w[3] == "shoot" ? dt::Tactic::Shoot : dt::Tactic::Fight;
  } else if (k == "sabotage" && card(1, &o.a) && w.size() == 3 && w[2].size() > 1 && w[2][0] == 's') {
    o.kind = dt::OptKind::Sabotage;
    o.b = dt::CardId(std::atoi(w[2].c_str() + 1));
  } else if (k == "play" && card(1, &o.a) && w.size() == 4 && card(3, &o.b)) o.kind = dt::OptKind::Play;
  else if (k == "points" && w.size() == 3 && w[1].rfind("p=", 0) == 0 && w[2].rfind("d=", 0) == 0) {
    o.kind = dt::OptKind::Points;
    o.p = int16_t(std::atoi(w[1].c_str() + 2));
    o.d = int16_t(std::atoi(w[2].c_str() + 2));
  } else if (k == "discard" && card(1, &o.a)) o.kind = dt::OptKind::Discard;
  else if ((k == "transfer" || k == "establish") && card(1, &o.a) && w.size() == 3 && area_from(w[2], &o.p))
    o.kind = k == "transfer" ? dt::OptKind::Transfer : dt::OptKind::Establish;
  else if (k == "enter" && card(1, &o.a)) o.kind = dt::OptKind::EnterVehicle;
  else if (k == "exit" && card(1, &o.a)) o.kind = dt::OptKind::ExitVehicle;
  else if (k == "wrangle" && card(1, &o.a) && card(2, &o.b)) o.kind = dt::OptKind::Wrangle;
  else if (k == "defend-from" && card(1, &o.a)) o.kind = dt::OptKind::DefendFrom;
  else return std::nullopt;
  return o;
}

}  // namespace dtref
