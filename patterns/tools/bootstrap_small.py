#!/usr/bin/env python3
"""One-off bootstrap of patterns/small.db: every eye graph of up to 3 vertices, every labelling
over . ! X $, asked of GNU Go 3.8's analyze_eyegraph in every board placement (centre, edge,
corner). It stands until `nakade generate` (the solver) writes the default database.

Placement-specific patterns (edge markers) come first, most edges first, and only where the
first-match rule would otherwise give another answer. Labellings GNU Go cannot place
("failed to analyze") fall back to the centre pattern. Non-marginal all-stone labellings are not
legal positions (a string without liberties is removed): `X` and `XX` are the empty one- and
two-point eyes (1111); `XXX` would be the empty straight three (1122, vital point in the middle),
which the dialect cannot write on a stone, so it has no pattern.

Usage: python3 patterns/tools/bootstrap_small.py > patterns/small.db
"""
import itertools
import subprocess
import sys

GNUGO = '/usr/games/gnugo'
SHAPES = {1: [(0, 0)], 2: [(0, 0), (0, 1)], 3: [(0, 0), (0, 1), (0, 2)], 4: [(0, 0), (0, 1), (1, 0)]}
LABELS = '.!X$'


class Gnugo:
    def __init__(self):
        self.start()

    def start(self):
        self.p = subprocess.Popen([GNUGO, '--mode', 'gtp', '--quiet'], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def ask(self, graph):
        self.p.stdin.write(f'analyze_eyegraph {graph}\n')
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if line == '':
                self.start()
                return None
            if line.strip() == '':
                if out:
                    break
                continue
            out.append(line.rstrip('\n'))
        if not out[0].startswith('='):
            return None
        return out[0].split()[1], out[1:]


def orientations(cells):
    seen = set()
    for s in range(8):
        pts = []
        for r, c in cells:
            for _ in range(s & 3):
                r, c = c, -r
            if s & 4:
                c = -c
            pts.append((r, c))
        mr, mc = min(p[0] for p in pts), min(p[1] for p in pts)
        pts = tuple((r - mr, c - mc) for r, c in pts)
        key = tuple(sorted(pts))
        if key not in seen:
            seen.add(key)
            yield pts


def canon(cells, labels, edges):
    """Canonical form of a labelled graph by brute force (n <= 3)."""
    n = len(cells)
    adj = {(i, j) for i in range(n) for j in range(n)
           if abs(cells[i][0] - cells[j][0]) + abs(cells[i][1] - cells[j][1]) == 1}
    best = None
    for perm in itertools.permutations(range(n)):
        form = (tuple((labels[perm[i]], edges[perm[i]]) for i in range(n)),
                tuple((i, j) in {(perm.index(a), perm.index(b)) for a, b in adj} for i in range(n) for j in range(n)))
        if best is None or form < best:
            best = form
    return best


def encode(cells, labels, bottom, left):
    """Rows top to bottom; row index r counts up from the bottom edge; column c from the left edge."""
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    grid = [['O'] * width for _ in range(height)]
    for (r, c), l in zip(cells, labels):
        grid[height - 1 - r][c] = l
    rows = [''.join(row) for row in grid]
    if left:
        rows = ['|' + row for row in rows]
    if bottom:
        rows.append(('+' if left else '') + '-' * width)
    return '%'.join(rows)


def main():
    g = Gnugo()
    results = {}  # graph key (labels+adjacency, no edges) -> list of (edge key, value, annotation, edges)
    for size_shape, cells0 in SHAPES.items():
        for cells in orientations(cells0):
            n = len(cells)
            for labels in itertools.product(LABELS, repeat=n):
                illegal = all(l == 'X' for l in labels)
                if illegal and n == 3:
                    continue
                for bottom, left in [(False, False), (True, False), (True, True)]:
                    edges = [(bottom and r == 0) + (left and c == 0) for r, c in cells]
                    if illegal:
                        if bottom or left:
                            continue
                        answer = ('1111', [''.join(l for l in labels)])
                    else:
                        answer = g.ask(encode(cells, labels, bottom, left))
                        # GNU Go turns a non-eye cell enclosed by the space into a playable
                        # point (printed '.'): then it analysed another graph; do not use it.
                        if answer and sum(ch in '.*<>X!@()$' for r in answer[1] for ch in r) != n:
                            answer = None
                    base = canon(cells, labels, [0] * n)
                    full = canon(cells, labels, edges)
                    entry = results.setdefault(base, {})
                    if full in entry:
                        continue
                    entry[full] = (answer, edges, labels, cells, bottom, left)
    patterns = []
    for base, entry in results.items():
        centre = [k for k, v in entry.items() if sum(v[1]) == 0][0]
        chosen = []  # (edge sum, full key, edges, answer)
        for full, (answer, edges, labels, cells, bottom, left) in sorted(entry.items(), key=lambda kv: sum(kv[1][1])):
            if answer is None:
                continue
            # The answer the patterns chosen so far give to this placement: the first in
            # most-edges-first order whose edge requirements it meets (cells listed in one order
            # for all placements of a shape orientation, so compare via sorted requirements).
            fallback = None
            for s, k, e, a in sorted(chosen, key=lambda t: -t[0]):
                if covers(entry[k], entry[full]):
                    fallback = a
                    break
            if fallback is None or fallback[0] != answer[0] or norm(fallback[1]) != norm(answer[1]):
                chosen.append((sum(edges), full, edges, answer))
        for s, k, e, a in sorted(chosen, key=lambda t: -t[0]):
            patterns.append((len(e), -s, a, entry[k]))
    out = sys.stdout
    out.write(HEADER)
    counters = {}
    for size in (1, 2, 3):
        out.write(f'\n\n{"#" * 31}\n#{f"{size} vertices":^29}#\n{"#" * 31}\n')
        group = [p for p in patterns if p[0] == size]
        group.sort(key=lambda p: (p[1], p[3][2], p[3][3]))
        for _, _, (value, rows), info in group:
            counters[size] = counters.get(size, 0) + 1
            number = size * 1000 + counters[size]
            rows = [r.rstrip() for r in rows]
            note = ''
            a, b, c, d = value
            empties = [(i, j) for i, r in enumerate(rows) for j, ch in enumerate(r) if ch in '.!']
            if a != c and not any(ch in '*<@(' for r in rows for ch in r) and len(empties) == 1:
                # GNU Go leaves a suicide unmarked; the value needs the point all the same.
                i, j = empties[0]
                mark = '<' if rows[i][j] == '.' else '('
                rows[i] = rows[i][:j] + mark + rows[i][j + 1:]
                note = ('# GNU Go gives this value but marks no attack point: the attacker\'s\n'
                        '# only move is the suicide on the one empty point, marked here.\n')
            out.write(f'\n\nPattern {number}\n')
            out.write(note)
            if all(l == 'X' for l in info[2]):
                out.write('# Not a legal position: a string without liberties is removed, so this\n'
                          '# is the empty eye (GNU Go reads the stones as staying: 0000).\n')
            out.write('\n' + '\n'.join(rows) + f'\n\n:{value}\n')


def norm(rows):
    return [r.rstrip() for r in rows]


def covers(earlier, later):
    """Does pattern `earlier` (a placement) match the placement `later`? Same labelled graph;
    compare the edge requirements under every vertex permutation that preserves the graph."""
    _, e1, l1, c1, _, _ = earlier
    _, e2, l2, c2, _, _ = later
    n = len(c1)
    adj1 = {(i, j) for i in range(n) for j in range(n) if abs(c1[i][0] - c1[j][0]) + abs(c1[i][1] - c1[j][1]) == 1}
    adj2 = {(i, j) for i in range(n) for j in range(n) if abs(c2[i][0] - c2[j][0]) + abs(c2[i][1] - c2[j][1]) == 1}
    for perm in itertools.permutations(range(n)):
        if all(l1[i] == l2[perm[i]] for i in range(n)) and \
           all(((i, j) in adj1) == ((perm[i], perm[j]) in adj2) for i in range(n) for j in range(n)) and \
           all(e1[i] <= e2[perm[i]] for i in range(n)):
            return True
    return False


HEADER = '''# nakade's default eye-shape database: eye graphs of 1 to 3 vertices.
#
# Every labelling over . ! X $ of every graph of up to three vertices, in every board placement
# (centre, edge, corner). Values and vital points were asked of GNU Go 3.8's analyze_eyegraph and
# read through by hand (tests/default_db.rs asks GNU Go again). Patterns that need an edge or a
# corner come before the general ones, most edges first; a placement that GNU Go cannot analyze
# falls back to the general pattern. Written by patterns/tools/bootstrap_small.py until the
# solver generates this file. Not used: GNU Go's answers where it enclosed a non-eye cell and
# analysed a larger graph (an L of three around an empty corner point).
#
# Markers: . empty  * attack+defence  < attack  > defence  X dead stone  x . or X
#          ! marginal  @ ( ) marginal vital points  $ marginal stone
#          | - + board edges and corner'''

if __name__ == '__main__':
    main()
