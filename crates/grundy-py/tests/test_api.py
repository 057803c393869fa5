"""The contract of docs/spec python.md (analysis, tables, errors) and the rest of the CLI's
commands (families, explain, graphs, play)."""

import json
import os

import pytest

import grundy


def test_analyze_contract():
    a = grundy.analyze("nim(3,4,5)")
    assert a.outcome == "N"
    assert a.nimber == 2  # 3 ^ 4 ^ 5
    assert [m.to for m in a.winning_moves] == ["nim(1,4,5)"]
    assert all(isinstance(m.text, str) and m.text for m in a.winning_moves)
    d = a.to_dict()
    assert d["game"] == "nim(3,4,5)" and d["outcome"] == "N" and d["nimber"] == 2
    assert d["winning_moves"] == [{"move": a.winning_moves[0].text, "to": "nim(1,4,5)"}]
    assert json.loads(json.dumps(d)) == d


def test_analyze_without_counting():
    # count=False looks only for the moves listed: the same outcome and value, no total.
    for expr, misere in [("nim(3,4,5) + nim(7,9)", False), ("nim(3,4,5)", True), ("nim(1,2,3)", False)]:
        full = grundy.analyze(expr, misere)
        for max_moves in (0, 1):
            a = grundy.analyze(expr, misere, max_moves=max_moves, count=False)
            assert (a.outcome, a.nimber) == (full.outcome, full.nimber)
            assert len(a.winning_moves) <= max_moves
            assert {m.to for m in a.winning_moves} <= {m.to for m in full.winning_moves}
            if full.outcome == "N":
                assert a.winning_moves_total is None
                assert len(a.winning_moves) == max_moves


def test_misere():
    # Bouton's misere rule: with every heap of size 1, the player to move wins iff the
    # number of heaps is even.
    assert grundy.analyze("nim(1,1,1)", misere=True).outcome == "P"
    assert grundy.analyze("nim(1,1)", misere=True).outcome == "N"
    m = grundy.analyze("nim(1,1,1)", misere=True)
    assert m.nimber is None and m.play == "misere"


def test_loopy_values_are_not_nimbers(tmp_path):
    f = tmp_path / "loop.txt"
    f.write_text("a b\nb a\nb c\n")
    a = grundy.analyze(f"graph[{f}](a)")
    assert a.outcome in ("N", "P", "D")
    r = grundy.graph(str(f))
    assert r["a"].outcome == a.outcome


def test_table_contract():
    t = grundy.table("tb[0.07]", 400)
    assert len(t.values) == 401
    # Dawson's Kayles: OEIS A002187 begins 0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4.
    assert [int(v) for v in t.values[:15]] == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4]
    assert (t.period.preperiod, t.period.period, t.period.saltus) == (53, 34, 0)
    assert t.period.proven
    d = t.to_dict()
    assert d["ruleset"] == "tb[0.07]" and d["values"] == [int(v) for v in t.values]
    assert d["period"]["period"] == 34


def test_pattern_equals_the_cli_json_and_its_code_runs():
    p = grundy.pattern("tb[0.07]")
    d = p.to_dict()
    assert (d["kind"], d["preperiod"], d["period"], d["proven"]) == ("periodic", 53, 34, True)
    assert p.kind == "periodic" and p.proven and "Guy" in p.proof
    t = grundy.table("tb[0.07]", 10 * d["checked_to"])
    space = {}
    exec(p.python, space)
    assert [space["grundy"](n) for n in range(len(t.values))] == [int(v) for v in t.values]
    w = grundy.pattern("wythoff", to=20)
    assert w.to_dict()["kind"] == "p-positions" and w.checked_to == 20
    exec(w.python, space)
    assert not space["first_player_wins"](3, 5) and space["first_player_wins"](3, 4)
    with pytest.raises(grundy.InputError):
        grundy.pattern("tree")


def test_pattern_of_a_python_family():
    # pynim (conftest): G(n) = n, observed (no theorem for a Python family).
    p = grundy.pattern("pynim", to=100)
    assert (p.kind, p.formula, p.proven) == ("arithmetic-periodic", "G(n) = n", False)


