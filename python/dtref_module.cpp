// The Python module `dtref`: the engine as a library, for bots and research
// code written in Python (docs/library.md). A Game holds a dt::State and, for
// each seat, what that seat has seen (dt::Knowledge), kept up to date on every
// apply, so determinize(seat) can draw a state consistent with it.
//
// Observations and events come out exactly as the bot protocol writes them
// (the JSON of docs/protocol.md, as Python dicts), so code written against the
// referee's messages works on a Game unchanged.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/determinize.hpp"
#include "dt/game.hpp"
#include "dt/observation.hpp"
#include "dt/state_text.hpp"
#include "dtref/convert.hpp"
#include "dtref/jsonl.hpp"

namespace py = pybind11;

namespace {

py::object json_to_python(const std::string& text) {
  // Never destroyed: a static py::object would be released after the
  // interpreter has finalized (without the GIL), which aborts the process.
  static py::object* loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(text);
}

// The engine's deck errors name the command line's flag; Python has a keyword.
std::string python_words(std::string msg) {
  const std::string flag(dt::kAllowUnimplementedFlag);
  for (size_t at; (at = msg.find(flag)) != std::string::npos;) msg.replace(at, flag.size(), "allow_unimplemented=True");
  return msg;
}

// A seat's deck as the caller gives it: a built-in deck name or a deck file
// (str), or a list of card codes or of the protocol's {"count", "code"} entries.
std::vector<uint16_t> deck_cards(const py::handle& d, const dt::Rules& rules) {
  const dt::CardDb& db = dt::builtin_cards();
  if (py::isinstance<py::str>(d)) {
    const dt::Deck deck = dt::load_deck_arg(d.cast<std::string>(), db, rules, true);
    std::vector<uint16_t> cards = deck.cards;
    cards.insert(cards.end(), deck.side_board.begin(), deck.side_board.end());
    return cards;
  }
  std::vector<uint16_t> cards;
  for (const py::handle& e : d) {
    std::string code;
    long count = 1;
    if (py::isinstance<py::dict>(e)) {
      const py::dict entry = py::reinterpret_borrow<py::dict>(e);
      code = py::str(entry["code"]).cast<std::string>();
      if (entry.contains("count")) count = entry["count"].cast<long>();
    } else {
      code = py::str(e).cast<std::string>();
    }
    auto def = db.by_code(code);
    if (!def) throw py::value_error("unknown card code '" + code + "'");
    for (long k = 0; k < count && k < 1000; ++k) cards.push_back(*def);
  }
  return cards;
}

// The observation as numbers (dtref.env, docs/library.md "Reinforcement learning").
namespace features {
constexpr int kGlobal = 16, kSeat = 10, kCard = 16, kHand = 12, kWarriors = 10;
int size(int seats) { return kGlobal + seats * kSeat + kHand * kCard + seats * kWarriors * kCard; }

int type_slot(dt::CardType t) {
  switch (t) {
    case dt::CardType::Warrior: return 0;
    case dt::CardType::Equipment: return 1;
    case dt::CardType::Special: return 2;
    case dt::CardType::Fortification: return 3;
    case dt::CardType::Art: return 4;
    case dt::CardType::Symmetry: return 5;
    default: return 6;
  }
}

void card(const dt::State& s, const dt::Observation& o, const dt::SeenCard& c, int attachments, float* out) {
  out[0] = 1;
  if (c.def < 0) return;  // face down: present, nothing more known
  const dt::CardDef& d = (*s.db)[size_t(c.def)];
  out[1 + type_slot(d.type)] = 1;
  int f = d.f.value_or(0), sh = d.s.value_or(0), a = d.a, v = d.v;
  const bool warrior_in_play = d.type == dt::CardType::Warrior && c.area_known && c.attached_to == dt::kNoCard &&
                               c.id != dt::kNoCard && s.cards[c.id].zone == dt::Zone::InPlay;
  if (warrior_in_play) {
    const dt::Stats st = dt::stats(s, c.id);
    f = st.f, sh = st.s, a = st.a, v = st.v;
  }
  out[8] = float(f) / 10, out[9] = float(sh) / 10, out[10] = float(a) / 10, out[11] = float(v) / 10;
  out[12] = c.wounded, out[13] = c.cover;
  out[14] = o.in_combat && (c.id == o.attacker || c.id == o.defender);
  out[15] = float(attachments) / 5;
}

std::vector<float> of(const dt::State& s, int viewer) {
  const dt::Observation o = dt::observe(s, viewer);
  const int n = int(o.seats.size());
  std::vector<float> v(size_t(size(n)), 0.0f);
  float* g = v.data();
  g[0] = float(o.turn_number) / 100;
  g[1] = float(o.actions_left);
  g[2] = o.in_combat;
  g[3] = o.current == viewer;
  if (int(o.phase) < 7) g[4 + int(o.phase)] = 1;
  g[11 + int(o.step)] = 1;
  if (o.in_combat) g[o.tactic == dt::Tactic::Fight ? 14 : 15] = 1;
  float* hand = v.data() + kGlobal + n * kSeat;
  float* warriors = hand + kHand * kCard;
  for (int k = 0; k < n; ++k) {
    const dt::SeenSeat& seat = o.seats[size_t((viewer + k) % n)];  // the viewer first, then play order
    float* p = v.data() + kGlobal + k * kSeat;
    p[0] = float(seat.promotion) / 25, p[1] = float(seat.destiny) / 10, p[2] = float(seat.hand_size) / 10;
    p[3] = float(seat.draw_size) / 60, p[4] = float(seat.discard_size) / 60, p[5] = float(seat.annihilated_size) / 60;
    p[6] = seat.eliminated || seat.left;
    int slot = 0;
    for (const dt::SeenCard& c : seat.in_play) {
      if (c.attached_to != dt::kNoCard) continue;
      const bool warrior = c.def < 0 || (*s.db)[size_t(c.def)].type == dt::CardType::Warrior;
      if (!warrior) continue;
      p[7] += 0.1f, p[8] += c.wounded ? 0.1f : 0, p[9] += c.cover ? 0.1f : 0;
      int attachments = 0;
      for (const dt::SeenCard& x : seat.in_play) attachments += x.attached_to == c.id;
      if (slot < kWarriors) card(s, o, c, attachments, warriors + (k * kWarriors + slot) * kCard);
      ++slot;
    }
    if (k == 0)
      for (size_t h = 0; h < seat.hand.size() && h < size_t(kHand); ++h) card(s, o, seat.hand[h], 0, hand + h * kCard);
  }
  return v;
}
}  // namespace features

class Game {
 public:
  Game(const std::vector<std::string>& decks, uint64_t seed, const std::string& rules, int promotion_target,
       bool allow_unimplemented) {
    auto preset = dt::preset_by_name(rules);
    if (!preset) throw py::value_error("unknown rules preset '" + rules + "' (gengine, second-edition)");
    if (promotion_target > 0) preset->promotion_target = promotion_target;
    if (decks.size() < 2) throw py::value_error("give one deck per seat (at least two): built-in names or deck files");
    dt::GameConfig cfg;
    cfg.rules = *preset;
    cfg.seed = seed;
    for (const std::string& d : decks) {
      try {
        cfg.decks.push_back(dt::load_deck_arg(d, dt::builtin_cards(), *preset, allow_unimplemented).cards);
      } catch (const std::exception& e) {
        throw py::value_error(python_words(e.what()));
      }
    }
    state_ = dt::new_game(dt::builtin_cards(), cfg, &last_);
    for (int i = 0; i < state_.num_seats(); ++i) knowledge_.emplace_back(i);
    for (dt::Knowledge& k : knowledge_) k.see(state_, last_);
  }

