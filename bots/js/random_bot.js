#!/usr/bin/env node
// Random bot for every game the referee knows, in JavaScript (node, no npm
// packages), protocol v1.
//
// Pentago (swiss-2010, standard): a random empty cell and a random quadrant
// rotation; the bare cell when the placement alone makes five.
// Pente (standard, plus, partner, team): a random legal point (K10 first,
// the tournament opening rule at its ply); in Pente Plus a power stone now
// and then, never a bonus stone or a colour list.
// Pentago Multiplayer (2p, 3p, 4p, team): a random empty cell of the 9x9
// board and a random block turn (the turn is dropped after a five by
// placement, so it is always legal).
// The Pattern Puzzle (2p, 3p, 4p): as breaker a random gem off the board,
// as mender a random empty cell with a gem handed back; a random turn
// either way.
// Any other game is played as Pentago, on its position line.
//
// The bot asks for `position` lines (`id option position`), so it never has
// to play captures or rotations of other seats' moves itself.
// Deterministic: the moves depend only on `set seed`, `set you` and the
// positions (splitmix64 in BigInt, the same generator and draws as
// bots/python/random_bot.py, so both play the same game from the same
// seed; bots/README.md gives the draws).
//
// Run: node bots/js/random_bot.js
'use strict';

const readline = require('readline');

const MASK = (1n << 64n) - 1n;
const NAME = 'Random Bot (JavaScript)';
const PENTE_COLUMNS = 'ABCDEFGHJKLMNOPQRST'; // no I
const PENTE_CENTRE = 9 * 19 + 9; // K10, with row 19 first

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

// ---- Pentago --------------------------------------------------------------

// The 32 lines of five cells on the 6x6 board (cells 0..35, a1 = 0).
const PENTAGO_LINES = [];
for (let r = 0; r < 6; r++) {
  for (let c = 0; c < 6; c++) {
    for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
      const er = r + 4 * dr;
      const ec = c + 4 * dc;
      if (er >= 0 && er < 6 && ec >= 0 && ec < 6) {
        const line = [];
        for (let i = 0; i < 5; i++) line.push((r + i * dr) * 6 + c + i * dc);
        PENTAGO_LINES.push(line);
      }
    }
  }
}

