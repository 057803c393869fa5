"""Games defined in Python: they agree with the same built-in games (property tests), mix
with built-ins in sums, and raise their own exceptions unchanged."""

import functools
import os
import signal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy

settings.register_profile("grundy", max_examples=30, deadline=None)
settings.load_profile("grundy")


def make_sub(name, subset):
    @grundy.ruleset(name)
    def game(n):
        return [n - s for s in subset if s <= n]

    return game


# The remoteness (an extra search over whole sums) is left out: it is not what is compared.
analyze = functools.partial(grundy.analyze, remoteness=False)

heaps = st.lists(st.integers(min_value=0, max_value=20), min_size=1, max_size=4)


@given(st.sets(st.integers(min_value=1, max_value=6), min_size=1, max_size=3), heaps)
def test_python_subtraction_game_agrees_with_sub(subset, hs):
    name = "pysub_" + "_".join(map(str, sorted(subset)))
    make_sub(name, sorted(subset))
    builtin = "sub[" + ",".join(map(str, sorted(subset))) + "]"
    mine = " + ".join(f"{name}({h})" for h in hs)
    theirs = builtin + "(" + ",".join(map(str, hs)) + ")"
    a, b = analyze(mine), analyze(theirs)
    assert (a.outcome, a.nimber) == (b.outcome, b.nimber)
    assert a.winning_moves_total == b.winning_moves_total
    assert analyze(mine, misere=True).outcome == analyze(theirs, misere=True).outcome


@given(heaps)
def test_python_dawson_agrees_with_tb_007(hs):
    mine = " + ".join(f"pydawson({h})" for h in hs)
    theirs = "tb[0.07](" + ",".join(map(str, hs)) + ")"
    a, b = analyze(mine), analyze(theirs)
    assert (a.outcome, a.nimber) == (b.outcome, b.nimber)
    assert a.winning_moves_total == b.winning_moves_total


@given(st.lists(st.integers(min_value=0, max_value=6), min_size=1, max_size=4))
def test_python_nim_agrees_with_nim_in_mixed_misere_sums(hs):
    # Half the heaps in Python, half built in: the same game as Nim on all of them.
    mine = " + ".join([f"pynim({h})" for h in hs[::2]] + [f"nim({h})" for h in hs[1::2]])
    theirs = "nim(" + ",".join(map(str, hs)) + ")"
    for misere in (False, True):
        a, b = analyze(mine, misere=misere), analyze(theirs, misere=misere)
        assert a.outcome == b.outcome
        assert a.nimber == b.nimber


def test_lasker_table_and_sum():
    # Lasker's Nim (Winning Ways): G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4,
    # G(4k+4) = 4k+3.
    t = grundy.table("pylasker", 40)
    expect = [0] + [
        n if n % 4 in (1, 2) else (n + 1 if n % 4 == 3 else n - 1) for n in range(1, 41)
    ]
    assert [int(v) for v in t.values] == expect
    a = grundy.analyze("pylasker(10) + nim(3)")
    assert a.nimber == expect[10] ^ 3
    for m in a.winning_moves:
        assert grundy.analyze(m.to).outcome == "P"


def test_positions_of_several_arguments_and_strings():
    @grundy.ruleset("pywyt", arity=2)
    def pywyt(p):
        a, b = p
        yield from ((a - k, b) for k in range(1, a + 1))
        yield from ((a, b - k) for k in range(1, b + 1))
        yield from ((a - k, b - k) for k in range(1, min(a, b) + 1))

    for a, b in [(1, 2), (3, 5), (4, 7), (2, 2), (0, 0)]:
        assert grundy.analyze(f"pywyt({a},{b})").to_dict()["nimber"] == grundy.analyze(
            f"wythoff({a},{b})"
        ).nimber

    @grundy.ruleset("pyword")
    def pyword(w):
        return [w[:i] + w[i + 1 :] for i in range(len(w))]

    a = grundy.analyze('pyword("abc")')
    assert a.outcome == "N" and all(m.to.startswith("pyword(") for m in a.winning_moves)
    # Four arguments of an arity-2 family: the sum of two pairs.
    assert (
        grundy.analyze("pywyt(1,2,4,7)").nimber
        == grundy.analyze("wythoff(1,2) + wythoff(4,7)").nimber
    )
    with pytest.raises(grundy.InputError, match="arity"):
        grundy.analyze("pywyt(1,2,3)")


def test_arity_one_reads_several_arguments_as_a_sum():
    # Take 1 to 3, or split a heap of at least 4 into two unequal heaps: splitter(4, 7, 9)
    # is a sum of three heaps (the first version read it as one tuple with no moves).
    @grundy.ruleset("pysplit")
    def pysplit(n):
        yield from (n - k for k in range(1, min(3, n) + 1))
        if n >= 4:
            yield from (grundy.Sum([a, n - a]) for a in range(1, n) if a < n - a)

    g = []
    for h in range(13):
        seen = {g[h - k] for k in range(1, min(3, h) + 1)}
        if h >= 4:
            seen |= {g[a] ^ g[h - a] for a in range(1, h) if a < h - a}
        g.append(next(v for v in range(64) if v not in seen))
    assert grundy.analyze("pysplit(4,7,9)").nimber == g[4] ^ g[7] ^ g[9]
    assert grundy.analyze("pysplit(4,7,9)").outcome == ("N" if g[4] ^ g[7] ^ g[9] else "P")
    for a in range(13):
        assert grundy.analyze(f"pysplit({a})").nimber == g[a]


