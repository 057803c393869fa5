#!/usr/bin/env python3
"""`bench/user-games.sh check`: every Luau example of the benchmark answers its judge's
samples, and every closed form (`nimber(p)` in a *_closed.luau script) gives the value the
search by the script's own moves gives, on every small position listed below. Exit status 1
at the first disagreement. Positions are analyzed with `grundy analyze --batch`, one line each.

Usage: python3 bench/user-games/check.py GRUNDY RULES_DIR
"""
import json
import subprocess
import sys

grundy, rules = sys.argv[1], sys.argv[2]

# (script, expression, outcome the judge's sample says)
SAMPLES = [
    ("kiki.luau", "kiki(5,3)", "P"), ("kiki.luau", "kiki(5,4)", "N"), ("kiki.luau", "kiki(6,6)", "N"),
    ("kiki_closed.luau", "kiki(5,3)", "P"), ("kiki_closed.luau", "kiki(5,4)", "N"),
    ("kiki_closed.luau", "kiki(6,6)", "N"),
    ("canwin.luau", "canwin(10,11,0)", "P"), ("canwin.luau", "canwin(10,0,0)", "N"),
    ("canwin.luau", "canwin(10,1,0)", "N"),
    ("dividing.luau", "dividing(2,3,4)", "N"), ("dividing.luau", "dividing(2,3,4,6)", "P"),
    ("dividing_closed.luau", "dividing(2,3,4)", "N"), ("dividing_closed.luau", "dividing(2,3,4,6)", "P"),
    ("stones.luau", "stones(5)", "N"), ("stones.luau", "stones(1,2)", "P"),
    ("stones_closed.luau", "stones(5)", "N"), ("stones_closed.luau", "stones(1,2)", "P"),
    ("digits.luau", 'digits("0")', "N"), ("digits.luau", 'digits("00")', "N"),
    ("digits.luau", 'digits("1")', "P"), ("digits.luau", 'digits("20")', "P"),
    ("chess.luau", "chess(3)", "P"), ("chess.luau", "chess(2,4)", "N"),
    ("bomb.luau", "bomb(1,2)", "N"), ("bomb.luau", "bomb(1,2,2,2)", "P"),
    ("lasker.luau", "lasker(2,2,3)", "N"), ("lasker.luau", "lasker(3,3)", "P"),
    ("lasker_closed.luau", "lasker(2,2,3)", "N"), ("lasker_closed.luau", "lasker(3,3)", "P"),
    ("funny.luau", "funny(1)", "N"), ("funny.luau", "funny(2)", "N"), ("funny.luau", "funny(3)", "P"),
    ("funny_closed.luau", "funny(1)", "N"), ("funny_closed.luau", "funny(2)", "N"),
    ("funny_closed.luau", "funny(3)", "P"),
    ("lieges.luau", "lieges(1,3,1,4)", "N"), ("lieges.luau", "lieges(2,3)", "P"),
    ("euclid.luau", "euclid(34,12)", "N"), ("euclid.luau", "euclid(15,24)", "P"),
    ("euclid_closed.luau", "euclid(34,12)", "N"), ("euclid_closed.luau", "euclid(15,24)", "P"),
]

# (closed-form script, the plain script, the positions compared)
CLOSED = [
    ("kiki_closed.luau", "kiki.luau", [f"kiki({n},{m})" for n in range(1, 61) for m in range(1, 61)]),
    ("dividing_closed.luau", "dividing.luau", [f"dividing({n})" for n in range(0, 5001)]),
    ("stones_closed.luau", "stones.luau", [f"stones({s})" for s in range(0, 61)]),
    ("lasker_closed.luau", "lasker.luau", [f"lasker({n})" for n in range(0, 301)]),
    ("funny_closed.luau", "funny.luau",
     [f"funny({n})" for n in range(0, 301)] + [f"funny({-(k + 1)})" for k in range(0, 301)]),
    ("euclid_closed.luau", "euclid.luau",
     [f"euclid({a},{b})" for a in range(1, 151) for b in range(1, 151)]),
]


def batch(script, exprs, what):
    """One field of each position's analysis (or its error), by `grundy analyze --batch`."""
    p = subprocess.run(
        [grundy, "analyze", "--batch", "--max-moves", "0", "--no-remoteness", "--rules",
         f"{rules}/{script}", "-"],
        input="".join(e + "\n" for e in exprs), capture_output=True, text=True)
    out = []
    for line in p.stdout.splitlines():
        o = json.loads(line)
        out.append(o.get(what, "error: " + json.dumps(o.get("error"))))
    if len(out) != len(exprs):
        sys.exit(f"{script}: {len(out)} answers for {len(exprs)} positions: {p.stderr[:500]}")
    return out


failed = False
by_script = {}
for script, expr, want in SAMPLES:
    by_script.setdefault(script, []).append((expr, want))
for script, cases in by_script.items():
    got = batch(script, [e for e, _ in cases], "outcome")
    for (expr, want), g in zip(cases, got):
        if g != want:
            print(f"FAIL {script}: {expr} is {g}, the judge's sample says {want}")
            failed = True
    print(f"samples of {script}: {len(cases)} checked")
for closed, plain, exprs in CLOSED:
    a = batch(closed, exprs, "nimber")
    b = batch(plain, exprs, "nimber")
    bad = [(e, x, y) for e, x, y in zip(exprs, a, b) if x != y]
    for e, x, y in bad[:10]:
        print(f"FAIL {closed}: {e} has the value {x} by its closed form and {y} by the search")
    failed |= bool(bad)
    print(f"{closed} against {plain}: {len(exprs)} positions, {len(bad)} differ")
sys.exit(1 if failed else 0)