  // The position a request's `state` carries (the protocol's "state"
  // feature): what `seat` knows, the cards it has not seen drawn from
  // `decks` (one per seat; a guess for the others), so it plays on as a game.
  static Game from_state(const std::string& text, const py::list& decks, uint64_t seed) {
    std::string error;
    auto pos = dt::state_from_text(text, dt::builtin_cards(), &error);
    if (!pos) throw py::value_error("cannot read the state text: " + error);
    std::vector<std::vector<uint16_t>> cards;
    try {
      for (const py::handle& d : decks) cards.push_back(deck_cards(d, pos->state.rules));
    } catch (const std::exception& e) {
      throw py::value_error(python_words(e.what()));
    }
    const int n = pos->state.num_seats();
    if (cards.empty()) throw py::value_error("give one deck per seat (a guess for the others)");
    while (int(cards.size()) < n) cards.push_back(cards.back());  // the last guess stands for the rest
    dt::Rng rng(seed);
    dt::fill_unknown_cards(pos->state, cards, rng);
    Game g;
    g.state_ = std::move(pos->state);
    for (int i = 0; i < n; ++i)
      if (i == pos->knowledge.seat()) {
        g.knowledge_.push_back(pos->knowledge);
      } else {
        g.knowledge_.emplace_back(i);
        g.knowledge_.back().see(dt::observe(g.state_, i));
      }
    return g;
  }

