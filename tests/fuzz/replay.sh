#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Replays a corpus of (damaged) inputs through mgtool as a user would, and checks that every run
# ends in a clear error (non-zero exit below 128, a message on stderr, no signal) or in output that
# mgtool reads back, within 10 s and 4 GB each (MG_REPLAY_SECONDS, MG_REPLAY_MEMORY_KB; with
# MG_REPLAY_SANITIZER=1, for an AddressSanitizer mgtool, the memory limit is on resident memory).
#   replay.sh MGTOOL CORPUS [LOG]
# CORPUS holds capture files (info, convert, then info on the converted file) and export folders:
# one with snap_graph.json (walk), with subgraph.json (subgraph walk, subgraph check), with a .pmg
# (pmg walk). tests/fuzz/mutate.py makes such a corpus. Prints one line per failing run and ends
# with "N passed, N failed"; exits 1 when any run failed.
set -uo pipefail
mgtool=$1 corpus=$2 log=${3:-/dev/null}
seconds=${MG_REPLAY_SECONDS:-10}
memory_kb=${MG_REPLAY_MEMORY_KB:-4194304}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0 contained=0

# run NAME ARGS...: one mgtool run; sets $rc and fills $work/err.
run() {
  local what=$1
  shift
  if [ "${MG_REPLAY_SANITIZER:-0}" = 1 ]; then
    # An AddressSanitizer build reserves terabytes of address space: the limit is on resident
    # memory, enforced by ASan (which then aborts: counted as a failure).
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=$((memory_kb / 1024))" \
      timeout -s KILL "$seconds" "$mgtool" "$@" >"$work/out" 2>"$work/err"
  else
    ( ulimit -v "$memory_kb"; exec timeout -s KILL "$seconds" "$mgtool" "$@" ) >"$work/out" 2>"$work/err"
  fi
  rc=$?
  echo "$rc $what" >>"$log"
}

# judge WHAT [OUTPUT]: a clear error, or success whose OUTPUT (a BVH) reads back.
judge() {
  local what=$1 output=${2:-}
  local problem=""
  if [ "$rc" -eq 137 ] || [ "$rc" -eq 124 ]; then
    problem="killed after ${seconds}s (timeout) or by the memory limit"
  elif [ "$rc" -ge 128 ]; then
    problem="died of signal $((rc - 128))"
  elif [ "$rc" -ne 0 ] && [ ! -s "$work/err" ]; then
    problem="exit $rc without a message"
  elif [ "$rc" -eq 0 ] && [ -n "$output" ]; then
    if ! "$mgtool" info "$output" >/dev/null 2>"$work/back"; then
      problem="succeeded but wrote a file mgtool cannot read: $(head -c 300 "$work/back")"
    fi
  fi
  rm -f "$output"
  # Third-party importer failures that the child process contained (counted for the summary).
  if grep -q "could not import the file: the importer" "$work/err"; then contained=$((contained + 1)); fi
  if [ -n "$problem" ]; then
    failed=$((failed + 1))
    echo "FAIL $what: $problem"
    head -c 400 "$work/err" | sed 's/^/    /'
  else
    passed=$((passed + 1))
  fi
}

for input in "$corpus"/*; do
  out="$work/out.bvh"
  if [ -d "$input" ]; then
    if [ -f "$input/snap_graph.json" ]; then
      run "walk $input" walk "$input" --seconds 5 --out "$out"; judge "walk $input" "$out"
    elif [ -f "$input/subgraph.json" ]; then
      run "subgraph walk $input" subgraph walk "$input" --seconds 5 --out "$out"; judge "subgraph walk $input" "$out"
      run "subgraph check $input" subgraph check "$input"
      # A requirement the export does not meet is a report (JSON on stdout, exit 1), not an error.
      if [ "$rc" -eq 1 ] && [ ! -s "$work/err" ] && grep -q '"failures"' "$work/out"; then rc=0; fi
      judge "subgraph check $input"
    else
      pmg=$(find "$input" -maxdepth 1 -name '*.pmg' | head -1)
      if [ -n "$pmg" ]; then
        run "pmg walk $pmg" pmg walk "$pmg" --seconds 5 --out "$out"; judge "pmg walk $pmg" "$out"
      fi
    fi
  else
    run "info $input" info "$input"; judge "info $input"
    run "convert $input" convert "$input" "$out"; judge "convert $input" "$out"
  fi
done
echo "replay: $contained runs ended in a crash or hang of the third-party importer, contained by its child process"
echo "replay: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