def test_pattern_of_intervals_growing_geometrically_is_exact_at_10_18():
    # pyfdiv (conftest): constant on [6, 12), [12, 24), [24, 48), [48, 72), [72, 144), ...
    p = grundy.pattern("pyfdiv", to=1000)
    d = p.to_dict()
    assert (p.kind, d["ratio"], d["block"], p.proven) == ("intervals", 12, 4, False)
    assert p.ends[:6] == [0, 1, 2, 4, 6, 12]
    assert p.checked_further_to is not None and p.checked_further_to > 1000
    space = {}
    exec(p.python, space)
    memo = {0: 0}

    def exact(n):
        # The memoized recursion on n // d: O(log^5 n) values.
        if n not in memo:
            seen = {exact(n // k) for k in range(2, 7)}
            memo[n] = min(v for v in range(6) if v not in seen)
        return memo[n]

    for n in [10**18, 10**18 + 7, 2**64 - 1, 12**16, 12**16 - 1, 10**30]:
        assert space["grundy"](n) == exact(n)


def test_table_values_numpy_when_installed():
    np = pytest.importorskip("numpy")
    t = grundy.table("sub[1,3,4]", "10^3")
    assert isinstance(t.values, np.ndarray) and t.values.shape == (1001,)
    assert t.period.period == 7
    assert list(t.values[:7]) == [0, 1, 0, 1, 2, 3, 2]


def test_table_html_and_svg():
    t = grundy.table("tb[0.77]", 300)
    assert "period 12" in t._repr_html_()
    svg = str(t.plot())
    assert svg.startswith("<svg") and "period 12 preperiod 71" in svg
    assert t.plot()._repr_svg_() == svg
    assert "<table>" in grundy.analyze("nim(1,2)")._repr_html_()


def test_errors():
    with pytest.raises(grundy.InputError) as e:
        grundy.analyze("nim(3")
    assert isinstance(e.value, ValueError) and isinstance(e.value, grundy.GrundyError)
    assert e.value.column is not None and e.value.kind == "input"
    with pytest.raises(grundy.InputError):
        grundy.analyze("nmi(3)")
    with pytest.raises(grundy.LimitError) as e:
        grundy.analyze("pylasker(300)", max_nodes=100)
    assert e.value.limit == "positions"
    with pytest.raises(grundy.LimitError) as e:
        grundy.analyze("tb[0.6](30) + tb[0.6](31)", misere=True, max_nodes=50)
    assert "50" in str(e.value)
    with pytest.raises(grundy.InputError):
        grundy.table("nim[x]", 10)
    with pytest.raises(grundy.LimitError):
        grundy.table("tb[0.07]", "10^20")


def test_families():
    fams = grundy.families()
    names = [f.name for f in fams]
    assert names[0] == "nim" and "tb" in names and "pylasker" in names
    for f in fams:
        assert f.syntax and f.example


def test_explain_text_and_markdown():
    t = grundy.explain("nim(3,4,5)")
    m = grundy.explain("nim(3,4,5)", markdown=True)
    assert "nim(3,4,5)" in t and "nim(3,4,5)" in m
    assert m.lstrip().startswith("#") and not t.lstrip().startswith("#")


def test_graph_file_and_objects(tmp_path):
    # A 3-cycle with a tail: d = 0, so c = *2 (options d = 0 and a = *), b = 0, a = *:
    # every value finite (Smith's rules); the file and the edge list agree.
    edges = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]
    f = tmp_path / "g.txt"
    f.write_text("".join(f"{u} {v}\n" for u, v in edges))
    from_file = grundy.graph(str(f))
    from_edges = grundy.graph(edges)
    assert from_file.to_dict() == from_edges.to_dict()
    values = {v: from_edges[v].value for v in "abcd"}
    assert values == {"a": "*", "b": "0", "c": "*2", "d": "0"}
    loop = grundy.graph([("x", "y"), ("y", "x")])
    assert loop["x"].nimber is None and loop["x"].outcome == "D"
    nx = pytest.importorskip("networkx")
    g = nx.DiGraph(edges)
    assert grundy.graph(g).to_dict() == from_edges.to_dict()
    path = grundy.graph(nx.path_graph(3))  # undirected: each edge both ways
    assert path.edge_count == 4
    mis = grundy.graph(edges, misere=True)
    assert mis["d"].outcome == "N" and mis["d"].value is None


def test_play():
    c = grundy.best_move("nim(3,4,5)")
    assert c.wins and c.move.to == "nim(1,4,5)"
    assert grundy.best_move("nim(0)") is None
    assert grundy.remoteness("nim(1,1)").moves == 2
    ms = grundy.moves("nim(1,2)")
    assert len(ms) == 3
    g = grundy.Game("nim(2,2)")
    g.play("2 -> 0")
    reply = g.reply()
    assert reply.wins and g.position == "nim(0,0)" and g.over
    with pytest.raises(grundy.InputError):
        grundy.Game("nim(1)").play("5 -> 7")


def test_census_threads():
    names = ["tb[0.07]", "tb[0.77]", "sub[1,3,4]", "tb[0.137]"]
    tables = grundy.census(names, to=400, threads=2)
    assert [t.ruleset for t in tables] == names
    for t in tables:
        assert t.to_dict() == grundy.table(t.ruleset, 400).to_dict()
    with pytest.raises(grundy.InputError) as e:
        grundy.census(["tb[0.07]", "tb[x]"], to=10)
    assert "tb[x]" in str(e.value)


def test_progress_callback():
    seen = []

    # No clock decides it: the last report (all 401 values) reaches the callback however
    # fast the table is.
    @grundy.ruleset("slowsub")
    def slowsub(n):
        return [n - k for k in (1, 2) if n >= k]

    t = grundy.table("slowsub", 400, progress=lambda task, done, total: seen.append((task, done, total)))
    assert [int(v) for v in t.values[:6]] == [0, 1, 2, 0, 1, 2]
    assert seen and seen[-1][2] == 401
    assert "slowsub" in seen[0][0]


def _fnv1a(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def _table_file(rules, values):
    """A finished table file of one byte a value, written as docs/cli.md describes it."""
    import struct

    big = max(values)
    head = b"GRUNDYHT" + struct.pack("<IBBH", 1, 0, 1, 0)
    head += struct.pack("<I", len(rules)) + rules.encode()
    head += struct.pack("<QQ", len(values), len(values))
    head += struct.pack("<IQIQQQI", big, values.index(big), 0, 0, 2**64 - 1, 0, 0)
    body = head + b"\x00" + bytes(values)
    return body + struct.pack("<Q", _fnv1a(body))


def test_read_table_file(tmp_path):
    t = grundy.table("tb[0.07]", 99)
    values = [int(v) for v in t.values]
    path = tmp_path / "kayles.tbl"
    path.write_bytes(_table_file("tb[0.07]", values))
    d = grundy.read_table(path, 10, 19)
    assert d["values"] == values[10:20]
    assert (d["ruleset"], d["length"], d["finished"], d["first"]) == ("tb[0.07]", 100, True, 10)
    assert d["largest_value"] == max(values)
    assert {c["value"]: c["count"] for c in d["counts"]} == {
        v: values.count(v) for v in set(values)
    }
    assert grundy.read_table(str(path))["values"] == values
    # A file cut short and a foreign file are input errors saying so.
    path.write_bytes(_table_file("tb[0.07]", values)[:-5])
    with pytest.raises(grundy.InputError, match="cut short"):
        grundy.read_table(path)
    path.write_bytes(b"P1\n1 1\n0\n")
    with pytest.raises(grundy.InputError, match="not a grundy table file"):
        grundy.read_table(path)
    with pytest.raises(grundy.InputError):
        grundy.read_table(tmp_path / "kayles.tbl", 5, 3)
