#!/usr/bin/env python3
"""Random bot for every game the referee knows, in Python (standard library
only), protocol v1.

Pentago (swiss-2010, standard): a random empty cell and a random quadrant
rotation; the bare cell when the placement alone makes five.
Pente (standard, plus, partner, team): a random legal point (K10 first, the
tournament opening rule at its ply); in Pente Plus a power stone now and
then, never a bonus stone or a colour list.
Pentago Multiplayer (2p, 3p, 4p, team): a random empty cell of the 9x9
board and a random block turn (the turn is dropped after a five by
placement, so it is always legal).
The Pattern Puzzle (2p, 3p, 4p): as breaker a random gem off the board, as
mender a random empty cell with a gem handed back; a random turn either way.
Any other game is played as Pentago, on its position line.

The bot asks for `position` lines (`id option position`), so it never has
to play captures or rotations of other seats' moves itself. Deterministic:
the moves depend only on `set seed`, `set you` and the positions
(splitmix64, the same generator and draws as bots/js/random_bot.js, so both
play the same game from the same seed; bots/README.md gives the draws).

Run: python3 bots/python/random_bot.py
"""

import sys

MASK = (1 << 64) - 1
NAME = "Random Bot (Python)"
PENTE_COLUMNS = "ABCDEFGHJKLMNOPQRST"  # no I
PENTE_CENTRE = 9 * 19 + 9  # K10, with row 19 first


class SplitMix64:
    """splitmix64 with 64-bit wrap-around done by masking."""

    def __init__(self, seed, seat):
        # Mix the seat in so that two copies given one seed play differently.
        self.state = (seed ^ ((seat + 1) * 0xD1B54A32D192ED03)) & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n


# ---- Pentago -------------------------------------------------------------

def pentago_lines():
    """The 32 lines of five cells on the 6x6 board (cells 0..35, a1 = 0)."""
    lines = []
    for r in range(6):
        for c in range(6):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                er, ec = r + 4 * dr, c + 4 * dc
                if 0 <= er < 6 and 0 <= ec < 6:
                    lines.append([(r + i * dr) * 6 + c + i * dc for i in range(5)])
    return lines


PENTAGO_LINES = pentago_lines()


