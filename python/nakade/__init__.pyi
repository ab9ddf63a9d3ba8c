"""nakade: the eye engine for computer Go (typed interface of the extension module).

Points: an eye graph's points (``match``, ``solve``) are the ``(row, col)`` cells of the
encoded graph, 0-based, as ``nakade match --json`` gives them. A board's points are given as
GTP vertices (``"D4"``) and taken as vertices or ``(column, row)`` tuples, 0-based from the
top left (``grid[row][column]``).
"""

import os
from typing import Iterable, Iterator, Literal, Optional, Sequence, Tuple, TypedDict, Union, final

__version__: str

__all__ = [
    "Analysis",
    "BoardError",
    "Cell",
    "Color",
    "Database",
    "DatabaseError",
    "Diagnostic",
    "FinalStatus",
    "FinalStatusWord",
    "GraphError",
    "Group",
    "HalfEye",
    "Match",
    "NakadeError",
    "PassAlive",
    "PatternError",
    "Point",
    "Position",
    "Score",
    "SgfError",
    "Solution",
    "SolveError",
    "Space",
    "UnconditionalStatus",
    "VertexError",
    "__version__",
    "analyze",
    "final_status",
    "match",
    "score",
    "solve",
    "sum_values",
    "unconditional_status",
]

Cell = Tuple[int, int]
"""An eye graph's cell: ``(row, col)``, 0-based, in the encoded string's grid."""

Point = Union[str, Tuple[int, int]]
"""A board point: a GTP vertex (``"D4"``) or ``(column, row)``, 0-based from the top left."""

Color = Literal["black", "white"]

class Diagnostic(TypedDict):
    severity: Literal["error", "warning"]
    line: int
    column: int
    message: str

class NakadeError(Exception):
    """The base class of every error nakade raises."""

class PatternError(NakadeError):
    """A pattern file with errors; the message shows each with ``file:line:col`` and a caret.

    >>> try:
    ...     nakade.Database.from_text("Pattern 1\\n\\n.?.\\n\\n:1122\\n")
    ... except nakade.PatternError as e:
    ...     print(e.line, e.column)
    3 2
    """

    path: str
    line: Optional[int]
    """1-based line of the first error."""
    column: Optional[int]
    """1-based column (characters) of the first error."""
    diagnostics: list[Diagnostic]
    """Every error and warning of the file."""

class DatabaseError(NakadeError):
    """A compiled database that cannot be read (damaged, or of another version)."""

class GraphError(NakadeError):
    """An eye graph that cannot be read or is no legal eye space.

    >>> try:
    ...     nakade.match("OO?")
    ... except nakade.GraphError as e:
    ...     print(e.column)
    3
    """

    column: Optional[int]
    """1-based column in the encoded string, when the error has one."""

class SolveError(NakadeError):
    """The solver could not answer: too many vertices, or its node or time limit reached."""

class SgfError(NakadeError):
    """SGF that cannot be read, or an illegal move in it."""

    path: Optional[str]
    """The file, for ``Position.from_sgf_file``."""
    line: Optional[int]
    """1-based line, when the error has a place in the text."""
    column: Optional[int]
    """1-based column, when the error has a place in the text."""

class BoardError(NakadeError):
    """A board that cannot be made: a size outside 1..=25, a grid that is not square, a bad
    cell, a stone without liberties, a diagram that cannot be read."""

    line: Optional[int]
    """1-based line in a diagram."""
    column: Optional[int]
    """1-based column in a diagram."""

class VertexError(NakadeError):
    """A point that is not a vertex of the board: malformed, or off the board."""

@final
class Match:
    """What ``match`` answers for an eye graph.

    >>> m = nakade.match("OO!%O.X%!...")
    >>> m.value, m.attack, m.defense, m.source
    ('0112', [(0, 2), (2, 2)], [(0, 2), (2, 2)], 'solver')
    """

    @property
    def graph(self) -> str:
        """The encoded graph asked about."""
    @property
    def value(self) -> str:
        """The eye value, four digits ``abcd``: eyes with the attacker moving twice, the
        attacker first, the defender first, the defender twice."""
    @property
    def description(self) -> str:
        """The value in words."""
    @property
    def attack(self) -> list[Cell]:
        """Attack points, ``(row, col)`` cells, sorted."""
    @property
    def defense(self) -> list[Cell]:
        """Defence points, ``(row, col)`` cells, sorted."""
    @property
    def pattern(self) -> Optional[int]:
        """The matching pattern's number; None when the solver answered."""
    @property
    def source(self) -> Literal["pattern", "solver"]:
        """Where the answer came from."""
    def to_dict(self) -> dict[str, object]:
        """The answer as ``nakade match --json`` prints it (cells as tuples)."""

