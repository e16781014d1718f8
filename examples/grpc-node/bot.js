#!/usr/bin/env node
// A Doomtrooper bot for dtref over gRPC, in Node.js with @grpc/grpc-js (npm).
// It loads protocol/dtref/bot.proto at run time with @grpc/proto-loader and
// picks a random legal option (docs/protocol.md, section gRPC).
//
//   (cd examples/grpc-node && npm ci)
//   dtref match --bot grpc:"node examples/grpc-node/bot.js" --bot builtin:greedy
//
// The bot is the gRPC client: the referee serves. A launched bot finds the
// address and its seat's secret token in DTREF_GRPC_ADDRESS and DTREF_TOKEN
// (or give --address HOST:PORT --token TOKEN for a referee started with
// --bot grpc-remote).
//
// The one thing to get right is `choice`, a google.protobuf.Value: an object
// with one of its fields set, and those fields are camelCase even though this
// bot loads bot.proto with keepCase (snake_case names such as decision_id):
// proto-loader keeps the names of bot.proto, but takes the well-known types
// (google.protobuf.Value) from protobufjs's own bundled definitions, whose
// names are camelCase.
//     { numberValue: 2 }            the option's index
//     { stringValue: 'pass' }       or its canonical text
// `{ number_value: 2 }` is silently dropped (an empty Value) and `choice: 2`
// throws; the referee refuses an empty choice as malformed.
'use strict';

const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const NAME = 'grpc-node-random';
const PROTO = process.env.DTREF_PROTO || path.join(__dirname, '..', '..', 'protocol', 'dtref', 'bot.proto');

function log(text) {
  process.stderr.write(`${NAME}: ${text}\n`);
}

function arg(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

// A real bot would study request.observation and request.events here.
function choose(request) {
  const options = request.options;
  return options[Math.floor(Math.random() * options.length)].index;
}

function main() {
  const address = arg('--address') || process.env.DTREF_GRPC_ADDRESS;
  const token = arg('--token') || process.env.DTREF_TOKEN;
  if (!address || !token) {
    log('no address or token: run me as grpc:"node bot.js" under dtref, or give --address and --token');
    process.exit(2);
  }
  const definition = protoLoader.loadSync(PROTO, {
    keepCase: true,  // snake_case field names, as in bot.proto and the JSON of the stdio protocol
    longs: Number,   // decision ids as plain numbers
    defaults: true,
    oneofs: true,    // a message says which oneof field it holds: RefereeMessage.msg === 'request'
  });
  const { BotLink } = grpc.loadPackageDefinition(definition).dtref.protocol;
  const client = new BotLink(address, grpc.credentials.createInsecure());
  const stream = client.Play();
  stream.write({ token });  // the first message names our seat
  stream.on('data', (message) => {
    switch (message.msg) {
      case 'hello':
        log(`playing seat ${message.hello.seat}`);
        stream.write({ ready: { type: 'ready', name: NAME } });
        break;
      case 'request':
        stream.write({
          answer: {
            decision_id: message.request.decision_id,
            choice: { numberValue: choose(message.request) },  // or { stringValue: 'pass' }: camelCase, see above
          },
        });
        break;
      case 'error':
        log(`answer refused: ${message.error.message} (${message.error.kind})`);
        break;
      case 'match_end':
        log(`match over: winner s${message.match_end.winner} (${message.match_end.reason})`);
        stream.end();
        break;
      default:
        break;  // a kind of message we do not know: ignore it
    }
  });
  stream.on('error', (e) => {
    // The referee ends the stream after match_end; anything else is worth a line.
    if (e.code !== grpc.status.CANCELLED) log(`stream: ${e.message}`);
  });
  stream.on('end', () => client.close());
}

main();
