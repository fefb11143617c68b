#!/usr/bin/env node
// Random Pentago bot in JavaScript (node, no npm packages), protocol v1.
//
// Plays a random empty cell and a random quadrant rotation each turn; when
// the placement alone makes five it sends the bare cell. Deterministic: the
// moves depend only on `set seed`, `set you` and the moves played
// (splitmix64 in BigInt, the same generator and draws as
// bots/python/random_bot.py, so both play the same game from the same seed).
//
// Run: node bots/js/random_bot.js
'use strict';

const readline = require('readline');

const MASK = (1n << 64n) - 1n;
const NAME = 'Random Bot (JavaScript)';

// splitmix64 with 64-bit wrap-around done by masking BigInts.
class SplitMix64 {
  constructor(seed, seat) {
    // Mix the seat in so that two copies given one seed play differently.
    this.state = (seed ^ (BigInt(seat + 1) * 0xD1B54A32D192ED03n)) & MASK;
  }

  next() {
    this.state = (this.state + 0x9E3779B97F4A7C15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
    return z ^ (z >> 31n);
  }

  // A draw in 0..n-1 (n small).
  below(n) {
    return Number(this.next() % BigInt(n));
  }
}

// The 32 lines of five cells on the 6x6 board (cells 0..35, a1 = 0).
const LINES = [];
for (let r = 0; r < 6; r++) {
  for (let c = 0; c < 6; c++) {
    for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
      const er = r + 4 * dr;
      const ec = c + 4 * dc;
      if (er >= 0 && er < 6 && ec >= 0 && ec < 6) {
        const line = [];
        for (let i = 0; i < 5; i++) line.push((r + i * dr) * 6 + c + i * dc);
        LINES.push(line);
      }
    }
  }
}

function hasFive(board, colour) {
  return LINES.some((line) => line.every((i) => board[i] === colour));
}

// Turn quadrant 0..3: clockwise local (r,c) -> (c,2-r), else (2-c,r).
function rotate(board, quadrant, clockwise) {
  const r0 = Math.floor(quadrant / 2) * 3;
  const c0 = (quadrant % 2) * 3;
  const old = [];
  for (let r = 0; r < 3; r++) {
    old.push([]);
    for (let c = 0; c < 3; c++) old[r].push(board[(r0 + r) * 6 + c0 + c]);
  }
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const nr = clockwise ? c : 2 - c;
      const nc = clockwise ? 2 - r : r;
      board[(r0 + nr) * 6 + c0 + nc] = old[r][c];
    }
  }
}

// Apply `c4 2R` or bare `c4` for seat (colour = seat + 1).
function applyMove(board, seat, text) {
  const parts = text.split(' ').filter((p) => p.length > 0);
  if (parts.length === 0 || parts[0].length !== 2) return;
  const col = parts[0].toLowerCase().charCodeAt(0) - 97;
  const row = parts[0].charCodeAt(1) - 49;
  if (col < 0 || col > 5 || row < 0 || row > 5) return;
  board[row * 6 + col] = seat + 1;
  if (hasFive(board, seat + 1)) return; // five by placement: no rotation
  const rot = parts[1];
  if (rot && rot.length === 2 && '1234'.includes(rot[0]) &&
      'RL'.includes(rot[1].toUpperCase())) {
    rotate(board, Number(rot[0]) - 1, rot[1].toUpperCase() === 'R');
  }
}

function loadPosition(board, text) {
  const cells = (text.split(' ')[0] || '').replace(/\//g, '');
  for (let i = 0; i < 36; i++) {
    const ch = cells[i] || '.';
    board[i] = ch === 'w' ? 1 : ch === 'b' ? 2 : 0;
  }
}

function cellName(i) {
  return 'abcdef'[i % 6] + String(Math.floor(i / 6) + 1);
}

function choose(board, seat, rng) {
  const empty = [];
  for (let i = 0; i < 36; i++) if (board[i] === 0) empty.push(i);
  const cell = empty[rng.below(empty.length)];
  const rot = rng.below(8);
  board[cell] = seat + 1;
  if (hasFive(board, seat + 1)) return cellName(cell);
  const quadrant = Math.floor(rot / 2);
  const clockwise = rot % 2 === 0;
  rotate(board, quadrant, clockwise);
  return `${cellName(cell)} ${quadrant + 1}${clockwise ? 'R' : 'L'}`;
}

// Pipes are written synchronously by node on Linux: each line is out (and
// flushed) when this returns.
function send(line) {
  process.stdout.write(line + '\n');
}

function toInt(s) {
  if (!/^[0-9]+$/.test(s || '')) throw new RangeError('not a number');
  return s;
}

const bot = { board: new Array(36).fill(0), seat: 0, seed: 0n, rng: null };

// Act on one message; false when the bot must quit.
function handle(kw, args) {
  if (kw === 'protocol') {
    send('id name ' + NAME);
    send('id version 1.0');
    send('id author referee project');
    send('ready 1');
  } else if (kw === 'set' && args[0] === 'you' && args.length >= 2) {
    bot.seat = Number(toInt(args[1]));
  } else if (kw === 'set' && args[0] === 'seed' && args.length >= 2) {
    bot.seed = BigInt(toInt(args[1])) & MASK;
  } else if (kw === 'start') {
    bot.board.fill(0);
    bot.rng = new SplitMix64(bot.seed, bot.seat);
  } else if (kw === 'played' && args.length >= 2) {
    applyMove(bot.board, Number(toInt(args[0])), args.slice(1).join(' '));
  } else if (kw === 'position') {
    loadPosition(bot.board, args.join(' '));
  } else if (kw === 'turn') {
    if (bot.rng === null) bot.rng = new SplitMix64(bot.seed, bot.seat);
    send('move ' + choose(bot.board, bot.seat, bot.rng));
  } else if (kw === 'quit') {
    return false;
  }
  return true; // unknown keywords are ignored
}

process.stdout.on('error', () => process.exit(0)); // the referee went away

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  const words = line.replace(/\r$/, '').split(' ');
  let more = true;
  try {
    more = handle(words[0], words.slice(1));
  } catch (e) {
    if (!(e instanceof RangeError)) throw e; // a bad number: ignore the line
  }
  if (!more) process.exit(0);
});
rl.on('close', () => process.exit(0)); // EOF: quit now
