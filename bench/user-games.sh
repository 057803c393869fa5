#!/usr/bin/env bash
# Your own game at judge scale (issue 24): each judge problem as a plain memoized C++ search
# (bench/user-games/*.cpp, compiled here with g++ -O2) beside the same game as a rule script
# (examples/rules/*.luau, and *.rhai where one exists), on the judge's full input (written by
# bench/user-games/gen.py, deterministic), side by side in paired rounds. Prints a table of
# user time (the median of the rounds), peak memory (from /usr/bin/time -v) and the ratio
# script / C++ (the median of the per-round ratios), and checks that every program gives the
# judge's answer the C++ program gives. Scripts run `grundy analyze --max-moves 0 --no-count`:
# the C++ programs compute the answer alone, and so does that (counting the winning moves lists
# every component's options once more; BENCHMARKS.md has figures with and without it).
#
# Usage: bench/user-games.sh [PROBLEM ...]   (default: every problem)
#        bench/user-games.sh check           (the scripts' judge samples, and every closed
#                                             form against the search on small positions)
#        bench/user-games.sh list            (the problems and their programs)
# Environment:
#   SHORT_ROUNDS=k the rounds of a problem whose reference program ran under 50 ms in its
#                  first round (default 9: a few ms of timing noise is a large share of it)
#   ROUNDS=k       paired rounds (default 3): each round runs every program of a problem once,
#                  one after the other, so that the load of the shared machine hits them alike
#   TIMEOUT=s      the most seconds one run may take (default 300); a run stopped is "timeout"
#   GRUNDY=path    use this grundy binary instead of building target/release/grundy
#   SKIP_RHAI=1    leave out the Rhai scripts (they take minutes)
#   WORK=dir       keep the inputs, outputs and per-run figures there (default: a temporary
#                  directory, removed at the end)
# User time, not wall time: the machine is shared, and a loaded machine stretches the wall
# clock of a run by however much else is running. The load average is printed per problem.
# Exit status: 0 when every answer agrees (a run stopped by TIMEOUT is reported, not a
# failure), 1 when an answer differs or a run fails.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
ROUNDS=${ROUNDS:-3}
SHORT_ROUNDS=${SHORT_ROUNDS:-9}
TIMEOUT=${TIMEOUT:-300}
RULES=$ROOT/examples/rules
SRC=$ROOT/bench/user-games

# The problems: name|title (size)|answer for N|answer for P.
PROBLEMS=(
    "kiki|HDU 2147 kiki, 1999 x 1999|Wonderful!|What a pity!"
    "canwin|LeetCode 464, M = 20, T = 158 (770,565 sets)|true|false"
    "dividing|ABC 368 F, 10^5 numbers to 10^5|Anna|Bruno"
    "stones|Codeforces 768E, 10^6 piles to 60|NO|YES"
    "digits|HDU 1404 digits(\"999999\")|Yes|No"
    "chess|HDU 5724, 1000 rows of 20 columns|YES|NO"
    "bomb|HDU 2873, 50 x 50 board|John|Jack"
    "lasker|Lasker's Nim, table 0..3000|-|-"
    "lasker3032|HDU 3032, 10^6 heaps to 2^31 - 1|Alice|Bob"
    "funny|POJ 2484, a circle of 3000 coins|Alice|Bob"
    "funny2484|POJ 2484, 1000 circles to 10^6|Alice|Bob"
    "euclid|HDU 3595, every() of 1000 pairs to 1000|MM|GG"
    "euclid1525|HDU 1525, 1000 pairs to 2^31 - 1|Stan wins|Ollie wins"
    "cutting|POJ 2311, a sheet of 200 x 200|WIN|LOSE"
    "lieges|Codeforces 603C, 10^5 piles to 10^9, k = 10^9 - 1|Kevin|Nicky"
)

