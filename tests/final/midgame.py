#!/usr/bin/env python3
"""Positions in the middle of the game, and nakade's dead stones against GNU Go 3.8's.

  python3 tests/final/midgame.py gen SIZE MOVES SEED COUNT OUTDIR
  python3 tests/final/midgame.py compare NAKADE[,NAKADE2...] FILES...
  python3 tests/final/midgame.py random SIZE MOVES SEED COUNT OUTDIR
  python3 tests/final/midgame.py time NAKADE[,NAKADE2...] FILES...
  python3 tests/final/midgame.py turned NAKADE [B|W] FILES...
  python3 tests/final/midgame.py stream NAKADE FILES...
  python3 tests/final/midgame.py gtp-stream NAKADE SGF_FILES...

`gen`: GNU Go (level 1, `--seed SEED`, SEED+1, ...) plays MOVES moves from an empty board of
SIZE (komi 6.5); each position is saved with `printsgf` as OUTDIR/SIZE-mMOVES-sSEED.sgf.
`compare`: for each file, GNU Go's `final_status_list dead` against the dead stones of
`nakade score --json` of each binary given; one line a file ('=' the same set, 'x' not,
with the stones only one side calls dead), then the count of equal positions per binary.
`random`: MOVES random legal moves (no suicide; captures taken off), black first, from an
empty board of SIZE, seeds SEED to SEED+COUNT-1; each saved as OUTDIR/r-SIZE-mMOVES-sSEED.txt
(a diagram): boards no game reaches, with strings and races everywhere, for the worst
time a host may meet. `time`: `nakade score FILE` of each binary, the least of three runs
per file (the process included), then the sum, median and max per binary and its slowest.
`turned`: each diagram (framed or bare) under the board's eight symmetries, `nakade score --json` of each
(side to move B unless W is given), the stones' statuses, the score and the teire mapped
back: one line for each file that differs, then the count. `stream`: every file with both
sides to move, shuffled, in one `analyze --jsonl` process, each answer against `score
--json` in a process of its own (what one position leaves kept must not change the next
one's answer). `gtp-stream`: the same through `nakade gtp` (`loadsgf`, the three
`final_status_list` and `final_score`).
GNU Go is at /usr/games/gnugo (`apt-get install gnugo`)."""
import json, os, random, subprocess, sys, time

GNUGO = '/usr/games/gnugo'


def gtp(proc, command):
    proc.stdin.write(command + '\n')
    proc.stdin.flush()
    lines = []
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f'GNU Go ended on: {command}')
        if line.strip() == '':
            if lines:
                return ' '.join(lines)
            continue
        lines.append(line.strip())