  int seats() const { return state_.num_seats(); }
  bool over() const { return dt::game_over(state_); }
  int winner() const { return state_.winner; }
  std::string end_reason() const { return std::string(dt::to_string(state_.end_reason)); }
  int deciding() const { return over() ? -1 : dt::deciding_seat(state_); }
  int turn() const { return state_.turn_number; }
  std::vector<std::pair<int, int>> scores() const {
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < state_.num_seats(); ++i) out.emplace_back(state_.seats[size_t(i)].promotion, dt::destiny(state_, i));
    return out;
  }

  std::vector<std::string> options() const {
    std::vector<std::string> out;
    if (over()) return out;
    for (const dt::Option& o : dt::legal_options(state_)) out.push_back(dt::to_text(o));
    return out;
  }

  // An option's index (int) or its canonical text (str), as a bot would answer.
  py::list apply(const py::object& choice) {
    if (over()) throw py::value_error("the game is over");
    const auto opts = dt::legal_options(state_);
    std::optional<dt::Option> o;
    if (py::isinstance<py::int_>(choice)) {
      const long i = choice.cast<long>();
      if (i < 0 || size_t(i) >= opts.size())
        throw py::index_error("option " + std::to_string(i) + " is not in 0.." + std::to_string(opts.size() - 1));
      o = opts[size_t(i)];
    } else {
      o = dt::parse_option(state_, choice.cast<std::string>());
      if (!o) throw py::value_error("'" + choice.cast<std::string>() + "' is not the text of a legal option");
    }
    last_.clear();
    dt::apply(state_, *o, &last_);
    for (dt::Knowledge& k : knowledge_) k.see(state_, last_);
    return events(-1);
  }

  // The events of the last apply (or of setting up), as `viewer` was told them (-1: all of it).
  py::list events(int viewer) const {
    check_seat(viewer, true);
    py::list out;
    for (const dt::Event& e : last_) out.append(json_to_python(dtref::to_json(dtref::to_proto(state_, e, viewer))));
    return out;
  }

  py::object observation(int seat) const {
    check_seat(seat, false);
    return json_to_python(dtref::to_json(dtref::to_proto(state_, dt::observe(state_, seat))));
  }

  uint64_t state_hash() const { return dt::state_hash(state_); }
  Game clone() const { return *this; }

  // A numpy array (numpy is imported only here, for dtref.env).
  py::array_t<float> features(int seat) const {
    check_seat(seat, false);
    const std::vector<float> v = features::of(state_, seat);
    py::array_t<float> out(py::ssize_t(v.size()));
    std::copy(v.begin(), v.end(), out.mutable_data());
    return out;
  }

  // What the referee sends a seat that asked for the "state" feature.
  std::string state_text(int seat) const {
    check_seat(seat, false);
    return dt::state_to_text(state_, knowledge_[size_t(seat)]);
  }

  int option_count() const { return over() ? 0 : int(dt::legal_options(state_).size()); }

  // A game drawn for `seat` that agrees with everything it has seen.
  Game determinize(int seat, uint64_t seed) const {
    check_seat(seat, false);
    dt::Rng rng(seed);
    Game g = *this;
    g.state_ = dt::determinize(state_, knowledge_[size_t(seat)], rng);
    return g;
  }

  // Plays uniformly random legal options from here to the end (or `max_decisions`),
  // without keeping events: the cheap rollout of a Monte Carlo search. Returns the winner (-1: none yet or a draw).
  int rollout(uint64_t seed, int max_decisions) {
    dt::Rng rng(seed);
    for (int n = 0; n < max_decisions && !dt::game_over(state_); ++n) {
      const auto opts = dt::legal_options(state_);
      dt::apply(state_, opts[size_t(rng.below(opts.size()))]);
    }
    last_.clear();
    for (dt::Knowledge& k : knowledge_) k.see(dt::observe(state_, k.seat()));
    return state_.winner;
  }

  std::vector<int> known_cards(int seat) const {
    check_seat(seat, false);
    std::vector<int> out;
    for (size_t c = 0; c < state_.cards.size(); ++c)
      if (knowledge_[size_t(seat)].knows(dt::CardId(c))) out.push_back(int(c));
    return out;
  }

