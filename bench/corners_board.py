#!/usr/bin/env python3
"""Writes a Turning Corners position for `grundy analyze -`: N distinct head-up cells drawn
within 10^6 of (2^64 - 1, 2^64 - 1). Deterministic for a seed.

Usage: python3 bench/corners_board.py [N] [SEED] > corners.txt
"""
import random
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
r = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 5)
M = 2**64 - 1
cells = set()
while len(cells) < n:
    cells.add((r.randrange(M - 10**6, M + 1), r.randrange(M - 10**6, M + 1)))
print("corners(" + ",".join(f"{x},{y}" for x, y in sorted(cells)) + ")")
