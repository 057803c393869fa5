"""Families defined in Python that several tests share (registered once per session)."""

import signal

import pytest

import grundy


@grundy.ruleset("pylasker", summary="Lasker's Nim, defined in Python")
def pylasker(n):
    yield from range(n)
    yield from (grundy.Sum([a, n - a]) for a in range(1, n // 2 + 1))


@grundy.ruleset("pynim")
def pynim(n):
    return range(n)


@grundy.ruleset("pyfdiv")
def pyfdiv(n):
    """CodeChef FDIVGAME: n becomes n // d for d = 2..6."""
    return [n // d for d in range(2, 7)] if n > 0 else []


@grundy.ruleset("pydawson")
def pydawson(n):
    """Dawson's Kayles, tb[0.07]: take two from a heap, leaving 0, 1 or 2 heaps."""
    for left in range(0, n - 1):
        right = n - 2 - left
        if left > right:
            break
        yield grundy.Sum([h for h in (left, right) if h > 0])


@pytest.fixture
def sigint_raises():
    """Ctrl-C raises KeyboardInterrupt during the test, whatever the process inherited: a
    shell starts a background job with SIGINT ignored, and Python then installs no handler
    of its own (`pytest &` would see no interrupt)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
