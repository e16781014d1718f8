// check_bot (see check_bot.hpp).
#include "dtref/check_bot.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "dt/card_loader.hpp"
#include "dt/game.hpp"
#include "dt/observation.hpp"
#include "dtref/bot_start.hpp"
#include "dtref/convert.hpp"
#include "dtref/jsonl.hpp"
#include "dtref/preflight.hpp"
#include "dtref/stdio_link.hpp"
#include "dtref/transcript.hpp"

namespace dtref {

using std::chrono::milliseconds;

bool CheckBotReport::passed() const {
  for (const CheckResult& c : checks)
    if (!c.passed && !c.skipped) return false;
  return true;
}

namespace {

CheckResult named(const char* name) {
  CheckResult c;
  c.name = name;
  return c;
}

// A position in which seat 0 decides, with `want_pass_only` a decision whose
// only legal option is pass (the engine's auto-pass turned off).
std::optional<dt::State> position(const CheckBotOptions& opt, bool want_pass_only) {
  dt::GameConfig cfg;
  cfg.rules = opt.rules;
  cfg.rules.auto_pass = !want_pass_only;
  cfg.seed = opt.seed;
  cfg.decks = {opt.deck.cards, opt.opponent_deck.cards};
  dt::State s = dt::new_game(dt::builtin_cards(), cfg);
  dt::Rng rng(opt.seed + 17);
  for (int n = 0; n < 5000 && !dt::game_over(s); ++n) {
    const auto opts = dt::legal_options(s);
    const bool only_pass = opts.size() == 1 && opts[0].kind == dt::OptKind::Pass;
    // Some way into the game, so the observation has cards in play.
    if (dt::deciding_seat(s) == 0 && n > 20 && (want_pass_only ? only_pass : opts.size() > 1)) return s;
    dt::apply(s, opts[size_t(rng.below(opts.size()))]);
  }
  return std::nullopt;
}

protocol::RefereeMessage request_for(const dt::State& s, int64_t id, const Clocks& c) {
  protocol::RefereeMessage m;
  protocol::Request* r = m.mutable_request();
  r->set_type("request");
  r->set_decision_id(id);
  const auto opts = dt::legal_options(s);
  for (size_t k = 0; k < opts.size(); ++k) *r->add_options() = to_proto(opts[k], int(k));
  *r->mutable_observation() = to_proto(s, dt::observe(s, 0));
  r->mutable_clock()->set_decision_ms(c.decision_ms);
  r->mutable_clock()->set_bank_ms(c.bank_ms);
  r->mutable_clock()->set_grace_ms(c.grace_ms);
  return m;
}

// A line as the bot sent it, control bytes shown escaped, cut past 400 bytes.
std::string printable_line(const std::string& raw) {
  std::string out;
  for (size_t i = 0; i < raw.size() && i < 400; ++i) {
    const auto c = static_cast<unsigned char>(raw[i]);
    if (c < 0x20 || c == 0x7f) out += fmt::format("\\x{:02x}", c);
    else out += char(c);
  }
  if (raw.size() > 400) out += "...";
  return out;
}

// What the bot sent, as a line to quote.
std::string quote(const Received& r, int64_t waited_ms) {
  switch (r.kind) {
    case Received::Kind::Message: return r.raw.empty() ? to_json_line(r.msg) : printable_line(r.raw);
    case Received::Kind::Malformed: return printable(r.raw) + "   (" + r.exit_detail + ")";
    case Received::Kind::Closed: return "(the bot ended: " + r.exit_detail + ")";
    case Received::Kind::Timeout: return fmt::format("(nothing within {} ms{})", waited_ms, timeout_hint(r));
  }
  return "";
}

// The scripted conversation: one link, messages of our choosing.
class Session {
 public:
  Session(const BotSpec& bot, const CheckBotOptions& opt) : opt_(opt) {
    m_.match_id = "check-bot";
    m_.bots = {bot};
    m_.decks = {opt.deck};
    m_.rules = opt.rules;
    m_.clocks = opt.clocks;
    m_.policy = Policy::Dev;
    link_ = make_bot_link(m_, 0, &live_, &live_options_);
  }
  ~Session() {
    if (link_ && !shut_) link_->shutdown(milliseconds(0));
  }
  BotLink& link() { return *link_; }
  const Clocks& clocks() const { return seat_clocks(m_, 0); }

