// run_match: one match between bots of any kind. The runner owns the rules of
// engagement (clocks, legality, verdicts, policies); links only move messages,
// so built-in, stdio and gRPC bots are judged by exactly the same code.
#include "dtref/match.hpp"

#include <fmt/core.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "bot.hpp"
#include "dt/card_loader.hpp"
#include "dt/game.hpp"
#include "dt/observation.hpp"
#include "dt/state_text.hpp"
#include "dtref/bot_start.hpp"
#include "dtref/convert.hpp"
#include "dtref/kept_bots.hpp"
#include "dtref/seat_sandbox.hpp"
#include "dtref/logging.hpp"
#include "dtref/secrets.hpp"
#include "dtref/transcript.hpp"

#ifndef DTREF_VERSION
#define DTREF_VERSION "0"
#endif

namespace dtref {

using json = nlohmann::ordered_json;
using std::chrono::milliseconds;

std::string to_string(Verdict v) {
  switch (v) {
    case Verdict::Ok: return "ok";
    case Verdict::Timeout: return "timeout";
    case Verdict::Crash: return "crash";
    case Verdict::Malformed: return "malformed";
    case Verdict::IllegalChoice: return "illegal_choice";
    case Verdict::StaleDecisionId: return "stale_decision_id";
    case Verdict::StartupFailure: return "startup_failure";
    case Verdict::Resource: return "resource";
  }
  return "?";
}

std::string to_string(Policy p) {
  switch (p) {
    case Policy::Ladder: return "ladder";
    case Policy::Dev: return "dev";
    case Policy::Training: return "training";
  }
  return "?";
}

std::optional<Policy> policy_by_name(const std::string& name) {
  if (name == "ladder") return Policy::Ladder;
  if (name == "dev") return Policy::Dev;
  if (name == "training") return Policy::Training;
  return std::nullopt;
}

namespace {

struct Seat {
  std::unique_ptr<BotLink> link;
  SeatOutcome out;
  int64_t bank_ms = 0;
  // Events since this seat's last request, as it may see them (not kept for
  // in-process bots, which read the engine directly); swapped into the request.
  google::protobuf::RepeatedPtrField<protocol::EventMsg> pending;
  bool started = false;
  bool closed = false;   // shut down already (it left the game after a fault)
  bool compact = false;  // asked for card facts once and defaults left out
  // Asked for the "state" feature: what the seat has seen, kept from every
  // event, so each request can carry the position as the seat knows it.
  std::optional<dt::Knowledge> know;
  FactsOnce facts;       // compact: which cards' facts it has been sent
  int64_t used_us = 0;  // summed in microseconds; SeatOutcome::time_used_ms is derived
  size_t comment_bytes = 0;  // of comments kept so far
  bool comments_dropped = false;
  // Keep-alive (kept_bots.hpp): the key a kept bot of this seat is found by
  // (empty: this seat's bot is never kept), the link as a stdio link, the
  // kept bot's record, whether it came from the pool, and whether it said
  // "several_matches" in this match's ready.
  std::string keep_key;
  StdioLink* stdio = nullptr;
  KeptBot kept;
  bool reused = false;
  bool several_matches = false;
};

// Thrown inside the runner when a seat forfeits: it leaves the game, and the
// match goes on while two sides are still in.
struct Forfeit {
  int seat;
};

double us_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::micro>(b - a).count();
}

class Runner {
 public:
  Runner(const MatchSpec& spec, TranscriptWriter& tr)
      : spec_(spec), tr_(tr), db_(dt::builtin_cards()), key_(spec.key.empty() ? spec.match_id : spec.key) {}

  MatchOutcome run();

 private:
  const MatchSpec& spec_;
  TranscriptWriter& tr_;
  const dt::CardDb& db_;
  const std::string key_;  // the match in log records: the operator's key, else the match id
  std::vector<Seat> seats_;
  const dt::State* live_ = nullptr;  // shared with built-in links
  const std::vector<dt::Option>* live_options_ = nullptr;  // the open decision's, shared with built-in links
  protocol::RefereeMessage request_;  // reused decision after decision, so its memory is too
  dt::GameConfig cfg_;
  int64_t next_decision_id_ = 1;
  int64_t last_used_us_ = 0;  // the clocked time of the latest decision
  MatchOutcome out_;

