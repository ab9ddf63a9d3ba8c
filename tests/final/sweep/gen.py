#!/usr/bin/env python3
"""Make the sweep positions (reproducible): pos/NAME.txt (nakade diagram),
pos/NAME.B.sgf and pos/NAME.W.sgf (same position, PL[B] / PL[W]), and pos/index.txt.

  selfplay: GNU Go (level 1) plays both sides after 0..4 seeded random legal moves,
            until two passes in a row or 3*size*size moves; 120 distinct final positions per size 4..7.
  random:   each point B/W/empty with 35/35/30, strings without liberties removed; 60 per size 4..7.
"""
import os, random, subprocess, sys
from multiprocessing import Pool

GNUGO = "/usr/games/gnugo"
HERE = os.path.dirname(os.path.abspath(__file__))
POS = os.path.join(HERE, "pos")
COLS = "ABCDEFGHJKLMNOPQRST"
SELFPLAY_PER_SIZE = 120
RANDOM_PER_SIZE = 60
SIZES = (4, 5, 6, 7)


class Gtp:
    def __init__(self, *args):
        self.p = subprocess.Popen([GNUGO, "--mode", "gtp", "--quiet", *args],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def cmd(self, c):
        self.p.stdin.write(c + "\n"); self.p.stdin.flush()
        lines = []
        while True:
            l = self.p.stdout.readline()
            if l == "":
                raise RuntimeError("gnugo died on %r" % c)
            if l.strip() == "" and lines:
                break
            if l.strip() == "" and not lines:
                continue
            lines.append(l.rstrip("\n"))
        out = "\n".join(lines)
        if out.startswith("?"):
            raise RuntimeError("gtp error on %r: %s" % (c, out))
        return out[1:].strip()

    def close(self):
        try:
            self.cmd("quit")
        except Exception:
            pass
        self.p.wait()


def vertex_to_rc(v, n):
    """GTP vertex -> (row from top, col)."""
    col = COLS.index(v[0].upper())
    row = n - int(v[1:])
    return row, col


def selfplay(args):
    size, seed = args
    rng = random.Random(seed * 7919 + size)
    g = Gtp("--level", "1", "--never-resign")
    try:
        g.cmd("boardsize %d" % size); g.cmd("clear_board"); g.cmd("komi 0")
        g.cmd("set_random_seed %d" % seed)
        color = "black"
        nrand = seed % 5
        moves = []
        for _ in range(nrand):
            legal = g.cmd("all_legal " + color).split()
            if not legal:
                break
            m = rng.choice(sorted(legal))
            g.cmd("play %s %s" % (color, m)); moves.append(m)
            color = "white" if color == "black" else "black"
        passes = 0
        cap = 3 * size * size
        n = 0
        while passes < 2 and n < cap:
            m = g.cmd("genmove " + color).upper()
            n += 1
            if m == "RESIGN":
                break
            passes = passes + 1 if m == "PASS" else 0
            moves.append(m)
            color = "white" if color == "black" else "black"
        board = [["."] * size for _ in range(size)]
        for c, ch in (("black", "X"), ("white", "O")):
            for v in g.cmd("list_stones " + c).split():
                r, cc = vertex_to_rc(v, size)
                board[r][cc] = ch
        return size, seed, board, " ".join(moves)
    finally:
        g.close()


def strings_without_liberties(board):
    n = len(board)
    seen, dead = set(), []
    for r in range(n):
        for c in range(n):
            if board[r][c] == "." or (r, c) in seen:
                continue
            col = board[r][c]
            stack, grp, libs = [(r, c)], [], 0
            seen.add((r, c))
            while stack:
                p = stack.pop(); grp.append(p)
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    q = (p[0] + dr, p[1] + dc)
                    if 0 <= q[0] < n and 0 <= q[1] < n:
                        x = board[q[0]][q[1]]
                        if x == ".":
                            libs += 1
                        elif x == col and q not in seen:
                            seen.add(q); stack.append(q)
            if libs == 0:
                dead.extend(grp)
    return dead


def random_fill(size, seed):
    rng = random.Random(1000003 * size + seed)
    board = [[rng.choices("XO.", weights=(35, 35, 30))[0] for _ in range(size)] for _ in range(size)]
    for r, c in strings_without_liberties(board):  # removing only adds liberties: result is legal
        board[r][c] = "."
    return board


def diagram(board):
    n = len(board)
    border = "+" + "-" * (2 * n - 1) + "+"
    return "\n".join([border] + ["|" + " ".join(row) + "|" for row in board] + [border]) + "\n"


def sgf(board, pl):
    n = len(board)
    ab, aw = [], []
    for r in range(n):
        for c in range(n):
            v = "[" + "abcdefghijklmnopqrs"[c] + "abcdefghijklmnopqrs"[r] + "]"
            if board[r][c] == "X": ab.append(v)
            elif board[r][c] == "O": aw.append(v)
    s = "(;GM[1]FF[4]CA[UTF-8]SZ[%d]KM[0]" % n
    if ab: s += "AB" + "".join(ab)
    if aw: s += "AW" + "".join(aw)
    return s + "PL[%s])\n" % pl


def write(name, board, index, note):
    with open(os.path.join(POS, name + ".txt"), "w") as f:
        f.write(diagram(board))
    for pl in "BW":
        with open(os.path.join(POS, "%s.%s.sgf" % (name, pl)), "w") as f:
            f.write(sgf(board, pl))
    index.append("%s %d %s" % (name, len(board), note))


def main():
    os.makedirs(POS, exist_ok=True)
    index = []
    with Pool(2) as pool:
        for size in SIZES:
            got, seen, seed = 0, set(), 0
            while got < SELFPLAY_PER_SIZE and seed < 2000:
                batch = [(size, s) for s in range(seed, seed + 40)]
                seed += 40
                for sz, sd, board, moves in pool.map(selfplay, batch):
                    key = "".join("".join(r) for r in board)
                    if got >= SELFPLAY_PER_SIZE or key in seen or set(key) == {"."}:
                        continue
                    seen.add(key); got += 1
                    write("sp%d_%04d" % (sz, sd), board, index, "selfplay seed=%d moves=%s" % (sd, moves))
            print("size %d: %d selfplay positions (%d games)" % (size, got, seed), file=sys.stderr)
    for size in SIZES:
        got, seen, seed = 0, set(), 0
        while got < RANDOM_PER_SIZE:
            board = random_fill(size, seed)
            key = "".join("".join(r) for r in board)
            if key not in seen and set(key) != {"."}:
                seen.add(key); got += 1
                write("rf%d_%04d" % (size, seed), board, index, "random seed=%d" % seed)
            seed += 1
    with open(os.path.join(POS, "index.txt"), "w") as f:
        f.write("\n".join(index) + "\n")
    print("%d positions" % len(index), file=sys.stderr)


if __name__ == "__main__":
    main()
