#!/usr/bin/env python3
"""Random Pentago bot in Python (standard library only), protocol v1.

Plays a random empty cell and a random quadrant rotation each turn; when the
placement alone makes five it sends the bare cell. Deterministic: the moves
depend only on `set seed`, `set you` and the moves played (splitmix64, the
same generator and draws as bots/js/random_bot.js, so both play the same
game from the same seed).

Run: python3 bots/python/random_bot.py
"""

import sys

MASK = (1 << 64) - 1
NAME = "Random Bot (Python)"


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


def five_lines():
    """The 32 lines of five cells on the 6x6 board (cells 0..35, a1 = 0)."""
    lines = []
    for r in range(6):
        for c in range(6):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                er, ec = r + 4 * dr, c + 4 * dc
                if 0 <= er < 6 and 0 <= ec < 6:
                    lines.append([(r + i * dr) * 6 + c + i * dc for i in range(5)])
    return lines


LINES = five_lines()


def has_five(board, colour):
    return any(all(board[i] == colour for i in line) for line in LINES)


def rotate(board, quadrant, clockwise):
    """Turn quadrant 0..3: clockwise local (r,c) -> (c,2-r), else (2-c,r)."""
    r0, c0 = (quadrant // 2) * 3, (quadrant % 2) * 3
    old = [[board[(r0 + r) * 6 + c0 + c] for c in range(3)] for r in range(3)]
    for r in range(3):
        for c in range(3):
            nr, nc = (c, 2 - r) if clockwise else (2 - c, r)
            board[(r0 + nr) * 6 + c0 + nc] = old[r][c]


def apply_move(board, seat, text):
    """Apply `c4 2R` or bare `c4` for seat (colour = seat + 1)."""
    parts = text.split()
    if not parts or len(parts[0]) != 2:
        return
    col, row = ord(parts[0][0].lower()) - 97, ord(parts[0][1]) - 49
    if not (0 <= col < 6 and 0 <= row < 6):
        return
    cell = row * 6 + col
    board[cell] = seat + 1
    if has_five(board, seat + 1):
        return  # five by placement: any rotation given is ignored
    if len(parts) > 1 and len(parts[1]) == 2 and parts[1][0] in "1234" \
            and parts[1][1].upper() in "RL":
        rotate(board, int(parts[1][0]) - 1, parts[1][1].upper() == "R")


def load_position(board, text):
    cells = text.split()[0].replace("/", "") if text.split() else ""
    for i in range(36):
        ch = cells[i] if i < len(cells) else "."
        board[i] = 1 if ch == "w" else 2 if ch == "b" else 0


def cell_name(i):
    return "abcdef"[i % 6] + str(i // 6 + 1)


def choose(board, seat, rng):
    empty = [i for i in range(36) if board[i] == 0]
    cell = empty[rng.next() % len(empty)]
    rot = rng.next() % 8
    board[cell] = seat + 1
    if has_five(board, seat + 1):
        return cell_name(cell)
    quadrant, clockwise = rot // 2, rot % 2 == 0
    rotate(board, quadrant, clockwise)
    return "%s %d%s" % (cell_name(cell), quadrant + 1, "R" if clockwise else "L")


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Bot:
    """The protocol state: own seat, seed, generator and board."""

    def __init__(self):
        self.board = [0] * 36
        self.seat, self.seed, self.rng = 0, 0, None

    def handle(self, kw, args):
        """Act on one message; False when the bot must quit."""
        if kw == "protocol":
            send("id name " + NAME)
            send("id version 1.0")
            send("id author referee project")
            send("ready 1")
        elif kw == "set" and len(args) >= 2 and args[0] == "you":
            self.seat = int(args[1])
        elif kw == "set" and len(args) >= 2 and args[0] == "seed":
            self.seed = int(args[1]) & MASK
        elif kw == "start":
            self.board = [0] * 36
            self.rng = SplitMix64(self.seed, self.seat)
        elif kw == "played" and len(args) >= 2:
            apply_move(self.board, int(args[0]), " ".join(args[1:]))
        elif kw == "position":
            load_position(self.board, " ".join(args))
        elif kw == "turn":
            if self.rng is None:
                self.rng = SplitMix64(self.seed, self.seat)
            send("move " + choose(self.board, self.seat, self.rng))
        elif kw == "quit":
            return False
        return True  # unknown keywords are ignored


def main():
    bot = Bot()
    stdin = sys.stdin.buffer
    while True:
        raw = stdin.readline()
        if not raw:
            return  # EOF: quit now
        words = raw.decode("utf-8", "replace").rstrip("\r\n").split(" ")
        try:
            if not bot.handle(words[0], words[1:]):
                return
        except ValueError:
            pass  # a number that is not one: ignore the line


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        # The referee went away: leave quietly (no flush error at exit).
        sys.stdout = None