  void write_header();
  void log_start() const;
  void log_finish() const;
  logging::Where where(int seat = -1) const { return {"referee", key_, seat}; }
  void start_bots();
  void fault(size_t seat, Verdict v, const std::string& what);
  std::string bounded_comment(Seat& seat, const std::string& comment) const;
  void distribute(const dt::State& s, const std::vector<dt::Event>& events);
  size_t decide(const dt::State& s, const std::vector<dt::Option>& opts, std::string* comment, bool* by_default);
  void finish(const dt::State* s, int forfeiting_seat);
  void leave(dt::State& s, int seat, std::vector<dt::Event>& events);
  bool ended_by_leave_ = false;  // the last forfeit left one side in the game
  std::vector<uint64_t> match_deals() const {
    return spec_.keep_alive.deals.empty() ? std::vector<uint64_t>{spec_.seed} : spec_.keep_alive.deals;
  }
  // Whether seat's bot stays alive for the worker's next match: it said so,
  // it is a stdio bot of a worker that keeps bots, nothing went wrong.
  bool keepable(Seat& seat) {
    return spec_.keep_alive.bots && seat.stdio && seat.several_matches && !seat.keep_key.empty() &&
           seat.out.verdict == Verdict::Ok && !out_.voided && seat.link && seat.link->resource_problem().empty() &&
           !seat.stdio->keep_problem();
  }
  void send_error(Seat& seat, int64_t id, const std::string& kind, const std::string& msg,
                  const std::vector<dt::Option>* opts);
};

void Runner::write_header() {
  tr_.write(transcript_line::header(spec_, cfg_, db_, kProtocolVersion, DTREF_VERSION));
}

void Runner::fault(size_t i, Verdict v, const std::string& what) {
  Seat& seat = seats_[i];
  std::string detail = what;
  // Whatever the symptom (a crash, a timeout...), a limit the bot ran into is the reason.
  if (seat.link) {
    const std::string hit = seat.link->resource_problem();
    if (!hit.empty()) {
      detail = hit + " (" + detail + ")";
      v = Verdict::Resource;
    }
  }
  seat.out.verdict = v;
  seat.out.detail = detail;
  tr_.write(transcript_line::fault(i, v, detail, seat.link ? seat.link->stderr_tail() : std::string()));
  // The detail without the bot's stderr (it may print what it was shown), one bounded line.
  logging::info(where(int(i)), "verdict {}: {}", to_string(v), detail.substr(0, 300));
  if (spec_.verbose) fmt::print("s{} fault: {} ({})\n", i, to_string(v), detail);
}

// A bot's comment as the transcript keeps it: cut to comment_bytes (at a
// character boundary), and dropped once the seat's comments reach
// comment_total_bytes, so a chatty bot cannot grow the transcript without end.
std::string Runner::bounded_comment(Seat& seat, const std::string& comment) const {
  if (comment.empty() || seat.comments_dropped) return {};
  std::string c = comment;
  if (c.size() > spec_.comment_bytes) {
    size_t n = spec_.comment_bytes;
    while (n > 0 && (static_cast<unsigned char>(c[n]) & 0xC0) == 0x80) --n;  // not inside a UTF-8 sequence
    c.resize(n);
    c += " [cut]";
  }
  if (seat.comment_bytes + c.size() > spec_.comment_total_bytes) {
    seat.comments_dropped = true;
    return fmt::format("[dtref: this seat's comments reached {} bytes; later ones are dropped]", spec_.comment_total_bytes);
  }
  seat.comment_bytes += c.size();
  return c;
}

// Every seat learns what happened, each as it may see it.
void Runner::distribute(const dt::State& s, const std::vector<dt::Event>& events) {
  for (Seat& seat : seats_)
    if (seat.link->in_process()) seat.link->engine_events(s, events);
  for (Seat& seat : seats_)
    if (seat.know && !seat.closed) seat.know->see(s, events);
  for (const dt::Event& e : events) {
    for (size_t i = 0; i < seats_.size(); ++i)
      if (!seats_[i].link->in_process() && !seats_[i].closed) to_proto(s, e, int(i), seats_[i].pending.Add());
    if (tr_.enabled()) tr_.write(transcript_line::event(s, e));
    if (spec_.verbose) fmt::print("  {}\n", dt::describe(s, e));
  }
}

void Runner::start_bots() {
  const auto t0 = Clock::now();
  auto deadline = [&](size_t i) { return t0 + milliseconds(seat_clocks(spec_, i).startup_ms); };
  // Launch everyone first so slow starters start up in parallel.
  std::vector<std::optional<std::string>> failed(seats_.size());
  for (size_t i = 0; i < seats_.size(); ++i) {
    // A kept bot is running already: what it did since its last match is judged here.
    failed[i] = seats_[i].reused ? seats_[i].stdio->between_matches_problem() : seats_[i].link->start(deadline(i));
    seats_[i].started = true;
    if (failed[i]) continue;
    seats_[i].link->send(hello_for(spec_, i));
  }
  int first_fault = -1;
  for (size_t i = 0; i < seats_.size(); ++i) {
    Seat& seat = seats_[i];
    std::string why;
    if (failed[i]) {
      why = *failed[i];
    } else {
      const Clocks& c = seat_clocks(spec_, i);
      const Received r = seat.link->receive(deadline(i) + milliseconds(c.grace_ms));
      const auto problem = ready_problem(r, c.startup_ms);
      if (!problem) {
        for (const std::string& f : r.msg.ready().features())
          if (f == "compact") seat.compact = true;
          else if (f == "state" && !seat.link->in_process()) seat.know.emplace(int(i));
          else if (f == kSeveralMatchesFeature) seat.several_matches = true;
        seat.link->set_compact(seat.compact);
        seat.out.ready_name = bot_given_name(r.msg.ready().name());
        if (seat.out.name.empty()) seat.out.name = seat.out.ready_name;
        if (seat.out.name.empty()) seat.out.name = fmt::format("seat{}", i);
        continue;
      }
      why = *problem;
    }
    if (seat.out.name.empty()) seat.out.name = spec_.bots[i].spec;
    fault(i, Verdict::StartupFailure, why);
    if (first_fault < 0) first_fault = int(i);
  }
  for (size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].out.verdict == Verdict::Ok) tr_.write(transcript_line::ready(i, seats_[i].out.name, seats_[i].out.ready_name));
  // With two or more ready the game starts; the others leave it at once (run()).
  int ready = 0;
  for (const Seat& seat : seats_) ready += seat.out.verdict == Verdict::Ok;
  if (first_fault >= 0 && ready < 2) throw Forfeit{first_fault};
}

