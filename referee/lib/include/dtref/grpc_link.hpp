// The gRPC transport's entry point, implemented on the `grpc` branch
// (grpc_link.cpp). Until it is built in, grpc_link_stub.cpp provides a link
// whose start() fails with "gRPC not built", so `grpc:` specs give a clear
// startup failure instead of a link error.
#pragma once

#include <memory>

#include "dtref/bot_link.hpp"
#include "dtref/match.hpp"

namespace dtref {

// `bot.spec` is "grpc:<command line>" (the referee launches the bot and hands
// it DTREF_GRPC_ADDRESS and DTREF_TOKEN) or "grpc-remote" (a bot started
// elsewhere dials in with the per-seat token).
std::unique_ptr<BotLink> make_grpc_link(const BotSpec& bot, int seat, const MatchSpec& match);

}  // namespace dtref
