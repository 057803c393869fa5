#!/usr/bin/env python3
"""Writes a Green Hackenbush picture for `grundy analyze -`: a random connected graph on the
ground with E edges (default 10^6): a random tree on V = 0.6 E vertices, then the remaining
edges between random vertices (cycles, multiple edges, loops). Deterministic for a seed.

Usage: python3 bench/hackenbush_graph.py [EDGES] [SEED] > picture.txt
"""
import random
import sys

edges = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
rng = random.Random(seed)
vertices = max(1, int(edges * 0.6))


def name(v):
    return "g" if v == 0 else str(v)


out = []
for v in range(1, vertices + 1):
    out.append(f"{name(rng.randrange(v))}-{name(v)}")
for _ in range(edges - vertices):
    out.append(f"{name(rng.randrange(vertices + 1))}-{name(rng.randrange(vertices + 1))}")
sys.stdout.write('hackenbush("' + " ".join(out) + '")\n')