// A seat that forfeited leaves the game (dt::leave_game) and its bot is shut
// down; the transcript records where, so a replay leaves it at the same point.
void Runner::leave(dt::State& s, int seat, std::vector<dt::Event>& events) {
  Seat& st = seats_[size_t(seat)];
  st.pending.Clear();
  if (st.started && !st.closed) {
    st.link->shutdown(milliseconds(0));
    st.closed = true;
  }
  events.clear();
  dt::leave_game(s, seat, &events);
  if (tr_.enabled()) tr_.write(transcript_line::leave(seat, dt::state_hash(s)));
  if (spec_.verbose) fmt::print("s{} leaves the game\n", seat);
  distribute(s, events);
  ended_by_leave_ = dt::game_over(s);
}

void Runner::send_error(Seat& seat, int64_t id, const std::string& kind, const std::string& msg,
                        const std::vector<dt::Option>* opts) {
  protocol::RefereeMessage m;
  protocol::Error* e = m.mutable_error();
  e->set_type("error");
  e->set_decision_id(id);
  e->set_kind(kind);
  e->set_message(msg);
  if (opts)
    for (size_t k = 0; k < opts->size(); ++k) *e->add_options() = to_proto((*opts)[k], int(k));
  seat.link->send(m);
}

// The training policy's stand-in choice: pass when passing is legal, else the first option.
size_t default_option(const std::vector<dt::Option>& opts) {
  for (size_t k = 0; k < opts.size(); ++k)
    if (opts[k].kind == dt::OptKind::Pass) return k;
  return 0;
}

// What came from a bot, for trace records: never its content.
std::string received_kind(const Received& r) {
  switch (r.kind) {
    case Received::Kind::Timeout: return "nothing (the clock ran out)";
    case Received::Kind::Closed: return "the end of its output (" + r.exit_detail + ")";
    case Received::Kind::Malformed: return fmt::format("a malformed line of {} bytes", r.raw.size());
    case Received::Kind::Message:
      if (r.msg.has_answer()) return fmt::format("an answer to decision {}", r.msg.answer().decision_id());
      return "a message other than an answer";
  }
  return "?";
}

