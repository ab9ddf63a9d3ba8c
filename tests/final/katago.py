#!/usr/bin/env python3
"""A third engine for reading disputed final positions: KataGo on the CPU.

Not part of the tests (CI never runs it): it reproduces the KataGo readings that
`differences.txt` and `docs/MEASUREMENTS.md` quote.

  katago.py setup                  fetch KataGo and a network into $KATAGO_DIR (default
                                   /tmp/katago): KaTrain's wheels on PyPI carry both (1.20.0
                                   the KataGo 1.18.1 AppImage, OpenCL; 1.14.0 the network
                                   kata1-b18c384nbt-s6582191360-d3422816034); OpenCL on the
                                   CPU is Debian's pocl-opencl-icd (installed with apt-get).
                                   The first run tunes OpenCL for a few minutes.
  katago.py read FILE B|W VISITS   one position (SGF or text diagram; B or W to move): the
                                   best moves with their lines and each point's ownership
                                   (+1 black, -1 white)
  katago.py corpus OUT VISITS FILE...
                                   ownership of many positions, one JSON line each (the
                                   player to move as the SGF says, black for a diagram)
  katago.py compare OUT [NAKADE]   each stone's final status from `nakade score --json`
                                   against KataGo's ownership: alive where its owner owns
                                   it above 0.3, dead below -0.3; a seki stone agrees above
                                   -0.5. Prints the stones that differ.

About 4 visits a second on two cores: a reading of 200 visits takes a minute or two.
Rules japanese; komi from the SGF (0 for a diagram). GNU Go reads the SGF files' final
positions (`loadsgf`), so /usr/games/gnugo must be installed.
"""
import json
import os
import subprocess
import sys
import zipfile

COLS = "ABCDEFGHJKLMNOPQRST"
DIR = os.environ.get("KATAGO_DIR", "/tmp/katago")
NETWORK = "kata1-b18c384nbt-s6582191360-d3422816034.bin.gz"
CONFIG = """logDir = {dir}/logs
reportAnalysisWinratesAs = BLACK
conservativePass = true
maxVisits = 200
numAnalysisThreads = 1
numSearchThreads = 4
nnMaxBatchSize = 8
nnCacheSizePowerOfTwo = 18
nnMutexPoolSizePowerOfTwo = 14
nnRandomize = true
"""


def setup():
    os.makedirs(DIR, exist_ok=True)
    subprocess.run(["apt-get", "install", "-y", "pocl-opencl-icd", "ocl-icd-libopencl1"], check=True)
    for version, member in (("1.20.0", "katrain/KataGo/katago"), ("1.14.0", f"katrain/models/{NETWORK}")):
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", f"katrain=={version}",
                        "-d", DIR], check=True)
        # The wheel's name is spelt KaTrain in 1.14.0, katrain in 1.20.0.
        wheel = next(os.path.join(DIR, w) for w in os.listdir(DIR)
                     if w.lower() == f"katrain-{version}-py3-none-any.whl")
        with zipfile.ZipFile(wheel) as z:
            z.extract(member, DIR)
    appimage = os.path.join(DIR, "katrain/KataGo/katago")
    os.chmod(appimage, 0o755)
    subprocess.run([appimage, "--appimage-extract"], cwd=DIR, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(DIR, "analysis.cfg"), "w") as f:
        f.write(CONFIG.format(dir=DIR))


