"""Speed of Python-defined games, end to end (BENCHMARKS.md, "Python families at speed").

Run one case per process, under /usr/bin/time -v for user time and memory:

    target/pyenv/bin/python crates/grundy-py/bench/speed.py CASE [N]

Cases (each prints the positions it lists, the seconds and the positions a second):

    sub-table N      table of the subtraction game {1, 3, 4} (a generator) for heaps 0..N
    sub-analyze N    the same game, analyze("pysub(N)"): one search a million moves deep
    lasker-table N   table of Lasker's Nim (take any number, or split a heap in two) to N
    twoheaps N       two heaps of sub[1,2,3] as one tuple position (N, N), arity=2
    wythoff N        Wythoff's game, arity=2, from (N, N): (N + 1)^2 positions
    word N           delete one letter from a word of N letters over "ab" (str positions)
    plain N          no engine: a plain Python loop of mex for the subtraction game to N
    plain-wythoff N  no engine: a plain Python loop of mex over Wythoff's board to (N, N)

For a side-by-side run of an older build, install its wheel into a directory of its own
(`pip install --no-deps --target DIR WHEEL`) and run the same case with PYTHONPATH=DIR.
"""

import sys
import time

import grundy


def sub134(n):
    yield from (n - k for k in (1, 3, 4) if k <= n)


def lasker(n):
    yield from range(n)
    yield from (grundy.Sum([a, n - a]) for a in range(1, n // 2 + 1))


def twoheaps(p):
    a, b = p
    return [(a - k, b) for k in (1, 2, 3) if k <= a] + [(a, b - k) for k in (1, 2, 3) if k <= b]


def wythoff(p):
    a, b = p
    yield from ((a - k, b) for k in range(1, a + 1))
    yield from ((a, b - k) for k in range(1, b + 1))
    yield from ((a - k, b - k) for k in range(1, min(a, b) + 1))


def word(w):
    return {w[:i] + w[i + 1 :] for i in range(len(w))}


def plain(n):
    """A contestant's Python: the values of 0..n by a loop (no engine)."""
    g = [0] * (n + 1)
    for h in range(n + 1):
        seen = {g[h - k] for k in (1, 3, 4) if k <= h}
        v = 0
        while v in seen:
            v += 1
        g[h] = v
    return g


def plain_wythoff(n):
    """A contestant's Python: the value of Wythoff's game at (n, n) by a loop over the
    board, each option listed as the engine's function lists it."""
    g = {}
    for a in range(n + 1):
        for b in range(n + 1):
            seen = {g[q] for q in wythoff((a, b))}
            v = 0
            while v in seen:
                v += 1
            g[(a, b)] = v
    return g[(n, n)]


def main():
    case = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else None
    start = time.perf_counter()
    if case == "sub-table":
        grundy.ruleset("pysub")(sub134)
        t = grundy.table("pysub", n)
        assert [int(v) for v in t.values[:7]] == [0, 1, 0, 1, 2, 3, 2]
        assert int(t.values[n]) == [0, 1, 0, 1, 2, 3, 2][n % 7]
        positions = n + 1
    elif case == "sub-analyze":
        grundy.ruleset("pysub")(sub134)
        a = grundy.analyze(f"pysub({n})", remoteness=False)
        assert a.nimber == [0, 1, 0, 1, 2, 3, 2][n % 7]
        positions = n + 1
    elif case == "lasker-table":
        grundy.ruleset("pylasker")(lasker)
        t = grundy.table("pylasker", n)
        want = n if n % 4 in (1, 2) else (n + 1 if n % 4 == 3 else max(n - 1, 0))
        assert int(t.values[n]) == want
        positions = n + 1
    elif case == "twoheaps":
        grundy.ruleset("twoheaps", arity=2)(twoheaps)
        a = grundy.analyze(f"twoheaps({n},{n})", remoteness=False)
        assert a.nimber == 0
        positions = (n + 1) ** 2
    elif case == "wythoff":
        grundy.ruleset("pywyt", arity=2)(wythoff)
        a = grundy.analyze(f"pywyt({n},{n})", remoteness=False)
        assert a.nimber == grundy.analyze(f"wythoff({n},{n})").nimber
        positions = (n + 1) ** 2
    elif case == "word":
        grundy.ruleset("pyword")(word)
        w = ("ab" * n)[:n]
        a = grundy.analyze(f'pyword("{w}")', remoteness=False)
        took = time.perf_counter() - start
        assert a.nimber is not None
        # The words reached are the distinct subsequences of w (counted after the timing).
        seen = {w}
        frontier = [w]
        while frontier:
            nxt = []
            for x in frontier:
                for y in word(x):
                    if y not in seen:
                        seen.add(y)
                        nxt.append(y)
            frontier = nxt
        positions = len(seen)
    elif case == "plain":
        g = plain(n)
        assert g[n] == [0, 1, 0, 1, 2, 3, 2][n % 7]
        positions = n + 1
    elif case == "plain-wythoff":
        g = plain_wythoff(n)
        assert g == grundy.analyze(f"wythoff({n},{n})").nimber
        positions = (n + 1) ** 2
    else:
        raise SystemExit(f"unknown case {case}; see the module's docstring")
    if case != "word":
        took = time.perf_counter() - start
    print(f"{case} {n}: {positions} positions, {took:.2f} s, {positions / took:,.0f} positions/s")


if __name__ == "__main__":
    main()
