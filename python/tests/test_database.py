"""Database: pattern files and compiled databases, as `nakade match --db` reads them."""

import re

import pytest

import nakade
from conftest import as_json

GRAPHS = [".", "..", ".*.", "...", ".!", "!.!", "OO!%O.X%!...", "..%..", "...%.O.", "X.X"]


def test_default_database(cli):
    db = nakade.Database.default()
    assert len(db) > 100
    assert "Database" in repr(db)
    for g in GRAPHS:
        assert as_json(db.match(g).to_dict()) == cli.json("match", g)
        assert as_json(nakade.match(g, db).to_dict()) == cli.json("match", g)


@pytest.mark.parametrize("name", ["examples/c/lines.db", "patterns/default.db", "patterns/default.ndb"])
def test_a_file_matches_as_the_cli_with_it(cli, repo, name):
    path = repo / name
    db = nakade.Database(path)
    db2 = nakade.Database(str(path))
    assert len(db) == len(db2) > 0
    assert db.name
    answers = cli.batch("match", GRAPHS, "--db", path)
    plain = cli.batch("match", GRAPHS, "--db", path, "--no-solver")
    for g, expected, without in zip(GRAPHS, answers, plain):
        assert as_json(db.match(g).to_dict()) == expected, g
        assert as_json(nakade.match(g, database=db).to_dict()) == expected, g
        m = db.match(g, solver=False)
        if without["value"] is None:
            assert m is None
        else:
            assert as_json(m.to_dict()) == without


def test_from_text_is_the_file(repo):
    path = repo / "examples" / "c" / "lines.db"
    a = nakade.Database(path)
    b = nakade.Database.from_text(path.read_text(), name="lines.db")
    assert len(a) == len(b)
    assert b.name == "lines.db"
    for g in GRAPHS:
        x, y = a.match(g, solver=False), b.match(g, solver=False)
        assert (x and x.to_dict()) == (y and y.to_dict())


def malformed(repo):
    return sorted((repo / "tests" / "malformed").glob("*.db"))


def test_every_malformed_file_raises_pattern_error_as_check_reports(cli, repo):
    files = malformed(repo)
    assert len(files) > 5
    checked = 0
    for path in files:
        rel = path.relative_to(repo)
        done = cli.run("check", rel, check=False)
        if done.returncode == 0:
            continue
        places = [tuple(map(int, m)) for m in re.findall(r"--> [^\n]*:(\d+):(\d+)", done.stderr)]
        try:
            nakade.Database(rel)
        except nakade.PatternError as e:
            checked += 1
            assert str(e) in done.stderr + done.stdout, rel
            assert (e.line, e.column) == places[0], rel
            assert e.path == str(rel)
            assert [(d["line"], d["column"]) for d in e.diagnostics] == places, rel
            assert all(d["severity"] in ("error", "warning") for d in e.diagnostics)
        except nakade.DatabaseError as e:
            # A compiled file the CLI refuses too.
            checked += 1
            assert str(e) in done.stderr
    assert checked > 5


def test_pattern_error_from_text_has_line_and_column():
    with pytest.raises(nakade.PatternError) as e:
        nakade.Database.from_text("Pattern 1\n\n.?.\n\n:1122\n", name="mine.db")
    assert (e.value.line, e.value.column, e.value.path) == (3, 2, "mine.db")
    assert " --> mine.db:3:2" in str(e.value)
    assert isinstance(e.value, nakade.NakadeError)


def test_lenient_turns_vital_point_errors_into_warnings(cli, repo):
    path = repo / "tests" / "malformed" / "attack_in_settled.db"
    if cli.run("check", path, check=False).returncode == 0:
        pytest.skip("the file is valid")
    strict = cli.run("check", path, check=False)
    lenient = cli.run("check", "--lenient", path, check=False)
    if lenient.returncode == 0:
        with pytest.raises(nakade.PatternError):
            nakade.Database(path)
        assert len(nakade.Database(path, lenient=True)) > 0
    else:
        assert strict.returncode != 0


def test_a_missing_file_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError) as e:
        nakade.Database(tmp_path / "none.db")
    assert e.value.filename == str(tmp_path / "none.db")


def test_a_damaged_compiled_database_is_a_database_error(repo, tmp_path):
    data = (repo / "patterns" / "default.ndb").read_bytes()
    bad = tmp_path / "bad.ndb"
    bad.write_bytes(data[: len(data) // 2])
    with pytest.raises(nakade.DatabaseError):
        nakade.Database(bad)
