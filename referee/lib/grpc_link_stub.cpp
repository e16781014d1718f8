// Placeholder for the gRPC transport until the `grpc` branch lands (it deletes
// this file and provides make_grpc_link in grpc_link.cpp).
#include "dtref/grpc_link.hpp"

namespace dtref {

namespace {
class UnbuiltGrpcLink final : public BotLink {
 public:
  std::optional<std::string> start(Clock::time_point) override { return std::string("gRPC not built"); }
  bool send(const protocol::RefereeMessage&) override { return false; }
  Received receive(Clock::time_point) override {
    Received r;
    r.kind = Received::Kind::Closed;
    r.exit_detail = "gRPC not built";
    r.at = Clock::now();
    return r;
  }
  void shutdown(std::chrono::milliseconds) override {}
  std::string stderr_tail() const override { return {}; }
};
}  // namespace

std::unique_ptr<BotLink> make_grpc_link(const BotSpec&, int, const MatchSpec&) {
  return std::make_unique<UnbuiltGrpcLink>();
}

}  // namespace dtref