  std::optional<std::string> start() {
    const auto deadline = Clock::now() + milliseconds(clocks().startup_ms);
    if (auto failure = link_->start(deadline)) return failure;
    link_->send(hello_for(m_, 0));
    const Received r = link_->receive(deadline + milliseconds(clocks().grace_ms));
    auto problem = ready_problem(r, clocks().startup_ms);
    if (!problem)
      for (const std::string& f : r.msg.ready().features()) several_ = several_ || f == kSeveralMatchesFeature;
    return problem;
  }

  // The bot said "several_matches" in ready (docs/protocol.md).
  bool several_matches() const { return several_; }

  // Sends `s` as request `id` (or the raw line instead, if given) and checks
  // the answer: the right id, a legal choice, in time. Fills `c`.
  void ask(const dt::State& s, int64_t id, CheckResult& c, const std::string& raw_line = "") {
    live_ = &s;
    options_ = dt::legal_options(s);
    live_options_ = &options_;
    const auto sent = Clock::now();
    if (raw_line.empty()) link_->send(request_for(s, id, clocks()));
    else static_cast<StdioLink&>(*link_).send_line(raw_line);
    judge(s, id, sent, c);
  }

  void judge(const dt::State& s, int64_t id, Clock::time_point sent, CheckResult& c) {
    const int64_t wait = clocks().decision_ms + clocks().bank_ms + clocks().grace_ms;
    const Received r = link_->receive(sent + milliseconds(wait));
    timed_out_ = timed_out_ || r.kind == Received::Kind::Timeout;
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
    c.offending = quote(r, wait);
    if (r.kind != Received::Kind::Message || !r.msg.has_answer()) {
      c.detail = fmt::format("expected an answer to decision {}", id);
      return;
    }
    const protocol::Answer& a = r.msg.answer();
    if (a.decision_id() != id) {
      c.detail = fmt::format("the answer is for decision {}, the open decision is {}", a.decision_id(), id);
      return;
    }
    const auto& v = a.choice();
    std::optional<dt::Option> o;
    if (v.kind_case() == google::protobuf::Value::kNumberValue) {
      const double k = v.number_value();
      if (k >= 0 && k < double(options_.size()) && k == double(size_t(k))) o = options_[size_t(k)];
    } else if (v.kind_case() == google::protobuf::Value::kStringValue) {
      o = dt::parse_option(s, v.string_value());
    }
    if (!o) {
      c.detail = fmt::format("the choice is not a legal option ({} legal: {}..{})", options_.size(), 0, options_.size() - 1);
      return;
    }
    c.passed = true;
    c.offending.clear();
    c.detail = fmt::format("answered decision {} with '{}' in {:.0f} ms", id, dt::to_text(*o), ms);
  }

  // match_end, then: does the bot leave by itself within the half second the protocol gives it?
  // A bot that says several_matches gets a second hello after that silence
  // and must say ready again (`again`, the several-matches check).
  void end(CheckResult& c, CheckResult* again = nullptr) {
    protocol::RefereeMessage end;
    protocol::MatchEnd* me = end.mutable_match_end();
    me->set_type("match_end");
    me->set_match_id(m_.match_id);
    me->set_winner(0);
    me->set_reason("promotion_target");
    link_->send(end);
    const auto t0 = Clock::now();
    Received r = link_->receive(t0 + milliseconds(500));
    if (r.kind == Received::Kind::Message) {
      c.offending = quote(r, 0);
      c.detail = "sent a message after match_end";
      return;
    }
    if (several_ && again) {
      const auto deadline = Clock::now() + milliseconds(clocks().startup_ms);
      link_->send(hello_for(m_, 0));
      const Received h = link_->receive(deadline + milliseconds(clocks().grace_ms));
      if (auto problem = ready_problem(h, clocks().startup_ms)) {
        again->offending = quote(h, clocks().startup_ms);
        again->detail = "it says several_matches, but the next match's hello after match_end got no ready: " + *problem;
      } else {
        again->passed = true;
        again->detail = "said nothing after match_end, then answered the next match's hello with ready";
      }
    }
    // Closing its input is the other cue to leave.
    shut_ = true;
    link_->shutdown(milliseconds(500));
    std::string how = link_->exit_detail();  // the process's own word, once it is known
    if (how.empty() && r.kind == Received::Kind::Closed) how = r.exit_detail;
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    if (how.find("exit code") != std::string::npos) {
      c.passed = true;
      c.detail = fmt::format("left by itself ({}) {:.0f} ms after match_end", how, ms);
    } else {
      c.detail = "did not exit within 0.5 s of match_end and the end of its input";
      c.offending = how.empty() ? "(still running: killed)" : "(" + how + ")";
    }
  }