def pentago_move(position, rng):
    """A move for the side to move in a Pentago position line."""
    fields = position.split()
    board = fields[0].replace("/", "")
    me = fields[1]
    empty = [i for i in range(36) if board[i] == "."]
    cell = empty[rng.below(len(empty))]
    rot = rng.below(8)
    name = "abcdef"[cell % 6] + str(cell // 6 + 1)
    after = board[:cell] + me + board[cell + 1:]
    if any(all(after[i] == me for i in line) for line in PENTAGO_LINES):
        return name  # five by placement: no rotation follows
    return "%s %d%s" % (name, rot // 2 + 1, "R" if rot % 2 == 0 else "L")


# ---- the 9x9 board: Pentago Multiplayer and the Pattern Puzzle -----------

def board9_cells(rows, empty):
    """The empty cells (empty True) or the gems of a 9x9 position line's
    rows, in reading order (a1 = 0, b1 = 1, ..., i9 = 80)."""
    board = rows.replace("/", "")
    return [i for i in range(81) if (board[i] == ".") == empty]


def board9_name(cell):
    return "abcdefghi"[cell % 9] + str(cell // 9 + 1)


def board9_turn(rng):
    t = rng.below(18)
    return "%d%s" % (t // 2 + 1, "R" if t % 2 == 0 else "L")


def multi_move(position, rng):
    """A move in a Pentago Multiplayer position line.  The turn is sent
    even after a placement that makes five: the referee drops it."""
    empty = board9_cells(position.split()[0], True)
    cell = empty[rng.below(len(empty))]
    return board9_name(cell) + " " + board9_turn(rng)


def puzzle_move(position, rng):
    """A move in a Pattern Puzzle position line (ROWS LEVEL SEAT ROLE STEP
    MENDER PLAYERS HANDED REPLAYS): a gem off as breaker, a gem handed
    back on as mender."""
    fields = position.split()
    if fields[3] == "b":
        gems = board9_cells(fields[0], False)
        cell = gems[rng.below(len(gems))]
        return "-" + board9_name(cell) + " " + board9_turn(rng)
    empty = board9_cells(fields[0], True)
    cell = empty[rng.below(len(empty))]
    colour = fields[7][rng.below(len(fields[7]))]
    return board9_name(cell) + colour + " " + board9_turn(rng)


# ---- Pente ---------------------------------------------------------------

def pente_board(rows):
    """The 361 points of the position line's rows (row 19 first): '.' for
    an empty point, else the stone's letter."""
    board = []
    for row in rows.split("/"):
        run = ""
        for ch in row + "/":
            if ch.isdigit():
                run += ch
                continue
            if run:
                board.extend("." * int(run))
                run = ""
            if ch != "/":
                board.append(ch)
    return board


def pente_move(position, rng, settings):
    """A move for the side to move in a Pente position line."""
    fields = position.split()
    board = pente_board(fields[0])
    me, ply = fields[1], int(fields[2])
    opening_ply = 4 if settings["variant"] == "team" else 2
    restricted = settings["tournament"] and ply == opening_ply
    legal = []
    for i in range(19 * 19):
        if board[i] != ".":
            continue
        if ply == 0 and i != PENTE_CENTRE:
            continue
        if restricted and max(abs(i // 19 - 9), abs(i % 19 - 9)) < 3:
            continue
        legal.append(i)
    cell = legal[rng.below(len(legal))]
    name = PENTE_COLUMNS[cell % 19] + str(19 - cell // 19)
    if settings["variant"] == "plus" and ply > 0:
        in_hand = fields[4].split(",")[0 if me == "w" else 1]
        if int(in_hand) > 0 and rng.below(4) == 0:
            name += "*"  # a power stone; no bonus stone, no colour list
    return name


# ---- protocol ------------------------------------------------------------

def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Bot:
    """The protocol state: the game's settings, seat, seed, generator and
    the last position."""

    def __init__(self):
        self.game, self.seat, self.seed, self.rng = "pentago", 0, 0, None
        self.pente = {"variant": "standard", "tournament": True}
        self.position = None

    def set(self, key, args):
        if key == "game":
            self.game = args[0]
        elif key == "variant":
            self.pente["variant"] = args[0]
        elif key == "options":
            self.pente["tournament"] = "opening=free" not in args
        elif key == "you":
            self.seat = int(args[0])
        elif key == "seed":
            self.seed = int(args[0]) & MASK

    def move(self):
        if self.rng is None:
            self.rng = SplitMix64(self.seed, self.seat)
        if self.position is None:
            return None
        if self.game == "pente":
            return pente_move(self.position, self.rng, self.pente)
        if self.game == "pentago-multi":
            return multi_move(self.position, self.rng)
        if self.game == "pentago-puzzle":
            return puzzle_move(self.position, self.rng)
        return pentago_move(self.position, self.rng)

    def handle(self, kw, args):
        """Act on one message; False when the bot must quit."""
        if kw == "protocol":
            send("id name " + NAME)
            send("id version 2.0")
            send("id author referee project")
            send("id option position")
            send("id option newgame")
            send("ready 1")
        elif kw == "set" and len(args) >= 2:
            self.set(args[0], args[1:])
        elif kw == "start":
            self.rng = SplitMix64(self.seed, self.seat)
        elif kw == "position" and args:
            self.position = " ".join(args)
        elif kw == "turn":
            move = self.move()
            if move is None:
                print("no position line before the turn", file=sys.stderr)
                return False
            send("move " + move)
        elif kw == "newgame":
            # Kept for another game (`match --keep-bots`): its settings
            # come again; forget this game's.
            self.__init__()
            send("ready 1")
        elif kw == "quit":
            return False
        return True  # unknown keywords (and `played`) are ignored


def main():
    bot = Bot()
    stdin = sys.stdin.buffer
    while True:
        raw = stdin.readline()
        if not raw:
            return  # EOF: quit now
        words = raw.decode("utf-8", "replace").rstrip("\r\n").split()
        if not words:
            continue
        try:
            if not bot.handle(words[0], words[1:]):
                return
        except (ValueError, IndexError):
            pass  # a number that is not one, a short line: ignore it


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        # The referee went away: leave quietly (no flush error at exit).
        sys.stdout = None
