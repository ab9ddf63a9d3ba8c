#!/usr/bin/env python3
"""Play GNU Go 3.8 against itself to two passes and save the final positions as SGF.

The corpus of tests/final/selfplay/: `python3 tests/final/selfplay.py SIZE LEVEL FIRST_SEED COUNT`
writes `SIZE-lLEVEL-sSEED.sgf` (GNU Go's own `printsgf`: the final stones as setup, the prisoners
folded into the komi).
GNU Go at /usr/games/gnugo, or $NAKADE_GNUGO. $NAKADE_SELFPLAY_OUT writes into another folder
instead (positions held out of the corpus: seeds from 101, compared by
`NAKADE_FINAL_DIR=DIR cargo run --release --example final_status_vs_gnugo` with the folder
`DIR/selfplay`).
"""
import os
import subprocess
import sys

GNUGO = os.environ.get("NAKADE_GNUGO", "/usr/games/gnugo")
OUT = os.environ.get(
    "NAKADE_SELFPLAY_OUT",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "selfplay"))


def play(size, level, seed):
    p = subprocess.Popen(
        [GNUGO, "--mode", "gtp", "--quiet", "--level", str(level), "--seed", str(seed)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(cmd):
        p.stdin.write(cmd + "\n")
        p.stdin.flush()
        lines = []
        while True:
            line = p.stdout.readline()
            if line == "":
                raise RuntimeError("gnugo ended")
            if line == "\n":
                if lines:
                    break
                continue
            lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        if not answer.startswith("="):
            raise RuntimeError(f"{cmd}: {answer}")
        return answer[1:].strip()

    ask(f"boardsize {size}")
    ask("clear_board")
    ask("komi 6.5")
    passes, color, moves = 0, "black", 0
    while passes < 2 and moves < 3 * size * size:
        move = ask(f"genmove {color}")
        passes = passes + 1 if move.lower() == "pass" else 0
        color = "white" if color == "black" else "black"
        moves += 1
    name = os.path.join(OUT, f"{size}-l{level}-s{seed}.sgf")
    ask(f"printsgf {name}")
    ask("quit")
    p.wait()
    return name, moves


if __name__ == "__main__":
    size, level, first, count = map(int, sys.argv[1:5])
    os.makedirs(OUT, exist_ok=True)
    for seed in range(first, first + count):
        name, moves = play(size, level, seed)
        print(name, moves, flush=True)
