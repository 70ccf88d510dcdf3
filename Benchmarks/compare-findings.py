#!/usr/bin/env python3
"""Compares the findings of two granted-lint builds on the same paths.

    python3 Benchmarks/compare-findings.py OLD_BINARY NEW_BINARY PATH...

For each path, runs both binaries with `--format json` and prints how many findings each reports,
whether the sets of (rule, path, line, column) are the same, and the longest message of the new one
and any message longer than 100 characters or not starting with its code in backticks. Exits 1 when
a set differs. Used to show that a change of wording or structure keeps every finding where it was.
"""
import json
import subprocess
import sys


def findings(binary: str, path: str) -> list[dict]:
    run = subprocess.run([binary, "--format", "json", path], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"{binary} {path}: exit {run.returncode}\n{run.stderr}")
    return json.loads(run.stdout)["findings"]


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    old, new, paths = argv[0], argv[1], argv[2:]
    differs = False
    for path in paths:
        before, after = findings(old, path), findings(new, path)
        key = lambda f: (f["rule"], f["path"], f["line"], f["column"])
        same = sorted(map(key, before)) == sorted(map(key, after))
        differs |= not same
        longest = max((len(f["message"]) for f in after), default=0)
        odd = [f["message"] for f in after if len(f["message"]) > 100 or not f["message"].startswith("`")]
        print(f"{path}: {len(before)} → {len(after)} findings, {'same set' if same else 'DIFFERENT'}, "
              f"longest message {longest}" + (f", {len(odd)} odd: {odd[:3]}" if odd else ""))
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
