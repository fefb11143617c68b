#!/usr/bin/env python3
"""A small one-ply bot for Pentago and Pente, in Python 3 (standard library
only): the example bot of the CI strength check (bots/ci/README.md) and
the bot its tests play (tests/unit/test_ci_check.c).

It asks for `position` lines (`id option position`) and scores every legal
move by the lines of five it makes and blocks:
  - Pentago (swiss-2010, standard): a placement that makes five, else the
    move (cell and quadrant turn) whose board counts best: each line of
    five holding marbles of one colour only is worth 4^n to that colour,
    a five is a win for the mover, a five for the opponent alone a loss.
  - Pente (standard): the first stone on K10; then, among the empty points
    near the stones (and outside H8-M12 at the tournament opening's ply
    2), the point that makes the longest run of its own colour or breaks
    the longest of the opponent's, with a bonus for a capture.
Ties are broken at random from the referee's `set seed` and the seat, so
a game replays from its seed. Other games and variants are not played.

Weakened on purpose (for the tests, and to see the check fail):
`--weak` plays a random legal move in every game, `--weak-in GAME` in
that game only; so does setting WEAK_GAMES below.

Run: python3 bots/ci/example_bot.py [--weak | --weak-in GAME]
"""

import random
import sys

WEAK_GAMES = ()  # the games played at random, e.g. ("pentago", "pente")

PENTE_COLUMNS = "ABCDEFGHJKLMNOPQRST"  # no I
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


# ---- Pentago -------------------------------------------------------------

def pentago_lines():
    """The 32 lines of five cells of the 6x6 board (cell = row * 6 + col,
    row 0 is row 1, the top)."""
    lines = []
    for r in range(6):
        for c in range(6):
            for dr, dc in DIRECTIONS:
                if 0 <= r + 4 * dr < 6 and 0 <= c + 4 * dc < 6:
                    lines.append([(r + i * dr) * 6 + c + i * dc
                                  for i in range(5)])
    return lines


PENTAGO_LINES = pentago_lines()


