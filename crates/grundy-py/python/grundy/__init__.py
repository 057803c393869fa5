"""Impartial games in Python: nim-values, outcomes, winning moves, heap tables, misere play.

``grundy`` is a thin layer over the Rust engine of the same name (Sprague-Grundy theory)::

    import grundy
    a = grundy.analyze("nim(3,4,5)")
    a.outcome, a.nimber, [m.to for m in a.winning_moves]   # ('N', 2, ['nim(1,4,5)'])
    t = grundy.table("tb[0.07]", 400)
    t.period.period                                        # 34

Games defined in Python mix with the built-in families::

    @grundy.ruleset("lasker")
    def lasker(n):
        yield from range(n)
        yield from (grundy.Sum([a, n - a]) for a in range(1, n // 2 + 1))

    grundy.analyze("lasker(10) + nim(3)")

Long computations release the GIL, stop on Ctrl-C (``KeyboardInterrupt``) and show a
progress bar with ``progress=True`` (tqdm when installed).
"""

from __future__ import annotations

import html as _html
import os as _os
import sys as _sys
from typing import (
    Any,
    Callable,
    Dict,
    Hashable,
    Iterable,
    List,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from . import _grundy
from ._errors import (
    CancelledError,
    GrundyError,
    GrundyIOError,
    InputError,
    LimitError,
    UnsupportedError,
)

__version__ = _grundy.__version__

__all__ = [
    "Analysis",
    "CancelledError",
    "Choice",
    "Family",
    "Game",
    "GraphResult",
    "GrundyError",
    "GrundyIOError",
    "InputError",
    "LimitError",
    "Move",
    "Pattern",
    "Period",
    "Remoteness",
    "Sum",
    "Table",
    "UnsupportedError",
    "Vertex",
    "analyze",
    "best_move",
    "canonical",
    "census",
    "explain",
    "families",
    "graph",
    "load_rules",
    "moves",
    "pattern",
    "read_table",
    "remoteness",
    "ruleset",
    "table",
]


# ---------------------------------------------------------------------------------------------
# Progress


class _Progress:
    """Forwards the engine's progress reports to tqdm (or to a plain line on stderr)."""

    def __init__(self, spec: Any) -> None:
        self._bar: Any = None
        self._task: Optional[str] = None
        self._user: Optional[Callable[[str, int, Optional[int]], Any]] = None
        if callable(spec) and spec is not True:
            self._user = spec

    def __call__(self, task: str, done: int, total: Optional[int]) -> None:
        if self._user is not None:
            self._user(task, done, total)
            return
        try:
            from tqdm.auto import tqdm  # type: ignore
        except ImportError:
            tqdm = None
        if tqdm is None:
            shown = f"{done}/{total}" if total else f"{done}"
            print(f"grundy: {task}: {shown}", file=_sys.stderr, flush=True)
            return
        if self._bar is None or task != self._task:
            self.close()
            self._bar = tqdm(total=total, desc=task, leave=False)
            self._task = task
        self._bar.n = done
        self._bar.refresh()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def _with_progress(progress: Any, call: Callable[[Any], Any]) -> Any:
    if not progress:
        return call(None)
    sink = _Progress(progress)
    try:
        return call(sink)
    finally:
        sink.close()


def _copied(data: Any) -> Any:
    """A copy of a result (dicts and lists of strs, ints, bools and None) that shares nothing
    mutable with it: the caller of ``to_dict()`` may change it freely. ``copy.deepcopy`` keeps
    a memo of every object: 0.58 s against 0.2 s for a graph of 200,000 vertices."""
    if type(data) is dict:
        return {k: _copied(v) for k, v in data.items()}
    if type(data) is list:
        return [_copied(v) for v in data]
    return data


# ---------------------------------------------------------------------------------------------
# Analysis


class Move:
    """A move: ``.to`` is the position after it (as text that parses back), ``.text`` the move
    in words, ``.shown`` the position after it written for people (a rule script's
    ``display``; the same as ``.to`` for families without one)."""

    __slots__ = ("to", "text", "shown")

    def __init__(self, text: str, to: str, shown: Optional[str] = None) -> None:
        self.text = text
        self.to = to
        self.shown = to if shown is None else shown

    def __repr__(self) -> str:
        return f"Move({self.text!r}, to={self.to!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and (self.text, self.to) == (other.text, other.to)

    def __hash__(self) -> int:
        return hash((self.text, self.to))


class Analysis:
    """Outcome, nim-value and winning moves of a position (see :func:`analyze`).

    Attributes: ``game`` (the canonical text), ``shown`` (the text for people: a rule
    script's ``display``, else ``game``), ``play`` (``"normal"`` or ``"misere"``),
    ``outcome`` (``"N"``, ``"P"`` or ``"D"``), ``nimber`` (an int, or None under misere play or
    when the value is infinite), ``value`` (``"*2"``, ``"0"``, ``"∞(0,1)"`` or None),
    ``winning_moves`` (a list of :class:`Move`), ``winning_moves_total`` (the exact count, or
    None when not counted), ``remoteness`` (moves to the end under best play, when found).
    """

    def __init__(self, data: Dict[str, Any]) -> None:
        self._data = data
        self.game: str = data["game"]
        self.shown: str = data.get("shown", self.game)
        self.play: str = data["play"]
        self.outcome: str = data["outcome"]
        self.nimber: Optional[int] = data.get("nimber")
        self.value: Optional[str] = data.get("value")
        self.winning_moves: List[Move] = [
            Move(m["move"], m["to"], m.get("shown")) for m in data.get("winning_moves", [])
        ]
        self.winning_moves_total: Optional[int] = data.get("winning_moves_total")
        self.drawing_moves: List[Move] = [
            Move(m["move"], m["to"], m.get("shown")) for m in data.get("drawing_moves", [])
        ]
        self.remoteness: Optional[int] = data.get("remoteness")
        self.method: Optional[str] = data.get("method")

    def to_dict(self) -> Dict[str, Any]:
        """The same object as ``grundy analyze --json`` prints."""
        return _copied(self._data)

    def __repr__(self) -> str:
        v = "" if self.nimber is None else f", nimber={self.nimber}"
        return f"Analysis({self.game!r}, outcome={self.outcome!r}{v}, winning_moves={len(self.winning_moves)})"

    def _repr_html_(self) -> str:
        e = _html.escape
        rows = [
            ("position", e(self.game)),
            ("play", e(self.play)),
            ("outcome", e(self.outcome)),
        ]
        if self.value is not None:
            rows.append(("value", e(self.value)))
        if self.remoteness is not None:
            rows.append(("remoteness", str(self.remoteness)))
        total = self.winning_moves_total
        shown = "".join(
            f"<li><code>{e(m.to)}</code> ({e(m.text)})</li>" for m in self.winning_moves[:20]
        )
        more = ""
        if total is not None and total > min(20, len(self.winning_moves)):
            more = f"<li>… {total} winning moves in all</li>"
        body = "".join(f"<tr><th style='text-align:left'>{k}</th><td>{v}</td></tr>" for k, v in rows)
        moves_html = f"<ul>{shown}{more}</ul>" if shown else "<p>no winning move</p>"
        return f"<table>{body}</table><b>winning moves</b>{moves_html}"


def analyze(
    expr: str,
    misere: bool = False,
    *,
    max_nodes: Optional[int] = None,
    max_moves: Optional[int] = None,
    remoteness: bool = True,
    timeout: Optional[float] = None,
    progress: Any = False,
    count: bool = True,
    outcome_only: bool = False,
) -> Analysis:
    """Outcome, nim-value and winning moves of the position written ``expr``.

    Arguments: ``expr`` such as ``"nim(3,4,5) + tb[0.07](20)"``; ``misere`` for misere play;
    ``max_nodes`` the most positions a search may store; ``max_moves`` the most winning moves
    listed (all are counted, unless counting would cost more than the analysis); ``remoteness`` looks for the remoteness with a small search, as
    ``analyze --json`` does; ``timeout`` in seconds; ``progress`` True for a progress bar, or a
    callable ``f(task, done, total)``; ``count=False`` looks only for the moves listed (none
    with ``max_moves=0``: the outcome and value alone) and leaves the total out;
    ``outcome_only=True`` asks for the outcome alone (``analyze --outcome``): the search stops
    at the first winning move, no move is looked for, no remoteness, and ``nimber`` is None
    where no value was computed.

    Returns: an :class:`Analysis`. Raises :class:`InputError` (with ``.column``) for a wrong
    expression, :class:`LimitError` when a limit is reached, ``KeyboardInterrupt`` on Ctrl-C,
    and any exception raised inside a Python-defined game, unchanged.
    """
    data = _with_progress(
        progress,
        lambda sink: _grundy.analyze(
            expr,
            misere,
            max_nodes,
            max_moves,
            remoteness,
            timeout,
            sink,
            count,
            outcome_only,
        ),
    )
    return Analysis(data)


# ---------------------------------------------------------------------------------------------
# Tables


class Period:
    """A period of a nim-sequence: G(n + period) = G(n) + saltus for every n >= preperiod;
    ``proven`` when a theorem certifies it for every n, not just the values computed."""

    __slots__ = ("preperiod", "period", "saltus", "proven", "values_needed")

    def __init__(self, data: Dict[str, Any]) -> None:
        self.preperiod: int = data["preperiod"]
        self.period: int = data["period"]
        self.saltus: int = data.get("saltus", 0)
        self.proven: bool = data.get("proven", False)
        self.values_needed: int = data.get("values_needed", 0)

    def __repr__(self) -> str:
        return (
            f"Period(preperiod={self.preperiod}, period={self.period}, "
            f"saltus={self.saltus}, proven={self.proven})"
        )


def _array(raw: bytes, width: int) -> Any:
    code = {1: "B", 2: "H", 4: "I"}[width]
    try:
        import numpy as np  # type: ignore

        dtype = {1: np.uint8, 2: np.dtype("<u2"), 4: np.dtype("<u4")}[width]
        arr = np.frombuffer(raw, dtype=dtype).copy()
        arr.setflags(write=False)
        return arr
    except ImportError:
        import array

        a = array.array(code)
        a.frombytes(raw)
        if _sys.byteorder != "little" and width > 1:
            a.byteswap()
        return a.tolist()


class SVG:
    """An SVG document that Jupyter shows inline; ``str(svg)`` is its text."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_svg_(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text

    def save(self, path: Union[str, "_os.PathLike[str]"]) -> None:
        """Writes the document to a file."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.text)


class Table:
    """The nim-values of single heaps 0..N of a heap ruleset (see :func:`table`).

    ``values`` is a numpy array of unsigned ints when numpy is installed, else a list of int;
    ``period`` is a :class:`Period` or None.
    """

    def __init__(self, native: Any) -> None:
        self._native = native
        self.ruleset: str = native.ruleset
        raw, width = native.value_bytes()
        self.values = _array(raw, width)
        p = native.period
        self.period: Optional[Period] = None if p is None else Period(p)

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, n: Any) -> Any:
        return self.values[n]

    def to_dict(self) -> Dict[str, Any]:
        """The same object as ``grundy table --json`` prints."""
        return self._native.to_dict()

    def text(self) -> str:
        """The table as ``grundy table`` prints it."""
        return self._native.text()

    def plot(self, width: int = 1000, height: int = 500) -> SVG:
        """The nim-sequence as an SVG plot (values against heap sizes): the P-positions in
        red, the period shaded and labelled."""
        return SVG(self._native.svg(width, height))

    def __repr__(self) -> str:
        return f"Table({self.ruleset!r}, {len(self)} values, period={self.period!r})"

    def _repr_html_(self) -> str:
        e = _html.escape
        n = len(self)
        head = list(self.values[: min(n, 120)])
        cells = " ".join(str(int(v)) for v in head) + (" …" if n > 120 else "")
        if self.period is None:
            per = "no period found"
        else:
            p = self.period
            per = (
                f"period {p.period}, preperiod {p.preperiod}"
                + (f", saltus {p.saltus}" if p.saltus else "")
                + (" (proven)" if p.proven else " (not proven)")
            )
        return (
            f"<div><b>{e(self.ruleset)}</b>: heaps 0..{n - 1}; {e(per)}"
            f"<pre style='white-space:pre-wrap'>{cells}</pre>"
            f"{self._native.svg(800, 260)}</div>"
        )


