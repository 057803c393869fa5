#!/usr/bin/env python3
"""Codeforces 1091H (New Year and the Tricolore Recreation) at the judge's full size, as one
Grundy expression: a subtraction game whose set holds the primes and the products of two
primes below 2*10^5 except one forbidden amount f, played on the two gaps of every row.

Usage: bench/cf1091h.py [ROWS [F [SEED]]] > position.txt   (default 100000 rows, f = 8, seed 1)
Then: /usr/bin/time -v target/release/grundy analyze --max-moves 0 - < position.txt

Each row b < w < r with coordinates in [-10^5, 10^5] gives the heaps w - b - 1 and r - w - 1.
"""
import random
import sys

LIMIT = 200_000


def amounts(f):
    """Numbers below LIMIT with one or two prime factors (counted with multiplicity), minus f."""
    factors = [0] * LIMIT
    for p in range(2, LIMIT):
        if factors[p] == 0:  # p is prime: count its powers in every multiple
            q = p
            while q < LIMIT:
                for m in range(q, LIMIT, q):
                    factors[m] += 1
                q *= p
    return [k for k in range(2, LIMIT) if factors[k] <= 2 and k != f]


def ranges(sorted_ks):
    out = []
    start = prev = sorted_ks[0]
    for k in sorted_ks[1:]:
        if k != prev + 1:
            out.append((start, prev))
            start = k
        prev = k
    out.append((start, prev))
    return ",".join(str(a) if a == b else f"{a}..{b}" for a, b in out)


def main():
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    f = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    ks = amounts(f)
    heaps = []
    for _ in range(rows):
        b, w, r = sorted(rng.sample(range(-100_000, 100_001), 3))
        heaps += [w - b - 1, r - w - 1]
    sys.stderr.write(f"{len(ks)} amounts, {len(heaps)} heaps\n")
    print(f"sub[{ranges(ks)}]({','.join(map(str, heaps))})")


if __name__ == "__main__":
    main()
