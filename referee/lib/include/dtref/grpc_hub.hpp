// The referee's gRPC server side, shared by every GrpcLink that listens on the
// same address (internal to the gRPC transport; GrpcLink is the public face).
//
// Why one server per listen address and process, not one per match: a
// tournament runs many matches at once in threads, and a launched bot needs
// only an address and a token. One server on 127.0.0.1:<any port> serves them
// all with one thread pool and one port; the token says which seat a stream
// belongs to. An explicit grpc-remote address gets its own server, shared by
// the seats that name it. A server lives while some link holds it.
//
// Threads: the server uses gRPC's callback API (one ServerBidiReactor per
// stream), so no thread is parked per stream. The reactor hands each received
// message to its seat's channel (a queue with a condition variable the link's
// receive() waits on with a deadline) and writes queued outgoing messages one
// at a time, so send() never blocks on a bot that does not read.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <vector>
#include <memory>
#include <mutex>
#include <string>

#include "bot.grpc.pb.h"
#include "dtref/bot_link.hpp"

namespace dtref {

class GrpcPlayReactor;

// What a seat's link and the stream serving it share. All fields under `m`.
class GrpcSeatChannel {
 public:
  // Unread messages kept per seat; a bot that sends more is not read again.
  static constexpr size_t kMaxUnread = 4096;
  // ... nor more than this many bytes of them,
  static constexpr size_t kMaxUnreadBytes = 16u << 20;
  // and no single message over this size (gRPC refuses it, breaking the stream).
  static constexpr int kMaxMessageBytes = 1 << 20;
  // Messages to a bot that does not read wait in memory up to this many bytes;
  // later ones are not queued (the bot will time out anyway).
  static constexpr size_t kMaxUnsentBytes = 16u << 20;

  // Link side.
  // Queues a message (held until the bot dials in); false once the stream
  // failed or the link finished.
  bool send(const protocol::RefereeMessage& msg);
  void finish();  // ends the stream once queued messages are written
  void cancel();  // ends it now (the bot does not read, or is gone)

  std::mutex m;
  std::condition_variable cv;
  std::deque<Received> inbox;
  size_t inbox_bytes = 0;  // the sizes of the messages in `inbox`
  bool attached = false;      // a stream presented this seat's token
  bool stream_ended = false;  // the bot closed its side, or the stream broke
  bool done = false;          // the stream is over and its reactor gone
  std::string end_detail;
  std::string peer;

 private:
  friend class GrpcPlayReactor;
  friend class GrpcHub;
  // Stream side (called by the reactor).
  void on_attached();
  // Queues a received message; false once the bot has flooded the queue.
  bool deliver(const protocol::BotMessage& msg);
  void on_read_end(const std::string& detail);
  void on_write_done(bool ok);
  void on_done();

  GrpcPlayReactor* reactor_ = nullptr;  // valid until finished_
  std::deque<protocol::RefereeMessage> outbox_;
  size_t outbox_bytes_ = 0;
  bool writing_ = false, finish_requested_ = false, finished_ = false, write_failed_ = false;
  bool hold_finish_ = false;
};

// What one gRPC server lets bots hold (docs/security.md, "gRPC"): set once
// per process before the first hub is made (GrpcHub::set_limits).
struct GrpcLimits {
  // A stream that has not sent its first message (with its token) by then is
  // cancelled: a stream nobody is known to own costs memory until it ends.
  int first_message_ms = 10000;
  int streams_per_connection = 16;  // HTTP/2 concurrent streams on one connection
  int max_streams = 1024;           // open streams in all; more are refused (RESOURCE_EXHAUSTED)
  int waiting_per_bot = 4;          // a remote bot's streams waiting in a ladder's lobby
};

class GrpcHub {
 public:
  // The limits of hubs made from now on (the defaults otherwise).
  static void set_limits(const GrpcLimits& limits);
  static GrpcLimits limits();
  // Streams open on this hub now (a test's and a soak's view).
  int open_streams() const { return open_streams_.load(); }
  // The hub serving `listen_address` (host:port; port 0 picks a free one),
  // created on first use. nullptr and `error` set when it cannot listen.
  static std::shared_ptr<GrpcHub> get(const std::string& listen_address, std::string* error);
  ~GrpcHub();

  // The address as bound, e.g. 127.0.0.1:40123.
  const std::string& address() const { return address_; }
  // A loopback hub also serves a Unix socket (in a private directory of its
  // own, the socket itself open to every user), so a sandboxed bot with no
  // network can be handed just that socket. "" for other hubs.
  const std::string& unix_socket() const { return unix_socket_; }
  // Registers a seat; returns its new random token.
  std::string add_seat(std::shared_ptr<GrpcSeatChannel> ch);
  void remove_seat(const std::string& token);

  // The lobby (ladders): a stream whose first token is no seat's is offered
  // to the resolver, which names the bot a long-lived key belongs to, or
  // refuses it (nullopt). An accepted stream waits, attached to a channel of
  // its own, until a match takes it for a seat (take_waiting); the bot
  // dials in when it likes and needs no per-match token.
  using LobbyResolver = std::function<std::optional<std::string>(const std::string& token)>;
  void set_lobby(LobbyResolver resolver);
  // A waiting stream of bot `name` that is still open, taken out of the lobby; nullptr if none.
  std::shared_ptr<GrpcSeatChannel> take_waiting(const std::string& name);
  // Open streams waiting per bot name.
  std::map<std::string, int> waiting();

 private:
  friend class GrpcPlayReactor;
  class Service;
  GrpcHub() = default;
  bool open(const std::string& listen_address, std::string* error);
  // A stream presented `token`: attaches it to its seat, or says why not.
  std::shared_ptr<GrpcSeatChannel> claim(const std::string& token, GrpcPlayReactor* r,
                                          const std::string& peer, grpc::Status* refusal);

  GrpcLimits limits_;
  std::atomic<int> open_streams_{0};
  std::unique_ptr<Service> service_;
  std::unique_ptr<grpc::Server> server_;
  std::string address_;
  std::string unix_dir_, unix_socket_;
  std::mutex m_;
  std::map<std::string, std::shared_ptr<GrpcSeatChannel>> seats_;
  LobbyResolver lobby_;
  std::map<std::string, std::vector<std::shared_ptr<GrpcSeatChannel>>> waiting_;
};

}  // namespace dtref
