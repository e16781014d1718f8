// The gRPC transport: a seat whose bot talks to the referee over the BotLink
// service of bot.proto. The bot is always the gRPC client; the referee serves.
//
//   grpc:<command line>          the referee launches the bot (own process group)
//                                with DTREF_GRPC_ADDRESS=<host:port> and
//                                DTREF_TOKEN=<secret>; the bot dials in.
//   grpc-lobby:<addr>/<name>     a ladder's remote bot: it dialled <addr> with its
//                                long-lived key and waits in the hub's lobby
//                                (GrpcHub::set_lobby); the match takes its stream.
//   grpc-remote[:<listen addr>]  the bot is started elsewhere; the referee prints
//                                the address and the seat's token on stderr and
//                                waits, within the startup window, for the dial-in.
//
// The first BotMessage on a stream must carry the seat's token; a stream with an
// unknown or already used token is refused (UNAUTHENTICATED / ALREADY_EXISTS).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "dtref/bot_link.hpp"
#include "dtref/bot_process.hpp"
#include "dtref/match.hpp"
#include "dtref/wire_log.hpp"

namespace dtref {

// True for the spec forms above.
bool is_grpc_spec(std::string_view spec);

// A link for `bot.spec` (one of the forms above) serving `seat` of `match`.
// Nothing is started until BotLink::start. Throws std::invalid_argument for a
// malformed spec.
std::unique_ptr<BotLink> make_grpc_link(const BotSpec& bot, int seat, const MatchSpec& match);

// The concrete link, for tests and tools that need its address and token.
class GrpcLink : public BotLink {
 public:
  struct Options {
    std::string command;                        // launched bot; empty: remote
    std::string listen_address = "127.0.0.1:0";  // port 0: any free port
    int seat = 0;
    // remote: told the address and token (MatchSpec::announce); unset: the
    // address is logged, the token is not.
    std::function<void(const std::string&)> announce;
    std::string stderr_path;  // non-empty: also append the bot's stdout/stderr here
    std::vector<std::pair<std::string, std::string>> env;  // launched bot: extra environment
    std::string dir;  // launched bot: working directory; empty: the referee's
    std::string lobby_name;  // non-empty: take this bot's stream waiting in the hub's lobby (ladders)
    std::shared_ptr<WireLog> wire;  // non-null: every message both ways is logged here, as JSON
    size_t stderr_log_bytes = OutputTail::kDefaultLogBytes;  // the stderr_path file stops growing here
    // The launched bot's sandbox (sandbox.hpp). Without the host's network
    // it dials the referee through a Unix socket bound into the sandbox:
    // DTREF_GRPC_ADDRESS is then unix:/run/dtref/grpc.sock.
    SandboxSettings sandbox;
  };
  explicit GrpcLink(Options opts);
  ~GrpcLink() override;

  std::optional<std::string> start(Clock::time_point deadline) override;
  bool send(const protocol::RefereeMessage& m) override;
  Received receive(Clock::time_point deadline) override;
  void shutdown(std::chrono::milliseconds grace) override;
  std::string stderr_tail() const override;
  std::string exit_detail() const override;
  std::string resource_problem() override;

  // Valid after listen() or start(): the address bots dial (host:port) and
  // this seat's token.
  std::string address() const;
  std::string token() const;
  // Opens the server and registers this seat's token without launching
  // anything (start() does this first). Returns an error text on failure.
  std::optional<std::string> listen();

 private:
  Received receive_unlogged(Clock::time_point deadline);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace dtref