def table(
    ruleset: str,
    to: Union[int, str],
    *,
    timeout: Optional[float] = None,
    memory_limit: Optional[int] = None,
    progress: Any = False,
) -> Table:
    """The nim-values of single heaps 0..``to`` of a heap ruleset, with the period.

    Arguments: ``ruleset`` such as ``"tb[0.07]"`` or ``"sub[1,3,4]"`` (or a Python-defined
    family with one integer argument); ``to`` an int or a text such as ``"10^6"``;
    ``memory_limit`` in bytes; ``timeout`` in seconds; ``progress`` as for :func:`analyze`.
    Returns: a :class:`Table`.
    """
    native = _with_progress(
        progress, lambda sink: _grundy.table(ruleset, to, timeout, memory_limit, sink)
    )
    return Table(native)


class Pattern:
    """The rule behind a family's values (see :func:`pattern`).

    ``kind`` is ``"periodic"``, ``"arithmetic-periodic"``, ``"formula"``, ``"sum"``,
    ``"p-positions"``, ``"self-similar"`` (``base``: G(n) from G(n // base)), ``"intervals"``
    (``ends``: where the value changes) or ``"none"``; ``formula`` the rule for people;
    ``proven`` whether a theorem (``proof``) makes it hold at every size; ``checked_to`` and
    ``origin`` (1 for a family whose positions start at 1) the range checked, and
    ``checked_further_to`` how far past it an observed rule was also checked (``None`` when
    it was not); ``python`` and ``cpp`` the code.
    """

    def __init__(self, data: Dict[str, Any]) -> None:
        self._data = data
        self.family: str = data["family"]
        self.arity: int = data["arity"]
        self.checked_to: int = data["checked_to"]
        self.origin: int = data.get("origin", 0)
        self.kind: str = data["kind"]
        self.proven: bool = data["proven"]
        self.proof: Optional[str] = data.get("proof")
        self.formula: str = data["formula"]
        self.checked_further_to: Optional[int] = data.get("checked_further_to")
        self.base: Optional[int] = data.get("base")
        self.ends: Optional[List[int]] = data.get("ends")
        self.python: str = data["code"]["python"]
        self.cpp: str = data["code"]["cpp"]

    def to_dict(self) -> Dict[str, Any]:
        """The same object as ``grundy pattern --json`` prints."""
        return _copied(self._data)

    def __repr__(self) -> str:
        how = "proven" if self.proven else f"observed to {self.checked_to}"
        return f"Pattern({self.family!r}, {self.kind}, {self.formula!r}, {how})"


