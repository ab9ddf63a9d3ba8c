"""final_status and score: the answers of `nakade score --json`."""

import pytest

import nakade
from conftest import as_json

FIVE = (
    "+---------+\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|O . X O .|\n+---------+"
)


def selfplay(repo):
    return sorted((repo / "tests" / "final" / "selfplay").glob("*.sgf"))[::9]


def test_score_is_the_cli_json(cli, repo):
    cases = selfplay(repo)
    assert len(cases) >= 10
    for path in cases:
        pos = nakade.Position.from_sgf_file(path)
        for rules in ("territory", "area"):
            expected = cli.json("score", path, "--rules", rules)
            got = as_json(nakade.score(pos, rules=rules).to_dict())
            assert got == expected, (path, rules)
        # The final status by vertex is the groups' statuses, stone by stone.
        fs = nakade.final_status(pos)
        by_groups = {s: g["status"] for g in expected["groups"] for s in g["stones"]}
        assert fs.to_dict() == by_groups
        assert len(fs) == len(by_groups)
        assert fs.settled == expected["settled"]
        assert [g.to_dict() for g in fs.groups] == expected["groups"]


def test_a_dead_stone_in_a_walled_corner():
    pos = nakade.Position.from_diagram(FIVE)
    fs = nakade.final_status(pos)
    assert fs["A1"] == "dead"
    assert fs["c1"] == "alive"
    assert "B1" not in fs
    assert fs.stones("dead") == ["A1"]
    with pytest.raises(ValueError):
        fs.stones("bogus")
    assert dict(fs.items())["D5"] == "alive"
    assert sorted(fs) == sorted(fs.keys())
    with pytest.raises(KeyError):
        fs["B1"]
    t = nakade.score(pos, komi=0.5)
    assert (t.result, t.black, t.white, t.prisoners) == ("B+5.5", 11.0, 5.5, (1, 0))
    a = nakade.score(pos, rules="chinese", komi=0.5)
    assert (a.result, a.black, a.white, a.rules) == ("B+4.5", 15.0, 10.5, "area")
    assert str(a) == "B+4.5"
    assert len(a.white_territory) == 5


def test_komi_comes_from_the_sgf_unless_given():
    pos = nakade.Position.from_sgf("(;SZ[5]KM[7.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de])")
    assert pos.komi == 7.5
    assert nakade.score(pos).komi == 7.5
    assert nakade.score(pos, komi=0).komi == 0
    assert nakade.Position(5).komi is None


def test_bad_arguments_raise():
    pos = nakade.Position.from_diagram(FIVE)
    with pytest.raises(ValueError, match="rules"):
        nakade.score(pos, rules="ing")
    with pytest.raises(ValueError, match="komi"):
        nakade.score(pos, komi=float("nan"))
    with pytest.raises(ValueError):
        nakade.final_status(pos, to_move="green")
