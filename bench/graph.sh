#!/usr/bin/env bash
# Benchmark of the loopy graph solver (crate grundy-graph): generates seeded random graphs with
# `graphgen` and times `graphsolve` (read + solve + outcomes) under /usr/bin/time -v.
#
# Usage: bench/graph.sh [VERTICES [EDGES [SEED]]]   (default 10^7 vertices, 5*10^7 edges, seed 1)
# Environment: CARGO_TARGET_DIR (default /work/target-graph), GRAPH_BENCH_DIR for the
# generated files (default a temporary directory, removed at the end).
set -euo pipefail

vertices=${1:-10000000}
edges=${2:-50000000}
seed=${3:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-/work/target-graph}
dir=${GRAPH_BENCH_DIR:-$(mktemp -d)}
cleanup() { [ -z "${GRAPH_BENCH_DIR:-}" ] && rm -rf "$dir"; }
trap cleanup EXIT

(cd "$root" && CARGO_TARGET_DIR="$target" cargo build --release -q -p grundy-graph --examples)
bin="$target/release/examples"

echo "# grundy-graph benchmark: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# machine: $(uname -srm), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/ {print $2}') GiB RAM"
echo "# graphs: $vertices vertices, $edges edges, seed $seed"
# acyclic: every edge from a lower to a higher id; cyclic: uniform random edges (mostly draws,
# few rounds); mixed: 99% upward edges and 1% random ones (larger values, more rounds);
# cyclic-dot: the cyclic graph written as Graphviz DOT, to time the DOT reader.
for kind in acyclic cyclic mixed cyclic-dot; do
    file="$dir/$kind.txt"
    case $kind in
        acyclic) flag="--acyclic" ;;
        cyclic) flag="--cyclic" ;;
        mixed) flag="--back-percent 1" ;;
        cyclic-dot) flag="--cyclic --dot" ;;
    esac
    start=$(date +%s.%N)
    "$bin/graphgen" --vertices "$vertices" --edges "$edges" --seed "$seed" $flag --out "$file"
    gen=$(echo "$(date +%s.%N) - $start" | bc)
    echo
    echo "## $kind: generated $(du -h "$file" | cut -f1) in ${gen}s"
    /usr/bin/time -v "$bin/graphsolve" "$file" 2> "$dir/time.txt"
    grep -E '^read ' "$dir/time.txt"
    grep -E 'Elapsed \(wall clock\)|Maximum resident set size|User time|System time' "$dir/time.txt" | sed 's/^\s*//'
    rm -f "$file"
done
