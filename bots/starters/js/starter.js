#!/usr/bin/env node
// A starter bot for Pentago, Pente and Pentago Multiplayer, in JavaScript
// (Node.js, no npm packages). Copy this one file, put your own choice in chooseMove()
// (search for "YOUR MOVE") and try it against the bundled random bot:
//
//   referee match "node starter.js" build/bots/random_bot
//   referee match --game pente --variant plus "node starter.js" build/bots/random_bot
//   referee match --game pentago-multi "node starter.js" build/bots/random_bot
//
// What it does for you:
//   - speaks the bot protocol (protocol/PROTOCOL.md): it reads the
//     referee's lines on stdin and answers on stdout, one line at a time;
//   - asks the referee for a `position` line before each of its turns, so
//     it needs no rules to follow the game: it reads the board from that
//     line;
//   - lists the legal moves of the position and lets chooseMove() pick
//     one. As written it picks one at random, seeded from the referee's
//     `set seed` and its own seat, so the same seed plays the same game.
//
// The list of legal moves:
//   - Pentago (6x6, 4 quadrants) and Pentago Multiplayer (9x9, 9 blocks;
//     `set game pentago-multi`, variants 2p, 3p, 4p, team): every empty
//     cell with each turn of each block, "c4 1R", "c4 1L", "c4 2R", ...;
//     where the placement alone makes five (or more) in a row of the
//     mover's colour, the bare cell "c4" instead: the mover has won there
//     and no turn follows. Cells in order a1, b1, ..., then row 2: the
//     rules engine's own order.
//   - Pente: every empty point ("K10"); the first stone of the game must
//     be K10; with opening=tournament (the default) white's second stone
//     (ply 2; ply 4 in the team variant) must be outside H8-M12.
//   - Pente Plus: also every empty point as a power stone ("L12*") while
//     the player to move has power stones in hand (not for the first
//     stone). Two optional extras are not listed: a bonus stone after a
//     power stone ("L12* D4") and colour lists ("K15/w"). A move without
//     them is always legal; add them yourself if you want them.
//
// Any other game (the Pattern Puzzle, `pentago-puzzle`, or a game added
// later): the bot does not play it. On `set game` it says so on stderr,
// and it answers every `turn` with "move unsupported-game", a text no game
// accepts, so that `referee check-bot` lists the game as not played.
//
// A help for authors: `node starter.js --list-moves GAME VARIANT 'POSITION'
// [OPTIONS]` prints the legal moves of a position, one a line.
//
// Everything you print on stdout goes to the referee, so write your notes
// to stderr (the referee keeps them in a log file): log('thinking...').
'use strict';

const readline = require('readline');

// What the bot knows about the game. board is an array of rows, as the
// position line lists them, each an array of cells: '.' empty, 'w' white,
// 'b' black, 'p' a power stone (Plus), 'r' red, 'u' blue (Pente team,
// Pentago Multiplayer).
//   Pentago: 6 rows; board[0] is row 1 (the top), board[r][0] column a,
//            so cell "c4" is board[3][2]; Pentago Multiplayer the same
//            with 9 rows ("e5" is board[4][4]).
//   Pente:   19 rows; board[0] is row 19 (the top), board[r][0] column A,
//            so K10 is board[9][9].
function newState() {
  return {
    game: 'pentago',   // 'pentago', 'pente' or 'pentago-multi'
    variant: '',       // pentago: swiss-2010, standard; pente: standard, plus, partner, team;
                       // pentago-multi: 2p, 3p, 4p, team
    tournament: true,  // Pente: opening=tournament (the default)
    seat: 0,           // our seat: 0 moves first
    seed: 0n,          // from `set seed` (a BigInt: it can exceed 2^53)
    board: [],
    toMove: 'w',       // colour to move: 'w', 'b', 'r' or 'u'
    ply: 0,            // Pente: plies played so far
    captured: [0, 0],  // Pente: stones captured by white's, black's team
    power: [0, 0],     // Pente Plus: power stones in hand, white, black
    seatToMove: 0,     // Pentago Multiplayer: the seat to move
    places: [],        // Pentago Multiplayer: each seat's place, 0 while it is in
  };
}