def rotation_maps():
    """For each quadrant 1-4 and turn R (clockwise) or L: the cell each
    cell's marble comes from."""
    maps = {}
    for q in range(4):
        r0, c0 = 3 * (q // 2), 3 * (q % 2)
        for turn in "RL":
            src = list(range(36))
            for r in range(3):
                for c in range(3):
                    # Clockwise, (r, c) goes to (c, 2 - r); anticlockwise,
                    # to (2 - c, r).
                    nr, nc = (c, 2 - r) if turn == "R" else (2 - c, r)
                    src[(r0 + nr) * 6 + c0 + nc] = (r0 + r) * 6 + c0 + c
            maps["%d%s" % (q + 1, turn)] = src
    return maps


ROTATIONS = rotation_maps()


def has_five(board, colour):
    return any(all(board[i] == colour for i in line)
               for line in PENTAGO_LINES)


def pentago_score(board, me, other):
    """How good a board is for me: a five decides, else lines of one
    colour count 4^n, the opponent's a little more (they move next)."""
    mine, theirs = has_five(board, me), has_five(board, other)
    if mine:
        return 1e9
    if theirs:
        return -1e9
    score = 0.0
    for line in PENTAGO_LINES:
        m = sum(1 for i in line if board[i] == me)
        t = sum(1 for i in line if board[i] == other)
        if m and not t:
            score += 4 ** m
        elif t and not m:
            score -= 1.5 * 4 ** t
    return score


def cell_name(cell):
    return "abcdef"[cell % 6] + str(cell // 6 + 1)


def pentago_move(position, rng, weak):
    fields = position.split()
    board = list(fields[0].replace("/", ""))
    me = fields[1]
    other = "b" if me == "w" else "w"
    empty = [i for i in range(36) if board[i] == "."]
    if weak:
        return "%s %s" % (cell_name(rng.choice(empty)),
                          rng.choice(sorted(ROTATIONS)))
    best, best_moves = None, []
    for cell in empty:
        board[cell] = me
        if has_five(board, me):
            return cell_name(cell)  # five by placement: no turn follows
        for turn, src in ROTATIONS.items():
            score = pentago_score([board[s] for s in src], me, other)
            if best is None or score > best:
                best, best_moves = score, []
            if score == best:
                best_moves.append("%s %s" % (cell_name(cell), turn))
        board[cell] = "."
    return rng.choice(best_moves)


# ---- Pente ---------------------------------------------------------------

def pente_board(rows):
    """The 361 points (index row * 19 + col, row 0 is row 19) of a
    position line's rows: '.' empty, else the stone's letter."""
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


def on_board(r, c):
    return 0 <= r < 19 and 0 <= c < 19


def run_through(board, r, c, colour):
    """The longest run of colour through the empty point (r, c) if a stone
    of colour were put there."""
    longest = 0
    for dr, dc in DIRECTIONS:
        run = 1
        for sign in (-1, 1):
            rr, cc = r + sign * dr, c + sign * dc
            while on_board(rr, cc) and board[rr * 19 + cc] == colour:
                run += 1
                rr, cc = rr + sign * dr, cc + sign * dc
        longest = max(longest, run)
    return longest


def captures(board, r, c, me, other):
    """The pairs a stone of mine on (r, c) would capture."""
    n = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or not on_board(r + 3 * dr, c + 3 * dc):
                continue
            if board[(r + dr) * 19 + c + dc] == other and \
                    board[(r + 2 * dr) * 19 + c + 2 * dc] == other and \
                    board[(r + 3 * dr) * 19 + c + 3 * dc] == me:
                n += 1
    return n


def pente_move(position, rng, weak, tournament):
    fields = position.split()
    board = pente_board(fields[0])
    me, ply = fields[1], int(fields[2])
    other = "b" if me == "w" else "w"
    if ply == 0:
        return "K10"
    restricted = tournament and ply == 2
    points = []
    for i in range(361):
        if board[i] != ".":
            continue
        r, c = divmod(i, 19)
        if restricted:
            if max(abs(r - 9), abs(c - 9)) in (3, 4):
                points.append(i)
            continue
        near = any(on_board(r + dr, c + dc) and
                   board[(r + dr) * 19 + c + dc] not in "."
                   for dr in (-2, -1, 0, 1, 2) for dc in (-2, -1, 0, 1, 2))
        if near:
            points.append(i)
    if not points:  # nothing near (cannot happen after ply 0): anywhere
        points = [i for i in range(361) if board[i] == "."]
    if weak:
        return point_name(rng.choice(points))
    best, best_points = None, []
    for i in points:
        r, c = divmod(i, 19)
        mine = run_through(board, r, c, me)
        theirs = run_through(board, r, c, other)
        if mine >= 5:
            score = 1e9
        elif theirs >= 5:
            score = 1e8
        else:
            score = 10 ** mine + 0.9 * 10 ** theirs \
                + 500 * captures(board, r, c, me, other)
        if best is None or score > best:
            best, best_points = score, []
        if score == best:
            best_points.append(i)
    return point_name(rng.choice(best_points))


def point_name(i):
    return PENTE_COLUMNS[i % 19] + str(19 - i // 19)


# ---- protocol ------------------------------------------------------------

class Bot:
    def __init__(self, weak_games):
        self.weak_games = weak_games
        self.game, self.variant, self.tournament = "pentago", "", True
        self.seat, self.seed, self.position = 0, 0, None
        self.rng = random.Random(0)

    def move(self):
        weak = self.game in self.weak_games
        if self.game == "pente" and self.variant in ("", "standard"):
            return pente_move(self.position, self.rng, weak, self.tournament)
        if self.game == "pentago":
            return pentago_move(self.position, self.rng, weak)
        return None

    def handle(self, words):
        """Act on one line; False when the bot must quit."""
        kw, args = words[0], words[1:]
        if kw == "protocol":
            for line in ("id name Example Bot (Python)", "id version 1.0",
                         "id author referee project", "id option position",
                         "id option newgame", "ready 1"):
                send(line)
        elif kw == "set" and len(args) >= 2:
            if args[0] == "game":
                self.game = args[1]
            elif args[0] == "variant":
                self.variant = args[1]
            elif args[0] == "options":
                self.tournament = "opening=free" not in args[1:]
            elif args[0] == "you":
                self.seat = int(args[1])
            elif args[0] == "seed":
                self.seed = int(args[1])
        elif kw == "start":
            self.rng = random.Random(self.seed * 4 + self.seat)
        elif kw == "position" and args:
            self.position = " ".join(args)
        elif kw == "turn":
            move = self.move() if self.position else None
            if move is None:
                print("example_bot: game %s %s is not played" %
                      (self.game, self.variant), file=sys.stderr)
                return False
            send("move " + move)
        elif kw == "newgame":
            self.__init__(self.weak_games)
            send("ready 1")
        elif kw == "quit":
            return False
        return True


def main(argv):
    weak = set(WEAK_GAMES)
    i = 0
    while i < len(argv):
        if argv[i] == "--weak":
            weak |= {"pentago", "pente"}
        elif argv[i] == "--weak-in" and i + 1 < len(argv):
            i += 1
            weak.add(argv[i])
        else:
            print("usage: example_bot.py [--weak | --weak-in GAME]",
                  file=sys.stderr)
            return 2
        i += 1
    bot = Bot(weak)
    for raw in sys.stdin.buffer:
        words = raw.decode("utf-8", "replace").split()
        if words:
            try:
                if not bot.handle(words):
                    break
            except (ValueError, IndexError):
                pass  # a line it cannot read: ignore it
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (BrokenPipeError, KeyboardInterrupt):
        sys.stdout = None