# The programs of each problem: problem|label|kind|file. Kinds: cpp (reads the judge's input),
# cpp-map (the same program built with -DUSE_MAP: std::map for the memo), analyze (one
# expression), batch (one expression a line, --batch), table (a table to N).
# The C++ program of a problem comes first: it is the reference of the answers and ratios.
PROGRAMS=(
    "kiki|C++ memo|cpp|kiki"
    "kiki|Luau moves|analyze|kiki.luau"
    "kiki|Rhai moves|analyze|kiki.rhai"
    "kiki|Luau closed form|analyze|kiki_closed.luau"
    "canwin|C++ memo|cpp|canwin"
    "canwin|Luau moves|analyze|canwin.luau"
    "dividing|C++ memo|cpp|dividing"
    "dividing|Luau moves|analyze|dividing.luau"
    "dividing|Luau closed form|analyze|dividing_closed.luau"
    "stones|C++ memo|cpp|stones"
    "stones|C++ std::map|cpp-map|stones"
    "stones|Luau moves|analyze|stones.luau"
    "stones|Luau closed form|analyze|stones_closed.luau"
    "digits|C++ memo|cpp|digits"
    "digits|C++ std::map|cpp-map|digits"
    "digits|Luau moves|analyze|digits.luau"
    "digits|Rhai moves|analyze|digits.rhai"
    "chess|C++ memo|cpp|chess"
    "chess|Luau moves|analyze|chess.luau"
    "bomb|C++ memo|cpp|bomb"
    "bomb|Luau moves|analyze|bomb.luau"
    "lasker|C++ memo|cpp|lasker"
    "lasker|Luau moves|table|lasker.luau"
    "lasker|Rhai moves|table|lasker.rhai"
    "lasker|built-in tb[4.[3]]|builtin-table|lasker=tb[4.[3]]"
    "lasker3032|C++ rule|cpp|lasker3032"
    "lasker3032|Luau closed form|analyze|lasker_closed.luau"
    "lasker3032|built-in tb[4.[3]]|builtin-analyze|lasker=tb[4.[3]]"
    "funny|C++ memo|cpp|funny"
    "funny|Luau moves|analyze|funny.luau"
    "funny|Luau closed form|analyze|funny_closed.luau"
    "funny|Luau game(\"tb[0.77]\")|analyze|funny_game.luau"
    "funny2484|C++ rule|cpp|funny2484"
    "funny2484|Luau closed form|batch|funny_closed.luau"
    "funny2484|Luau game(\"tb[0.77]\")|batch|funny_game.luau"
    "euclid|C++ memo|cpp|euclid"
    "euclid|C++ std::map|cpp-map|euclid"
    "euclid|Luau moves|analyze|euclid.luau"
    "euclid|Rhai moves|analyze|euclid.rhai"
    "euclid1525|C++ rule|cpp|euclid1525"
    "euclid1525|Luau closed form|batch|euclid_closed.luau"
    "cutting|C++ memo|cpp|cutting"
    "cutting|Luau moves|analyze|cutting.luau"
    "cutting|Rhai moves|analyze|cutting.rhai"
    "lieges|C++ rule|cpp|lieges"
    "lieges|Luau closed form|analyze|lieges.luau"
)

field() { echo "$1" | cut -d'|' -f"$2"; }

if [ "${1:-}" = "list" ]; then
    for p in "${PROBLEMS[@]}"; do
        name=$(field "$p" 1)
        echo "$name: $(field "$p" 2)"
        for q in "${PROGRAMS[@]}"; do
            [ "$(field "$q" 1)" = "$name" ] && echo "    $(field "$q" 2): $(field "$q" 4)"
        done
    done
    exit 0
fi

if [ -z "${GRUNDY:-}" ]; then
    cargo build --release -q -p grundy-cli >&2
    GRUNDY=${CARGO_TARGET_DIR:-$ROOT/target}/release/grundy
fi

if [ -n "${WORK:-}" ]; then
    mkdir -p "$WORK"
else
    WORK=$(mktemp -d)
    trap 'rm -rf "$WORK"' EXIT
fi

# The judge's answer for an outcome letter of a problem.
word() {
    local p
    for p in "${PROBLEMS[@]}"; do
        if [ "$(field "$p" 1)" = "$1" ]; then
            if [ "$2" = N ]; then field "$p" 3; else field "$p" 4; fi
            return
        fi
    done
}