  // A request went unanswered within its clock: the checks after it would
  // only wait as long again (the bot is most likely not flushing its output).
  bool timed_out() const { return timed_out_; }

 private:
  bool timed_out_ = false;
  const CheckBotOptions& opt_;
  MatchSpec m_;
  const dt::State* live_ = nullptr;
  std::vector<dt::Option> options_;
  const std::vector<dt::Option>* live_options_ = nullptr;
  std::unique_ptr<BotLink> link_;
  bool shut_ = false;
  bool several_ = false;
};

// The first refused answer a transcript records, to quote.
std::string first_refusal(const std::string& transcript) {
  std::ifstream in(transcript);
  for (std::string line; std::getline(in, line);)
    if (line.find("\"type\":\"refused\"") != std::string::npos || line.find("\"type\":\"fault\"") != std::string::npos)
      return line;
  return "";
}

CheckResult short_match(const BotSpec& bot, const CheckBotOptions& opt) {
  CheckResult c = named("short-match");
  MatchSpec m;
  m.match_id = "check-bot-match";
  m.bots = {bot, {"", "builtin:random"}};
  m.decks = {opt.deck, opt.opponent_deck};
  m.rules = opt.rules;
  m.rules.promotion_target = opt.match_promotion_target;
  m.rules.turn_limit = opt.match_turn_limit;
  m.seed = opt.seed;
  m.clocks = opt.clocks;
  m.policy = Policy::Dev;
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / fmt::format("dtref-check-bot-{}", ::getpid());
  fs::create_directories(dir);
  m.transcript_path = (dir / "match.jsonl").string();
  const MatchOutcome out = run_match(m);
  const SeatOutcome& s = out.seats.at(0);
  const ReplayReport rep = replay_transcript(m.transcript_path, false);
  if (out.voided) {
    c.detail = "the match was voided: " + out.void_reason;
  } else if (s.verdict != Verdict::Ok) {
    c.detail = fmt::format("verdict {}: {}", to_string(s.verdict), s.detail.substr(0, 300));
    c.offending = first_refusal(m.transcript_path);
  } else if (s.illegal || s.malformed || s.timeouts) {
    c.detail = fmt::format("{} illegal and {} malformed answers were refused (dev policy)", s.illegal, s.malformed);
    c.offending = first_refusal(m.transcript_path);
  } else if (!rep.verified) {
    c.detail = "the transcript does not replay: " + rep.problem;
  } else {
    c.passed = true;
    c.detail = fmt::format("{} decisions against builtin:random (first to {} P), ended by {}, every answer legal and in time ({} ms used)",
                           out.decisions, opt.match_promotion_target, out.reason, s.time_used_ms);
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  return c;
}

}  // namespace

namespace {

// The checks not run after a timeout, each saying why.
CheckBotReport& stopped(CheckBotReport& rep, std::initializer_list<const char*> rest) {
  for (const char* name : rest) {
    CheckResult c = named(name);
    c.detail = "not run: the bot let a request go unanswered (above), and every check after it would wait as long";
    rep.checks.push_back(c);
  }
  return rep;
}

}  // namespace

CheckBotReport check_bot(const BotSpec& bot, const CheckBotOptions& opt) {
  CheckBotReport rep;
  PreflightOptions pre;
  pre.rules = opt.rules;
  pre.deck = opt.deck;
  pre.clocks = opt.clocks;
  pre.policy = Policy::Dev;
  const PreflightReport ready = preflight_bot(bot, pre);
  CheckResult r = named("ready");
  r.passed = ready.status == PreflightReport::Status::Ready;
  r.skipped = ready.status == PreflightReport::Status::Skipped;
  r.detail = ready.summary() + fmt::format(" (startup window {} ms)", opt.clocks.startup_ms);
  if (!r.passed && !ready.stderr_tail.empty()) r.offending = "stderr: " + printable(ready.stderr_tail);
  rep.checks.push_back(r);
  if (!r.passed) return rep;

  const bool stdio = bot.spec.rfind("stdio:", 0) == 0;
  const bool builtin = bot.spec.rfind("builtin:", 0) == 0;
  {
    Session session(bot, opt);
    CheckResult start = named("answer");
    if (auto problem = session.start()) {
      start.detail = "could not start it again: " + *problem;
      rep.checks.push_back(start);
      return rep;
    }
    auto pos = position(opt, false);
    auto pass_pos = position(opt, true);
    int64_t id = 3;  // not 1: ids are not consecutive for one seat
    CheckResult answer = named("answer");
    session.ask(*pos, id, answer);
    rep.checks.push_back(answer);
    if (session.timed_out()) return stopped(rep, {"dev-error", "pass-only", "unknown-field", "match-end", "short-match"});

    CheckResult dev = named("dev-error");
    if (builtin) {
      dev.skipped = true;
      dev.detail = "an in-process bot is never refused";
    } else {
      // Under the dev policy a refused answer gets an error and the same request again.
      id += 4;
      CheckResult first = named("dev-error");
      session.ask(*pos, id, first);
      protocol::RefereeMessage err;
      protocol::Error* e = err.mutable_error();
      e->set_type("error");
      e->set_decision_id(id);
      e->set_kind("illegal_choice");
      e->set_message("check-bot: refused on purpose, to see the bot answer the same request again");
      const auto opts = dt::legal_options(*pos);
      for (size_t k = 0; k < opts.size(); ++k) *e->add_options() = to_proto(opts[k], int(k));
      session.link().send(err);
      session.ask(*pos, id, dev);
      if (dev.passed) dev.detail = "after an error, " + dev.detail;
    }
    rep.checks.push_back(dev);
    if (session.timed_out()) return stopped(rep, {"pass-only", "unknown-field", "match-end", "short-match"});

    CheckResult pass = named("pass-only");
    if (!pass_pos) {
      pass.skipped = true;
      pass.detail = "no decision with pass as the only option came up";
    } else {
      id += 3;
      session.ask(*pass_pos, id, pass);
    }
    rep.checks.push_back(pass);
    if (session.timed_out()) return stopped(rep, {"unknown-field", "match-end", "short-match"});

    CheckResult unknown = named("unknown-field");
    if (!stdio) {
      unknown.skipped = true;
      unknown.detail = "only JSON lines can carry a field from a later protocol version";
    } else {
      id += 2;
      std::string line = to_json_line(request_for(*pos, id, session.clocks()));
      // A field of a later protocol version, at the top and inside the observation.
      line.insert(line.find("\"observation\":{") + 15, "\"later_field\":{\"x\":[1,2]},");
      line.insert(1, "\"another_later_field\":\"?\",");
      session.ask(*pos, id, unknown, line);
    }
    rep.checks.push_back(unknown);
    if (session.timed_out()) return stopped(rep, {"match-end", "short-match"});

    CheckResult end = named("match-end");
    CheckResult again = named("several-matches");
    if (builtin) {
      end.skipped = true;
      end.detail = "an in-process bot has no process to end";
    } else {
      session.end(end, &again);
    }
    rep.checks.push_back(end);
    // Only for a bot that says it plays several matches in one process.
    if (session.several_matches() && !builtin) rep.checks.push_back(again);
  }
  rep.checks.push_back(short_match(bot, opt));
  return rep;
}

}  // namespace dtref
