// run_match: one match between bots. This first version plays built-in bots
// in-process; out-of-process transports plug in behind the same entry point.
#include "dtref/match.hpp"

#include <fmt/core.h>

#include <chrono>
#include <memory>
#include <stdexcept>

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dt/game.hpp"
#include "dt/observation.hpp"

namespace dtref {

std::string to_string(Verdict v) {
  switch (v) {
    case Verdict::Ok: return "ok";
    case Verdict::Timeout: return "timeout";
    case Verdict::Crash: return "crash";
    case Verdict::Malformed: return "malformed";
    case Verdict::IllegalChoice: return "illegal_choice";
    case Verdict::StaleDecisionId: return "stale_decision_id";
    case Verdict::StartupFailure: return "startup_failure";
  }
  return "?";
}

MatchOutcome run_match(const MatchSpec& spec) {
  const auto t0 = std::chrono::steady_clock::now();
  const dt::CardDb& db = dt::builtin_cards();
  if (spec.bots.size() < 2) throw std::invalid_argument("a match needs at least two bots");
  if (spec.decks.size() != spec.bots.size()) throw std::invalid_argument("give one deck per bot");
  std::vector<std::unique_ptr<dt::Bot>> bots;
  for (size_t i = 0; i < spec.bots.size(); ++i) {
    const std::string& s = spec.bots[i].spec;
    const std::string prefix = "builtin:";
    std::unique_ptr<dt::Bot> b;
    if (s.rfind(prefix, 0) == 0) b = dt::make_builtin_bot(s.substr(prefix.size()), spec.seed * 1000003 + i);
    if (!b) throw std::invalid_argument(fmt::format("unknown bot spec '{}'", s));
    bots.push_back(std::move(b));
  }
  dt::GameConfig cfg;
  cfg.rules = spec.rules;
  cfg.seed = spec.seed;
  for (const dt::Deck& d : spec.decks) cfg.decks.push_back(d.cards);
  std::vector<dt::Event> events;
  dt::State s = dt::new_game(db, cfg, &events);
  MatchOutcome out;
  while (!dt::game_over(s)) {
    if (spec.cancel && spec.cancel->load()) {
      out.voided = true;
      out.void_reason = "cancelled";
      break;
    }
    const int seat = dt::deciding_seat(s);
    const auto opts = dt::legal_options(s);
    const size_t idx = bots[size_t(seat)]->choose(dt::observe(s, seat), opts);
    if (spec.verbose) fmt::print("s{} > {}\n", seat, dt::to_text(opts[idx]));
    dt::apply(s, opts[idx], &events);
    if (spec.verbose)
      for (const dt::Event& e : events) fmt::print("  {}\n", dt::describe(s, e));
    events.clear();
  }
  out.winner = s.winner;
  out.reason = std::string(dt::to_string(s.end_reason));
  for (size_t i = 0; i < bots.size(); ++i) {
    SeatOutcome so;
    so.name = spec.bots[i].name.empty() ? bots[i]->name() : spec.bots[i].name;
    so.promotion = s.seats[i].promotion;
    so.destiny = s.seats[i].destiny;
    out.seats.push_back(so);
  }
  out.turns = s.turn_number;
  out.decisions = s.decisions;
  out.wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace dtref
