#!/usr/bin/env python3
"""Which files the pinned TypeScript/TSX grammar can only parse with error recovery.

    python3 Benchmarks/parse-coverage.py [--binary PATH] [--markdown] DIR [DIR ...]

Parses every file granted-lint would lint under each directory (`--parse-only --no-ignore`, so no
rule runs and no prefilter skips a file), and lists the files with ERROR or MISSING nodes, each with
the construct at its first error (the text tree-sitter could not place), then the counts. Valid code
that lands here is a grammar gap, not the user's error; `--markdown` prints the table recorded in
Benchmarks/RESULTS.md. Exit code 0 whatever it finds (it measures; the tests assert).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def coverage(binary: str, directory: str) -> tuple[int, list[dict]]:
    run = subprocess.run(
        [binary, "--parse-only", "--no-ignore", "--format", "json", directory],
        capture_output=True, text=True, check=False,
    )
    if run.returncode not in (0, 1):
        sys.exit(f"parse-coverage: granted-lint failed on {directory} (exit {run.returncode}): {run.stderr.strip()}")
    report = json.loads(run.stdout)
    recovered = [p for p in report["problems"] if p.get("kind") == "parse-recovery"]
    return report["summary"]["filesChecked"], recovered


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "granted-lint"))
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("directories", nargs="+")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"parse-coverage: no granted-lint at {args.binary} (swift build -c release)")
    total_files = total_recovered = 0
    rows = []
    listed = []
    for directory in args.directories:
        files, recovered = coverage(args.binary, directory)
        total_files += files
        total_recovered += len(recovered)
        share = 100.0 * len(recovered) / files if files else 0.0
        rows.append((directory, files, len(recovered), share))
        for problem in recovered:
            construct = problem["reason"].split("(", 1)[1].split(")", 1)[0] if "(" in problem["reason"] else problem["reason"]
            listed.append((directory, f'{problem["path"]}:{problem["line"]}:{problem["column"]}', construct))
    share = 100.0 * total_recovered / total_files if total_files else 0.0
    if args.markdown:
        print("| corpus | files | parsed with recovery | share |")
        print("| --- | ---: | ---: | ---: |")
        for directory, files, recovered, pct in rows:
            print(f"| `{directory}` | {files} | {recovered} | {pct:.3f}% |")
        print(f"| all | {total_files} | {total_recovered} | {share:.3f}% |")
        if listed:
            print()
            print("| file | construct at the first error |")
            print("| --- | --- |")
            for _, location, construct in listed:
                print(f"| `{location}` | {construct.replace('|', chr(92) + '|')} |")
    else:
        for _, location, construct in listed:
            print(f"{location}: {construct}")
        for directory, files, recovered, pct in rows:
            print(f"{directory}: {recovered} of {files} files parsed with error recovery ({pct:.3f}%)")
        print(f"all: {total_recovered} of {total_files} files ({share:.3f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