size_t Runner::decide(const dt::State& s, const std::vector<dt::Option>& opts, std::string* comment,
                      bool* by_default) {
  const size_t si = size_t(dt::deciding_seat(s));
  Seat& seat = seats_[si];
  const int64_t id = next_decision_id_++;
  protocol::RefereeMessage& m = request_;
  protocol::Request* req = m.mutable_request();
  req->Clear();  // keeps the memory of every sub-message for this request
  req->set_type("request");
  req->set_decision_id(id);
  live_options_ = &opts;
  const Clocks& clocks = seat_clocks(spec_, si);
  if (!seat.link->in_process()) {
    for (size_t k = 0; k < opts.size(); ++k) to_proto(opts[k], int(k), req->add_options());
    if (seat.compact) seat.facts.cards = req->mutable_cards();
    to_proto(s, dt::observe(s, int(si)), req->mutable_observation(), seat.compact ? &seat.facts : nullptr);
    if (seat.know) req->set_state(dt::state_to_text(s, *seat.know));
    req->mutable_events()->Swap(&seat.pending);
    seat.pending.Clear();
    req->mutable_clock()->set_decision_ms(clocks.decision_ms);
    req->mutable_clock()->set_bank_ms(seat.bank_ms);
    req->mutable_clock()->set_grace_ms(clocks.grace_ms);
  }

  const auto sent = Clock::now();
  const auto deadline = sent + milliseconds(clocks.decision_ms + seat.bank_ms + clocks.grace_ms);
  seat.link->send(m);
  const auto after_send = Clock::now();  // benchmarks: the wait for the bot starts here
  logging::trace(where(int(si)), "request {} sent: {} options, clock {} ms + bank {} ms", id, opts.size(),
                 clocks.decision_ms, seat.bank_ms);
  *by_default = false;
  auto charge = [&](Clock::time_point at, bool timed_out = false) {
    const int64_t used_us = std::chrono::duration_cast<std::chrono::microseconds>(at - sent).count();
    if (const int64_t past_us = used_us - (clocks.decision_ms + seat.bank_ms) * 1000; past_us > 0 && !timed_out)
      logging::warn(where(int(si)), "decision {}: answered {:.1f} ms past its clock ({} ms + bank {} ms), within the "
                    "grace of {} ms", id, double(past_us) / 1000, clocks.decision_ms, seat.bank_ms, clocks.grace_ms);
    seat.used_us += used_us;
    last_used_us_ = used_us;
    seat.out.time_used_ms = seat.used_us / 1000;
    const int64_t used = used_us / 1000;
    const int64_t over = used - clocks.grace_ms - clocks.decision_ms;
    if (over > 0) seat.bank_ms = std::max<int64_t>(0, seat.bank_ms - over);
    return used;
  };
  // A refused answer: forfeit (ladder), tell and re-ask on the same clock (dev),
  // or play the default option (training). Returns true when the default is played.
  int refusals = 0;
  auto refuse = [&](Verdict v, const std::string& kind, const std::string& detail, bool resend = true) {
    if (spec_.policy == Policy::Ladder) {
      fault(si, v, detail);
      throw Forfeit{int(si)};
    }

    if (v == Verdict::Malformed) ++seat.out.malformed;
    else ++seat.out.illegal;
    // Each refusal is a transcript line: past the cap, a bot answering wrong as
    // fast as it can would only grow the transcript, so the rest go uncounted there.
    ++refusals;
    if (refusals <= spec_.max_refused_lines_per_decision)
      tr_.write(transcript_line::refused(si, id, kind, detail));
    else if (refusals == spec_.max_refused_lines_per_decision + 1)
      tr_.write(transcript_line::refused(
          si, id, "not_recorded",
          fmt::format("more than {} refused answers to this decision; the rest are not recorded",
                      spec_.max_refused_lines_per_decision)));
    if (spec_.policy == Policy::Dev) {
      send_error(seat, id, kind, detail, &opts);
      // The same request again, same decision id, same deadline; except after an
      // answer to an older decision: the bot has this request unanswered already,
      // and a second copy would keep it one answer behind for the rest of the match.
      if (resend) seat.link->send(m);
      return false;
    }
    send_error(seat, id, kind, detail + "; the referee played the default option", nullptr);
    return true;
  };
  for (;;) {
    Received r = seat.link->receive(deadline);
    if (logging::enabled(logging::Level::Trace))
      logging::trace(where(int(si)), "received {} after {:.3f} ms", received_kind(r),
                     us_between(sent, r.at == Clock::time_point{} ? Clock::now() : r.at) / 1000);
    if (spec_.record_timings) out_.wait_us.push_back(us_between(after_send, r.at == Clock::time_point{} ? Clock::now() : r.at));
    switch (r.kind) {
      case Received::Kind::Timeout: {
        const std::string detail = fmt::format("no answer to decision {} within {} ms + bank {} ms + grace {} ms{}", id,
                                               clocks.decision_ms, seat.bank_ms, clocks.grace_ms, timeout_hint(r));
        if (spec_.policy != Policy::Training) {
          charge(r.at, true);
          fault(si, Verdict::Timeout, detail);
          throw Forfeit{int(si)};
        }
        ++seat.out.timeouts;
        charge(r.at, true);
        seat.bank_ms = 0;
        tr_.write(transcript_line::refused(si, id, "timeout", detail));
        send_error(seat, id, "timeout", detail + "; the referee played the default option", nullptr);
        *by_default = true;
        return default_option(opts);
      }
      case Received::Kind::Closed:
        charge(r.at);
        fault(si, Verdict::Crash, r.exit_detail);
        throw Forfeit{int(si)};
      case Received::Kind::Malformed:
        if (refuse(Verdict::Malformed, "malformed", "malformed line: " + r.exit_detail + ": " + printable(r.raw))) {
          charge(r.at);
          *by_default = true;
          return default_option(opts);
        }
        continue;
      case Received::Kind::Message: break;
    }
    if (!r.msg.has_answer()) {
      if (refuse(Verdict::Malformed, "malformed", "expected an answer to decision " + std::to_string(id))) {
        charge(r.at);
        *by_default = true;
        return default_option(opts);
      }
      continue;
    }
    const protocol::Answer& a = r.msg.answer();
    if (a.decision_id() != id) {
      // A late answer to a decision the referee already settled by default (training) is not a fault.
      if (spec_.policy == Policy::Training && a.decision_id() > 0 && a.decision_id() < id) continue;
      const bool stale = a.decision_id() > 0 && a.decision_id() < id;
      const std::string kind = stale ? "stale_decision_id" : "unknown_decision_id";
      if (refuse(Verdict::StaleDecisionId, kind,
                 fmt::format("answer for decision_id {} while decision {} is open", a.decision_id(), id), !stale)) {
        charge(r.at);
        *by_default = true;
        return default_option(opts);
      }
      continue;
    }
    std::optional<size_t> idx;
    std::string bad;
    const auto& c = a.choice();
    if (c.kind_case() == google::protobuf::Value::kNumberValue) {
      const double v = c.number_value();
      if (v >= 0 && v < double(opts.size()) && v == double(size_t(v))) idx = size_t(v);
      else bad = fmt::format("choice {} is not an option index (0..{})", v, opts.size() - 1);
    } else {
      if (auto o = dt::parse_option(s, c.string_value()))
        for (size_t k = 0; k < opts.size(); ++k)
          if (opts[k] == *o) idx = k;
      if (!idx) bad = fmt::format("choice '{}' is not the text of a legal option", printable(c.string_value()));
    }
    if (!idx) {
      if (refuse(Verdict::IllegalChoice, "illegal_choice", bad)) {
        charge(r.at);
        *by_default = true;
        return default_option(opts);
      }
      continue;
    }
    charge(r.at);
    *comment = bounded_comment(seat, a.comment());
    return *idx;
  }
}

