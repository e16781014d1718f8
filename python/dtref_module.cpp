// The Python module `dtref`: the engine as a library, for bots and research
// code written in Python (docs/library.md). A Game holds a dt::State and, for
// each seat, what that seat has seen (dt::Knowledge), kept up to date on every
// apply, so determinize(seat) can draw a state consistent with it.
//
// Observations and events come out exactly as the bot protocol writes them
// (the JSON of docs/protocol.md, as Python dicts), so code written against the
// referee's messages works on a Game unchanged.
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
#include "dtref/convert.hpp"
#include "dtref/jsonl.hpp"

namespace py = pybind11;

namespace {

py::object json_to_python(const std::string& text) {
  static py::object loads = py::module_::import("json").attr("loads");
  return loads(text);
}

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
        throw py::value_error(e.what());
      }
    }
    state_ = dt::new_game(dt::builtin_cards(), cfg, &last_);
    for (int i = 0; i < state_.num_seats(); ++i) knowledge_.emplace_back(i);
    for (dt::Knowledge& k : knowledge_) k.see(state_, last_);
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
  void check_seat(int seat, bool allow_all) const {
    if ((allow_all && seat == -1) || (seat >= 0 && seat < state_.num_seats())) return;
    throw py::index_error("no seat " + std::to_string(seat));
  }

  dt::State state_;
  std::vector<dt::Knowledge> knowledge_;
  std::vector<dt::Event> last_;
};

}  // namespace

PYBIND11_MODULE(dtref, m) {
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
           "play random legal options to the end; returns the winner")
      .def("known_cards", &Game::known_cards, py::arg("seat"), "the card ids `seat` has seen face up");
  m.def(
      "new_game",
      [](const std::vector<std::string>& decks, uint64_t seed, const std::string& rules) { return Game(decks, seed, rules, 0, false); },
      py::arg("decks") = std::vector<std::string>{"corporate", "legion"}, py::arg("seed") = 1, py::arg("rules") = "gengine",
      "a new game, dealt and run to its first decision");
  m.def("deck_names", &dt::builtin_deck_names, "the built-in decks");
}
