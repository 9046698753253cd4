#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs one libFuzzer target of tests/fuzz (see README.md there).
#   run_fuzzer.sh regress BIN DIR        every file of DIR/crashes and DIR/seeds, once each
#   run_fuzzer.sh short BIN DIR SECONDS  fuzz from DIR/seeds for SECONDS (a scratch corpus)
#   run_fuzzer.sh long BIN DIR RUNS [CORPUS]  fuzz for RUNS executions, keeping the corpus in
#                                        CORPUS (default build-fuzz-corpus/NAME beside DIR's repo)
# Every run: 10 s per input, 2 GB of memory; fuzzing runs also take DIR/dict (the format's words,
# tests/fuzz/make_dicts.py) and the libFuzzer flags of DIR/options (one a line: -max_len=N).
# A failing input is saved under ${MG_FUZZ_ARTIFACTS:-/tmp/mg-fuzz-artifacts}/NAME/: add it to
# DIR/crashes/ with the fix.
set -euo pipefail
mode=$1 bin=$2 dir=$3
name=$(basename "$dir")
limits=(-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048)
artifacts=${MG_FUZZ_ARTIFACTS:-/tmp/mg-fuzz-artifacts}/$name
mkdir -p "$artifacts"
# Fuzzing finds leaks too, but Qt and Assimp keep process-lifetime allocations: only real crashes,
# sanitizer reports, timeouts and memory exhaustion count.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

case $mode in
  regress)
    mapfile -t files < <(find "$dir/crashes" "$dir/seeds" -type f ! -name README.md ! -name .gitkeep 2>/dev/null | sort)
    if [ ${#files[@]} -eq 0 ]; then echo "$name: no inputs"; exit 0; fi
    "$bin" "${limits[@]}" "${files[@]}"
    echo "$name: ${#files[@]} inputs replayed"
    ;;
  short|long)
    corpus=$(mktemp -d)
    trap 'rm -rf "$corpus"' EXIT
    if [ "$mode" = short ]; then
      budget=(-max_total_time="$4")
    else
      budget=(-runs="$4")
      if [ -n "${5:-}" ]; then rm -rf "$corpus"; corpus=$5; trap - EXIT; mkdir -p "$corpus"; fi
    fi
    options=()
    if [ -f "$dir/dict" ]; then options+=(-dict="$dir/dict"); fi
    if [ -f "$dir/options" ]; then mapfile -t -O ${#options[@]} options < <(grep -v '^#' "$dir/options"); fi
    "$bin" "${limits[@]}" "${budget[@]}" "${options[@]}" -print_final_stats=1 -artifact_prefix="$artifacts/" \
      "$corpus" "$dir/seeds" 2>&1 | grep -v '^#[0-9]*.*\(NEW\|REDUCE\)\|NEW_FUNC' || exit "${PIPESTATUS[0]}"
    ;;
  *) echo "usage: $0 regress|short|long BIN DIR [SECONDS|RUNS]" >&2; exit 2 ;;
esac