void Runner::finish(const dt::State* s, int forfeiting) {
  if (forfeiting >= 0) {
    // Fewer than two bots started: no game; the one that did (if one did) wins.
    out_.reason = "forfeit";
    out_.winner = -1;
    int alive = 0, last = -1;
    for (size_t i = 0; i < seats_.size(); ++i)
      if (seats_[i].out.verdict == Verdict::Ok) ++alive, last = int(i);
    if (alive == 1) out_.winner = out_.winning_team = last;
    for (size_t i = 0; i < seats_.size(); ++i) {
      seats_[i].out.team = int(i);
      seats_[i].out.place = int(i) == out_.winner ? 1 : out_.winner >= 0 ? 2 : 1;
    }
  } else if (s) {
    out_.winner = s->winner;
    out_.winning_team = s->winning_team;
    out_.reason = ended_by_leave_ ? "forfeit" : std::string(dt::to_string(s->end_reason));
    const std::vector<int> places = dt::final_places(*s);
    for (size_t i = 0; i < seats_.size(); ++i) {
      seats_[i].out.place = places[i];
      seats_[i].out.team = s->seats[i].team;
      seats_[i].out.left = s->seats[i].left;
    }
  }
  if (s) {
    for (size_t i = 0; i < seats_.size(); ++i) {
      seats_[i].out.promotion = s->seats[i].promotion;
      seats_[i].out.destiny = dt::destiny(*s, int(i));
    }
    out_.turns = s->turn_number;
  }
}