def pattern(
    family: str,
    to: Union[int, str, None] = None,
    *,
    timeout: Optional[float] = None,
    progress: Any = False,
) -> Pattern:
    """The rule behind the values of a family of one or two integer arguments.

    Arguments: ``family`` such as ``"sub[1,3,4]"``, ``"tb[0.07]"``, ``"wythoff"`` or a
    registered family's name; ``to`` the largest argument (default: 1000 for one argument, 48
    for two), an int or a text such as ``"10^4"``; ``timeout`` in seconds; ``progress`` as for
    :func:`analyze`.
    Returns: a :class:`Pattern` whose ``to_dict()`` is what ``grundy pattern --json`` prints.
    """
    data = _with_progress(progress, lambda sink: _grundy.pattern(family, to, timeout, sink))
    return Pattern(data)


def read_table(
    path: "Union[str, _os.PathLike[str]]",
    first: int = 0,
    last: Optional[int] = None,
) -> Dict[str, Any]:
    """A table file written by ``grundy table --out`` (or its checkpoint), read back.

    Arguments: ``path``; the heaps ``first..last`` whose values to return (default: the
    first 1000 from ``first``, within the file).
    Returns: the dict ``grundy table --from FILE --json`` prints: ``ruleset``, ``length``,
    ``finished``, ``target``, ``first``, ``values``, ``counts`` (``{"value", "count"}`` for
    each value that occurs), ``largest_value``, ``largest_value_at``, ``period``.
    Raises: ``InputError`` for a file that is not a table file, cut short or damaged, or a
    range outside it; ``LimitError`` for a range of more than 5 * 10^7 values.
    """
    return _grundy.read_table(_os.fsdecode(_os.fspath(path)), first, last)


