#!/usr/bin/env python3
"""A starter bot for Pentago, Pente and Pentago Multiplayer, in Python 3
(standard library only).

Copy this one file, put your own choice in choose_move() (search for
"YOUR MOVE") and try it against the bundled random bot:

    referee match "python3 starter.py" build/bots/random_bot
    referee match --game pente --variant plus "python3 starter.py" build/bots/random_bot
    referee match --game pentago-multi "python3 starter.py" build/bots/random_bot

What it does for you:
  - speaks the bot protocol (protocol/PROTOCOL.md): it reads the referee's
    lines on stdin and answers on stdout, one line at a time;
  - asks the referee for a `position` line before each of its turns, so it
    needs no rules to follow the game: it reads the board from that line;
  - lists the legal moves of the position and lets choose_move() pick one.
    As written it picks one at random, seeded from the referee's `set seed`
    and its own seat, so the same seed plays the same game.

The list of legal moves:
  - Pentago (6x6, 4 quadrants) and Pentago Multiplayer (9x9, 9 blocks;
    `set game pentago-multi`, variants 2p, 3p, 4p, team): every empty cell
    with each turn of each block, "c4 1R", "c4 1L", "c4 2R", ...; where the
    placement alone makes five (or more) in a row of the mover's colour,
    the bare cell "c4" instead: the mover has won there and no turn
    follows. Cells in order a1, b1, ..., then row 2: the rules engine's
    own order.
  - Pente: every empty point ("K10"); the first stone of the game must be
    K10; with opening=tournament (the default) white's second stone (ply 2;
    ply 4 in the team variant) must be outside H8-M12.
  - Pente Plus: also every empty point as a power stone ("L12*") while the
    player to move has power stones in hand (not for the first stone). Two
    optional extras are not listed: a bonus stone after a power stone
    ("L12* D4") and colour lists ("K15/w"). A move without them is always
    legal; add them yourself if you want them.

Any other game (the Pattern Puzzle, `pentago-puzzle`, or a game added
later): the bot does not play it. On `set game` it says so on stderr, and
it answers every `turn` with "move unsupported-game", a text no game
accepts, so that `referee check-bot` lists the game as not played.

A help for authors: `python3 starter.py --list-moves GAME VARIANT 'POSITION'
[OPTIONS]` prints the legal moves of a position, one a line.

Everything you print on stdout goes to the referee, so write your notes to
stderr (the referee keeps them in a log file): log("thinking...").
"""

import random
import sys


class State:
    """What the bot knows about the game.

    board is a list of rows, as the position line lists them, each a list
    of cells: '.' empty, 'w' white, 'b' black, 'p' a power stone (Plus),
    'r' red, 'u' blue (Pente team, Pentago Multiplayer).
      Pentago: 6 rows; board[0] is row 1 (the top), board[r][0] column a,
               so cell "c4" is board[3][2]; Pentago Multiplayer the same
               with 9 rows ("e5" is board[4][4]).
      Pente:   19 rows; board[0] is row 19 (the top), board[r][0] column A,
               so K10 is board[9][9].
    """

    def __init__(self):
        self.game = "pentago"      # "pentago", "pente" or "pentago-multi"
        self.variant = ""          # pentago: swiss-2010, standard;
                                   # pente: standard, plus, partner, team;
                                   # pentago-multi: 2p, 3p, 4p, team
        self.tournament = True     # Pente: opening=tournament (the default)
        self.seat = 0              # our seat: 0 moves first
        self.seed = 0              # from `set seed`
        self.board = []
        self.to_move = "w"         # colour to move: 'w', 'b', 'r' or 'u'
        self.ply = 0               # Pente: plies played so far
        self.captured = [0, 0]     # Pente: stones captured by white's, black's team
        self.power = [0, 0]        # Pente Plus: power stones in hand, white, black
        self.seat_to_move = 0      # Pentago Multiplayer: the seat to move
        self.places = []           # Pentago Multiplayer: each seat's place,
                                   # 0 while it is still in


def log(*words):
    print(*words, file=sys.stderr, flush=True)


# ==== YOUR MOVE ===========================================================
def choose_move(state, moves, time_ms, rng):
    """Put your own choice here.

    state    the game and the position (see State above)
    moves    every legal move as text, e.g. ["a1 1R", "a1 1L", ...]
    time_ms  milliseconds you have for this move: answer well within it
    rng      a random generator seeded from the game's seed and your seat
    Return the text of your move: one of moves, or a legal move you build
    yourself (for example a Pente Plus bonus stone, "L12* D4").
    As written: a random legal move.
    """
    return rng.choice(moves)
# ==== end of YOUR MOVE ====================================================


def plays_game(game):
    """The games this bot knows; it declines any other."""
    return game in ("pentago", "pente", "pentago-multi")


def read_position(state, text):
    """Turn a `position` line into state.board and the rest of state."""
    fields = text.split()
    rows = fields[0].split("/")
    if state.game == "pente":
        # Pente: a number is a run of empty points; then the colour to
        # move, the plies, captures "c0,c1", in Plus power stones "p0,p1".
        state.board = []
        for row_text in rows:
            row, number = [], ""
            for ch in row_text + " ":
                if ch.isdigit():
                    number += ch
                    continue
                if number:
                    row += ["."] * int(number)
                    number = ""
                if ch != " ":
                    row.append(ch)
            state.board.append(row)
        state.to_move = fields[1]
        state.ply = int(fields[2])
        state.captured = [int(x) for x in fields[3].split(",")]
        state.power = [int(x) for x in fields[4].split(",")] \
            if len(fields) > 4 else [0, 0]
    elif state.game == "pentago-multi":
        # Nine rows of nine cells, the seat to move, each seat's place.
        # Seat s plays colour s (w b r u); in team play s % 2 (w b).
        state.board = [list(row) for row in rows]
        state.seat_to_move = int(fields[1])
        state.places = [int(x) for x in fields[2].split(",")]
        if state.variant == "team":
            state.to_move = "wb"[state.seat_to_move % 2]
        else:
            state.to_move = "wbru"[state.seat_to_move]
    else:
        # Pentago: six rows of six cells, then the colour to move.
        state.board = [list(row) for row in rows]
        state.to_move = fields[1] if len(fields) > 1 else "w"


