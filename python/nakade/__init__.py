"""nakade: the eye engine for computer Go.

How many eyes is an eye space worth, and where are its vital points? nakade answers as GNU
Go's eye code does, from a pattern database keyed by canonical forms of eye graphs, with a
solver that reads the rules of Go behind it.

>>> import nakade
>>> m = nakade.match("OO!%O.X%!...")
>>> m.value, m.attack, m.source
('0112', [(0, 2), (2, 2)], 'solver')

Points: an eye graph's points (``match``, ``solve``) are the ``(row, col)`` cells of the
encoded graph, 0-based, as ``nakade match --json`` gives them. A board's points are given as
GTP vertices (``"D4"``) and taken as vertices or ``(column, row)`` tuples, 0-based from the
top left (``grid[row][column]``); ``Position.vertex`` and ``Position.xy`` convert.
"""

from typing import Literal, Tuple, TypedDict, Union

from nakade._nakade import (
    Analysis,
    BoardError,
    Database,
    DatabaseError,
    FinalStatus,
    GraphError,
    Group,
    HalfEye,
    Match,
    NakadeError,
    PassAlive,
    PatternError,
    Position,
    Score,
    SgfError,
    Solution,
    SolveError,
    Space,
    VertexError,
    __version__,
    analyze,
    final_status,
    match,
    score,
    solve,
    sum_values,
    unconditional_status,
)

Cell = Tuple[int, int]
"""An eye graph's cell: ``(row, col)``, 0-based, in the encoded string's grid."""

Point = Union[str, Tuple[int, int]]
"""A board point: a GTP vertex (``"D4"``) or ``(column, row)``, 0-based from the top left."""

Color = Literal["black", "white"]
"""A colour, as every answer names it."""

UnconditionalStatus = Literal[
    "alive", "dead", "black_territory", "white_territory", "undecided"
]
"""A point's status in ``unconditional_status``."""

FinalStatusWord = Literal["alive", "dead", "seki"]
"""A stone's status in ``final_status``."""


class Diagnostic(TypedDict):
    """One entry of ``PatternError.diagnostics``."""

    severity: Literal["error", "warning"]
    line: int
    column: int
    message: str


__all__ = [
    "Cell",
    "Color",
    "Diagnostic",
    "FinalStatusWord",
    "Point",
    "UnconditionalStatus",
    "Analysis",
    "BoardError",
    "Database",
    "DatabaseError",
    "FinalStatus",
    "GraphError",
    "Group",
    "HalfEye",
    "Match",
    "NakadeError",
    "PassAlive",
    "PatternError",
    "Position",
    "Score",
    "SgfError",
    "Solution",
    "SolveError",
    "Space",
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
