#!/usr/bin/env bash
# Cram beside igsolve (crates.io, P. Beling): the value of empty R x C boards, both programs
# on the same board one after the other (paired rounds), with wall and user time, peak memory
# and the ratio of user times. Prints a Markdown table; paste it into BENCHMARKS.md with the
# date and the load.
#
# Usage: bench/cram.sh [RxC ...]       (default: the boards igsolve solves in under 10 s here)
#   GRUNDY=...   the grundy binary (default: target/release/grundy, built if missing)
#   REPEAT=k     best of k rounds per board (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-1}
if ! command -v igsolve >/dev/null 2>&1; then
    echo "installing igsolve from crates.io" >&2
    cargo install igsolve --locked || cargo install igsolve
fi
if [ -z "${GRUNDY:-}" ]; then
    cargo build --release -p grundy-cli >&2
    GRUNDY=target/release/grundy
fi
BOARDS=("$@")
if [ ${#BOARDS[@]} -eq 0 ]; then
    BOARDS=(4x5 5x5 4x7 3x9 5x6 4x9 5x7 4x10 6x7 5x8 4x11)
fi

# run CMD...: prints "value wall user maxKB" of the best of $REPEAT runs (by user time).
run() {
    local best="" out tf
    for _ in $(seq "$REPEAT"); do
        tf=$(mktemp)
        out=$(/usr/bin/time -o "$tf" -f "%e %U %M" "$@" 2>/dev/null || true)
        local t value
        t=$(tail -1 "$tf")
        rm -f "$tf"
        value=$(echo "$out" | awk '/^Nimber of initial position:/ {print $NF; exit}
            /^value:/ {v = $2; if (v == "0") print 0; else if (v == "*") print 1; else print substr(v, 2); exit}')
        local user=${t#* }
        user=${user% *}
        if [ -z "$best" ] || awk "BEGIN{exit !($user < $(echo "$best" | cut -d' ' -f3))}"; then
            best="$value $t"
        fi
    done
    echo "$best"
}

echo "| board | value | igsolve wall s | igsolve user s | igsolve MB | grundy wall s | grundy user s | grundy MB | user ratio (grundy / igsolve) |"
echo "|---|---|---|---|---|---|---|---|---|"
for b in "${BOARDS[@]}"; do
    r=${b%x*}
    c=${b#*x}
    read -r iv iw iu im <<<"$(run igsolve cram -r "$r" -c "$c")"
    read -r gv gw gu gm <<<"$(run "$GRUNDY" analyze --max-moves 0 --no-count "cram($r,$c)")"
    flag=""
    [ "$iv" = "$gv" ] || flag=" (values differ: igsolve $iv)"
    ratio=$(awk "BEGIN{ if ($iu > 0) printf \"%.1f\", $gu / $iu; else print \"-\" }")
    echo "| ${r}x${c} | ${gv}${flag} | $iw | $iu | $((im / 1024)) | $gw | $gu | $((gm / 1024)) | $ratio |"
done
