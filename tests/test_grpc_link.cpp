// The gRPC transport (GrpcLink) driven directly, as the match runner drives
// it: launch or await, hello/ready, request/answer, faults, shutdown.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "bot.grpc.pb.h"
#include "dtref/grpc_hub.hpp"
#include "dtref/grpc_link.hpp"

using namespace std::chrono_literals;
using dtref::Clock;
using dtref::GrpcLink;
using dtref::Received;
using dtref::protocol::BotMessage;
using dtref::protocol::RefereeMessage;

namespace {

const std::string kMock = DT_GRPC_MOCK_BOT;

std::unique_ptr<GrpcLink> launched(const std::string& mode) {
  GrpcLink::Options o;
  o.command = kMock + " " + mode;
  o.seat = 1;
  return std::make_unique<GrpcLink>(o);
}

RefereeMessage hello(int seat) {
  RefereeMessage m;
  m.mutable_hello()->set_type("hello");
  m.mutable_hello()->set_protocol(1);
  m.mutable_hello()->set_seat(seat);
  return m;
}

RefereeMessage request(int64_t id) {
  RefereeMessage m;
  auto* r = m.mutable_request();
  r->set_type("request");
  r->set_decision_id(id);
  for (int i = 0; i < 2; ++i) {
    auto* o = r->add_options();
    o->set_index(i);
    o->set_text(i == 0 ? "pass" : "meditate");
  }
  return m;
}

// Generous: the machine is small and shared; nothing here asserts speed.
Clock::time_point soon() { return Clock::now() + 20s; }

}  // namespace

TEST(GrpcLink, LaunchedBotSaysReadyAndAnswers) {
  auto link = launched("play");
  auto err = link->start(soon());
  ASSERT_FALSE(err) << *err;
  EXPECT_FALSE(link->address().empty());
  ASSERT_TRUE(link->send(hello(1)));
  Received r = link->receive(soon());
  ASSERT_EQ(r.kind, Received::Kind::Message) << r.raw << r.exit_detail;
  ASSERT_TRUE(r.msg.has_ready());
  EXPECT_EQ(r.msg.ready().name(), "mock-play");
  for (int64_t id : {7, 8, 9}) {
    ASSERT_TRUE(link->send(request(id)));
    r = link->receive(soon());
    ASSERT_EQ(r.kind, Received::Kind::Message);
    ASSERT_TRUE(r.msg.has_answer());
    EXPECT_EQ(r.msg.answer().decision_id(), id);
    EXPECT_EQ(r.msg.answer().choice().number_value(), 0);
  }
  RefereeMessage end;
  end.mutable_match_end()->set_type("match_end");
  ASSERT_TRUE(link->send(end));
  link->shutdown(5s);
  EXPECT_NE(link->stderr_tail().find("ready for seat 1"), std::string::npos) << link->stderr_tail();
}

TEST(GrpcLink, BotExitIsClosedWithExitCode) {
  auto link = launched("exit-at-request 3");
  ASSERT_FALSE(link->start(soon()));
  ASSERT_TRUE(link->send(hello(1)));
  ASSERT_EQ(link->receive(soon()).kind, Received::Kind::Message);
  ASSERT_TRUE(link->send(request(1)));
  Received r = link->receive(soon());
  ASSERT_EQ(r.kind, Received::Kind::Closed);
  EXPECT_NE(r.exit_detail.find("exit code 3"), std::string::npos) << r.exit_detail;
  link->shutdown(1s);
}

TEST(GrpcLink, AnswerWithoutChoiceIsMalformed) {
  auto link = launched("no-choice");
  ASSERT_FALSE(link->start(soon()));
  link->send(hello(1));
  ASSERT_EQ(link->receive(soon()).kind, Received::Kind::Message);
  link->send(request(1));
  Received r = link->receive(soon());
  EXPECT_EQ(r.kind, Received::Kind::Malformed);
  EXPECT_NE(r.raw.find("decision_id: 1"), std::string::npos) << r.raw;
  link->shutdown(1s);
}

