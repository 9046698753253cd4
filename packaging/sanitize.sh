#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The second build (run by packaging/check.sh): every unit and widget test under AddressSanitizer
# and UndefinedBehaviorSanitizer (clang; any report fails the test), plus the libFuzzer targets of
# tests/fuzz: their crash regressions and a short fuzzing run of each (MG_FUZZ_SHORT_SECONDS,
# default 15). Builds into build-asan/ (or $MG_SANITIZE_BUILD_DIR), -O1 with line tables, only
# what its tests run: the application (mgstudio) and the GUI tests belong to the release build.
# It is a unity build (CMAKE_UNITY_BUILD: each target's sources compiled in batches of 8 files),
# which halves its compile time; so two files of one target cannot both define a file-local name
# (an anonymous-namespace function, constant or type of the same name).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MG_SANITIZE_BUILD_DIR:-$root/build-asan}
source "$root/packaging/phase.sh"
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# LLVM's linker where installed (install-deps.sh installs it): the ASan test binaries link faster.
linker=()
if command -v ld.lld >/dev/null; then
  linker=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld)
fi
# mgtool and its CLI tests are left out (the release build runs them; pass
# -DMG_SANITIZE_CLI_TESTS=ON to run them here too).
phase "sanitizer configure" cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ "${launcher[@]}" "${linker[@]}" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" -DCMAKE_UNITY_BUILD=ON \
  -DMG_SANITIZE=ON -DMG_FUZZ=ON -DMG_FUZZ_SHORT_SECONDS="${MG_FUZZ_SHORT_SECONDS:-15}" "$@"
phase "sanitizer build" cmake --build "$build" --parallel "$(nproc)"
# Leaks are reported by the fuzz runs' own settings off (Qt and Assimp keep process-lifetime
# allocations); here LeakSanitizer runs with the suppressions for those libraries.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/packaging/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
phase "sanitizer tests" ctest --test-dir "$build" --output-on-failure --parallel "$(nproc)" --label-exclude fuzz
# The fuzz targets take their own sanitizer settings (tests/fuzz/run_fuzzer.sh).
phase "fuzz regressions and short runs" env -u ASAN_OPTIONS -u LSAN_OPTIONS -u UBSAN_OPTIONS \
  ctest --test-dir "$build" --output-on-failure --parallel "$(nproc)" --label-regex fuzz
