"""match and solve: the answers of `nakade match --json` and `nakade solve --json`."""

import pytest

import nakade
from conftest import as_json


def host_graphs(repo):
    lines = (repo / "tests" / "batch" / "host_graphs.txt").read_text().splitlines()
    return [g for g in lines if g.strip() and not g.startswith("#")]


def test_the_documented_example_is_what_the_cli_answers(cli):
    m = nakade.match("OO!%O.X%!...")
    expected = cli.json("match", "OO!%O.X%!...")
    assert (m.value, as_json(m.attack), as_json(m.defense), m.source) == (
        expected["value"],
        expected["attack"],
        expected["defense"],
        expected["source"],
    )
    assert as_json(m.to_dict()) == expected
    # The cells are tuples (row, col).
    assert all(isinstance(c, tuple) and len(c) == 2 for c in m.attack + m.defense)


def test_every_host_graph_matches_as_the_cli_batch(cli, repo):
    graphs = host_graphs(repo)
    answers = cli.batch("match", graphs)
    assert len(answers) == len(graphs) > 100
    sources = set()
    for graph, expected in zip(graphs, answers):
        assert expected["graph"] == graph
        if "error" in expected:
            with pytest.raises(nakade.NakadeError):
                nakade.match(graph)
            continue
        m = nakade.match(graph)
        assert as_json(m.to_dict()) == expected, graph
        assert m.pattern == expected["pattern"]
        sources.add(m.source)
    # Both kinds of answer were compared.
    assert sources == {"pattern", "solver"}


def test_without_the_solver_an_unmatched_graph_has_no_answer(cli, repo):
    graphs = host_graphs(repo)[:120]
    answers = cli.batch("match", graphs, "--no-solver")
    missing = 0
    for graph, expected in zip(graphs, answers):
        m = nakade.match(graph, solver=False)
        if expected["value"] is None:
            assert m is None, graph
            missing += 1
        else:
            assert as_json(m.to_dict()) == expected, graph
    assert missing > 0


def test_solve_agrees_with_the_cli(cli, repo):
    graphs = host_graphs(repo)[::4]
    answers = cli.batch("solve", graphs)
    for graph, expected in zip(graphs, answers):
        s = nakade.solve(graph)
        assert as_json(s.to_dict()) == expected, graph
        assert s.source == "solver"
        assert len(s.lines) == 4


def test_solve_lines_are_the_cli_text(cli):
    s = nakade.solve(".!..%O$")
    text = cli.run("solve", ".!..%O$").stdout
    expected = cli.json("solve", ".!..%O$")
    assert (s.value, as_json(s.attack), as_json(s.defense)) == (
        expected["value"],
        expected["attack"],
        expected["defense"],
    )
    for digit, line in zip("abcd", s.lines):
        assert f"  {digit} = " in text
        assert text.split(f"  {digit} = ", 1)[1].split("\n", 1)[0].endswith(": " + line)
    assert f"({s.description})" in text
    assert s.nodes > 0


def test_solver_parameters_reach_the_solver(cli):
    graph = "OO!%O.X%!..."
    for liberties in (0, 1, 3):
        s = nakade.solve(graph, outer_liberties=liberties)
        expected = cli.json("solve", graph, "--outer-liberties", liberties)
        assert as_json(s.to_dict()) == expected
        m = nakade.match(graph, outer_liberties=liberties)
        assert as_json(m.to_dict()) == cli.json("match", graph, "--outer-liberties", liberties)


def test_a_node_limit_too_small_is_a_solve_error():
    with pytest.raises(nakade.SolveError):
        nakade.solve("......%......", node_limit=1)


@pytest.mark.parametrize("graph", ["OO?", "..x", "", "O.O%OOO%.O.", "XXX%XOX%XXX"])
def test_a_malformed_graph_is_a_graph_error_with_the_cli_message(cli, graph):
    expected = cli.batch("match", [graph])
    with pytest.raises(nakade.GraphError) as e:
        nakade.match(graph)
    with pytest.raises(nakade.GraphError):
        nakade.solve(graph)
    assert isinstance(e.value, nakade.NakadeError)
    if expected:
        assert str(e.value) == expected[0]["error"]
    if str(e.value).startswith("column "):
        assert e.value.column == int(str(e.value).split()[1].rstrip(":"))
    else:
        assert e.value.column is None


def test_graph_error_column():
    with pytest.raises(nakade.GraphError) as e:
        nakade.match("OO?")
    assert e.value.column == 3


def test_bad_parameters_are_value_errors():
    with pytest.raises(ValueError):
        nakade.solve(".", outer_liberties=99)
    with pytest.raises(ValueError):
        nakade.match(".", attacker_ko_threats=9)
    with pytest.raises(ValueError):
        nakade.solve(".", node_limit=0)
    with pytest.raises(OverflowError):
        nakade.solve(".", outer_liberties=-1)


def test_repr():
    assert repr(nakade.match("OO!%O.X%!...")).startswith('Match(graph="OO!%O.X%!...", value="0112"')
    assert repr(nakade.solve(".!..%O$")).startswith('Solution(graph=".!..%O$", value="0022"')


def test_graphs_beyond_the_limits_are_errors_not_crashes(cli):
    for graph in ["." * 40, "." * 5000, "%".join(["......"] * 6)]:
        with pytest.raises(nakade.NakadeError) as e:
            nakade.match(graph)
        expected = cli.batch("match", [graph])
        assert str(e.value) == expected[0]["error"]


def test_sum_values_plays_the_spaces_out_together():
    # One and a half eyes and a half eye: miai, two eyes whoever moves first.
    assert nakade.sum_values(["1122", "0011"]) == "1222"
    # Two half eyes make one eye.
    assert nakade.sum_values(["0011", "0011"]) == "0112"
    assert nakade.sum_values(["2222"]) == "2222"
    assert nakade.sum_values([]) == "0000"
    with pytest.raises(ValueError, match=r"values\[1\]"):
        nakade.sum_values(["1122", "1132"])
    with pytest.raises(ValueError, match="more than 8"):
        nakade.sum_values(["0011"] * 9)