TEST(GrpcLink, FloodingBotIsCutOffWithAMalformedMessage) {
  auto link = launched("flood");
  ASSERT_FALSE(link->start(soon()));
  link->send(hello(1));
  ASSERT_EQ(link->receive(soon()).kind, Received::Kind::Message);  // ready
  // Read nothing for a while: the flood (tens of thousands of messages a
  // second) fills the unread queue long before this ends, even on a loaded machine.
  std::this_thread::sleep_for(3s);
  Received r;
  size_t answers = 0;
  while ((r = link->receive(soon())).kind == Received::Kind::Message) ++answers;
  EXPECT_EQ(r.kind, Received::Kind::Malformed);
  EXPECT_NE(r.exit_detail.find("without being asked"), std::string::npos) << r.exit_detail;
  EXPECT_LE(answers, dtref::GrpcSeatChannel::kMaxUnread);
  link->shutdown(0ms);
}

TEST(GrpcLink, FloodingWithBigMessagesIsCutOffByBytes) {
  auto link = launched("flood-big");
  ASSERT_FALSE(link->start(soon()));
  link->send(hello(1));
  ASSERT_EQ(link->receive(soon()).kind, Received::Kind::Message);  // ready
  std::this_thread::sleep_for(2s);
  Received r;
  size_t answers = 0;
  while ((r = link->receive(soon())).kind == Received::Kind::Message) ++answers;
  EXPECT_EQ(r.kind, Received::Kind::Malformed);
  EXPECT_NE(r.exit_detail.find("MiB of messages sent without being asked"), std::string::npos) << r.exit_detail;
  EXPECT_LE(answers * (512u << 10), dtref::GrpcSeatChannel::kMaxUnreadBytes);
  link->shutdown(0ms);
}

TEST(GrpcLink, AMessageOverTheSizeCapEndsTheStream) {
  auto link = launched("huge");
  ASSERT_FALSE(link->start(soon()));
  link->send(hello(1));
  ASSERT_EQ(link->receive(soon()).kind, Received::Kind::Message);  // ready
  const Received r = link->receive(soon());
  EXPECT_EQ(r.kind, Received::Kind::Closed) << r.exit_detail;
  link->shutdown(0ms);
}

TEST(GrpcLink, SilentBotTimesOutThenShutdownEndsIt) {
  auto link = launched("ignore-end");
  ASSERT_FALSE(link->start(soon()));
  // No hello sent: the bot says nothing, so receive must give up at the deadline.
  Received r = link->receive(Clock::now() + 200ms);
  EXPECT_EQ(r.kind, Received::Kind::Timeout);
  RefereeMessage end;
  end.mutable_match_end()->set_type("match_end");
  link->send(end);
  link->shutdown(100ms);  // the bot stays on after match_end: it must be killed
  Received after = link->receive(soon());
  EXPECT_EQ(after.kind, Received::Kind::Closed);
}

TEST(GrpcLink, BotThatNeverDialsTimesOut) {
  auto link = launched("never-dial");
  ASSERT_FALSE(link->start(soon()));
  ASSERT_TRUE(link->send(hello(1)));  // held until a dial-in that never comes
  EXPECT_EQ(link->receive(Clock::now() + 500ms).kind, Received::Kind::Timeout);
  link->shutdown(0ms);
  EXPECT_EQ(link->receive(soon()).kind, Received::Kind::Closed);
}

TEST(GrpcLink, BotRefusedForWrongTokenIsClosed) {
  // The mock dials with a made-up token and exits 0 only if it was refused.
  auto link = launched("wrong-token");
  ASSERT_FALSE(link->start(soon()));
  Received r = link->receive(soon());
  ASSERT_EQ(r.kind, Received::Kind::Closed);
  EXPECT_NE(r.exit_detail.find("exit code 0"), std::string::npos) << r.exit_detail;
  EXPECT_NE(r.exit_detail.find("never dialled"), std::string::npos) << r.exit_detail;
  EXPECT_NE(link->stderr_tail().find("refused with code 16"), std::string::npos) << link->stderr_tail();
}