function log(text) {
  process.stderr.write(text + '\n');
}

// Random numbers: JavaScript's Math.random cannot be seeded, so here is a
// small generator (mulberry32) seeded from the game's seed and our seat.
function makeRandom(seed, seat) {
  // Fold the 64-bit seed to 32 bits and mix the seat in, so two copies of
  // this bot play differently.
  let a = Number(BigInt.asUintN(32, seed ^ (seed >> 32n))) ^
    Math.imul(seat + 1, 0x9E3779B9);
  return function below(n) { // a random integer from 0 to n - 1
    a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

// ==== YOUR MOVE ============================================================
// Put your own choice here. You get:
//   state    the game and the position (see newState above)
//   moves    every legal move as text, e.g. ['a1 1R', 'a1 1L', ...]
//   timeMs   milliseconds you have for this move: answer well within it
//   below    below(n) gives a random integer from 0 to n - 1
// Return the text of your move: one of moves, or a legal move you build
// yourself (for example a Pente Plus bonus stone, 'L12* D4').
// As written: a random legal move.
function chooseMove(state, moves, timeMs, below) {
  return moves[below(moves.length)];
}
// ==== end of YOUR MOVE =====================================================

// The games this bot knows; it declines any other.
function playsGame(game) {
  return ['pentago', 'pente', 'pentago-multi'].includes(game);
}

// Turn a `position` line into state.board and the rest of state.
function readPosition(state, text) {
  const fields = text.trim().split(/\s+/);
  const rows = fields[0].split('/');
  if (state.game === 'pente') {
    // Pente: a number is a run of empty points; then the colour to move,
    // the plies, captures "c0,c1", in Plus power stones "p0,p1".
    state.board = rows.map((rowText) => {
      const row = [];
      for (const part of rowText.match(/\d+|\D/g) || []) {
        if (/\d/.test(part)) {
          for (let k = 0; k < Number(part); k++) row.push('.');
        } else {
          row.push(part);
        }
      }
      return row;
    });
    state.toMove = fields[1];
    state.ply = Number(fields[2]);
    state.captured = fields[3].split(',').map(Number);
    state.power = fields.length > 4 ? fields[4].split(',').map(Number) : [0, 0];
  } else if (state.game === 'pentago-multi') {
    // Nine rows of nine cells, the seat to move, each seat's place. Seat s
    // plays colour s (w b r u); in team play s % 2 (w b).
    state.board = rows.map((row) => row.split(''));
    state.seatToMove = Number(fields[1]);
    state.places = fields[2].split(',').map(Number);
    state.toMove = state.variant === 'team' ? 'wb'[state.seatToMove % 2]
      : 'wbru'[state.seatToMove];
  } else {
    // Pentago: six rows of six cells, then the colour to move.
    state.board = rows.map((row) => row.split(''));
    state.toMove = fields.length > 1 ? fields[1] : 'w';
  }
}

// Does a gem of colour on the empty cell (r, c) make five or more in a
// row? Along each line through it: its own gems on both sides, plus itself.
function makesFive(board, r, c, colour) {
  const size = board.length;
  for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
    let run = 1;
    for (const sign of [-1, 1]) {
      let rr = r + sign * dr;
      let cc = c + sign * dc;
      while (rr >= 0 && rr < size && cc >= 0 && cc < size && board[rr][cc] === colour) {
        run++;
        rr += sign * dr;
        cc += sign * dc;
      }
    }
    if (run >= 5) return true;
  }
  return false;
}

// Pentago and Pentago Multiplayer: the board is cut into 3x3 blocks, 4 or
// 9, numbered in reading order. Every empty cell with each block turned
// each way ("c4 2R"), or the bare cell where the placement makes five.
function blockMoves(board, colour) {
  const size = board.length;
  const blocks = (size / 3) * (size / 3);
  const moves = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (board[r][c] !== '.') continue;
      const cell = 'abcdefghi'[c] + (r + 1);
      if (makesFive(board, r, c, colour)) {
        moves.push(cell); // it wins here: no turn follows
        continue;
      }
      for (let block = 1; block <= blocks; block++) {
        moves.push(cell + ' ' + block + 'R', cell + ' ' + block + 'L');
      }
    }
  }
  return moves;
}