// A move for the side to move in a Pentago position line.
function pentagoMove(position, rng) {
  const fields = position.split(' ');
  const board = fields[0].replace(/\//g, '').split('');
  const me = fields[1];
  const empty = [];
  for (let i = 0; i < 36; i++) if (board[i] === '.') empty.push(i);
  const cell = empty[rng.below(empty.length)];
  const rot = rng.below(8);
  const name = 'abcdef'[cell % 6] + String(Math.floor(cell / 6) + 1);
  board[cell] = me;
  if (PENTAGO_LINES.some((line) => line.every((i) => board[i] === me))) {
    return name; // five by placement: no rotation follows
  }
  return `${name} ${Math.floor(rot / 2) + 1}${rot % 2 === 0 ? 'R' : 'L'}`;
}

// ---- the 9x9 board: Pentago Multiplayer and the Pattern Puzzle ------------

// The empty cells (empty true) or the gems of a 9x9 position line's rows,
// in reading order (a1 = 0, b1 = 1, ..., i9 = 80).
function board9Cells(rows, empty) {
  const board = rows.replace(/\//g, '');
  const cells = [];
  for (let i = 0; i < 81; i++) if ((board[i] === '.') === empty) cells.push(i);
  return cells;
}

function board9Name(cell) {
  return 'abcdefghi'[cell % 9] + String(Math.floor(cell / 9) + 1);
}

function board9Turn(rng) {
  const t = rng.below(18);
  return `${Math.floor(t / 2) + 1}${t % 2 === 0 ? 'R' : 'L'}`;
}

// A move in a Pentago Multiplayer position line. The turn is sent even
// after a placement that makes five: the referee drops it.
function multiMove(position, rng) {
  const empty = board9Cells(position.split(' ')[0], true);
  const cell = empty[rng.below(empty.length)];
  return board9Name(cell) + ' ' + board9Turn(rng);
}

// A move in a Pattern Puzzle position line (ROWS LEVEL SEAT ROLE STEP
// MENDER PLAYERS HANDED REPLAYS): a gem off as breaker, a gem handed back
// on as mender.
function puzzleMove(position, rng) {
  const fields = position.split(' ');
  if (fields[3] === 'b') {
    const gems = board9Cells(fields[0], false);
    const cell = gems[rng.below(gems.length)];
    return '-' + board9Name(cell) + ' ' + board9Turn(rng);
  }
  const empty = board9Cells(fields[0], true);
  const cell = empty[rng.below(empty.length)];
  const colour = fields[7][rng.below(fields[7].length)];
  return board9Name(cell) + colour + ' ' + board9Turn(rng);
}

// ---- Pente ----------------------------------------------------------------

// The 361 points of the position line's rows (row 19 first): '.' for an
// empty point, else the stone's letter.
function penteBoard(rows) {
  const board = [];
  for (const row of rows.split('/')) {
    let run = '';
    for (const ch of row + '/') {
      if (ch >= '0' && ch <= '9') {
        run += ch;
        continue;
      }
      if (run) {
        for (let k = Number(run); k > 0; k--) board.push('.');
        run = '';
      }
      if (ch !== '/') board.push(ch);
    }
  }
  return board;
}

// A move for the side to move in a Pente position line.
function penteMove(position, rng, settings) {
  const fields = position.split(' ');
  const board = penteBoard(fields[0]);
  const me = fields[1];
  const ply = Number(fields[2]);
  const openingPly = settings.variant === 'team' ? 4 : 2;
  const restricted = settings.tournament && ply === openingPly;
  const legal = [];
  for (let i = 0; i < 19 * 19; i++) {
    if (board[i] !== '.') continue;
    if (ply === 0 && i !== PENTE_CENTRE) continue;
    const far = Math.max(Math.abs(Math.floor(i / 19) - 9), Math.abs((i % 19) - 9));
    if (restricted && far < 3) continue;
    legal.push(i);
  }
  const cell = legal[rng.below(legal.length)];
  let name = PENTE_COLUMNS[cell % 19] + String(19 - Math.floor(cell / 19));
  if (settings.variant === 'plus' && ply > 0) {
    const inHand = Number(fields[4].split(',')[me === 'w' ? 0 : 1]);
    // A power stone; no bonus stone, no colour list.
    if (inHand > 0 && rng.below(4) === 0) name += '*';
  }
  return name;
}

// ---- protocol -------------------------------------------------------------

// Pipes are written synchronously by node on Linux: each line is out (and
// flushed) when this returns.
function send(line) {
  process.stdout.write(line + '\n');
}

function toInt(s) {
  if (!/^[0-9]+$/.test(s || '')) throw new RangeError('not a number');
  return s;
}

const bot = {
  game: 'pentago',
  seat: 0,
  seed: 0n,
  rng: null,
  pente: { variant: 'standard', tournament: true },
  position: null,
};

function setKey(key, args) {
  if (key === 'game') bot.game = args[0];
  else if (key === 'variant') bot.pente.variant = args[0];
  else if (key === 'options') bot.pente.tournament = !args.includes('opening=free');
  else if (key === 'you') bot.seat = Number(toInt(args[0]));
  else if (key === 'seed') bot.seed = BigInt(toInt(args[0])) & MASK;
}

function chooseMove() {
  if (bot.rng === null) bot.rng = new SplitMix64(bot.seed, bot.seat);
  if (bot.position === null) return null;
  if (bot.game === 'pente') return penteMove(bot.position, bot.rng, bot.pente);
  if (bot.game === 'pentago-multi') return multiMove(bot.position, bot.rng);
  if (bot.game === 'pentago-puzzle') return puzzleMove(bot.position, bot.rng);
  return pentagoMove(bot.position, bot.rng);
}

// Act on one message; false when the bot must quit.
function handle(kw, args) {
  if (kw === 'protocol') {
    send('id name ' + NAME);
    send('id version 2.0');
    send('id author referee project');
    send('id option position');
    send('id option newgame');
    send('ready 1');
  } else if (kw === 'set' && args.length >= 2) {
    setKey(args[0], args.slice(1));
  } else if (kw === 'start') {
    bot.rng = new SplitMix64(bot.seed, bot.seat);
  } else if (kw === 'position' && args.length > 0) {
    bot.position = args.join(' ');
  } else if (kw === 'turn') {
    const move = chooseMove();
    if (move === null) {
      process.stderr.write('no position line before the turn\n');
      return false;
    }
    send('move ' + move);
  } else if (kw === 'newgame') {
    // Kept for another game (`match --keep-bots`): its settings come
    // again; forget this game's.
    Object.assign(bot, {
      game: 'pentago', seat: 0, seed: 0n, rng: null,
      pente: { variant: 'standard', tournament: true }, position: null,
    });
    send('ready 1');
  } else if (kw === 'quit') {
    return false;
  }
  return true; // unknown keywords (and `played`) are ignored
}

process.stdout.on('error', () => process.exit(0)); // the referee went away

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  const words = line.trim().split(/\s+/);
  if (words[0] === '') return;
  let more = true;
  try {
    more = handle(words[0], words.slice(1));
  } catch (e) {
    if (!(e instanceof RangeError)) throw e; // a bad number: ignore the line
  }
  if (!more) process.exit(0);
});
rl.on('close', () => process.exit(0)); // EOF: quit now
