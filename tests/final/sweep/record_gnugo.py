#!/usr/bin/env python3
"""Record GNU Go 3.8's final_status_list dead / seki for every position of pos/index.txt
and each side to move (loadsgf pos/NAME.B.sgf / NAME.W.sgf; PL sets the side to move).
Two workers, one long-running GTP process each (default level 10, fixed seed).
Output: gnugo.jsonl, one line per (position, side): name, size, to_move, dead, seki.

  python3 record_gnugo.py [OUT=gnugo.jsonl] [--fresh N]   (--fresh: recheck N samples in fresh processes)
"""
import json, os, sys, time
from multiprocessing import Pool
from gen import Gtp, POS, vertex_to_rc, HERE

_g = None


def init():
    global _g
    _g = Gtp("--seed", "1")


def board_of(name):
    rows = open(os.path.join(POS, name + ".txt")).read().split("\n")[1:-2]
    return [r[1:-1].split(" ") for r in rows]


def query(g, name, size, pl):
    path = os.path.join(POS, "%s.%s.sgf" % (name, pl))
    col = g.cmd("loadsgf " + path)
    want = {"B": "black", "W": "white"}[pl]
    if col != want:
        raise RuntimeError("%s: loadsgf says %s to move, wanted %s" % (path, col, want))
    # check the loaded position is the diagram
    board = board_of(name)
    got = [["."] * size for _ in range(size)]
    for c, ch in (("black", "X"), ("white", "O")):
        for v in g.cmd("list_stones " + c).split():
            r, cc = vertex_to_rc(v, size)
            got[r][cc] = ch
    if got != board:
        raise RuntimeError("%s: loaded board differs from the diagram" % path)
    dead = sorted(g.cmd("final_status_list dead").split())
    seki = sorted(g.cmd("final_status_list seki").split())
    return {"name": name, "size": size, "to_move": pl, "dead": dead, "seki": seki}


def work(item):
    name, size, pl = item
    return query(_g, name, size, pl)


def fresh(item):
    name, size, pl = item
    g = Gtp("--seed", "1")
    try:
        return query(g, name, size, pl)
    finally:
        g.close()


def items():
    out = []
    for line in open(os.path.join(POS, "index.txt")):
        name, size = line.split()[:2]
        for pl in "BW":
            out.append((name, int(size), pl))
    return out


def main():
    args = sys.argv[1:]
    nfresh = 0
    if "--fresh" in args:
        i = args.index("--fresh"); nfresh = int(args[i + 1]); del args[i:i + 2]
    out = args[0] if args else os.path.join(HERE, "gnugo.jsonl")
    its = items()
    t = time.time()
    with Pool(2, initializer=init) as pool:
        res = pool.map(work, its, chunksize=4)
    dt = time.time() - t
    with open(out, "w") as f:
        for r in res:
            f.write(json.dumps(r) + "\n")
    print("%d records in %.1fs -> %s" % (len(res), dt, out))
    by = {}
    for r in res:
        by.setdefault(r["name"], {})[r["to_move"]] = r
    dep = [n for n, d in by.items() if (d["B"]["dead"], d["B"]["seki"]) != (d["W"]["dead"], d["W"]["seki"])]
    print("positions where GNU Go's answer depends on the side to move: %d %s" % (len(dep), " ".join(dep[:20])))
    if nfresh:
        import random
        sample = random.Random(0).sample(range(len(its)), nfresh)
        with Pool(2) as pool:
            fr = pool.map(fresh, [its[i] for i in sample])
        bad = [f["name"] + "/" + f["to_move"] for i, f in zip(sample, fr) if f != res[i]]
        print("fresh-process recheck of %d: %d differ %s" % (nfresh, len(bad), " ".join(bad)))


if __name__ == "__main__":
    main()