TEST(GrpcLink, BadCommandIsClosedWithShellExitCode) {
  GrpcLink::Options o;
  o.command = "/nonexistent/bot-program";
  GrpcLink l(o);
  ASSERT_FALSE(l.start(soon()));
  Received r = l.receive(soon());
  ASSERT_EQ(r.kind, Received::Kind::Closed);
  EXPECT_NE(r.exit_detail.find("exit code 127"), std::string::npos) << r.exit_detail;
  EXPECT_NE(l.stderr_tail().find("not found"), std::string::npos) << l.stderr_tail();
}

// A remote bot, played by this test through a real gRPC channel.
TEST(GrpcLink, RemoteBotNeedsTheSeatToken) {
  GrpcLink::Options o;
  o.seat = 0;
  o.announce = nullptr;  // no line for a person: the address is logged
  GrpcLink link(o);
  ASSERT_FALSE(link.listen());
  auto chan = grpc::CreateChannel(link.address(), grpc::InsecureChannelCredentials());
  auto stub = dtref::protocol::BotLink::NewStub(chan);

  {  // a wrong token is refused
    grpc::ClientContext ctx;
    auto s = stub->Play(&ctx);
    BotMessage m;
    m.set_token("guess");
    s->Write(m);
    RefereeMessage in;
    EXPECT_FALSE(s->Read(&in));
    EXPECT_EQ(s->Finish().error_code(), grpc::StatusCode::UNAUTHENTICATED);
  }

  grpc::ClientContext ctx;
  auto s = stub->Play(&ctx);
  std::thread bot([&] {
    BotMessage m;
    m.set_token(link.token());
    m.mutable_ready()->set_name("remote");  // ready may ride on the first message
    s->Write(m);
  });
  ASSERT_FALSE(link.start(soon()));
  bot.join();
  Received r = link.receive(soon());
  ASSERT_EQ(r.kind, Received::Kind::Message);
  EXPECT_EQ(r.msg.ready().name(), "remote");

  {  // the token is spent: a second stream with it is refused
    grpc::ClientContext ctx2;
    auto s2 = stub->Play(&ctx2);
    BotMessage m;
    m.set_token(link.token());
    s2->Write(m);
    RefereeMessage in;
    EXPECT_FALSE(s2->Read(&in));
    EXPECT_EQ(s2->Finish().error_code(), grpc::StatusCode::ALREADY_EXISTS);
  }

  ASSERT_TRUE(link.send(request(4)));
  RefereeMessage in;
  ASSERT_TRUE(s->Read(&in));
  EXPECT_EQ(in.request().decision_id(), 4);
  BotMessage a;
  a.mutable_answer()->set_decision_id(4);
  a.mutable_answer()->mutable_choice()->set_string_value("pass");
  s->Write(a);
  r = link.receive(soon());
  ASSERT_EQ(r.kind, Received::Kind::Message);
  EXPECT_EQ(r.msg.answer().choice().string_value(), "pass");

  // The bot closes its side: the referee sees Closed.
  s->WritesDone();
  r = link.receive(soon());
  EXPECT_EQ(r.kind, Received::Kind::Closed);
  link.shutdown(1s);
  // Shutdown ends the stream for the bot too.
  EXPECT_FALSE(s->Read(&in));
  s->Finish();
}

TEST(GrpcLink, SpecsParse) {
  EXPECT_TRUE(dtref::is_grpc_spec("grpc:./bot"));
  EXPECT_TRUE(dtref::is_grpc_spec("grpc-remote"));
  EXPECT_TRUE(dtref::is_grpc_spec("grpc-remote:0.0.0.0:50051"));
  EXPECT_FALSE(dtref::is_grpc_spec("stdio:./bot"));
  const dtref::MatchSpec m;
  EXPECT_THROW(dtref::make_grpc_link({"", "grpc:  "}, 0, m), std::invalid_argument);
  EXPECT_THROW(dtref::make_grpc_link({"", "grpc-remote:50051"}, 0, m), std::invalid_argument);
  EXPECT_NO_THROW(dtref::make_grpc_link({"", "grpc-remote"}, 0, m));
}
