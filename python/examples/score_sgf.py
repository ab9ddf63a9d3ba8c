#!/usr/bin/env python3
"""The end of a game from an SGF file: dead stones, every eye space valued, and the score.

    python3 python/examples/score_sgf.py GAME.sgf [--move N] [--komi 6.5] [--rules area]

Today this prints what `nakade.analyze` reads (the dead strings, Benson's pass-alive
territory, each eye space's value and vital points). `nakade.final_status` and
`nakade.score` are not in this version of the package yet; once they are, the script
prints every string's final status and the score from them as well (the two calls are in
`final_report` below).
"""

import argparse
import sys
from collections import Counter

import nakade


def analysis_report(pos: nakade.Position) -> None:
    a = nakade.analyze(pos)
    print(f"{pos.size}x{pos.size}, {pos.moves_played} moves played, {pos.to_move} to move")
    print("dead strings:", " ".join(a.dead) or "-")
    for color in ("black", "white"):
        pa = a.pass_alive[color]
        print(f"pass-alive {color}: {len(pa.strings)} strings, {sum(map(len, pa.regions))} points of regions")
    counts = Counter(nakade.unconditional_status(pos).values())
    print(
        "unconditional territory: black {}, white {}; {} points undecided".format(
            counts["black_territory"], counts["white_territory"], counts["undecided"]
        )
    )
    for k, s in enumerate(a.spaces, 1):
        value = s.value if s.value is not None else f"at most {s.bound} (a bound)"
        vital = ""
        if s.attack or s.defense:
            vital = f", attack {' '.join(s.attack) or '-'}, defense {' '.join(s.defense) or '-'}"
        size = f"{len(s.points)} point{'' if len(s.points) == 1 else 's'}"
        print(f"  {s.color} space {k}: {size} from {s.points[0]}, {value} ({s.source}){vital}")


def final_report(pos: nakade.Position, rules: str, komi: float) -> bool:
    """Final status and score, when the package has them; False when it has not."""
    final_status = getattr(nakade, "final_status", None)
    score = getattr(nakade, "score", None)
    if final_status is None or score is None:
        return False
    status = final_status(pos)
    dead = sorted(p for p, s in status.items() if s == "dead")
    print("dead stones:", " ".join(dead) or "-")
    print("score:", score(pos, rules=rules, komi=komi))
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sgf")
    parser.add_argument("--move", type=int, default=None, help="the position before this move")
    parser.add_argument("--komi", type=float, default=6.5)
    parser.add_argument("--rules", choices=["area", "territory"], default="area")
    args = parser.parse_args()
    try:
        pos = nakade.Position.from_sgf_file(args.sgf, args.move)
    except (nakade.SgfError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    for w in pos.warnings:
        print(f"warning: {args.sgf}:{w}", file=sys.stderr)
    analysis_report(pos)
    if not final_report(pos, args.rules, args.komi):
        print("(final_status and score: not in this version of nakade)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
