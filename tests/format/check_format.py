#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""clang-format check of the lines a change touches.

check_format.py REPO [--base REV] [--clang-format PROGRAM]

Checks, with `clang-format --dry-run --Werror --lines=...` and the repository's .clang-format,
the lines of C++ files (.cpp, .h) that the change adds or modifies, working tree (and new files
not yet added) included. The
change is the difference from REV (--base, or $MG_FORMAT_BASE), else from the merge base with
`main` on a branch other than main, else from the first parent of the last commit that is not a
merge (on main, in CI: what the last landed commit changed). Lines a change does not touch are
not checked, so older code is formatted as it is edited, not in one sweep.

Exit status: 0 when every touched line is formatted, 1 when not (the offending files and the
command that fixes them are printed), 77 (skipped) without clang-format, outside a Git checkout,
or in a clone whose history has no earlier commit to compare with (a shallow clone).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

SKIP = 77
EXTENSIONS = (".cpp", ".h")


def git(repo, *args, check=True):
    result = subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {result.stderr.strip()}")
    return result


def resolves(repo, rev):
    return git(repo, "rev-parse", "--verify", "--quiet", rev + "^{commit}", check=False).returncode == 0


def choose_base(repo, requested):
    """The revision the change is measured from, and a phrase saying why; (None, why) if none."""
    if requested:
        if not resolves(repo, requested):
            raise RuntimeError(f"the base {requested} is not a commit of {repo}")
        return requested, f"the given base {requested}"
    branch = git(repo, "rev-parse", "--abbrev-ref", "HEAD").stdout.strip()
    if branch != "main" and resolves(repo, "main"):
        base = git(repo, "merge-base", "HEAD", "main", check=False).stdout.strip()
        if base:
            return base, "the merge base with main"
    # The last commit that is not a merge: a merge's own change is what its branch changed.
    last = git(repo, "rev-list", "-n", "1", "--no-merges", "HEAD", check=False).stdout.strip()
    if last and resolves(repo, last + "^"):
        return last + "^", f"the parent of the last commit {last[:10]}"
    return None, "no earlier commit to compare with (a shallow clone or a single commit)"


def touched_lines(repo, base):
    """{path: [(first, last), ...]} of added or modified lines of C++ files since `base`."""
    diff = git(repo, "diff", "-U0", "--no-color", "--diff-filter=AMR", base, "--",
               *("*" + e for e in EXTENSIONS)).stdout
    ranges, path = {}, None
    for line in diff.splitlines():
        if line.startswith("+++ "):
            path = line[6:] if line.startswith("+++ b/") else None
        elif line.startswith("@@") and path:
            m = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", line)
            first, count = int(m.group(1)), int(m.group(2) or 1)
            if count > 0:
                ranges.setdefault(path, []).append((first, first + count - 1))
    # New files not yet added to Git are changed throughout.
    untracked = git(repo, "ls-files", "--others", "--exclude-standard", "--",
                    *("*" + e for e in EXTENSIONS)).stdout.split()
    for path in untracked:
        with open(os.path.join(repo, path), encoding="utf-8", errors="replace") as f:
            count = sum(1 for _ in f)
        if count > 0:
            ranges[path] = [(1, count)]
    return ranges


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo")
    parser.add_argument("--base", default=os.environ.get("MG_FORMAT_BASE", ""))
    parser.add_argument("--clang-format", default="clang-format")
    args = parser.parse_args()
    repo = os.path.abspath(args.repo)

    clang_format = shutil.which(args.clang_format)
    if not clang_format:
        print(f"skipped: {args.clang_format} is not installed (package clang-format)")
        return SKIP
    if not shutil.which("git") or git(repo, "rev-parse", "--is-inside-work-tree", check=False).returncode != 0:
        print(f"skipped: {repo} is not a Git checkout, so there is no change to check")
        return SKIP
    try:
        base, why = choose_base(repo, args.base)
        if base is None:
            print(f"skipped: {why}")
            return SKIP
        ranges = touched_lines(repo, base)
    except RuntimeError as e:
        print(f"format check: {e}")
        return 1

    print(f"format check: lines changed since {why}: {sum(len(r) for r in ranges.values())} "
          f"ranges in {len(ranges)} C++ files")
    bad = []
    for path, spans in sorted(ranges.items()):
        full = os.path.join(repo, path)
        if not os.path.isfile(full):
            continue
        command = [clang_format, "--dry-run", "--Werror", "--style=file",
                   *(f"--lines={a}:{b}" for a, b in spans), full]
        result = subprocess.run(command, capture_output=True, text=True, cwd=repo)
        if result.returncode != 0:
            bad.append(path)
            print(result.stderr.rstrip())
    if bad:
        print(f"format check: {len(bad)} files have changed lines that clang-format would change: "
              + " ".join(bad))
        print(f"fix them with: git -C {repo} clang-format {base}   (formats only the changed lines)")
        return 1
    print("format check: every changed line is formatted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