def test_options_of_the_wrong_shape_and_bad_arities_are_errors():
    @grundy.ruleset("pybad2", arity=2)
    def pybad2(p):
        return [p[0] - 1] if p[0] > 0 else []

    with pytest.raises(grundy.InputError, match="arity"):
        grundy.analyze("pybad2(3, 1)")
    for bad in [0, -1, "two", 1.5, True]:
        with pytest.raises(grundy.InputError, match="arity"):
            grundy.ruleset("pybadarity", arity=bad)(lambda p: [])


def test_exceptions_reach_the_caller_unchanged():
    class Oops(Exception):
        pass

    @grundy.ruleset("pyfail")
    def pyfail(n):
        if n == 2:
            raise Oops("no moves from 2")
        return range(n)

    with pytest.raises(Oops, match="no moves from 2"):
        grundy.analyze("pyfail(5)")
    with pytest.raises(Oops):
        grundy.analyze("pyfail(5) + nim(1)", misere=True)
    with pytest.raises(Oops):
        grundy.table("pyfail", 5)
    # The engine is still usable, and positions below the failure still solve.
    assert grundy.analyze("pyfail(1)").nimber == 1

    @grundy.ruleset("pyunhashable")
    def pyunhashable(n):
        return [{n - 1}] if n else []

    with pytest.raises(TypeError):
        grundy.analyze("pyunhashable(3)")


def test_names_and_redefinition():
    with pytest.raises(grundy.InputError):
        grundy.ruleset("nim")(lambda n: [])
    with pytest.raises(grundy.InputError):
        grundy.ruleset("bad name")(lambda n: [])
    grundy.ruleset("pyredef")(lambda n: [])
    assert grundy.analyze("pyredef(3)").nimber == 0
    grundy.ruleset("pyredef")(lambda n: range(n))
    assert grundy.analyze("pyredef(3)").nimber == 3


def test_keyboard_interrupt_cancels(sigint_raises):
    # The game itself sends the interrupt at its thousandth position, of nine million: no
    # clock decides the test.
    calls = []

    @grundy.ruleset("pyhuge", arity=2)
    def pyhuge(p):
        calls.append(1)
        if len(calls) == 1000:
            os.kill(os.getpid(), signal.SIGINT)
        a, b = p
        return [(a - 1, b), (a, b - 1)] + ([(a - 1, b - 1)] if a and b else [])

    with pytest.raises(KeyboardInterrupt):
        grundy.analyze("pyhuge(3000,3000)", max_nodes=10**8)
    assert len(calls) < 9 * 10**6
    assert grundy.analyze("nim(1)").outcome == "N"


def _kayles_moves(n):
    # Kayles on a row of pins written as a number (bit i set: pin i stands).
    out = []
    i = 0
    while n >> i:
        if (n >> i) & 1:
            out.append(n ^ (1 << i))
            if (n >> (i + 1)) & 1:
                out.append(n ^ (3 << i))
        i += 1
    return out


def _kayles_canonical(n):
    while n and n % 2 == 0:
        n //= 2
    return n


def _kayles_split(n):
    runs = [len(r) for r in bin(n)[2:].split("0") if r]
    return [(1 << r) - 1 for r in runs] if len(runs) > 1 else None


@given(st.integers(min_value=0, max_value=(1 << 12) - 1))
def test_canonical_and_split_agree_with_plain_search(n):
    seen = []

    def hooked_moves(p):
        seen.append(p)
        return _kayles_moves(p)

    grundy.ruleset("kay_plain")(_kayles_moves)
    grundy.ruleset("kay_hooked", canonical=_kayles_canonical, split=_kayles_split)(hooked_moves)
    plain, hooked = analyze(f"kay_plain({n})"), analyze(f"kay_hooked({n})")
    assert (hooked.outcome, hooked.nimber) == (plain.outcome, plain.nimber)
    # The winning moves are the real positions, the same as without the hooks.
    assert [m.to.replace("kay_hooked", "") for m in hooked.winning_moves] == [
        m.to.replace("kay_plain", "") for m in plain.winning_moves
    ]
    # The search met only canonical positions that do not split (runs at the right end),
    # besides the position itself, whose moves are listed to find the winning ones.
    assert all(p & (p + 1) == 0 for p in seen if p != n), seen


def _bash(n):
    return [n - k for k in (1, 2, 3) if k <= n]


def test_closed_forms_answer_without_search():
    # Take 1, 2 or 3: the nim-value is n % 4, far beyond any search.
    grundy.ruleset("bash_closed", nimber=lambda n: n % 4)(_bash)
    a = analyze("bash_closed(1000000000001) + nim(1)")
    assert (a.outcome, a.nimber) == ("P", 0)
    # None searches: the same values as without the closed form.
    grundy.ruleset("bash_none", nimber=lambda n: None)(_bash)
    assert [analyze(f"bash_none({n})").nimber for n in range(8)] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_a_closed_form_of_the_wrong_kind_is_an_input_error():
    grundy.ruleset("bash_wrong", nimber=lambda n: "three")(_bash)
    with pytest.raises(grundy.InputError) as e:
        analyze("bash_wrong(3)")
    assert "nimber(3)" in str(e.value) and "'three'" in str(e.value)