if [ "${1:-}" = "check" ]; then
    exec python3 "$SRC/check.py" "$GRUNDY" "$RULES"
fi

selected=("$@")
wanted() {
    [ ${#selected[@]} -eq 0 ] && return 0
    local s
    for s in "${selected[@]}"; do [ "$s" = "$1" ] && return 0; done
    return 1
}

# Build the C++ programs.
for q in "${PROGRAMS[@]}"; do
    kind=$(field "$q" 3)
    file=$(field "$q" 4)
    case $kind in
        cpp) [ -x "$WORK/$file" ] || g++ -O2 -o "$WORK/$file" "$SRC/$file.cpp" ;;
        cpp-map) [ -x "$WORK/$file-map" ] || g++ -O2 -DUSE_MAP -o "$WORK/$file-map" "$SRC/$file.cpp" ;;
    esac
done

# One run: prints "user sys wall maxrss_kb status" and leaves the normalized answer (one
# judge answer a line, or the table's values) in $WORK/answer.
run() {
    local problem=$1 kind=$2 file=$3
    local in=$WORK/$problem.in expr=$WORK/$problem.expr out=$WORK/out.txt tv=$WORK/time.txt
    local status=ok rc=0
    case $kind in
        cpp) "$SRC/measure.py" "$tv" timeout "$TIMEOUT" "$WORK/$file" < "$in" > "$out" 2> /dev/null || rc=$? ;;
        cpp-map) "$SRC/measure.py" "$tv" timeout "$TIMEOUT" "$WORK/$file-map" < "$in" > "$out" 2> /dev/null || rc=$? ;;
        analyze)
            "$SRC/measure.py" "$tv" timeout "$TIMEOUT" "$GRUNDY" analyze --max-moves 0 --no-count \
                --rules "$RULES/$file" - < "$expr" 2> "$WORK/err.txt" | grep -E '^(outcome|value):' > "$out" || rc=$?
            ;;
        batch)
            "$SRC/measure.py" "$tv" timeout "$TIMEOUT" "$GRUNDY" analyze --batch --max-moves 0 --no-count \
                --no-remoteness --rules "$RULES/$file" - < "$expr" > "$out" 2> "$WORK/err.txt" || rc=$?
            ;;
        table)
            "$SRC/measure.py" "$tv" timeout "$TIMEOUT" "$GRUNDY" table --json \
                --rules "$RULES/$file" "${file%.*}" --to "$(cat "$expr")" > "$out" 2> "$WORK/err.txt" || rc=$?
            ;;
        builtin-analyze)
            # The script's NAME( at the start of the expression becomes the built-in's.
            python3 -c 'import sys; n, b = sys.argv[1].split("=", 1); e = open(sys.argv[2]).read(); assert e.startswith(n + "("); sys.stdout.write(b + e[len(n):])' \
                "$file" "$expr" > "$WORK/builtin.expr"
            "$SRC/measure.py" "$tv" timeout "$TIMEOUT" "$GRUNDY" analyze --max-moves 0 --no-count \
                - < "$WORK/builtin.expr" 2> "$WORK/err.txt" | grep -E '^(outcome|value):' > "$out" || rc=$?
            ;;
        builtin-table)
            "$SRC/measure.py" "$tv" timeout "$TIMEOUT" "$GRUNDY" table --json \
                "${file#*=}" --to "$(cat "$expr")" > "$out" 2> "$WORK/err.txt" || rc=$?
            ;;
    esac
    if grep -q 'Command exited with non-zero status 124' "$tv"; then
        status=timeout
    elif [ "$rc" -ne 0 ] || grep -q 'Command exited with non-zero status' "$tv"; then
        status="failed: $(grep -m1 -o 'error.*' "$WORK/err.txt" 2> /dev/null | head -c 300 | tr '|' '/')"
    elif [ "$kind" = batch ] && grep -q '"error"' "$out"; then
        status="failed: $(grep -c '"error"' "$out") lines: $(grep -m1 -o '"message":"[^"]*' "$out" | head -c 300 | tr '|' '/')"
    fi
    case $kind in
        cpp | cpp-map) cp "$out" "$WORK/answer" ;;
        analyze | builtin-analyze)
            local letter
            letter=$(sed -n 's/^outcome: *\([NP]\).*/\1/p' "$out")
            if [ -n "$letter" ]; then word "$problem" "$letter" > "$WORK/answer"; else : > "$WORK/answer"; fi
            ;;
        batch)
            python3 -c '
