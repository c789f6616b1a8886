#!/usr/bin/env node
// goround: a paper.io player speaking docs/PROTOCOL.md, in JavaScript for
// node (no packages): the same player as examples/bots/python/goround.py,
// move for move.
//
// It crosses its territory straight on; where it leaves it, it goes round a
// rectangle (A cells out, turn right, B cells, turn right, A + 1 cells back,
// turn right) into its territory again. A move that would run off the board
// or into its own band is swapped for a safe one, and it then heads
// straight home.
//
//   paperio play --p1 exec:examples/bots/js/goround.js --p2 goround
'use strict';
const readline = require('readline');

const A = 8, B = 6; // how far out, how wide
const DX = [1, 0, -1, 0], DY = [0, 1, 0, -1]; // east, south, west, north
const TURN = { S: 0, R: 1, L: 3 };

const bot = {};

function start(msg) {
  bot.me = msg.me;
  bot.w = msg.board.width;
  bot.h = msg.board.height;
  // fields[x][y] and bands[x][y]: 0 nobody, else a player's id.
  bot.fields = msg.state.fields.map(col => Array.from(col, Number));
  bot.bands = msg.state.bands.map(col => Array.from(col, Number));
  bot.phase = 0;
  bot.count = 0;
  update(msg.state);
}

function update(state) {
  for (const [x, y, f, b] of state.changes || []) {
    bot.fields[x][y] = f;
    bot.bands[x][y] = b;
  }
  const p = state.players[bot.me - 1];
  bot.x = p.x;
  bot.y = p.y;
  bot.d = p.direction;
}

function safe(turn) {
  const d = (bot.d + TURN[turn]) % 4;
  const x = bot.x + DX[d], y = bot.y + DY[d];
  return x >= 0 && x < bot.w && y >= 0 && y < bot.h && bot.bands[x][y] !== bot.me;
}

function move() {
  if (bot.fields[bot.x][bot.y] === bot.me) {
    bot.phase = 0;
    bot.count = 0;
  } else if (bot.phase === 0) {
    bot.phase = 1;
    bot.count = 1;
  } else {
    bot.count++;
  }
  let turn = 'S';
  if ((bot.phase === 1 && bot.count === A) || (bot.phase === 2 && bot.count === B) ||
      (bot.phase === 3 && bot.count === A + 1)) {
    turn = 'R';
    bot.phase++;
    bot.count = 0;
  }
  if (!safe(turn)) {
    for (const other of 'SRL') {
      if (other !== turn && safe(other)) {
        turn = other;
        if (bot.phase > 0) bot.phase = 4; // off the rectangle: straight home
        break;
      }
    }
  }
  return turn;
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', line => {
  const msg = JSON.parse(line);
  let answer;
  if (msg.type === 'hello') {
    answer = { name: 'goround (JavaScript)' };
  } else if (msg.type === 'start') {
    start(msg);
    answer = {};
  } else if (msg.type === 'turn') {
    update(msg.state);
    answer = { move: move() };
  } else {
    return; // end: nothing to answer; another start may follow
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
});