@final
class Solution:
    """What the solver reads for an eye graph.

    >>> s = nakade.solve(".!..%O$")
    >>> s.value, s.attack, s.defense
    ('0022', [(0, 2)], [(0, 1)])
    >>> s.lines[2]
    'W 0,1, B 0,2, W 0,3, B outer, W pass, B outer, W pass'
    """

    @property
    def graph(self) -> str: ...
    @property
    def value(self) -> str:
        """The eye value, four digits."""
    @property
    def description(self) -> str:
        """The value in words."""
    @property
    def attack(self) -> list[Cell]:
        """Attack points, ``(row, col)`` cells, sorted."""
    @property
    def defense(self) -> list[Cell]:
        """Defence points, ``(row, col)`` cells, sorted."""
    @property
    def source(self) -> Literal["solver"]: ...
    @property
    def lines(self) -> list[str]:
        """A line of play for each digit ``a b c d``, as ``nakade solve`` prints them: ``B``
        the attacker, ``W`` the defender, points as ``row,col``."""
    @property
    def nodes(self) -> int:
        """Search nodes visited."""
    def to_dict(self) -> dict[str, object]:
        """The answer as ``nakade solve --json`` prints it (cells as tuples)."""

@final
class Database:
    """A pattern database: a pattern file (checked, then compiled) or a database compiled by
    ``nakade compile``. Immutable; may be shared between threads.

    >>> db = nakade.Database.from_text("Pattern 1\\n\\n.*.\\n\\n:1122\\n")
    >>> len(db), db.match("...").pattern
    (1, 1)
    """

    def __new__(
        cls, path: Union[str, os.PathLike[str]], *, lenient: bool = False
    ) -> Database:
        """Read the file at ``path``. ``lenient``: vital-point problems are warnings (GNU Go
        3.8's own eyes.db needs it). Raises PatternError, DatabaseError or OSError."""
    @staticmethod
    def from_text(text: str, *, name: str = "<text>", lenient: bool = False) -> Database:
        """A database from the text of a pattern file; ``name`` is the file name errors give."""
    @staticmethod
    def default() -> Database:
        """The embedded default database."""
    @property
    def name(self) -> str: ...
    def __len__(self) -> int: ...
    def match(
        self,
        graph: str,
        *,
        solver: bool = True,
        outer_liberties: int = 2,
        attacker_ko_threats: int = 0,
        defender_ko_threats: int = 0,
        node_limit: Optional[int] = None,
        time_limit: Optional[float] = None,
    ) -> Optional[Match]:
        """Match an encoded eye graph against this database; the solver answers when no
        pattern does (with ``solver=False`` the answer is None then)."""