import json, sys
words = {"N": sys.argv[1], "P": sys.argv[2]}
for line in open(sys.argv[3]):
    o = json.loads(line)
    print(words.get(o.get("outcome"), "error: " + json.dumps(o.get("error"))))
' "$(word "$problem" N)" "$(word "$problem" P)" "$out" > "$WORK/answer" 2> /dev/null || : > "$WORK/answer"
            ;;
        table | builtin-table)
            python3 -c '
import json, sys
for v in json.load(open(sys.argv[1]))["values"]:
    print(v)
' "$out" > "$WORK/answer" 2> /dev/null || : > "$WORK/answer"
            ;;
    esac
    local user sys wall rss
    user=$(sed -n 's/^\s*Precise user time (seconds): //p' "$tv")
    sys=$(sed -n 's/^\s*Precise system time (seconds): //p' "$tv")
    wall=$(sed -n 's/^\s*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tv")
    rss=$(sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$tv")
    echo "$user $sys $wall $rss $status"
}

results=$WORK/results.tsv
: > "$results"
echo "# user-games benchmark: $(date -u '+%Y-%m-%d %H:%M UTC'), $ROUNDS paired rounds, timeout ${TIMEOUT}s"
echo "# machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/ {print $2}') GiB RAM"
echo "# grundy: $GRUNDY ($(cd "$ROOT" && git rev-parse --short HEAD 2> /dev/null || echo '?')); g++: $(g++ --version | head -1)"
echo "# load at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
for p in "${PROBLEMS[@]}"; do
    problem=$(field "$p" 1)
    wanted "$problem" || continue
    python3 "$SRC/gen.py" "$problem" "$WORK"
    load=$(cut -d' ' -f1 /proc/loadavg)
    # A reference program of under 50 ms is timed to a few ms (its user time read 0.009 to
    # 0.016 s across three rounds of POJ 2311), so its problem gets at least SHORT_ROUNDS.
    rounds=$ROUNDS
    round=0
    while [ "$round" -lt "$rounds" ]; do
        round=$((round + 1))
        ref=""
        for q in "${PROGRAMS[@]}"; do
            [ "$(field "$q" 1)" = "$problem" ] || continue
            label=$(field "$q" 2)
            kind=$(field "$q" 3)
            file=$(field "$q" 4)
            [ -n "${SKIP_RHAI:-}" ] && [ "${file##*.}" = rhai ] && continue
            read -r user sys wall rss status < <(run "$problem" "$kind" "$file")
            if [ -z "$ref" ] && [ "$round" -eq 1 ] && [ "$rounds" -lt "$SHORT_ROUNDS" ] \
                && python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) < 0.05 else 1)' "${user:-1}"; then
                rounds=$SHORT_ROUNDS
            fi
            if [ -z "$ref" ]; then
                ref=$WORK/reference
                cp "$WORK/answer" "$ref"
                agree=reference
            elif [ "$status" != ok ]; then
                agree=-
            elif cmp -s "$WORK/answer" "$ref"; then
                agree=yes
            else
                agree=DIFFERS
            fi
            answer=$(head -1 "$WORK/answer")
            [ "$(wc -l < "$WORK/answer")" -gt 1 ] && answer="$answer, ... ($(wc -l < "$WORK/answer") lines)"
            value=$(sed -n 's/^value: *//p' "$WORK/out.txt" 2> /dev/null | head -1)
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$problem" "$(field "$p" 2)" \
                "$label" "$file" "$round" "$user" "$sys" "$wall" "$rss" "$status" "$agree" "$answer" "$load" >> "$results"
            echo "  $problem round $round: $label: ${user}s user, $((rss / 1024)) MB, $status, $agree${value:+, value $value}" >&2
        done
    done
done
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$SRC/table.py" "$results"