def makes_five(board, r, c, colour):
    """Does a gem of colour on the empty cell (r, c) make five or more in
    a row? Along each line through it: its own gems on both sides, plus
    itself."""
    size = len(board)
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        run = 1
        for sign in (-1, 1):
            rr, cc = r + sign * dr, c + sign * dc
            while 0 <= rr < size and 0 <= cc < size \
                    and board[rr][cc] == colour:
                run += 1
                rr, cc = rr + sign * dr, cc + sign * dc
        if run >= 5:
            return True
    return False


def block_moves(board, colour):
    """Pentago and Pentago Multiplayer: the board is cut into 3x3 blocks,
    4 or 9, numbered in reading order. Every empty cell with each block
    turned each way ("c4 2R"), or the bare cell where the placement makes
    five for colour."""
    size = len(board)
    blocks = (size // 3) ** 2
    moves = []
    for r in range(size):
        for c in range(size):
            if board[r][c] != ".":
                continue
            cell = "abcdefghi"[c] + str(r + 1)
            if makes_five(board, r, c, colour):
                moves.append(cell)  # it wins here: no turn follows
                continue
            for block in range(1, blocks + 1):
                moves.append("%s %dR" % (cell, block))
                moves.append("%s %dL" % (cell, block))
    return moves


def legal_moves(state):
    """Every legal move of the position, as text."""
    if state.game != "pente":
        return block_moves(state.board, state.to_move)
    moves = []
    columns = "ABCDEFGHJKLMNOPQRST"  # no I
    opening_ply = 4 if state.variant == "team" else 2
    mine = 1 if state.to_move == "b" else 0  # Plus: whose power stones
    power = state.variant == "plus" and state.ply > 0 \
        and state.power[mine] > 0
    for r in range(19):
        for c in range(19):
            if state.board[r][c] != ".":
                continue
            if state.ply == 0 and (r, c) != (9, 9):
                continue  # the first stone goes on K10
            near = abs(r - 9) < 3 and abs(c - 9) < 3
            if state.tournament and state.ply == opening_ply and near:
                continue  # white's second stone: outside H8-M12
            point = columns[c] + str(19 - r)
            moves.append(point)
            if power:
                moves.append(point + "*")
    return moves


def say(text):
    """One line to the referee, flushed at once (or it never arrives)."""
    print(text, flush=True)


def play():
    state, rng = State(), random.Random(0)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        keyword, rest = words[0], line.strip()[len(words[0]):].strip()
        if keyword == "protocol":
            say("id name Starter (Python)")
            say("id version 0.1")
            say("id author Your Name")
            say("id option position")  # a `position` line before turns
            say("id option newgame")   # can play game after game
            say("ready 1")
        elif keyword == "set" and len(words) > 2:
            key, value = words[1], words[2]
            if key == "game":
                state.game = value
                state.variant = {"pente": "standard",
                                 "pentago-multi": "2p"}.get(value, "")
                if not plays_game(value):
                    log("starter: this bot does not play %s (it plays "
                        "pentago, pente and pentago-multi); it answers "
                        "every turn with 'move unsupported-game'" % value)
            elif key == "variant":
                state.variant = value
            elif key == "options":
                state.tournament = "opening=free" not in words[2:]
            elif key == "you":
                state.seat = int(value)
            elif key == "seed":
                state.seed = int(value)
        elif keyword == "start":
            # Mix the seat in, so two copies of this bot play differently.
            rng = random.Random(state.seed * 4 + state.seat)
        elif keyword == "position":
            if plays_game(state.game):
                read_position(state, rest)
        elif keyword == "turn" and not plays_game(state.game):
            say("move unsupported-game")  # no game accepts it: we decline
        elif keyword == "turn":
            time_ms = int(words[1]) if len(words) > 1 else 0
            moves = legal_moves(state)
            if not moves:
                log("starter: no legal move found")
                continue
            say("move " + choose_move(state, moves, time_ms, rng))
        elif keyword == "result":
            log("starter: game over:", rest)
        elif keyword == "newgame":
            state = State()
            say("ready 1")
        elif keyword == "quit":
            return
        # Any other line (`played`, new keywords): ignored.
    # End of input: the referee has gone, so quit.


def list_moves(args):
    """--list-moves GAME VARIANT POSITION [OPTIONS]: print the legal moves."""
    if len(args) < 3:
        log("usage: starter.py --list-moves GAME VARIANT 'POSITION' [OPTIONS]")
        sys.exit(2)
    if not plays_game(args[0]):
        log("starter: this bot does not play " + args[0])
        sys.exit(2)
    state = State()
    state.game, state.variant = args[0], args[1]
    state.tournament = len(args) < 4 or "opening=free" not in args[3].split()
    read_position(state, args[2])
    for move in legal_moves(state):
        print(move)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--list-moves":
        list_moves(sys.argv[2:])
    else:
        play()
