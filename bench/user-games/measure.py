#!/usr/bin/env python3
"""Runs a command under `/usr/bin/time -v -o FILE` (standard input and output inherited) and
appends to FILE the user and system time of the command and its children to the
microsecond, from wait4 (GNU time prints them to the hundredth, too coarse for the C++ runs).
Exits with the command's exit status.

Usage: measure.py FILE COMMAND [ARG ...]
"""
import os
import subprocess
import sys

tv = sys.argv[1]
p = subprocess.Popen(["/usr/bin/time", "-v", "-o", tv] + sys.argv[2:])
_, status, ru = os.wait4(p.pid, 0)
with open(tv, "a") as f:
    f.write(f"\tPrecise user time (seconds): {ru.ru_utime:.6f}\n")
    f.write(f"\tPrecise system time (seconds): {ru.ru_stime:.6f}\n")
sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 1)
