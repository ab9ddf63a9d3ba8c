#!/usr/bin/env python3
"""Compare BINARY's stone statuses with GNU Go's recorded ones.

  python3 compare.py BINARY [OUT] [--gnugo gnugo.jsonl] [--timeout SECONDS] [--jobs 2]

Runs `BINARY score --json --to-move B|W pos/NAME.txt` for every record of gnugo.jsonl,
takes every string's status (alive/dead/seki) from the JSON's "groups", and compares the
dead and seki stone sets with GNU Go's final_status_list dead / seki.
OUT (default: diff.txt) gets one line per differing (position, side):
  NAME TO_MOVE nakade-only-dead=[..] gnugo-only-dead=[..] nakade-only-seki=[..] gnugo-only-seki=[..]
Failed runs (non-zero exit, panic, timeout, bad JSON) are listed after the differences, prefixed FAIL.
"""
import argparse, json, os, subprocess, sys, time
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
POS = os.path.join(HERE, "pos")


def run(args):
    binary, rec, timeout = args
    path = os.path.join(POS, rec["name"] + ".txt")
    cmd = [binary, "score", "--json", "--to-move", rec["to_move"], path]
    t = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return rec, None, "timeout after %ss" % timeout, time.time() - t
    dt = time.time() - t
    if p.returncode != 0 or "panicked" in p.stderr:
        err = (p.stderr.strip().splitlines() or ["(no stderr)"])
        msg = next((l for l in err if "panicked" in l), err[-1])
        return rec, None, "exit %d: %s" % (p.returncode, msg[:300]), dt
    try:
        j = json.loads(p.stdout)
        dead, seki = set(), set()
        for g in j["groups"]:
            st = g["status"]
            if st == "dead":
                dead.update(g["stones"])
            elif st == "seki":
                seki.update(g["stones"])
            elif st != "alive":
                return rec, None, "unknown status %r" % st, dt
    except Exception as e:
        return rec, None, "bad JSON: %s" % e, dt
    return rec, (dead, seki), None, dt


def fmt(s):
    return "[" + " ".join(sorted(s, key=lambda v: (v[0], int(v[1:])))) + "]"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("out", nargs="?", default="diff.txt")
    ap.add_argument("--gnugo", default=os.path.join(HERE, "gnugo.jsonl"))
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    recs = [json.loads(l) for l in open(a.gnugo) if l.strip()]
    t0 = time.time()
    with Pool(a.jobs) as pool:
        results = pool.map(run, [(binary, r, a.timeout) for r in recs], chunksize=4)
    wall = time.time() - t0

    n = agree = 0
    stones_diff = nd_only = gd_only = ns_only = gs_only = 0
    pos_diff = set()
    lines, fails = [], []
    slow = max(results, key=lambda x: x[3])
    for rec, res, err, dt in results:
        if err:
            fails.append("FAIL %s %s %s" % (rec["name"], rec["to_move"], err))
            continue
        n += 1
        dead, seki = res
        gdead, gseki = set(rec["dead"]), set(rec["seki"])
        a1, a2, a3, a4 = dead - gdead, gdead - dead, seki - gseki, gseki - seki
        if not (a1 or a2 or a3 or a4):
            agree += 1
            continue
        pos_diff.add(rec["name"])
        stones_diff += len(a1 | a2 | a3 | a4)
        nd_only += len(a1); gd_only += len(a2); ns_only += len(a3); gs_only += len(a4)
        lines.append("%s %s nakade-only-dead=%s gnugo-only-dead=%s nakade-only-seki=%s gnugo-only-seki=%s"
                     % (rec["name"], rec["to_move"], fmt(a1), fmt(a2), fmt(a3), fmt(a4)))
    with open(a.out, "w") as f:
        for l in lines + fails:
            f.write(l + "\n")
    print("binary: %s" % binary)
    print("positions: %d, comparisons: %d (of %d runs), agreeing: %d, differing: %d (%d positions)"
          % (len({r["name"] for r in recs}), n, len(recs), agree, n - agree, len(pos_diff)))
    print("stones differing: %d (nakade-only dead %d, gnugo-only dead %d, nakade-only seki %d, gnugo-only seki %d)"
          % (stones_diff, nd_only, gd_only, ns_only, gs_only))
    print("failed runs: %d" % len(fails))
    for l in fails[:20]:
        print("  " + l)
    print("slowest run: %s %s %.2fs; wall %.1fs with %d jobs" % (slow[0]["name"], slow[0]["to_move"], slow[3], wall, a.jobs))
    print("list: %s" % os.path.abspath(a.out))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
