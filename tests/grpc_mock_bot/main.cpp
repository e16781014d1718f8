// A gRPC bot for the transport tests that misbehaves on request. It dials
// DTREF_GRPC_ADDRESS with DTREF_TOKEN like any launched bot, then acts out the
// mode named by its first argument:
//   play             ready, answers every request with option 0, leaves on match_end
//   wrong-token      dials with a token the referee never issued; exits 0 if refused
//   exit-at-request <code>    says ready, then exits with <code> on the first request
//                    (not right after ready: gRPC may not have flushed it yet)
//   no-choice        says ready, then answers without a choice
//   never-dial       sleeps without dialling
//   ignore-end       plays, but stays on after match_end until killed
//   flood            after ready, sends answers nobody asked for without end
//   flood-big        the same with 512 KiB comments (the unread bytes run out first)
//   huge             after ready, sends one answer of 2 MiB (over the message size cap)
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include "bot.grpc.pb.h"

using dtref::protocol::BotMessage;
using dtref::protocol::RefereeMessage;

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "play";
  const char* addr = std::getenv("DTREF_GRPC_ADDRESS");
  const char* token = std::getenv("DTREF_TOKEN");
  if (mode == "never-dial") {
    std::this_thread::sleep_for(std::chrono::hours(1));
    return 0;
  }
  if (!addr || !token) {
    std::cerr << "mock bot: DTREF_GRPC_ADDRESS and DTREF_TOKEN must be set\n";
    return 2;
  }
  auto stub = dtref::protocol::BotLink::NewStub(grpc::CreateChannel(addr, grpc::InsecureChannelCredentials()));
  grpc::ClientContext ctx;
  auto stream = stub->Play(&ctx);
  BotMessage first;
  first.set_token(mode == "wrong-token" ? std::string("not-the-token") : std::string(token));
  stream->Write(first);
  RefereeMessage in;
  if (mode == "wrong-token") {
    const bool got = stream->Read(&in);
    stream->WritesDone();
    const grpc::Status st = stream->Finish();
    std::cerr << "mock bot: refused with code " << st.error_code() << ": " << st.error_message() << "\n";
    return (!got && st.error_code() == grpc::StatusCode::UNAUTHENTICATED) ? 0 : 1;
  }
  while (stream->Read(&in)) {
    BotMessage out;
    if (in.has_hello()) {
      out.mutable_ready()->set_name("mock-" + mode);
      stream->Write(out);
      std::cerr << "mock bot: ready for seat " << in.hello().seat() << "\n";
      if (mode == "flood" || mode == "flood-big" || mode == "huge") {
        BotMessage junk;
        junk.mutable_answer()->set_decision_id(1);
        junk.mutable_answer()->mutable_choice()->set_number_value(0);
        if (mode == "flood-big") junk.mutable_answer()->set_comment(std::string(512 << 10, 'c'));
        if (mode == "huge") {
          junk.mutable_answer()->set_comment(std::string(2 << 20, 'c'));
          stream->Write(junk);
          std::this_thread::sleep_for(std::chrono::seconds(30));
          return 0;
        }
        while (stream->Write(junk)) {
        }
        return 0;
      }
    } else if (in.has_request() && mode == "exit-at-request") {
      std::cerr.flush();
      std::_Exit(argc > 2 ? std::atoi(argv[2]) : 0);
    } else if (in.has_request()) {
      out.mutable_answer()->set_decision_id(in.request().decision_id());
      if (mode != "no-choice") out.mutable_answer()->mutable_choice()->set_number_value(0);
      stream->Write(out);
    } else if (in.has_match_end()) {
      if (mode == "ignore-end") std::this_thread::sleep_for(std::chrono::hours(1));
      break;
    }
  }
  stream->WritesDone();
  stream->Finish();
  return 0;
}