// Every legal move of the position, as text.
function legalMoves(state) {
  if (state.game !== 'pente') return blockMoves(state.board, state.toMove);
  const moves = [];
  const columns = 'ABCDEFGHJKLMNOPQRST'; // no I
  const openingPly = state.variant === 'team' ? 4 : 2;
  const mine = state.toMove === 'b' ? 1 : 0; // Plus: whose power stones
  const power = state.variant === 'plus' && state.ply > 0 && state.power[mine] > 0;
  for (let r = 0; r < 19; r++) {
    for (let c = 0; c < 19; c++) {
      if (state.board[r][c] !== '.') continue;
      if (state.ply === 0 && !(r === 9 && c === 9)) continue; // first stone: K10
      const near = Math.abs(r - 9) < 3 && Math.abs(c - 9) < 3;
      if (state.tournament && state.ply === openingPly && near) continue; // outside H8-M12
      const point = columns[c] + (19 - r);
      moves.push(point);
      if (power) moves.push(point + '*');
    }
  }
  return moves;
}

// One line to the referee. Node writes to a pipe at once (on Linux, writes
// to pipes are synchronous), so nothing waits in a buffer.
function say(text) {
  process.stdout.write(text + '\n');
}

function play() {
  let state = newState();
  let below = makeRandom(0n, 0);
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on('line', (line) => {
    const words = line.trim().split(/\s+/);
    const keyword = words[0];
    const rest = line.trim().slice(keyword.length).trim();
    if (keyword === 'protocol') {
      say('id name Starter (JavaScript)');
      say('id version 0.1');
      say('id author Your Name');
      say('id option position'); // a `position` line before turns
      say('id option newgame'); // can play game after game
      say('ready 1');
    } else if (keyword === 'set' && words.length > 2) {
      const key = words[1];
      const value = words[2];
      if (key === 'game') {
        state.game = value;
        state.variant = { pente: 'standard', 'pentago-multi': '2p' }[value] || '';
        if (!playsGame(value)) {
          log('starter: this bot does not play ' + value + ' (it plays pentago, pente and ' +
            "pentago-multi); it answers every turn with 'move unsupported-game'");
        }
      } else if (key === 'variant') state.variant = value;
      else if (key === 'options') state.tournament = !words.includes('opening=free');
      else if (key === 'you') state.seat = Number(value);
      else if (key === 'seed') state.seed = BigInt(value);
    } else if (keyword === 'start') {
      below = makeRandom(state.seed, state.seat);
    } else if (keyword === 'position') {
      if (playsGame(state.game)) readPosition(state, rest);
    } else if (keyword === 'turn' && !playsGame(state.game)) {
      say('move unsupported-game'); // no game accepts it: we decline
    } else if (keyword === 'turn') {
      const timeMs = Number(words[1] || 0);
      const moves = legalMoves(state);
      if (moves.length === 0) {
        log('starter: no legal move found');
        return;
      }
      say('move ' + chooseMove(state, moves, timeMs, below));
    } else if (keyword === 'result') {
      log('starter: game over: ' + rest);
    } else if (keyword === 'newgame') {
      state = newState();
      say('ready 1');
    } else if (keyword === 'quit') {
      process.exit(0);
    }
    // Any other line (`played`, new keywords): ignored.
  });
  // End of input: the referee has gone, so quit.
  input.on('close', () => process.exit(0));
  process.stdout.on('error', () => process.exit(0));
}

// --list-moves GAME VARIANT POSITION [OPTIONS]: print the legal moves.
function listMoves(args) {
  if (args.length < 3) {
    log("usage: starter.js --list-moves GAME VARIANT 'POSITION' [OPTIONS]");
    process.exit(2);
  }
  if (!playsGame(args[0])) {
    log('starter: this bot does not play ' + args[0]);
    process.exit(2);
  }
  const state = newState();
  state.game = args[0];
  state.variant = args[1];
  state.tournament = args.length < 4 || !args[3].split(/\s+/).includes('opening=free');
  readPosition(state, args[2]);
  for (const move of legalMoves(state)) say(move);
}

if (process.argv[2] === '--list-moves') {
  listMoves(process.argv.slice(3));
} else {
  play();
}