def census(
    rulesets: Iterable[str],
    to: Union[int, str],
    *,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: Any = False,
) -> List[Table]:
    """Tables of many heap rulesets at once, computed on ``threads`` threads (default: every
    core), in the order given.

    Example: ``[t.period.period for t in grundy.census(["tb[0.07]", "tb[0.77]"], to=400)]``
    is ``[34, 12]``. For a cluster, see ``docs/python.md`` (a Dask recipe that maps
    :func:`census` over chunks of rulesets).
    """
    names = [str(r) for r in rulesets]
    natives = _with_progress(
        progress, lambda sink: _grundy.census(names, to, threads, timeout, sink)
    )
    return [Table(n) for n in natives]


# ---------------------------------------------------------------------------------------------
# Families, explanations, graphs, play


class Family:
    """A family as ``grundy list`` shows it: name, aliases, syntax, summary, example, help."""

    def __init__(self, data: Dict[str, Any]) -> None:
        self.name: str = data["name"]
        self.aliases: List[str] = data.get("aliases", [])
        self.syntax: str = data["syntax"]
        self.summary: str = data["summary"]
        self.example: str = data["example"]
        self.help: str = data.get("help", "")
        self._data = data

    def to_dict(self) -> Dict[str, Any]:
        """The same object as one entry of ``grundy list --json``."""
        return dict(self._data)

    def __repr__(self) -> str:
        return f"Family({self.name!r}: {self.syntax})"


