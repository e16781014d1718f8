#!/usr/bin/env node
// A Doomtrooper bot for dtref in JavaScript (Node, no npm packages): it picks
// a random legal option. The same protocol as examples/python/random_bot.py,
// described in docs/protocol.md:
//
//   dtref match --bot stdio:"node examples/javascript/random_bot.js" --bot builtin:greedy
//
// One JSON object per line on stdin (from the referee) and stdout (to it):
// hello -> we say ready; request -> we answer with its decision_id and an
// option index; error -> an answer was refused (dev policy repeats the
// request); match_end -> the result, then stdin closes. Logs go to stderr,
// because stdout carries only protocol.
'use strict';

const readline = require('readline');

const NAME = 'javascript-random';

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

function log(text) {
  process.stderr.write(`${NAME}: ${text}\n`);
}

// A real bot would study request.observation and request.events here.
function choose(request) {
  const options = request.options;
  return options[Math.floor(Math.random() * options.length)].index;
}

const input = readline.createInterface({ input: process.stdin, terminal: false });

input.on('line', (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  switch (message.type) {  // unknown types and fields are ignored
    case 'hello':
      log(`playing seat ${message.seat}`);
      send({ type: 'ready', name: NAME });
      break;
    case 'request':
      send({ decision_id: message.decision_id, choice: choose(message) });
      break;
    case 'error':
      log(`answer refused: ${message.message} (${message.kind})`);
      break;
    case 'match_end':
      log(`match over, winner seat ${message.winner}, ${message.reason}`);
      input.close();
      break;
  }
});

input.on('close', () => process.exit(0));