MatchOutcome Runner::run() {
  const auto t0 = Clock::now();
  cfg_.rules = spec_.rules;
  cfg_.seed = spec_.seed;
  for (const dt::Deck& d : spec_.decks) {
    cfg_.decks.push_back(d.cards);
    cfg_.side_boards.push_back(d.side_board);
  }
  const std::vector<uint64_t> deals = match_deals();
  for (size_t i = 0; i < spec_.bots.size(); ++i) {
    Seat seat;
    if (spec_.keep_alive.bots) {
      if (auto key = keep_key(spec_, int(i))) seat.keep_key = std::move(*key);
      if (!seat.keep_key.empty()) seat.kept = spec_.keep_alive.bots->take(seat.keep_key, deals);
    }
    if (seat.kept.link) {
      // Its next match's logs; the process, its sandbox and cgroup stay.
      StdioOptions logs;
      logs.wire = open_wire_log(spec_, int(i));
      if (!spec_.stderr_dir.empty()) logs.stderr_path = stderr_log_path(spec_, int(i));
      logs.stderr_log_bytes = spec_.stderr_log_bytes;
      seat.kept.link->next_match(logs);
      seat.stdio = seat.kept.link.get();
      seat.link = std::move(seat.kept.link);
      seat.reused = true;
    } else {
      seat.link = make_bot_link(spec_, i, &live_, &live_options_);
      if (!seat.link) throw std::invalid_argument(fmt::format("unknown bot spec '{}'", spec_.bots[i].spec));
      if (!seat.keep_key.empty()) seat.stdio = dynamic_cast<StdioLink*>(seat.link.get());
    }
    seat.out.name = spec_.bots[i].name;
    seat.bank_ms = seat_clocks(spec_, i).bank_ms;
    seats_.push_back(std::move(seat));
  }
  // The previous match's kept bots that this one does not reuse.
  if (spec_.keep_alive.bots) spec_.keep_alive.bots->retire_idle();
  std::optional<dt::State> state;
  int forfeiting = -1;
  try {
    write_header();
    log_start();
    try {
      start_bots();
      std::vector<dt::Event> events;
      state = dt::new_game(db_, cfg_, &events);
      live_ = &*state;
      distribute(*state, events);
      for (size_t i = 0; i < seats_.size(); ++i)
        if (seats_[i].out.verdict != Verdict::Ok && !dt::game_over(*state)) leave(*state, int(i), events);
      while (!dt::game_over(*state)) {
        if (spec_.cancel && spec_.cancel->load()) {
          out_.voided = true;
          out_.void_reason = "cancelled";
          break;
        }
        const auto c0 = Clock::now();
        const int si = dt::deciding_seat(*state);
        const auto opts = dt::legal_options(*state);
        std::string comment;
        bool by_default = false;
        const int64_t id = next_decision_id_;
        last_used_us_ = 0;
        size_t idx = 0;
        try {
          idx = decide(*state, opts, &comment, &by_default);
        } catch (const Forfeit& f) {
          leave(*state, f.seat, events);  // the others play on
          continue;
        }
        const double ms = double(last_used_us_) / 1000;  // as clocked: request sent .. answer read
        events.clear();
        dt::apply(*state, opts[idx], &events);
        if (tr_.enabled())
          tr_.write(transcript_line::decision({si, id, opts.size(), idx, dt::to_text(opts[idx]), ms,
                                               dt::state_hash(*state), comment, by_default}));
        if (spec_.verbose) fmt::print("s{} > {}{}\n", si, dt::to_text(opts[idx]), comment.empty() ? "" : "   # " + comment);
        logging::debug(where(si), "decision {}: {:.3f} ms as clocked, {} options{}, bank {} ms left", id, ms,
                       opts.size(), by_default ? ", the default played" : "", seats_[size_t(si)].bank_ms);
        distribute(*state, events);
        if (spec_.record_timings) out_.cycle_us.push_back(us_between(c0, Clock::now()));
      }
    } catch (const Forfeit& f) {
      forfeiting = f.seat;
    }
    if (!out_.voided) finish(state ? &*state : nullptr, forfeiting);
  } catch (const std::exception& e) {
    out_.voided = true;
    out_.void_reason = std::string("referee fault: ") + e.what();
  }
  if (out_.voided) {
    out_.winner = -1;
    out_.reason = "void";
  }
  // Tell every bot still listening how it ended, then close down every process.
  for (size_t i = 0; i < seats_.size(); ++i) {
    Seat& seat = seats_[i];
    if (!seat.started) continue;
    try {
      protocol::RefereeMessage m;
      protocol::MatchEnd* me = m.mutable_match_end();
      me->set_type("match_end");
      me->set_match_id(spec_.match_id);
      me->set_winner(out_.winner);
      me->set_winning_team(out_.winning_team);
      me->set_reason(out_.reason);
      for (size_t k = 0; k < seats_.size(); ++k) {
        protocol::SeatResult* r = me->add_seats();
        r->set_seat(int(k));
        r->set_name(seats_[k].out.name);
        r->set_verdict(to_string(seats_[k].out.verdict));
        r->set_promotion(seats_[k].out.promotion);
        r->set_destiny(seats_[k].out.destiny);
        r->set_place(seats_[k].out.place);
        if (dt::has_teams(spec_.rules)) r->set_team(seats_[k].out.team);
      }
      me->mutable_events()->Swap(&seat.pending);
      if (seat.out.verdict == Verdict::Ok && !seat.closed) {
        // A bot that may be kept: from match_end on, anything it writes before the next hello is a fault.
        if (seat.several_matches && seat.stdio) seat.stdio->settle_before_match_end();
        seat.link->send(m);
      }
    } catch (...) {
    }
  }
  for (Seat& seat : seats_) {
    if (!seat.started || seat.closed) continue;
    if (keepable(seat)) {
      // Not shut down: kept, in its sandbox and cgroup, for the worker's next match.
      seat.kept.link.reset(seat.stdio);
      seat.link.release();
      spec_.keep_alive.bots->keep(seat.keep_key, std::move(seat.kept), deals);
      seat.closed = true;
      continue;
    }
    seat.link->shutdown(milliseconds(seat.out.verdict == Verdict::Ok ? spec_.shutdown_grace_ms : 0));
  }
  for (size_t i = 0; i < seats_.size(); ++i) {
    SeatOutcome& so = seats_[i].out;
    if (so.name.empty()) so.name = spec_.bots[i].spec;
    if (so.verdict != Verdict::Ok && seats_[i].link) {  // (a kept bot's verdict is ok: its link is gone)
      const std::string tail = seats_[i].link->stderr_tail();
      if (!tail.empty()) so.detail += "\nstderr tail:\n" + tail;
    }
    out_.seats.push_back(so);
  }
  try {
    tr_.write(transcript_line::result(out_, dt::has_teams(spec_.rules)));
  } catch (const std::exception& e) {
    if (!out_.voided) {
      out_.voided = true;
      out_.void_reason = std::string("referee fault: ") + e.what();
      out_.winner = -1;
      out_.reason = "void";
    }
  }
  out_.decisions = state ? state->decisions : 0;
  out_.wall_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  log_finish();
  return out_;
}

