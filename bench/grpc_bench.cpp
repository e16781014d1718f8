// Referee overhead per decision over gRPC, to sit next to the stdio figures of
// dt_referee_bench. Usage:
//   build/bench/dt_grpc_bench [--matches N] [--trips N]
// It is also its own trivial bot: `dt_grpc_bench --as-bot` dials
// DTREF_GRPC_ADDRESS with DTREF_TOKEN and answers every request with option 0,
// so what is timed is the referee and the transport, not a bot's thinking.
// Two figures:
//  - link round trip: GrpcLink::send of a request of the median size a seat
//    receives, until GrpcLink::receive returns the answer (serialisation,
//    gRPC, the bot's parse and reply); then the same with an empty request
//    (a decision id only): gRPC's own floor (--matches 0: only these);
//  - whole matches through run_match, both seats this bot over gRPC: every
//    decision's cycle (request built .. choice applied and recorded) and the
//    referee's own share of it (the cycle minus waiting for the answer),
//    measured as dt_referee_bench measures stdio bots.
#include <grpcpp/grpcpp.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bot.grpc.pb.h"
#include "dtref/grpc_link.hpp"
#include "referee_overhead.hpp"

namespace {

using dtref::protocol::BotMessage;
using dtref::protocol::RefereeMessage;

int run_as_bot() {
  const char* addr = std::getenv("DTREF_GRPC_ADDRESS");
  const char* token = std::getenv("DTREF_TOKEN");
  if (!addr || !token) {
    std::fprintf(stderr, "--as-bot: DTREF_GRPC_ADDRESS and DTREF_TOKEN must be set (the referee sets them)\n");
    return 2;
  }
  auto stub = dtref::protocol::BotLink::NewStub(grpc::CreateChannel(addr, grpc::InsecureChannelCredentials()));
  grpc::ClientContext ctx;
  auto stream = stub->Play(&ctx);
  BotMessage first;
  first.set_token(token);
  stream->Write(first);
  RefereeMessage in;
  while (stream->Read(&in)) {
    BotMessage out;
    if (in.has_hello()) {
      out.mutable_ready()->set_name("index0");
    } else if (in.has_request()) {
      out.mutable_answer()->set_decision_id(in.request().decision_id());
      out.mutable_answer()->mutable_choice()->set_number_value(0);
    } else if (in.has_match_end()) {
      break;
    } else {
      continue;
    }
    stream->Write(out);
  }
  stream->WritesDone();
  stream->Finish();
  return 0;
}

// A request of the median size a seat receives in a random game.
RefereeMessage median_request() {
  std::vector<RefereeMessage> all = bench::requests_of_a_game();
  std::sort(all.begin(), all.end(), [](auto& a, auto& b) { return a.ByteSizeLong() < b.ByteSizeLong(); });
  RefereeMessage m = all[all.size() / 2];
  m.mutable_request()->set_type("request");  // as the referee sends it
  return m;
}

std::string self_exe() {
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, size_t(n)) : std::string("dt_grpc_bench");
}

}  // namespace

int main(int argc, char** argv) {
  int matches = 20, trips = 20000;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--as-bot") return run_as_bot();
    if (a == "--matches" && i + 1 < argc) matches = std::atoi(argv[++i]);
    else if (a == "--trips" && i + 1 < argc) trips = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: %s [--matches N] [--trips N]   (or --as-bot, run by the referee)\n", argv[0]);
      return 2;
    }
  }
  const std::string bot_spec = "grpc:" + self_exe() + " --as-bot";
  using Clock = dtref::Clock;

  // Link round trips of a request of the median size, then of an empty one
  // (a decision id and nothing else): the second is gRPC's own floor here, a
  // round trip through HTTP/2 and the completion queues with next to nothing
  // to serialise, convert or parse.
  RefereeMessage empty;
  empty.mutable_request()->set_type("request");
  for (RefereeMessage req : {median_request(), empty}) {
    const bool is_empty = !req.request().has_observation();
    dtref::GrpcLink::Options o;
    o.command = self_exe() + " --as-bot";
    dtref::GrpcLink link(o);
    const auto deadline = [] { return Clock::now() + std::chrono::seconds(10); };
    if (auto err = link.start(deadline())) {
      std::fprintf(stderr, "cannot start the bot: %s\n", err->c_str());
      return 1;
    }
    RefereeMessage hello;
    hello.mutable_hello()->set_type("hello");
    link.send(hello);
    if (link.receive(deadline()).kind != dtref::Received::Kind::Message) {
      std::fprintf(stderr, "the bot did not say ready: %s\n", link.stderr_tail().c_str());
      return 1;
    }
    std::vector<double> us;
    for (int i = 0; i < trips; ++i) {
      req.mutable_request()->set_decision_id(i + 1);
      const auto t0 = Clock::now();
      link.send(req);
      const dtref::Received r = link.receive(deadline());
      if (r.kind != dtref::Received::Kind::Message) {
        std::fprintf(stderr, "trip %d failed: %s\n", i, r.exit_detail.c_str());
        return 1;
      }
      us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    }
    RefereeMessage end;
    end.mutable_match_end()->set_type("match_end");
    link.send(end);
    link.shutdown(std::chrono::milliseconds(500));
    const bench::Stats s = bench::stats(us);
    std::printf("gRPC link round trip, %s%zu-byte request -> answer: median %.1f us, p99 %.1f us (%zu trips)\n",
                is_empty ? "empty " : "", req.ByteSizeLong(), s.median, s.p99, s.n);
    std::fflush(stdout);
  }

  if (matches <= 0) return 0;
  bench::MatchTimings t;
  if (!bench::time_matches(bot_spec, matches, &t)) return 1;
  bench::print_match_timings(bot_spec, t);
  return 0;
}
