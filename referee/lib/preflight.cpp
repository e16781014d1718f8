// preflight_bot (see preflight.hpp): the start of a match and nothing else.
#include "dtref/preflight.hpp"

#include <fmt/core.h>

#include <future>

#include "dtref/bot_start.hpp"
#include "dtref/grpc_link.hpp"

namespace dtref {

using std::chrono::milliseconds;

std::string PreflightReport::summary() const {
  switch (status) {
    case Status::Ready:
      return fmt::format("ready as '{}'{} in {:.0f} ms", ready_name,
                         ready_version.empty() ? "" : " (version " + ready_version + ")", startup_ms);
    case Status::Skipped: return "not started here: " + problem;
    case Status::Failed: return "failed: " + problem;
  }
  return "?";
}

PreflightReport preflight_bot(const BotSpec& bot, const PreflightOptions& opt) {
  PreflightReport rep;
  if (auto problem = bot_spec_problem(bot)) {
    rep.problem = *problem;
    return rep;
  }
  if (is_grpc_spec(bot.spec) && bot.spec.rfind("grpc:", 0) != 0) {
    rep.status = PreflightReport::Status::Skipped;
    rep.problem = "a remote bot dials in when its match starts";
    return rep;
  }
  MatchSpec m;
  m.match_id = "preflight";
  m.bots = {bot};
  m.decks = {opt.deck};
  m.rules = opt.rules;
  m.clocks = opt.clocks;
  m.policy = opt.policy;
  const Clocks& c = seat_clocks(m, 0);
  const dt::State* no_state = nullptr;  // no request is ever sent
  const std::vector<dt::Option>* no_options = nullptr;
  std::unique_ptr<BotLink> link;
  try {
    link = make_bot_link(m, 0, &no_state, &no_options);
  } catch (const std::exception& e) {
    rep.problem = e.what();
    return rep;
  }
  const auto t0 = Clock::now();
  const auto deadline = t0 + milliseconds(c.startup_ms);
  if (auto failure = link->start(deadline)) {
    rep.problem = *failure;
  } else {
    link->send(hello_for(m, 0));
    const Received r = link->receive(deadline + milliseconds(c.grace_ms));
    rep.startup_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    if (auto problem = ready_problem(r, c.startup_ms)) {
      rep.problem = *problem;
    } else {
      rep.status = PreflightReport::Status::Ready;
      rep.ready_name = bot_given_name(r.msg.ready().name());
      rep.ready_version = bot_given_name(r.msg.ready().version());
      rep.ready_author = bot_given_name(r.msg.ready().author());
      // A match that ends before it began, so the bot leaves as after any match.
      protocol::RefereeMessage end;
      end.mutable_match_end()->set_type("match_end");
      end.mutable_match_end()->set_match_id(m.match_id);
      end.mutable_match_end()->set_winner(-1);
      end.mutable_match_end()->set_reason("void");
      link->send(end);
    }
  }
  link->shutdown(milliseconds(rep.status == PreflightReport::Status::Ready ? 500 : 0));
  rep.stderr_tail = link->stderr_tail();
  return rep;
}

std::vector<PreflightReport> preflight_bots(const std::vector<BotSpec>& bots, const PreflightOptions& opt) {
  std::vector<std::future<PreflightReport>> running;
  for (const BotSpec& b : bots) running.push_back(std::async(std::launch::async, [&b, &opt] { return preflight_bot(b, opt); }));
  std::vector<PreflightReport> out;
  for (auto& f : running) out.push_back(f.get());
  return out;
}

}  // namespace dtref