def gen(size, moves, seed, count, out):
    os.makedirs(out, exist_ok=True)
    for s in range(seed, seed + count):
        proc = subprocess.Popen([GNUGO, '--mode', 'gtp', '--quiet', '--level', '1',
                                 '--seed', str(s)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
        for c in (f'boardsize {size}', 'clear_board', 'komi 6.5'):
            gtp(proc, c)
        color, passes = 'b', 0
        for _ in range(moves):
            passes = passes + 1 if 'PASS' in gtp(proc, f'genmove {color}').upper() else 0
            color = 'w' if color == 'b' else 'b'
            if passes >= 2:
                break
        name = os.path.join(out, f'{size}-m{moves}-s{s}.sgf')
        gtp(proc, f'printsgf {name}')
        gtp(proc, 'quit')
        proc.wait()
        print(name)


def compare(binaries, files):
    equal = [0] * len(binaries)
    for f in files:
        out = subprocess.run([GNUGO, '--mode', 'gtp', '--quiet'],
                             input=f'loadsgf {f}\nfinal_status_list dead\n',
                             capture_output=True, text=True).stdout
        blocks = [b for b in out.split('\n\n') if b.strip()]
        theirs = set(blocks[1].replace('=', '').split()) if len(blocks) > 1 else set()
        row = [os.path.basename(f), f'gnugo {len(theirs)}']
        for i, b in enumerate(binaries):
            r = subprocess.run([b, 'score', '--json', f], capture_output=True, text=True)
            groups = json.loads(r.stdout)['groups']
            ours = {s for g in groups if g['status'] == 'dead' for s in g['stones']}
            same = ours == theirs
            equal[i] += same
            only = f"+{' '.join(sorted(ours - theirs))} -{' '.join(sorted(theirs - ours))}"
            row.append(f"{'=' if same else 'x'} dead {len(ours)} ({only})")
        print('  '.join(row))
    print('equal positions', equal, 'of', len(files))


def random_boards(size, moves, seed, count, out):
    os.makedirs(out, exist_ok=True)
    near = lambda x, y: [(a, b) for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                         if 0 <= a < size and 0 <= b < size]

    def string(board, x, y):
        color, seen, todo, libs = board[y][x], {(x, y)}, [(x, y)], set()
        while todo:
            for q in near(*todo.pop()):
                v = board[q[1]][q[0]]
                if v == '.':
                    libs.add(q)
                elif v == color and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return seen, libs

    for s in range(seed, seed + count):
        rng = random.Random(s)
        board = [['.'] * size for _ in range(size)]
        color = 'X'
        for _ in range(moves):
            # Up to 20 tries for an empty point where the move is legal.
            for _ in range(20):
                x, y = rng.randrange(size), rng.randrange(size)
                if board[y][x] != '.':
                    continue
                board[y][x] = color
                for q in near(x, y):
                    if board[q[1]][q[0]] not in ('.', color):
                        stones, libs = string(board, *q)
                        if not libs:
                            for a, b in stones:
                                board[b][a] = '.'
                if string(board, x, y)[1]:
                    break
                board[y][x] = '.'
            color = 'O' if color == 'X' else 'X'
        name = os.path.join(out, f'r-{size}-m{moves}-s{s}.txt')
        with open(name, 'w') as f:
            f.write('+' + '-' * (2 * size - 1) + '+\n')
            f.writelines('|' + ' '.join(row) + '|\n' for row in board)
            f.write('+' + '-' * (2 * size - 1) + '+\n')
        print(name)


def timing(binaries, files):
    for b in binaries:
        best = {}
        for f in files:
            runs = []
            for _ in range(3):
                t = time.perf_counter()
                subprocess.run([b, 'score', f], capture_output=True, check=True)
                runs.append(time.perf_counter() - t)
            best[f] = min(runs) * 1000
        v = sorted(best.values())
        slow = sorted(best, key=best.get, reverse=True)[:3]
        print(f"{b}: {len(v)} files, sum {sum(v):.0f} ms, median {v[len(v) // 2]:.1f} ms, "
              f"max {v[-1]:.1f} ms; slowest " + ', '.join(f'{os.path.basename(f)} {best[f]:.0f} ms'
                                                           for f in slow))


def turned(binary, to_move, files):
    cols = 'ABCDEFGHJKLMNOPQRST'
    bad = 0
    for f in files:
        # A framed diagram (`|` at each row's ends, as `random` writes) or a bare one.
        lines = [l.strip() for l in open(f) if l.strip()]
        rows = [l.strip('|').split() for l in lines if not l.startswith(('+', '-'))]
        n = len(rows)
        if n == 0 or any(len(r) != n or set(r) - {'.', 'X', 'O'} for r in rows):
            sys.exit(f'{f}: not a square diagram of . X O')

        def image(s, x, y):
            if s & 4:
                x, y = y, x
            if s & 1:
                x = n - 1 - x
            if s & 2:
                y = n - 1 - y
            return x, y

        answers = []
        for s in range(8):
            board = [['.'] * n for _ in range(n)]
            back = {}
            for y in range(n):
                for x in range(n):
                    tx, ty = image(s, x, y)
                    board[ty][tx] = rows[y][x]
                    back[f'{cols[tx]}{n - ty}'] = f'{cols[x]}{n - y}'
            text = ('+' + '-' * (2 * n - 1) + '+\n'
                    + ''.join('|' + ' '.join(r) + '|\n' for r in board)
                    + '+' + '-' * (2 * n - 1) + '+\n')
            out = subprocess.run([binary, 'score', '--json', '--to-move', to_move, '-'],
                                 input=text, capture_output=True, text=True, check=True)
            d = json.loads(out.stdout)
            stones = sorted((back[v], g['status']) for g in d['groups'] for v in g['stones'])
            answers.append((stones, d['result'], sorted(back[v] for v in d['teire'])))
        differ = [s for s in range(1, 8) if answers[s] != answers[0]]
        if differ:
            bad += 1
            print(f'{os.path.basename(f)}: symmetries {differ} differ from the identity')
    print(f'{bad} of {len(files)} files differ')


def stream(binary, files):
    """Every file with both sides to move, the requests shuffled, in one `analyze --jsonl`
    process; each answer against `score --json` in a process of its own."""
    reqs = []
    for f in files:
        text = open(f).read()
        key = 'sgf' if f.endswith('.sgf') else 'diagram'
        for side in 'BW':
            reqs.append({'id': f'{f}|{side}', key: text, 'analysis': False, 'to_move': side})
    random.Random(7).shuffle(reqs)
    out = subprocess.run([binary, 'analyze', '--jsonl'],
                         input=''.join(json.dumps(r) + '\n' for r in reqs),
                         capture_output=True, text=True, check=True)
    bad = 0
    for line in out.stdout.splitlines():
        d = json.loads(line)
        f, side = d['id'].rsplit('|', 1)
        alone = subprocess.run([binary, 'score', '--json', '--to-move', side, f],
                               capture_output=True, text=True, check=True)
        if d.get('final') != json.loads(alone.stdout):
            bad += 1
            print(f'{f}, {side} to move: the stream differs from a process of its own')
    print(f'{len(reqs)} answers in one stream: {bad} differ from a process each')


def gtp_stream(binary, files):
    """The SGF files loaded one after another in one `nakade gtp` process (shuffled), each
    asked `final_status_list dead`, `seki`, `alive` and `final_score`; against the same in
    a process of its own."""
    def ask(f):
        return [f'loadsgf {f}', 'final_status_list dead', 'final_status_list seki',
                'final_status_list alive', 'final_score']

    def run(commands):
        out = subprocess.run([binary, 'gtp'], input='\n'.join(commands) + '\nquit\n',
                             capture_output=True, text=True, check=True).stdout
        return [a.strip() for a in out.split('\n\n') if a.strip()]

    order = list(files)
    random.Random(3).shuffle(order)
    one = run([c for f in order for c in ask(f)])
    bad = 0
    for i, f in enumerate(order):
        if one[5 * i:5 * i + 5] != run(ask(f))[:5]:
            bad += 1
            print(f'{f}: the stream differs from a process of its own')
    print(f'{len(order)} positions in one GTP stream: {bad} differ from a process each')


if __name__ == '__main__':
    if len(sys.argv) >= 7 and sys.argv[1] == 'gen':
        gen(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
    elif len(sys.argv) >= 4 and sys.argv[1] == 'compare':
        compare(sys.argv[2].split(','), sys.argv[3:])
    elif len(sys.argv) >= 7 and sys.argv[1] == 'random':
        random_boards(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
                      sys.argv[6])
    elif len(sys.argv) >= 4 and sys.argv[1] == 'time':
        timing(sys.argv[2].split(','), sys.argv[3:])
    elif len(sys.argv) >= 4 and sys.argv[1] == 'stream':
        stream(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) >= 4 and sys.argv[1] == 'gtp-stream':
        gtp_stream(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) >= 4 and sys.argv[1] == 'turned':
        side = sys.argv[3] if sys.argv[3] in ('B', 'W') else None
        turned(sys.argv[2], side or 'B', sys.argv[4:] if side else sys.argv[3:])
    else:
        raise SystemExit(__doc__)