def match(
    graph: str,
    database: Optional[Database] = None,
    *,
    solver: bool = True,
    outer_liberties: int = 2,
    attacker_ko_threats: int = 0,
    defender_ko_threats: int = 0,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> Optional[Match]:
    """Value an eye space in GNU Go's encoding (``analyze_eyegraph``'s argument: rows split by
    ``%``, ``.`` empty, ``!`` marginal, ``X`` attacker stone, ``O`` outside, ``|-+`` edges)
    from the embedded database (or ``database``), the solver behind it. None only with
    ``solver=False`` and no pattern. Raises GraphError, SolveError.

    >>> nakade.match("OO!%O.X%!...").value
    '0112'
    """

def solve(
    graph: str,
    *,
    outer_liberties: int = 2,
    attacker_ko_threats: int = 0,
    defender_ko_threats: int = 0,
    node_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> Solution:
    """Read an encoded eye graph with the solver alone: value, vital points, lines of play.
    ``time_limit`` in seconds (0 or None: none). Raises GraphError, SolveError."""

def sum_values(values: Sequence[str]) -> str:
    """The value of independent eye spaces of one group together, four digits ``abcd``: the
    spaces played out as a game of their digits (more than their ``b`` added where the vital
    points are miai). The digits are taken as moves in a row. Raises ValueError for a value
    that is not four digits 0..2, or more than 8 values whose digits differ.

    >>> nakade.sum_values(["1122", "0011"])
    '1222'
    """

@final
class Position:
    """A Go position: the stones on a board of 1x1 to 25x25 and whose turn it is. Immutable.

    >>> pos = nakade.Position(9, black=["C3", "D3"], white=[(4, 6)])
    >>> pos.white, pos.xy("E3"), pos.vertex((4, 6))
    (['E3'], (4, 6), 'E3')
    """

    def __new__(
        cls,
        size: int = 19,
        *,
        black: Iterable[Point] = (),
        white: Iterable[Point] = (),
        to_move: Color = "black",
    ) -> Position:
        """A board with stones set up. Raises BoardError (a size outside 1..=25, a point given
        twice, a stone without liberties) or VertexError."""
    @staticmethod
    def from_grid(rows: Sequence[Union[str, Sequence[Union[int, str, None]]]]) -> Position:
        """A board from rows (top first) of cells ``0``/``1``/``2`` or ``"."``/``"X"``/``"O"``
        (empty, black, white); a row may be a string. Square.

        >>> nakade.Position.from_grid(["X.", ".O"]).black
        ['A2']
        """
    @staticmethod
    def from_sgf(text: str, move: Optional[int] = None) -> Position:
        """The position of an SGF game before move ``move`` (1-based; None: after the last).
        Raises SgfError with ``.line`` and ``.column``."""
    @staticmethod
    def from_sgf_file(
        path: Union[str, os.PathLike[str]], move: Optional[int] = None
    ) -> Position:
        """``from_sgf`` of a file (at most 4 MiB). Raises SgfError or OSError."""
    @staticmethod
    def from_diagram(text: str, size: Optional[int] = None) -> Position:
        """A board diagram as ``nakade analyze`` reads one (``X``, ``O``, ``.``, edges ``|``,
        ``-``). Raises BoardError with ``.line`` and ``.column``."""
    @property
    def size(self) -> int: ...
    @property
    def to_move(self) -> Color: ...
    @property
    def komi(self) -> Optional[float]:
        """The komi of the SGF's ``KM``; None for other positions."""
    @property
    def moves_played(self) -> int:
        """Moves played to reach the position (SGF); 0 otherwise."""
    @property
    def warnings(self) -> list[str]:
        """What reading the SGF changed (setup stones without liberties removed)."""
    @property
    def black(self) -> list[str]:
        """The black stones, GTP vertices in board order (from the top left)."""
    @property
    def white(self) -> list[str]:
        """The white stones, GTP vertices in board order."""
    def grid(self) -> list[list[int]]:
        """Rows from the top, cells 0 (empty), 1 (black), 2 (white)."""
    def color(self, point: Point) -> Optional[Color]:
        """The stone on a point, or None."""
    def vertex(self, point: Point) -> str:
        """A point as a GTP vertex."""
    def xy(self, point: Point) -> Tuple[int, int]:
        """A point as ``(column, row)``, 0-based from the top left."""

@final
class HalfEye:
    """A half eye of a space."""

    @property
    def point(self) -> str: ...
    @property
    def sum(self) -> str:
        """Its topological sum, as GNU Go writes it (``"3/2"``)."""
    @property
    def attack(self) -> list[str]: ...
    @property
    def defense(self) -> list[str]: ...
    def to_dict(self) -> dict[str, object]: ...

@final
class PassAlive:
    """Benson's verdict for one colour."""

    @property
    def strings(self) -> list[str]:
        """The pass-alive strings, each by its first stone in board order."""
    @property
    def regions(self) -> list[list[str]]:
        """The pass-alive regions."""
    def to_dict(self) -> dict[str, object]: ...

@final
class Space:
    """One eye space of a position, valued. Points are GTP vertices."""

    @property
    def color(self) -> Color:
        """Whose space."""
    @property
    def points(self) -> list[str]: ...
    @property
    def marginal(self) -> list[str]:
        """The marginal points."""
    @property
    def open_sides(self) -> list[str]: ...
    @property
    def stones(self) -> list[str]:
        """The opponent's stones inside."""
    @property
    def half_eyes(self) -> list[HalfEye]: ...
    @property
    def false_eyes(self) -> list[str]: ...
    @property
    def neighbour_class(self) -> Optional[str]:
        """Vilà and Cazenave's neighbour class (``class`` in the JSON)."""
    @property
    def outer_liberties(self) -> int: ...
    @property
    def source(self) -> str:
        """``"pattern"``, ``"solver"``, ``"solver-min-max"``, ``"bound"``, ``"captured"``, ``"ko"``, ..."""
    @property
    def pattern(self) -> Optional[int]: ...
    @property
    def ko(self) -> Optional[Tuple[str, str]]:
        """For a space one ko decides: ``(owner_wins, attacker_wins)`` values."""
    @property
    def value(self) -> Optional[str]:
        """The eye value; None when only a bound is known."""
    @property
    def bound(self) -> Optional[str]:
        """For a space beyond the solver's reach: the bound, never a value."""
    @property
    def min_max(self) -> Optional[Tuple[int, int]]:
        """``(b, c)``, the eyes with the attacker and with the owner first, where known."""
    @property
    def attack(self) -> list[str]: ...
    @property
    def defense(self) -> list[str]: ...
    @property
    def eval_eye(self) -> str:
        """GNU Go's ``eval_eye`` answer: ``"min max [attack defense]"``."""
    def to_dict(self) -> dict[str, object]:
        """The space as ``nakade analyze --json`` gives it."""

@final
class Analysis:
    """A whole position analysed."""

    @property
    def dead(self) -> list[str]:
        """The dead strings, each by its first stone."""
    @property
    def pass_alive(self) -> dict[Color, PassAlive]: ...
    @property
    def unconditional(self) -> dict[str, list[str]]:
        """The points of each unconditional status."""
    @property
    def spaces(self) -> list[Space]: ...
    def to_dict(self) -> dict[str, object]:
        """The analysis as ``nakade analyze --json`` prints it."""

def analyze(
    position: Position,
    *,
    color: Optional[Color] = None,
    database: Optional[Database] = None,
    solver_nodes: Optional[int] = None,
) -> Analysis:
    """Analyse a position as ``nakade analyze`` does: dead strings, Benson's verdict, every
    eye space of ``color`` (None: both) with value and vital points.

    >>> pos = nakade.Position.from_grid([".X.X", "XXXX", "....", "...."])
    >>> [s.value for s in nakade.analyze(pos).spaces]
    ['1111', '1111', '1222']
    """

UnconditionalStatus = Literal["alive", "dead", "black_territory", "white_territory", "undecided"]

def unconditional_status(position: Position) -> dict[str, UnconditionalStatus]:
    """The unconditional status of every point (GNU Go's ``unconditional_status``) by vertex.

    >>> nakade.unconditional_status(nakade.Position.from_grid([".X.X", "XXXX", "....", "...."]))["A4"]
    'black_territory'
    """

FinalStatusWord = Literal["alive", "dead", "seki"]

@final
class Group:
    """Strings that live and die together, with their status and its reason."""

    @property
    def color(self) -> Color: ...
    @property
    def status(self) -> FinalStatusWord: ...
    @property
    def stones(self) -> list[str]: ...
    @property
    def reason(self) -> str: ...
    @property
    def settled(self) -> bool: ...
    def to_dict(self) -> dict[str, object]:
        """The group as ``nakade score --json`` prints it."""

@final
class FinalStatus:
    """Every stone's final status by vertex, read like a dictionary, with the groups."""

    @property
    def groups(self) -> list[Group]: ...
    @property
    def settled(self) -> bool: ...
    def __getitem__(self, vertex: str, /) -> FinalStatusWord: ...
    def __contains__(self, vertex: str, /) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    def keys(self) -> list[str]:
        """The vertices of the stones, in board order."""
    def items(self) -> list[tuple[str, FinalStatusWord]]:
        """``(vertex, status)`` pairs, in board order."""
    def stones(self, status: FinalStatusWord) -> list[str]:
        """The stones with this status, in board order; another word raises ValueError."""
    def to_dict(self) -> dict[str, FinalStatusWord]:
        """``{vertex: status}``."""

@final
class Score:
    """The score of a position, as ``nakade score --json`` gives it."""

    @property
    def rules(self) -> Literal["area", "territory"]: ...
    @property
    def komi(self) -> float: ...
    @property
    def result(self) -> str: ...
    @property
    def black(self) -> float: ...
    @property
    def white(self) -> float: ...
    @property
    def prisoners(self) -> tuple[int, int]: ...
    @property
    def black_territory(self) -> list[str]: ...
    @property
    def white_territory(self) -> list[str]: ...
    @property
    def dame(self) -> list[str]: ...
    @property
    def seki(self) -> list[str]: ...
    @property
    def teire(self) -> list[str]: ...
    @property
    def settled(self) -> bool: ...
    @property
    def groups(self) -> list[Group]: ...
    @property
    def size(self) -> int: ...
    def to_dict(self) -> dict[str, object]:
        """The score as ``nakade score --json`` prints it."""

def final_status(position: Position, *, to_move: Optional[Color] = None) -> FinalStatus:
    r"""The final status of every stone (``"alive"``, ``"dead"``, ``"seki"``) by vertex, with
    the groups and their reasons, as ``nakade score`` reads it.

    >>> pos = nakade.Position.from_diagram("+---------+\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|O . X O .|\n+---------+")
    >>> fs = nakade.final_status(pos)
    >>> fs["A1"], fs["C1"], fs.stones("dead")
    ('dead', 'alive', ['A1'])
    """

def score(
    position: Position,
    *,
    rules: Literal["area", "territory", "chinese", "japanese"] = "territory",
    komi: Optional[float] = None,
    to_move: Optional[Color] = None,
) -> Score:
    r"""The score under ``rules`` with ``komi`` (default: the SGF's ``KM``, else 0).

    >>> pos = nakade.Position.from_diagram("+---------+\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|. . X O .|\n|O . X O .|\n+---------+")
    >>> sc = nakade.score(pos, rules="area", komi=0.5)
    >>> sc.result, sc.black, sc.white
    ('B+4.5', 15.0, 10.5)
    """
