"""analyze and unconditional_status: the answers of `nakade analyze --json`."""

import pytest

import nakade
from conftest import as_json


def positions(repo):
    """(SGF file, move) pairs: middle games whole, and 9x9 and 13x13 games part played."""
    out = [(p, None) for p in sorted((repo / "benches" / "positions").glob("*.sgf"))]
    for name in ["game0_9x9.sgf", "game3_9x9.sgf", "game1_13x13.sgf"]:
        path = repo / "benches" / "games" / name
        out += [(path, None), (path, 30), (path, 60)]
    out += [(p, None) for p in sorted((repo / "tests" / "eval_eye").glob("*.sgf"))[:12]]
    return out


def test_analyze_is_the_cli_json(cli, repo):
    cases = positions(repo)
    assert len(cases) > 15
    fields = set()
    for path, move in cases:
        args = ["analyze", path] + ([] if move is None else ["--move", move])
        expected = cli.json(*args)
        pos = nakade.Position.from_sgf_file(path, move)
        a = nakade.analyze(pos)
        got = as_json(a.to_dict())
        assert got == expected, (path, move)
        # The attributes are what the dictionary holds.
        assert a.dead == expected["dead"]
        for color in ("black", "white"):
            assert a.pass_alive[color].strings == expected["pass_alive"][color]["strings"]
            assert a.pass_alive[color].regions == expected["pass_alive"][color]["regions"]
        assert a.unconditional == expected["unconditional"]
        assert len(a.spaces) == len(expected["spaces"])
        for s, e in zip(a.spaces, expected["spaces"]):
            assert s.neighbour_class == e["class"]
            assert s.ko == (None if e["ko"] is None else (e["ko"]["owner_wins"], e["ko"]["attacker_wins"]))
            assert [h.to_dict() for h in s.half_eyes] == e["half_eyes"]
            for k in ["color", "points", "marginal", "open_sides", "stones", "false_eyes",
                      "outer_liberties", "source", "pattern", "value", "bound", "attack",
                      "defense", "eval_eye"]:
                assert getattr(s, k) == e[k], (path, k)
            assert s.min_max == (None if e["min_max"] is None else tuple(e["min_max"])), path
            fields.add(s.source)
            if s.half_eyes:
                fields.add("half_eye")
    # The positions reach the kinds of answer.
    assert {"pattern", "solver"} <= fields


def test_analyze_one_colour_and_another_database(cli, repo):
    path = repo / "benches" / "positions" / "middle_game_1.sgf"
    pos = nakade.Position.from_sgf_file(path)
    for color, flag in (("black", "B"), ("white", "W")):
        a = nakade.analyze(pos, color=color)
        assert as_json(a.to_dict()) == cli.json("analyze", path, "--color", flag)
        assert {s.color for s in a.spaces} <= {color}
    db_path = repo / "patterns" / "default.db"
    a = nakade.analyze(pos, database=nakade.Database(db_path))
    assert as_json(a.to_dict()) == cli.json("analyze", path, "--db", db_path)
    a = nakade.analyze(pos, solver_nodes=10)
    assert as_json(a.to_dict()) == cli.json("analyze", path, "--solver-nodes", 10)
    with pytest.raises(ValueError):
        nakade.analyze(pos, color="green")


def test_analyze_a_diagram_as_the_cli(cli, tmp_path):
    text = "+-------------+\n|. . . O X . .|\n|O O O O X . .|\n|X X X X X . .|\n|. . . . . . .|\n|. . . . . . .|\n|. . . . . . .|\n|. . . . . . .|\n+-------------+\n"
    f = tmp_path / "corner.txt"
    f.write_text(text)
    a = nakade.analyze(nakade.Position.from_diagram(text), color="white")
    assert as_json(a.to_dict()) == cli.json("analyze", f, "--color", "W")
    assert [(s.value, s.eval_eye) for s in a.spaces] == [("1122", "1 2 B7 B7")]


def test_unconditional_status_is_the_analysis(cli, repo):
    for path in sorted((repo / "benches" / "games").glob("*9x9.sgf")):
        pos = nakade.Position.from_sgf_file(path)
        status = nakade.unconditional_status(pos)
        assert len(status) == pos.size**2
        expected = cli.json("analyze", path)["unconditional"]
        grouped = {k: [] for k in expected}
        for point, s in status.items():
            grouped[s].append(point)
        assert grouped == expected
    pos = nakade.Position.from_grid([".X.X", "XXXX", "....", "...."])
    s = nakade.unconditional_status(pos)
    assert (s["A4"], s["B4"], s["A1"]) == ("black_territory", "alive", "undecided")


def test_repr_of_analysis_types(repo):
    pos = nakade.Position.from_sgf_file(repo / "benches" / "positions" / "middle_game_1.sgf")
    a = nakade.analyze(pos)
    assert repr(a).startswith("<nakade.Analysis: ")
    assert repr(a.spaces[0]).startswith("Space(color=")
    assert repr(a.pass_alive["black"]).startswith("PassAlive(")


def test_threads_get_the_answers_one_thread_gets(repo):
    # The analysis runs without the GIL: threads at once, each the answer alone.
    from concurrent.futures import ThreadPoolExecutor

    paths = sorted((repo / "benches" / "positions").glob("*.sgf"))
    positions = [nakade.Position.from_sgf_file(p) for p in paths]
    alone = [nakade.analyze(p).to_dict() for p in positions]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda p: nakade.analyze(p).to_dict(), positions * 2))
    assert together == alone * 2
    with ThreadPoolExecutor(max_workers=4) as pool:
        graphs = ["OO!%O.X%!...", ".!..%O$", "......", "X.X.X"] * 4
        answers = list(pool.map(lambda g: nakade.match(g).to_dict(), graphs))
    assert answers == [nakade.match(g).to_dict() for g in graphs]