// Who plays whom, never the seed (it fixes every hidden card of a match still running).
void Runner::log_start() const {
  if (!logging::enabled(logging::Level::Info)) return;
  std::string table;
  for (size_t i = 0; i < spec_.bots.size(); ++i) {
    const BotSpec& b = spec_.bots[i];
    table += fmt::format("{}s{} {}{} ({})", i ? " vs " : "", i, b.name, b.name.empty() ? b.spec : " [" + b.spec + "]",
                         i < spec_.decks.size() ? spec_.decks[i].name : std::string("?"));
  }
  logging::info(where(), "match started: {}, rules {}, policy {}", table, spec_.rules.name, to_string(spec_.policy));
}

void Runner::log_finish() const {
  if (out_.voided) {
    // Cancelled on request: the match is played again later; anything else is the referee's fault.
    logging::log(out_.void_reason == "cancelled" ? logging::Level::Info : logging::Level::Warn, where(),
                 "match finished: void ({}) after {:.0f} ms", out_.void_reason, out_.wall_ms);
    return;
  }
  if (!logging::enabled(logging::Level::Info)) return;
  std::string result;
  if (out_.winner >= 0) result = fmt::format("s{} {} wins", out_.winner, out_.seats[size_t(out_.winner)].name);
  else if (out_.winning_team >= 0) result = fmt::format("team {} wins", out_.winning_team);
  else result = "no winner";
  std::string seats;
  for (size_t i = 0; i < out_.seats.size(); ++i) {
    const SeatOutcome& so = out_.seats[i];
    seats += fmt::format("{}s{} {} {} P", i ? ", " : "", i, to_string(so.verdict), so.promotion);
  }
  logging::info(where(), "match finished: {} by {} after {} turns, {} decisions, {:.0f} ms; {}", result, out_.reason,
                out_.turns, out_.decisions, out_.wall_ms, seats);
}

}  // namespace