def engine():
    return subprocess.Popen(
        [f"{DIR}/squashfs-root/usr/bin/katago", "analysis", "-model", f"{DIR}/katrain/models/{NETWORK}",
         "-config", f"{DIR}/analysis.cfg"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={"LD_LIBRARY_PATH": f"{DIR}/squashfs-root/usr/lib", "HOME": os.environ.get("HOME", "/root"),
             "PATH": "/usr/bin:/bin"})


def position(path):
    """(size, stones, player to move, komi) of a diagram or of an SGF's final position."""
    if path.endswith(".txt"):
        rows = [l.strip() for l in open(path) if l.strip().startswith("|")]
        n = len(rows)
        stones = [[{"X": "B", "O": "W"}[ch], f"{COLS[c]}{n - r}"]
                  for r, line in enumerate(rows)
                  for c, ch in enumerate(line.strip("|").split()) if ch in "XO"]
        return n, stones, "B", 0.0
    out = subprocess.run(["/usr/games/gnugo", "--mode", "gtp", "--quiet"],
                         input=f"loadsgf {path}\nquery_boardsize\nlist_stones black\n"
                               "list_stones white\nget_komi\nquit\n",
                         capture_output=True, text=True).stdout
    ans = [a.strip()[2:].strip() for a in out.split("\n\n") if a.strip().startswith("=")]
    stones = [["B", v] for v in ans[2].split()] + [["W", v] for v in ans[3].split()]
    return int(ans[1]), stones, "B" if ans[0] == "black" else "W", float(ans[4])


def query(path, visits, to_move=None):
    n, stones, player, komi = position(path)
    return {"id": path, "initialStones": stones, "moves": [], "rules": "japanese", "komi": komi,
            "boardXSize": n, "boardYSize": n, "initialPlayer": to_move or player,
            "includeOwnership": True, "maxVisits": visits}


def ask(p, q):
    p.stdin.write(json.dumps(q) + "\n")
    p.stdin.flush()
    r = json.loads(p.stdout.readline())
    r["query"] = q
    return r


def read(path, to_move, visits):
    p = engine()
    q = query(path, visits, to_move)
    r = ask(p, q)
    p.stdin.close()
    ri, n = r["rootInfo"], q["boardXSize"]
    print(f"{to_move} to move, {ri['visits']} visits: black's winrate {ri['winrate']:.3f}, "
          f"black leads by {ri['scoreLead']:.1f}")
    for mi in r["moveInfos"][:6]:
        print(f"  {mi['move']:>4} {mi['visits']:5} visits, lead {mi['scoreLead']:+.1f}: {' '.join(mi['pv'][:12])}")
    at = {v: c for c, v in q["initialStones"]}
    for row in range(n):
        print(" ".join(f"{at.get(f'{COLS[c]}{n - row}', '.')}{r['ownership'][row * n + c]:+.1f}".rjust(6)
                       for c in range(n)))


def corpus(out, visits, files):
    p = engine()
    with open(out, "w") as w:
        for f in files:
            w.write(json.dumps(ask(p, query(f, visits))) + "\n")
            w.flush()
    p.stdin.close()


def compare(out, nakade):
    positions = agree = stones = same = unclear = 0
    for line in open(out):
        r = json.loads(line)
        q, f = r["query"], r["id"]
        n = q["boardXSize"]
        args = [nakade, "score", "--json", f, "--to-move", q["initialPlayer"]]
        report = json.loads(subprocess.run(args, capture_output=True, text=True).stdout)
        differ = {}
        for g in report["groups"]:
            sign = 1 if g["color"] == "black" else -1
            for v in g["stones"]:
                o = r["ownership"][(n - int(v[1:])) * n + COLS.index(v[0])] * sign
                seen = "alive" if o > 0.3 else "dead" if o < -0.3 else "unclear"
                stones += 1
                if seen == g["status"] or (g["status"] == "seki" and o > -0.5):
                    same += 1
                else:
                    unclear += seen == "unclear"
                    key = (seen == "unclear", g["color"], g["status"], g["reason"])
                    differ.setdefault(key, []).append(f"{v}({o:+.2f})")
        positions += 1
        if not differ:
            agree += 1
            continue
        print(f"{f} ({q['initialPlayer']} to move, {r['rootInfo']['visits']} visits)")
        for (vague, color, status, reason), vs in sorted(differ.items()):
            print(f"   {'unclear' if vague else 'DIFFERS'}: nakade {color} {status} ({reason[:70]}); "
                  f"KataGo's ownership {' '.join(vs[:8])}{' ...' if len(vs) > 8 else ''}")
    print(f"positions {agree} of {positions} agree, stones {same} of {stones}, "
          f"{unclear} more where KataGo's ownership is within 0.3 of 0")


if __name__ == "__main__":
    cmd, args = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    if cmd == "setup" and not args:
        setup()
    elif cmd == "read" and len(args) == 3:
        read(args[0], args[1], int(args[2]))
    elif cmd == "corpus" and len(args) >= 3:
        corpus(args[0], int(args[1]), args[2:])
    elif cmd == "compare" and len(args) in (1, 2):
        compare(args[0], args[1] if len(args) == 2 else "nakade")
    else:
        sys.exit(__doc__)
