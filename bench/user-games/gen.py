#!/usr/bin/env python3
"""Writes the inputs of bench/user-games.sh: for one problem, the judge's input at its full
size (what the C++ program reads) and the same game as Grundy positions (what the rule
scripts read). Deterministic: each problem has its own seed.

Usage: python3 bench/user-games/gen.py PROBLEM DIR
Writes DIR/PROBLEM.in (the judge's input) and DIR/PROBLEM.expr (one expression, or one
expression a line for the problems answered with --batch). PROBLEM is one of the names below.
"""
import random
import sys


def kiki():
    # HDU 2147: n, m <= 2000; the board whose search visits every square.
    return "1999 1999\n0 0\n", "kiki(1999,1999)\n"


def canwin():
    # LeetCode 464: maxChoosableInteger 20; desiredTotal 158 makes the memoized search with
    # early exit visit 770,565 of the 2^20 sets (the most of any total from 100 to 210).
    return "20 158\n", "canwin(20,158,0)\n"


def dividing():
    # ABC 368 F: N = 10^5 numbers, uniform in 2..10^5.
    r = random.Random(368)
    a = [r.randint(2, 10**5) for _ in range(10**5)]
    return f"{len(a)}\n{' '.join(map(str, a))}\n", "dividing(" + ",".join(map(str, a)) + ")\n"


def stones():
    # Codeforces 768E: n = 10^6 piles, uniform in 1..60.
    r = random.Random(768)
    s = [r.randint(1, 60) for _ in range(10**6)]
    return f"{len(s)}\n" + "\n".join(map(str, s)) + "\n", "stones(" + ",".join(map(str, s)) + ")\n"


def digits():
    # HDU 1404: strings of up to 6 digits; "999999" reaches every one of them.
    return "999999\n", 'digits("999999")\n'


def chess():
    # HDU 5724: one case of n = 1000 rows; each square of a row holds a man with probability
    # 1/2 (rows with no man are drawn again, as m >= 1).
    r = random.Random(5724)
    rows = []
    while len(rows) < 1000:
        cols = [c for c in range(1, 21) if r.random() < 0.5]
        if cols:
            rows.append(cols)
    judge = f"1\n{len(rows)}\n" + "".join(f"{len(c)} {' '.join(map(str, c))}\n" for c in rows)
    masks = [sum(1 << (20 - c) for c in cols) for cols in rows]
    return judge, "chess(" + ",".join(map(str, masks)) + ")\n"


def bomb():
    # HDU 2873: one 50 x 50 board, each square a bomb with probability 1/2, and the square
    # (50, 50) always one (so every square's value is searched).
    r = random.Random(2873)
    n = m = 50
    grid = [["#" if r.random() < 0.5 else "." for _ in range(m)] for _ in range(n)]
    grid[n - 1][m - 1] = "#"
    judge = f"{n} {m}\n" + "".join("".join(row) + "\n" for row in grid) + "0 0\n"
    cells = [f"{i + 1},{j + 1}" for i in range(n) for j in range(m) if grid[i][j] == "#"]
    return judge, "bomb(" + ",".join(cells) + ")\n"


def lasker():
    # Lasker's Nim as a table: heaps 0..3000 (about 6.75 million options).
    return "3000\n", "3000\n"


def lasker3032():
    # HDU 3032 at full size: one case of 10^6 heaps uniform in 1..2^31 - 1.
    r = random.Random(3032)
    s = [r.randint(1, 2**31 - 1) for _ in range(10**6)]
    return f"1\n{len(s)}\n{' '.join(map(str, s))}\n", "lasker(" + ",".join(map(str, s)) + ")\n"


def funny():
    # POJ 2484 by the moves: a circle of 3000 coins (about 4.5 million options); the judge's
    # 10^6 is funny2484.
    return "3000\n0\n", "funny(3000)\n"


def funny2484():
    # POJ 2484 at full size: 1000 circles, the largest 10^6, the rest uniform in 1..10^6.
    r = random.Random(2484)
    ns = [10**6] + [r.randint(1, 10**6) for _ in range(999)]
    return "".join(f"{n}\n" for n in ns) + "0\n", "".join(f"funny({n})\n" for n in ns)


def euclid():
    # HDU 3595: one case of 1000 pairs uniform in 1..1000.
    r = random.Random(3595)
    pairs = [(r.randint(1, 1000), r.randint(1, 1000)) for _ in range(1000)]
    judge = f"{len(pairs)}\n" + "".join(f"{a} {b}\n" for a, b in pairs)
    return judge, "every(" + ",".join(f"euclid({a},{b})" for a, b in pairs) + ")\n"


def euclid1525():
    # HDU 1525 at full size: 1000 pairs, the first (1, 2^31 - 1), the rest uniform in
    # 1..2^31 - 1.
    r = random.Random(1525)
    pairs = [(1, 2**31 - 1)] + [(r.randint(1, 2**31 - 1), r.randint(1, 2**31 - 1)) for _ in range(999)]
    judge = "".join(f"{a} {b}\n" for a, b in pairs) + "0 0\n"
    return judge, "".join(f"euclid({a},{b})\n" for a, b in pairs)


def cutting():
    # POJ 2311: sheets of 2 to 200 squares a side; 200 x 200 reaches every sheet.
    return "200 200\n", "cutting(200,200)\n"


def lieges():
    # Codeforces 603C at full size: n = 10^5 piles uniform in 1..10^9, k = 10^9 - 1 (odd: the
    # splits count).
    r = random.Random(603)
    k = 10**9 - 1
    a = [r.randint(1, 10**9) for _ in range(10**5)]
    judge = f"{len(a)} {k}\n{' '.join(map(str, a))}\n"
    return judge, "lieges(" + ",".join(f"{k},{x}" for x in a) + ")\n"


PROBLEMS = {f.__name__: f for f in [kiki, canwin, dividing, stones, digits, chess, bomb, lasker,
                                     lasker3032, funny, funny2484, euclid, euclid1525, cutting,
                                     lieges]}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in PROBLEMS:
        sys.exit(f"usage: gen.py PROBLEM DIR (PROBLEM: {', '.join(PROBLEMS)})")
    judge, expr = PROBLEMS[sys.argv[1]]()
    with open(f"{sys.argv[2]}/{sys.argv[1]}.in", "w") as f:
        f.write(judge)
    with open(f"{sys.argv[2]}/{sys.argv[1]}.expr", "w") as f:
        f.write(expr)
