"""A Python-defined game of about 10^5 positions, solved by the engine (BENCHMARKS.md).

Two heaps, take 1, 2 or 3 from either: the positions (a, b) with a, b <= 316 (100489 of
them) are all reached from (316, 316). Run: target/pyenv/bin/python bench/python_game.py
"""

import time

import grundy


@grundy.ruleset("twoheaps")
def twoheaps(p):
    a, b = p
    return [(a - k, b) for k in (1, 2, 3) if k <= a] + [(a, b - k) for k in (1, 2, 3) if k <= b]


start = time.perf_counter()
a = grundy.analyze("twoheaps(316,316)", remoteness=False)
took = time.perf_counter() - start
# The game is the sum of two heaps of sub[1,2,3] written as one position: G = (316 % 4) XOR
# (316 % 4) = 0.
assert a.nimber == 0 and a.outcome == "P"
print(f"twoheaps(316,316): 100489 positions, outcome {a.outcome}, nimber {a.nimber}, {took:.2f} s")
