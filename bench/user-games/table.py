#!/usr/bin/env python3
"""The table of bench/user-games.sh: reads the per-run figures (one tab-separated line a run:
problem, title, program, file, round, user, sys, wall, maxrss KB, status, agreement, answer,
load) and prints one Markdown row per program: the median user time of the rounds, the peak
memory, the median of the per-round ratios to the problem's C++ program (user time, to the
microsecond; a C++ run under a millisecond counts as one, and its ratios are marked >=),
the status and whether the answer agrees with the C++ program's.
Exit status 1 when an answer differs or a run failed.

Usage: python3 bench/user-games/table.py RESULTS.tsv
"""
import statistics
import sys
from collections import OrderedDict

rows = OrderedDict()
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split("\t")
    problem, title, program, file, rnd, user, sys_, wall, rss, status, agree, answer, load = f
    key = (problem, program)
    r = rows.setdefault(key, {"title": title, "file": file, "runs": {}, "load": load})
    r["runs"][int(rnd)] = {
        "user": float(user or "nan"), "rss": int(rss or 0), "status": status,
        "agree": agree, "answer": answer,
    }

bad = False
print("| problem | program | user s | peak MB | script / C++ | answer | agrees | load |")
print("|---|---|---|---|---|---|---|---|")
ref = {}
for (problem, program), r in rows.items():
    runs = r["runs"]
    if problem not in ref:
        ref[problem] = runs
    base = ref[problem]
    users = [x["user"] for x in runs.values()]
    user = statistics.median(users)
    rss = max(x["rss"] for x in runs.values()) / 1024
    statuses = {x["status"] for x in runs.values()}
    agrees = {x["agree"] for x in runs.values()}
    if base is runs:
        ratio = "1"
    else:
        ratios, floor = [], False
        for rnd, x in runs.items():
            if rnd in base:
                b = base[rnd]["user"]
                if b < 0.001:
                    b, floor = 0.001, True
                ratios.append(x["user"] / b)
        ratio = (">= " if floor else "") + (f"{statistics.median(ratios):.1f}" if ratios else "-")
    status = ", ".join(sorted(s[:120] for s in statuses))
    if any(s.startswith("failed") for s in statuses) or "DIFFERS" in agrees:
        bad = True
    agree = ", ".join(sorted(agrees))
    answer = next(iter(runs.values()))["answer"]
    if len(answer) > 60:
        answer = answer[:57] + "..."
    shown = f"{user:.3f}" if user < 1 else f"{user:.2f}"
    if status != "ok":
        shown += f" ({status})"
    print(f"| {r['title']} | {program} (`{r['file']}`) | {shown} | {rss:.0f} | {ratio} | "
          f"{answer} | {agree} | {r['load']} |")
sys.exit(1 if bad else 0)