def load_rules(path: "Union[str, _os.PathLike[str]]", data: Optional[str] = None) -> str:
    """Loads a rule script (a Luau file, ``.luau``, with ``function moves(p)``, or a Rhai file,
    ``.rhai``, with ``fn moves(p)``; see docs/rules.md) and registers its family, so that
    expressions may name it and mix it with built-ins in sums, as ``grundy --rules FILE``
    does. Loading the same script again replaces its family.

    ``data``, a text (for example a judge's input), is what ``--data FILE`` gives a script:
    the global ``DATA`` is the text and ``DATA_NUMBERS`` its numbers when every token is an
    integer (docs/rules.md, "Data").

    Returns the family's name. Raises :class:`InputError` for a script with an error (the
    message names FILE:LINE:COLUMN) and :class:`LimitError` when a script limit is reached.

    >>> name = grundy.load_rules("examples/rules/lasker.luau")  # doctest: +SKIP
    >>> grundy.analyze(f"{name}(3) + nim(4)").outcome          # doctest: +SKIP
    'P'
    """
    return _grundy.load_rules(_os.fsdecode(_os.fspath(path)), data)


def families() -> List[Family]:
    """Every family the engine knows (built-ins first, then Python-defined ones)."""
    return [Family(d) for d in _grundy.families()]


class Explanation(str):
    """The reasoning behind a position: a str (text or Markdown) that Jupyter renders."""

    markdown: bool = False

    def _repr_markdown_(self) -> Optional[str]:
        return str(self) if self.markdown else f"```\n{self}\n```"


