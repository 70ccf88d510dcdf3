#!/usr/bin/env python3
"""Compares the files granted-lint would lint in a git work tree with what git itself lists.

    python3 scripts/compare-with-git.py [--binary PATH] DIR [DIR ...]

For each work tree: `git ls-files --others --exclude-standard` (untracked files, so that the index
cannot differ from the ignore rules; a checkout with tracked files also gets `--cached`, minus the
tracked files an ignore rule matches), kept to the files granted-lint lints (its extensions, no
`.d.ts`, nothing under node_modules, build output and the other directories it skips), against
`granted-lint --list-files DIR`. Prints the differences; exit 1 when there is any.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXTENSIONS = {"ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts"}
SKIPPED = {"node_modules", ".git", "Pods", "build", "dist", ".expo", "web-build", ".next", ".turbo", ".build", "DerivedData", "coverage"}


def lintable(path: str) -> bool:
    parts = path.split("/")
    name = parts[-1]
    if name.endswith(".d.ts") or "." not in name[1:]:
        return False
    return name.rsplit(".", 1)[1].lower() in EXTENSIONS and not any(part in SKIPPED for part in parts[:-1])


def git_list(directory: str) -> set[str]:
    def run(*arguments: str) -> list[str]:
        output = subprocess.run(["git", "-C", directory, *arguments], capture_output=True, check=True).stdout
        return [item.decode() for item in output.split(b"\0") if item]
    listed = set(run("ls-files", "-z", "--others", "--exclude-standard"))
    tracked_ignored = set(run("ls-files", "-z", "--cached", "--ignored", "--exclude-standard"))
    listed |= set(run("ls-files", "-z", "--cached")) - tracked_ignored
    return {path for path in listed if lintable(path) and os.path.isfile(os.path.join(directory, path))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "granted-lint"))
    parser.add_argument("directories", nargs="+")
    args = parser.parse_args()
    differences = 0
    for directory in args.directories:
        expected = git_list(directory)
        run = subprocess.run([args.binary, "--list-files", "."], cwd=directory, capture_output=True, text=True, check=False)
        actual = set(run.stdout.split("\n")) - {""}
        missing, extra = sorted(expected - actual), sorted(actual - expected)
        differences += len(missing) + len(extra)
        print(f"{directory}: git lists {len(expected)}, granted-lint {len(actual)}; "
              f"{len(missing)} only in git, {len(extra)} only in granted-lint")
        for path in missing:
            print(f"  only in git: {path}")
        for path in extra:
            print(f"  only in granted-lint: {path}")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