std::string stderr_log_path(const MatchSpec& spec, int seat) {
  if (spec.stderr_dir.empty()) return {};
  const std::string& name = spec.key.empty() ? spec.match_id : spec.key;
  return fmt::format("{}/{}-s{}.stderr", spec.stderr_dir, name.empty() ? "match" : name, seat);
}

std::shared_ptr<WireLog> open_wire_log(const MatchSpec& spec, int seat) {
  if (spec.wire_log_dir.empty()) return nullptr;
  const BotSpec& b = spec.bots.at(size_t(seat));
  return WireLog::open(wire_log_path(spec.wire_log_dir, spec.key.empty() ? spec.match_id : spec.key, seat),
                       fmt::format("dtref wire log: match {}, seat {}, bot {}", spec.match_id.empty() ? "match" : spec.match_id,
                                   seat, b.spec),
                       spec.wire_log);
}

std::optional<std::string> clocks_problem(const Clocks& c) {
  for (const auto& [name, v] : {std::pair{"startup_ms", c.startup_ms}, {"decision_ms", c.decision_ms},
                                {"bank_ms", c.bank_ms}, {"grace_ms", c.grace_ms}})
    if (v < 0 || v > kMaxClockMs) return fmt::format("{} must be from 0 to {} (a week), not {}", name, kMaxClockMs, v);
  return std::nullopt;
}

MatchOutcome run_match(const MatchSpec& spec) {
  if (spec.bots.size() < 2) throw std::invalid_argument("a match needs at least two bots");
  if (spec.bots.size() > size_t(kMaxSeats))
    throw std::invalid_argument(fmt::format("a match has at most {} bots, got {}", kMaxSeats, spec.bots.size()));
  if (!spec.rules.seats.empty() && spec.rules.seats.size() != spec.bots.size())
    throw std::invalid_argument(fmt::format("the rules' style is set up for {} players, the match has {} bots",
                                            spec.rules.seats.size(), spec.bots.size()));
  if (auto bad = clocks_problem(spec.clocks)) throw std::invalid_argument("clocks: " + *bad);
  for (const BotSpec& b : spec.bots)
    if (b.clocks)
      if (auto bad = clocks_problem(*b.clocks))
        throw std::invalid_argument(fmt::format("bot '{}': clocks: {}", b.name.empty() ? b.spec : b.name, *bad));
  if (spec.decks.size() != spec.bots.size()) throw std::invalid_argument("give one deck per bot");
  for (const BotSpec& b : spec.bots)
    if (auto problem = bot_spec_problem(b)) throw std::invalid_argument(*problem);
  MatchSpec named;  // a copy only when the caller left the id to us
  if (spec.match_id.empty()) {
    named = spec;
    named.match_id = opaque_match_id();
  }
  const MatchSpec& s = spec.match_id.empty() ? named : spec;
  TranscriptWriter tr;
  std::unique_ptr<TranscriptWriter> file;
  if (!s.transcript_path.empty()) file = std::make_unique<TranscriptWriter>(s.transcript_path);
  Runner r(s, file ? *file : tr);
  return r.run();
}

}  // namespace dtref
