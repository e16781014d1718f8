#!/usr/bin/python3
"""A Doomtrooper bot for dtref over gRPC, in Python: picks a random legal option.

It needs Debian's python3-grpcio and python3-protobuf (so run it with
/usr/bin/python3), and the Python modules for protocol/dtref/bot.proto, which
the build generates into build/python/ (bot_pb2.py, bot_pb2_grpc.py).

The bot is the gRPC client; the referee serves. Two ways to play:

  * Launched by the referee, which hands it the address and a secret token
    in DTREF_GRPC_ADDRESS and DTREF_TOKEN:
        dtref match --bot grpc:"/usr/bin/python3 examples/grpc-python/bot.py" --bot builtin:greedy
  * On a ladder (dtref ladder): registered once with `dtref ladder register
    --remote NAME`, which prints its long-lived key; it dials the ladder's
    gRPC address with that key whenever it likes to play:
        /usr/bin/python3 examples/grpc-python/bot.py --ladder --address HOST:PORT --token KEY
  * Started by you, anywhere, against a referee waiting with grpc-remote,
    with the address and token it prints:
        dtref match --bot grpc-remote --bot builtin:greedy
        /usr/bin/python3 examples/grpc-python/bot.py --address HOST:PORT --token TOKEN

The messages are the ones of the stdio protocol (docs/protocol.md), wrapped in
RefereeMessage / BotMessage: our first message carries the token, then hello
-> ready, request -> answer, match_end -> we leave.
"""
import argparse
import os
import queue
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("DTREF_PYTHON_STUBS", os.path.join(HERE, "..", "..", "build", "python")))
try:
    import grpc
    import bot_pb2
    import bot_pb2_grpc
except ImportError as e:
    sys.exit("grpc-python bot: {}. Run it with /usr/bin/python3 (Debian's python3-grpcio), after building "
             "dtref (which writes bot_pb2.py to build/python/), or point DTREF_PYTHON_STUBS at that "
             "directory.".format(e))

NAME = "grpc-python-random"


def log(text):
    sys.stderr.write(NAME + ": " + text + "\n")
    sys.stderr.flush()


def choose(request):
    """Pick one legal option; a real bot would study request.observation."""
    return random.choice(request.options).index


def play(address, token):
    outbox = queue.Queue()

    def outgoing():
        # gRPC sends whatever this generator yields; None ends our side.
        while True:
            message = outbox.get()
            if message is None:
                return
            yield message

    # The first message says which seat we are: the referee refuses a stream
    # without the right token.
    outbox.put(bot_pb2.BotMessage(token=token))
    with grpc.insecure_channel(address) as channel:
        stub = bot_pb2_grpc.BotLinkStub(channel)
        try:
            for message in stub.Play(outgoing()):
                kind = message.WhichOneof("msg")
                if kind == "hello":
                    log("playing seat {}".format(message.hello.seat))
                    outbox.put(bot_pb2.BotMessage(ready=bot_pb2.Ready(type="ready", name=NAME)))
                elif kind == "request":
                    answer = bot_pb2.Answer(decision_id=message.request.decision_id)
                    answer.choice.number_value = choose(message.request)  # or string_value = option text
                    outbox.put(bot_pb2.BotMessage(answer=answer))
                elif kind == "error":
                    log("answer refused: {} ({})".format(message.error.message, message.error.kind))
                elif kind == "match_end":
                    end = message.match_end
                    log("match over, winner seat {}, {}".format(end.winner, end.reason))
                    break
        except grpc.RpcError as e:
            sys.exit("grpc-python bot: the referee ended the stream: {} {}".format(e.code(), e.details()))
        finally:
            outbox.put(None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--address", default=os.environ.get("DTREF_GRPC_ADDRESS"),
                        help="the referee's host:port (default: $DTREF_GRPC_ADDRESS)")
    parser.add_argument("--token", default=os.environ.get("DTREF_TOKEN"),
                        help="this seat's token (default: $DTREF_TOKEN)")
    parser.add_argument("--ladder", action="store_true",
                        help="a ladder's remote bot: the token is its long-lived key (dtref ladder register "
                             "--remote); dial in again after every match, until interrupted")
    args = parser.parse_args()
    if not args.address or not args.token:
        parser.error("give --address and --token (or set DTREF_GRPC_ADDRESS and DTREF_TOKEN)")
    while True:
        try:
            play(args.address, args.token)
        except SystemExit as e:
            if not args.ladder:
                raise
            log("{}; dialling again in a second".format(e))  # the ladder may be restarting
            time.sleep(1)
        if not args.ladder:
            break


if __name__ == "__main__":
    main()