def explain(
    expr: str,
    misere: bool = False,
    *,
    markdown: bool = False,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Explanation:
    """The reasoning behind a position's value and winning moves, as text or Markdown (the
    output of ``grundy explain``)."""
    e = Explanation(_grundy.explain(expr, misere, markdown, max_nodes, timeout))
    e.markdown = markdown
    return e


def canonical(expr: str) -> str:
    """The canonical text of an expression (``"nim(3, 4)+*2"`` -> ``"nim(3,4) + *2"``)."""
    return _grundy.canonical(expr)


class Vertex:
    """One vertex of a solved graph: ``value`` (``"*2"``, ``"∞(0,1)"``; None under misere
    play), ``nimber`` (int, None when infinite or misere), ``outcome``."""

    __slots__ = ("name", "value", "nimber", "outcome")

    def __init__(self, d: Dict[str, Any]) -> None:
        self.name: str = d["vertex"]
        self.value: Optional[str] = d.get("value")
        self.nimber: Optional[int] = d.get("nimber")
        self.outcome: str = d["outcome"]

    def __repr__(self) -> str:
        return f"Vertex({self.name!r}, value={self.value!r}, outcome={self.outcome!r})"


class GraphResult:
    """Values and outcomes of every vertex of a graph (see :func:`graph`); ``result[v]`` is
    the :class:`Vertex` named ``v`` (vertices are named by ``str(v)``)."""

    def __init__(self, data: Dict[str, Any]) -> None:
        self._data = data
        self.vertex_count: int = data["vertices"]
        self.edge_count: int = data["edges"]
        self.acyclic: Optional[bool] = data.get("acyclic")
        self.vertices: Dict[str, Vertex] = {
            d["vertex"]: Vertex(d) for d in data["values"]
        }

    def __getitem__(self, v: Any) -> Vertex:
        return self.vertices[str(v)]

    def __len__(self) -> int:
        return len(self.vertices)

    def to_dict(self) -> Dict[str, Any]:
        """The same object as ``grundy graph --json`` prints."""
        return _copied(self._data)

    def __repr__(self) -> str:
        return f"GraphResult({self.vertex_count} vertices, {self.edge_count} edges)"

    def _repr_html_(self) -> str:
        e = _html.escape
        rows = "".join(
            f"<tr><td>{e(v.name)}</td><td>{e(v.value or '')}</td><td>{e(v.outcome)}</td></tr>"
            for v in list(self.vertices.values())[:200]
        )
        more = "" if len(self) <= 200 else f"<p>… {len(self)} vertices in all</p>"
        return (
            "<table><tr><th>vertex</th><th>value</th><th>outcome</th></tr>"
            f"{rows}</table>{more}"
        )


def graph(
    source: Any,
    misere: bool = False,
    *,
    vertices: Optional[Sequence[Hashable]] = None,
) -> GraphResult:
    """Smith's values (or misere outcomes) of every vertex of a directed graph, cycles allowed.

    ``source`` is a file name (an edge list or DOT, as ``grundy graph`` reads), a networkx
    ``DiGraph`` (an undirected graph counts each edge both ways), or an iterable of edges
    ``(u, v)``: a token on ``u`` may move to ``v``. ``vertices`` adds vertices with no edge
    (and fixes the order) for an edge list. Vertices are named ``str(v)``.
    """
    if isinstance(source, (str, bytes, _os.PathLike)):
        return GraphResult(_grundy.graph_file(_os.fsdecode(source), misere))
    nodes: List[Any] = []
    edges: Iterable[Tuple[Any, Any]]
    if hasattr(source, "nodes") and hasattr(source, "edges") and hasattr(source, "is_directed"):
        nodes = list(source.nodes)
        edges = list(source.edges())
        if not source.is_directed():
            edges = [e for (u, v) in edges for e in ((u, v), (v, u))]
    else:
        edges = [tuple(e) for e in source]  # type: ignore[misc]
        if vertices is not None:
            nodes = list(vertices)
    index: Dict[Any, int] = {}
    names: List[str] = []

    def ident(v: Any) -> int:
        i = index.get(v)
        if i is None:
            i = index[v] = len(names)
            names.append(str(v))
        return i

    for v in nodes:
        ident(v)
    pairs = []
    for e in edges:
        if len(e) != 2:
            raise InputError(f"an edge is a pair (from, to), found {e!r}")
        pairs.append((ident(e[0]), ident(e[1])))
    return GraphResult(_grundy.graph_edges(names, pairs, misere))


class Choice:
    """The engine's move: ``move`` (a :class:`Move`), ``wins`` (it leaves a lost position),
    ``remoteness_after`` (moves left after it under best play, when the search found it)."""

    __slots__ = ("move", "wins", "remoteness_after")

    def __init__(self, move: Move, wins: bool, remoteness_after: Optional[int]) -> None:
        self.move = move
        self.wins = wins
        self.remoteness_after = remoteness_after

    def __repr__(self) -> str:
        return f"Choice({self.move!r}, wins={self.wins}, remoteness_after={self.remoteness_after})"


class Remoteness:
    """Who wins (``outcome``, ``"N"`` or ``"P"``) and in how many moves (``moves``) when the
    winner hurries and the loser delays."""

    __slots__ = ("outcome", "moves")

    def __init__(self, outcome: str, moves: int) -> None:
        self.outcome = outcome
        self.moves = moves

    def __repr__(self) -> str:
        return f"Remoteness(outcome={self.outcome!r}, moves={self.moves})"


def moves(expr: str, *, cap: int = 1000) -> List[Move]:
    """The legal moves of a position (at most ``cap``), in reading order."""
    shown, _complete = _grundy.moves(expr, cap)
    return [Move(t, to) for (t, to) in shown]


def best_move(
    expr: str,
    misere: bool = False,
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Optional[Choice]:
    """A perfect opponent's move: the fastest win when there is one, else the longest defence;
    None when there is no move (the engine of ``grundy play``)."""
    c = _grundy.engine_move(expr, misere, max_nodes, timeout)
    if c is None:
        return None
    return Choice(Move(c["move"], c["to"]), c["wins"], c["remoteness_after"])


def remoteness(
    expr: str,
    misere: bool = False,
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
) -> Remoteness:
    """Outcome and remoteness of a position, by a search bounded by ``max_nodes``."""
    outcome, n = _grundy.remoteness(expr, misere, max_nodes, timeout)
    return Remoteness(outcome, n)


class Game:
    """A game against the engine, move by move (what ``grundy play`` does in a terminal)::

        g = grundy.Game("nim(3,4,5)")
        g.play("3 -> 1")      # your move: a number from g.moves(), the position after, or a -> b
        g.reply()             # the engine's move (a Choice); g.position is updated
        g.over                # True when the player to move has no move
    """

    def __init__(self, expr: str, misere: bool = False) -> None:
        self.misere = misere
        self.position: str = canonical(expr)
        self.history: List[Move] = []

    def moves(self) -> List[Move]:
        """The legal moves of the current position."""
        return moves(self.position)

    @property
    def over(self) -> bool:
        """Whether the player to move has no move (normal play: that player lost)."""
        return not _grundy.moves(self.position, 1)[0]

    def play(self, entry: str) -> Move:
        """Plays the player's move; raises :class:`InputError` when it is not legal."""
        text, to = _grundy.parse_move(self.position, str(entry))
        m = Move(text, to)
        self.position = to
        self.history.append(m)
        return m

    def reply(self) -> Optional[Choice]:
        """Plays the engine's move (None when there is none)."""
        c = best_move(self.position, self.misere)
        if c is not None:
            self.position = c.move.to
            self.history.append(c.move)
        return c

    def __repr__(self) -> str:
        return f"Game({self.position!r}, misere={self.misere})"


# ---------------------------------------------------------------------------------------------
# Python-defined games


class Sum:
    """A disjunctive sum of positions of the same family: an option that leaves several
    independent positions (a heap split in two). ``Sum([])`` leaves nothing."""

    __slots__ = ("positions",)

    def __init__(self, positions: Iterable[Hashable]) -> None:
        self.positions: Tuple[Hashable, ...] = tuple(positions)

    def __repr__(self) -> str:
        return f"Sum({list(self.positions)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sum) and self.positions == other.positions

    def __hash__(self) -> int:
        return hash(("grundy.Sum", self.positions))


def ruleset(
    name: str,
    *,
    arity: Any = 1,
    summary: str = "",
    example: str = "",
    canonical: Optional[Callable[[Any], Any]] = None,
    split: Optional[Callable[[Any], Any]] = None,
    nimber: Optional[Callable[[Any], Any]] = None,
) -> Callable[[Callable[[Any], Iterable[Any]]], Callable[[Any], Iterable[Any]]]:
    """Registers a game family defined by a Python function under ``name``.

    ``arity`` is how many arguments write one position (as ``const ARITY`` in rule scripts):
    with 1 (the default), ``name(a, b, c)`` is the sum of three positions, as for ``nim``, and
    the function receives an int or str; with k > 1, ``name(a1, ..., ak)`` is one position,
    a multiple of k arguments a sum, and the function receives a tuple of k values (its
    options must be tuples or lists of k values); ``"all"`` makes every argument of a term
    one tuple position. The function returns or yields its options: positions (any hashable
    value; a list is read as the tuple of its items), or :class:`Sum` of positions. The
    family is then usable in every expression, mixed with built-ins:
    ``"lasker(10) + nim(3)"``.
    Defining the same name again replaces the family; a built-in name is refused.
    An exception raised inside the function reaches the caller of ``analyze`` unchanged.
    The decorator returns the function itself.

    ``canonical`` and ``split`` are the search hooks of rule scripts (docs/rules.md, section
    10), each a function of the position: ``canonical(p)`` returns a position worth the same
    that stands for ``p`` (or ``None``), and ``split(p)`` the positions whose sum is ``p`` (or
    ``None`` when it does not split). The search then values the parts apart and stores only
    canonical positions; the moves shown stay the real positions.

    ``nimber`` is the closed form of rule scripts: ``nimber(p)`` returns the nim-value of ``p``
    (an int) or ``None`` to search. Where it answers, the engine trusts it.
    """

    def register(func: Callable[[Any], Iterable[Any]]) -> Callable[[Any], Iterable[Any]]:
        ex = example or f"{name}(5)"
        _grundy.register_ruleset(
            name, func, Sum, summary, ex, arity, canonical, split, nimber
        )
        try:
            func.grundy_name = name  # type: ignore[attr-defined]
        except (AttributeError, TypeError):
            pass
        return func

    return register