 private:
  Game() = default;
  void check_seat(int seat, bool allow_all) const {
    if ((allow_all && seat == -1) || (seat >= 0 && seat < state_.num_seats())) return;
    throw py::index_error("no seat " + std::to_string(seat));
  }

  dt::State state_;
  std::vector<dt::Knowledge> knowledge_;
  std::vector<dt::Event> last_;
};

}  // namespace

PYBIND11_MODULE(_engine, m) {
  m.doc() = "The dtref Doomtrooper engine: play, observe, clone and determinize games (docs/library.md).";
  py::class_<Game>(m, "Game",
                   "One game: the whole state, and for each seat what it has seen. Decks are built-in deck names "
                   "(dtref deck --list) or deck-list files.")
      .def(py::init<const std::vector<std::string>&, uint64_t, const std::string&, int, bool>(),
           py::arg("decks") = std::vector<std::string>{"corporate", "legion"}, py::arg("seed") = 1,
           py::arg("rules") = "gengine", py::arg("promotion_target") = 0, py::arg("allow_unimplemented") = false)
      .def_property_readonly("seats", &Game::seats)
      .def_property_readonly("over", &Game::over, "True once the game has ended")
      .def_property_readonly("winner", &Game::winner, "the winning seat, -1 while playing or for a draw")
      .def_property_readonly("end_reason", &Game::end_reason, "promotion_target, decks_exhausted, no_warriors, turn_limit")
      .def_property_readonly("deciding", &Game::deciding, "the seat that decides now (-1 when over)")
      .def_property_readonly("turn", &Game::turn)
      .def_property_readonly("scores", &Game::scores, "(P, D) per seat")
      .def("options", &Game::options, "the legal options' canonical texts; an option's index is its place here")
      .def("apply", &Game::apply, py::arg("choice"),
           "play an option (its index or text); returns the events that followed (omniscient)")
      .def("events", &Game::events, py::arg("viewer") = -1,
           "the events of the last apply as `viewer` was told them (-1: omniscient), as protocol dicts")
      .def("observation", &Game::observation, py::arg("seat"), "what `seat` sees now, as the protocol's observation dict")
      .def("state_hash", &Game::state_hash, "64-bit hash of everything that decides the rest of the game")
      .def("clone", &Game::clone, "an independent copy")
      .def("__copy__", &Game::clone)
      .def("__deepcopy__", [](const Game& g, py::dict) { return g.clone(); })
      .def("determinize", &Game::determinize, py::arg("seat"), py::arg("seed"),
           "a game drawn for `seat`: the same in all it has seen, the rest (others' hands, face-down cards, "
           "pile orders, future shuffles) drawn at random")
      .def("rollout", &Game::rollout, py::arg("seed"), py::arg("max_decisions") = 100000,
           "play random legal options to the end of THIS game (clone it first to keep it); returns the winner")
      .def_static("from_state", &Game::from_state, py::arg("text"), py::arg("decks"), py::arg("seed") = 0,
                  "the position of a request's `state` text (the protocol's state feature) as a Game: the cards "
                  "its seat has not seen are drawn from `decks`, one per seat (a deck name or file, or a list of "
                  "card codes or of hello's {count, code} entries; the last stands for any seat not given)")
      .def("features", &Game::features, py::arg("seat"),
           "what `seat` sees as a numpy float32 vector (the layout of docs/library.md, used by dtref.env)")
      .def("state_text", &Game::state_text, py::arg("seat"),
           "the position as `seat` knows it, as the referee's `state` text (read back with Game.from_state)")
      .def("option_count", &Game::option_count, "how many legal options there are (len(options()) without the texts)")
      .def("known_cards", &Game::known_cards, py::arg("seat"), "the card ids `seat` has seen face up");
  m.def(
      "new_game",
      [](const std::vector<std::string>& decks, uint64_t seed, const std::string& rules) { return Game(decks, seed, rules, 0, false); },
      py::arg("decks") = std::vector<std::string>{"corporate", "legion"}, py::arg("seed") = 1, py::arg("rules") = "gengine",
      "a new game, dealt and run to its first decision");
  m.def("deck_names", &dt::builtin_deck_names, "the built-in decks");
  m.def("feature_size", &features::size, py::arg("seats") = 2, "the length of Game.features for a table of `seats`");
}
