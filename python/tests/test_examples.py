"""python/examples: each runs and prints what the CLI reads for the same file."""

import subprocess
import sys


def test_score_sgf_prints_the_dead_strings_and_every_space(cli, repo):
    path = repo / "benches" / "positions" / "middle_game_1.sgf"
    done = subprocess.run(
        [sys.executable, str(repo / "python" / "examples" / "score_sgf.py"), str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    expected = cli.json("analyze", path)
    lines = done.stdout.splitlines()
    assert "dead strings: " + (" ".join(expected["dead"]) or "-") in lines
    spaces = [l for l in lines if l.startswith("  ") and " space " in l]
    assert len(spaces) == len(expected["spaces"])
    for line, s in zip(spaces, expected["spaces"]):
        assert line.startswith(f"  {s['color']} space ")
        assert f"({s['source']})" in line


def test_score_sgf_reports_a_bad_file(repo, tmp_path):
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;SZ[9]\n;B[zz])")
    done = subprocess.run(
        [sys.executable, str(repo / "python" / "examples" / "score_sgf.py"), str(bad)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert done.stderr.startswith(f"error: {bad}:2:2: ")
