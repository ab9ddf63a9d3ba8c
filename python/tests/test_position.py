"""Position: from stones, a grid, SGF and diagrams; points as vertices and (column, row)."""

import pytest

import nakade


def test_stones_by_vertex_and_by_column_row():
    pos = nakade.Position(9, black=["C3", "D3"], white=[(4, 6)])
    assert pos.size == 9
    assert pos.black == ["C3", "D3"]
    assert pos.white == ["E3"]
    assert pos.color("C3") == "black" and pos.color((2, 6)) == "black"
    assert pos.color("E3") == "white" and pos.color("A1") is None
    assert pos.xy("D4") == (3, 5)
    assert pos.vertex((3, 5)) == "D4"
    assert pos.vertex("d4") == "D4"
    assert pos.to_move == "black"
    assert pos.grid()[6][2:5] == [1, 1, 2]


def test_vertices_skip_i_and_count_rows_from_the_bottom():
    pos = nakade.Position(19)
    assert pos.vertex((8, 0)) == "J19"
    assert pos.vertex((0, 18)) == "A1"
    assert pos.xy("T1") == (18, 18)


def test_grid_forms_agree():
    rows = [".X.", "XO.", "..."]
    a = nakade.Position.from_grid(rows)
    b = nakade.Position.from_grid([[0, 1, 0], [1, 2, 0], [0, 0, 0]])
    c = nakade.Position.from_grid([[".", "X", None], ["X", "O", "."], list("...")])
    d = nakade.Position(3, black=["B3", "A2"], white=["B2"])
    assert a == b == c == d
    assert a.grid() == [[0, 1, 0], [1, 2, 0], [0, 0, 0]]
    assert str(a) == ". X .\nX O .\n. . .\n"
    assert eval(repr(a), {"Position": nakade.Position}) == a
    assert hash(a) == hash(d) and len({a, b, c, d}) == 1
    assert a != nakade.Position(3, black=["B3", "A2"], white=["B2"], to_move="white")


def test_the_size_of_a_board():
    for size in (0, 26, 40):
        with pytest.raises(nakade.BoardError):
            nakade.Position(size)
    with pytest.raises(nakade.BoardError):
        nakade.Position.from_grid([])
    assert nakade.Position(1).size == 1
    assert nakade.Position(25).size == 25


def test_a_grid_that_is_not_square():
    with pytest.raises(nakade.BoardError) as e:
        nakade.Position.from_grid(["...", ".."])
    assert "row 0 has 3 cells" in str(e.value)
    with pytest.raises(nakade.BoardError):
        nakade.Position.from_grid(["..", "..", ".."])
    with pytest.raises(nakade.BoardError):
        nakade.Position.from_grid([[0, 3], [0, 0]])
    with pytest.raises(nakade.BoardError):
        nakade.Position.from_grid(["?."," .."])


def test_a_stone_without_liberties():
    with pytest.raises(nakade.BoardError) as e:
        nakade.Position(3, black=["A3"], white=["B3", "A2"])
    assert "A3" in str(e.value)
    with pytest.raises(nakade.BoardError):
        nakade.Position(3, black=["A3"], white=["A3"])


def test_a_vertex_off_the_board():
    with pytest.raises(nakade.VertexError) as e:
        nakade.Position(9, black=["K10"])
    assert "off the 9x9 board" in str(e.value)
    for bad in ["Z9", "I5", "A0", "hello", (9, 0), (0, -1), (-1, 3)]:
        with pytest.raises(nakade.VertexError):
            nakade.Position(9, black=[bad])
    pos = nakade.Position(9)
    with pytest.raises(nakade.VertexError):
        pos.color("J10")
    with pytest.raises(nakade.VertexError):
        pos.xy((9, 9))
    assert isinstance(nakade.VertexError("x"), nakade.NakadeError)


def test_sgf_text_and_file_and_move_number(repo):
    path = repo / "benches" / "games" / "game0_9x9.sgf"
    text = path.read_text()
    whole = nakade.Position.from_sgf(text)
    assert whole == nakade.Position.from_sgf_file(path)
    assert whole == nakade.Position.from_sgf_file(str(path))
    assert whole.size == 9 and whole.moves_played > 10
    start = nakade.Position.from_sgf(text, move=1)
    assert start.moves_played == 0 and start.black == [] and start.white == []
    ten = nakade.Position.from_sgf(text, 11)
    assert ten.moves_played == 10
    assert len(ten.black) + len(ten.white) <= 10
    assert ten.to_move == "black"


def test_sgf_errors_have_line_and_column(tmp_path):
    with pytest.raises(nakade.SgfError) as e:
        nakade.Position.from_sgf("(;SZ[9]\n;B[zz])")
    assert (e.value.line, e.value.column) == (2, 2)
    assert str(e.value).startswith("2:2: ")
    with pytest.raises(nakade.SgfError) as e:
        nakade.Position.from_sgf("(;SZ[9];B[aa]", None)
    assert e.value.line is not None
    with pytest.raises(nakade.SgfError) as e:
        nakade.Position.from_sgf("(;SZ[9];B[aa])", move=5)
    assert e.value.line is None and "no move 5" in str(e.value)
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;SZ[9]\n;B[zz])")
    with pytest.raises(nakade.SgfError) as e:
        nakade.Position.from_sgf_file(bad)
    assert (e.value.path, e.value.line, e.value.column) == (str(bad), 2, 2)
    assert str(e.value).startswith(f"{bad}:2:2: ")
    with pytest.raises(FileNotFoundError):
        nakade.Position.from_sgf_file(tmp_path / "none.sgf")


def test_sgf_warnings():
    pos = nakade.Position.from_sgf("(;SZ[5]AB[ab][ba]AW[aa])")
    assert pos.white == []
    assert len(pos.warnings) == 1 and "A5" in pos.warnings[0]


def test_diagram():
    pos = nakade.Position.from_diagram("+-----+\n|. X .|\n|X O .|\n|. . .|\n+-----+")
    assert pos == nakade.Position.from_grid([".X.", "XO.", "..."])
    with pytest.raises(nakade.BoardError) as e:
        nakade.Position.from_diagram("|. X .|\n|X ? .|")
    assert (e.value.line, e.value.column) == (2, 4)
