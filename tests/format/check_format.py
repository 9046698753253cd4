#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""clang-format check of every C++ file of the tree.

check_format.py REPO [--fix] [--clang-format PROGRAM] [--jobs N]

Runs `clang-format --dry-run --Werror` with the repository's .clang-format on every C++ file
(.cpp, .h) Git tracks in REPO, and on new files not yet added (outside a Git checkout: every C++
file below REPO but build folders). The tree was formatted once, in its own commit, so any
difference is a change that was not formatted. With --fix, the files are formatted in place.

Exit status: 0 when every file is formatted (or was fixed), 1 when not (the files and the
command that fixes them are printed), 77 (skipped) without clang-format.
"""

import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys

SKIP = 77
EXTENSIONS = (".cpp", ".h")


def cpp_files(repo):
    """The C++ files of the tree, as paths relative to `repo`."""
    if shutil.which("git"):
        result = subprocess.run(["git", "-C", repo, "ls-files", "--cached", "--others", "--exclude-standard", "--",
                                 *("*" + e for e in EXTENSIONS)], capture_output=True, text=True)
        if result.returncode == 0:
            return sorted(p for p in result.stdout.split() if os.path.isfile(os.path.join(repo, p)))
    found = []
    for folder, dirs, files in os.walk(repo):
        dirs[:] = [d for d in dirs if not d.startswith((".", "build"))]
        found += [os.path.relpath(os.path.join(folder, f), repo) for f in files if f.endswith(EXTENSIONS)]
    return sorted(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo")
    parser.add_argument("--fix", action="store_true", help="format the files in place")
    parser.add_argument("--clang-format", default="clang-format")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    repo = os.path.abspath(args.repo)

    clang_format = shutil.which(args.clang_format)
    if not clang_format:
        print(f"skipped: {args.clang_format} is not installed (package clang-format)")
        return SKIP
    files = cpp_files(repo)
    mode = ["-i"] if args.fix else ["--dry-run", "--Werror"]

    def check(path):
        result = subprocess.run([clang_format, *mode, "--style=file", path], capture_output=True, text=True, cwd=repo)
        return path, result.returncode, result.stderr

    bad = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for path, code, stderr in pool.map(check, files):
            if code != 0:
                bad.append(path)
                # The first differences of each file say what is wrong; the rest is the same kind.
                print("\n".join(stderr.rstrip().splitlines()[:9]))
    if bad:
        print(f"format check: {len(bad)} of {len(files)} C++ files are not formatted as .clang-format says: "
              + " ".join(bad))
        print(f"fix them with: python3 {os.path.relpath(__file__, repo)} {repo} --fix")
        return 1
    print(f"format check: all {len(files)} C++ files are {'formatted now' if args.fix else 'formatted'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
