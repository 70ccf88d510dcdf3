#!/usr/bin/env python3
"""granted-lint on real React Native apps: the corpus, built on demand, and its timings.

    python3 Benchmarks/real-apps.py [--mirror DIR] [--corpus DIR] [--binary B] [--runs N] [--interleave N] [--scale N] [--out-md F]

The apps and commits are those of Benchmarks/real-apps.tsv. Their sources are exported from git
snapshots of the repositories (`--mirror`: a directory holding `OWNER+NAME/repo` git directories, as
the project's `fetch` tool lays them out; default $GRANTED_REAL_APPS_MIRROR or /work/.mirror) into
`--corpus` (default /tmp/granted-bench-corpus/real-apps, outside any work tree, never committed):
every .ts/.tsx/.js/.jsx file of the commit, leaving out node_modules and vendored folders, *.min.js,
files over 1 MiB, minified .js/.jsx (over 10 KB with lines averaging over 500 bytes) and the paths
the TSV excludes. The file and byte counts must match the TSV, or the run stops.

Then, with hyperfine (`--runs`, default 10, one warm-up) in one session, DIR being the corpus
directory: reading every file (`find DIR -type f -exec cat {} +`, the floor),
`granted-lint --format json --output x.json DIR` on all
cores and on one (`taskset -c 0`), and the peak RSS of the all-core run (`/usr/bin/time -f %M`).
With `--interleave N`, instead of hyperfine's runs of one command after another, N rounds that each run
the three commands once, in a random order (after one round to warm up), and their medians: on a
shared machine whose speed drifts within minutes, a hyperfine run of the one-core command can meet
a faster or slower moment than the two-core one, and the ratio of two such medians swings with it.
With `--scale N`, also copies the corpus N times (each copy under its own root, in CORPUS-xN) and
lints that against N times one copy, with the peak memory of both.

Prints a Markdown table with the ratios the issue "Real apps at the speed of reading them" asks for.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import resource
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
SOURCE = re.compile(r"\.(ts|tsx|js|jsx)$")
VENDORED = re.compile(r"(^|/)(node_modules|vendor|vendors|third[_-]party|bower_components)/", re.I)


def apps() -> list[dict]:
    rows = []
    lines = (BENCH / "real-apps.tsv").read_text().splitlines()
    header = lines[0].split("\t")
    for line in lines[1:]:
        if line.strip():
            fields = dict(zip(header, line.split("\t") + [""] * len(header)))
            fields["exclude"] = set(fields["exclude"].split()) if fields["exclude"] else set()
            rows.append(fields)
    return rows


def minified(data: bytes) -> bool:
    if len(data) <= 10 * 1024:
        return False
    lines = data.count(b"\n") + 1
    return len(data) / lines > 500


def export(app: dict, mirror: Path, out: Path) -> tuple[int, int]:
    """Writes the app's source files at its commit under `out`; returns (files, bytes)."""
    git_dir = mirror / app["repo"].replace("/", "+") / "repo"
    if not git_dir.exists():
        sys.exit(f"real-apps: no snapshot of {app['repo']} at {git_dir} (fetch it, or pass --mirror)")
    listing = subprocess.check_output(["git", "--git-dir", str(git_dir), "ls-tree", "-r", "-l", "-z", app["commit"]])
    wanted = []
    for record in listing.split(b"\0"):
        if not record:
            continue
        meta, raw_path = record.split(b"\t", 1)
        mode, kind, sha, size = meta.split()
        path = raw_path.decode()
        if kind != b"blob" or mode == b"120000" or not SOURCE.search(path):
            continue
        if path in app["exclude"] or VENDORED.search(path) or path.endswith(".min.js"):
            continue
        if not size.isdigit() or int(size) > 1024 * 1024:
            continue
        wanted.append((path, sha.decode()))
    staging = Path(tempfile.mkdtemp(prefix=out.name + ".", dir=out.parent))
    files = total = 0
    with subprocess.Popen(["git", "--git-dir", str(git_dir), "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE) as cat:
        for path, sha in wanted:
            cat.stdin.write((sha + "\n").encode())
            cat.stdin.flush()
            header = cat.stdout.readline().split()
            length = int(header[2])
            data = cat.stdout.read(length)
            cat.stdout.read(1)
            if path.endswith((".js", ".jsx")) and minified(data):
                continue
            target = staging / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            files += 1
            total += len(data)
        cat.stdin.close()
    if out.exists():
        shutil.rmtree(out)
    staging.rename(out)
    return files, total


def build_corpus(mirror: Path, corpus: Path) -> list[Path]:
    corpus.mkdir(parents=True, exist_ok=True)
    directories = []
    for app in apps():
        name = app["repo"].split("/")[1]
        target = corpus / name
        stamp = target / ".granted-bench-export"
        expected = f"{app['commit']} {app['files']} {app['bytes']}"
        if not (stamp.exists() and stamp.read_text().strip() == expected):
            files, size = export(app, mirror, target)
            if (files, size) != (int(app["files"]), int(app["bytes"])):
                sys.exit(f"real-apps: {app['repo']}@{app['commit'][:12]} exported {files} files, {size} bytes; "
                         f"real-apps.tsv says {app['files']}, {app['bytes']}")
            stamp.write_text(expected + "\n")
            print(f"real-apps: exported {app['repo']} ({files} files, {size} bytes)", file=sys.stderr)
        directories.append(target)
    return directories


def hyperfine(commands: dict[str, str], runs: int, directory: Path) -> dict[str, float]:
    with tempfile.NamedTemporaryFile(suffix=".json") as export_file:
        arguments = ["hyperfine", "--style", "basic", "-i", "--warmup", "1", "--runs", str(runs), "--export-json", export_file.name]
        for name, command in commands.items():
            arguments += ["--command-name", name, command]
        subprocess.run(arguments, cwd=directory, check=True, stdout=subprocess.DEVNULL)
        results = json.load(open(export_file.name))["results"]
    return {result["command"]: result["median"] * 1000 for result in results}


def interleaved(commands: dict[str, str], rounds: int, directory: Path) -> dict[str, float]:
    """Median milliseconds of each command over `rounds` rounds, each running every command once in
    a random order (shell commands, as hyperfine runs them)."""
    return {name: wall for name, (wall, _) in interleaved_times(commands, rounds, directory).items()}


def interleaved_times(commands: dict[str, str], rounds: int, directory: Path,
                      environment: dict | None = None) -> dict[str, tuple[float, float]]:
    """The same, with each command's median CPU milliseconds (user + system of the processes it
    waited for): on a shared machine the CPU time drifts less than the wall clock."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for round_number in range(rounds + 1):
        order = list(commands)
        random.shuffle(order)
        for name in order:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(commands[name], shell=True, cwd=directory, env=environment,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wall = (time.perf_counter() - start) * 1000
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if round_number > 0:
                times[name].append((wall, (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000))
    return {name: (statistics.median(w for w, _ in values), statistics.median(c for _, c in values))
            for name, values in times.items()}


def scaled(options, binary: str) -> list[str]:
    """N copies of the corpus under `CORPUS-xN/copy-K/` (real copies, not links, so that each is read
    from its own pages), linted as one directory, against N times the time of one copy in the same
    session; with the peak memory of both."""
    copies = options.scale
    big = options.corpus.parent / f"{options.corpus.name}-x{copies}"
    stamp = big / ".granted-bench-copies"
    expected = f"{copies} {sum(1 for _ in options.corpus.rglob('*') if _.is_file())}"
    if not (stamp.exists() and stamp.read_text().strip() == expected):
        shutil.rmtree(big, ignore_errors=True)
        for index in range(copies):
            shutil.copytree(options.corpus, big / f"copy-{index + 1:02d}")
        stamp.write_text(expected + "\n")
        print(f"real-apps: copied the corpus {copies} times into {big}", file=sys.stderr)
    files = sum(1 for _ in big.rglob("*") if _.is_file() and not _.name.startswith(".granted-bench"))
    report = tempfile.mktemp(suffix=".json")
    one = big / "copy-01"
    medians = hyperfine({
        "one copy": f"{binary} --format json --output {report} {one}",
        f"{copies} copies": f"{binary} --format json --output {report} {big}",
    }, max(3, options.runs // 3), big)
    def peak(path: Path) -> float:
        run = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "--format", "json", "--output", report, str(path)],
                             capture_output=True, text=True)
        return int(run.stderr.strip().splitlines()[-1]) / 1024
    single, whole = medians["one copy"], medians[f"{copies} copies"]
    return [
        f"| {copies} copies ({files:,} files), all cores | {whole:.0f} ms = {whole / (copies * single):.2f}× "
        f"{copies} times one copy ({single:.0f} ms) |",
        f"| peak RSS, {copies} copies / one copy | {peak(big):.0f} MB / {peak(one):.0f} MB |",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirror", type=Path, default=Path(os.environ.get("GRANTED_REAL_APPS_MIRROR", "/work/.mirror")))
    parser.add_argument("--corpus", type=Path, default=Path("/tmp/granted-bench-corpus/real-apps"))
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "granted-lint"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--interleave", type=int, default=0,
                        help="N interleaved rounds of the three commands instead of hyperfine's runs")
    parser.add_argument("--out-md", type=Path)
    parser.add_argument("--scale", type=int, default=0,
                        help="also lint N copies of the apps (CORPUS-xN, each copy under its own root) against N times one copy")
    options = parser.parse_args()
    for tool in ["hyperfine", "taskset"]:
        if shutil.which(tool) is None:
            sys.exit(f"real-apps: {tool} is needed (Debian: apt-get install hyperfine util-linux)")
    directories = build_corpus(options.mirror, options.corpus)
    binary = os.path.abspath(options.binary)
    # The corpus directory as one path, as a user lints a repository (the apps are its only
    # contents); `find` reads the same files.
    paths = str(options.corpus)
    report = tempfile.mktemp(suffix=".json")
    commands = {
        "read every file": f"find {paths} -type f -exec cat {{}} + > /dev/null",
        "granted-lint (all cores)": f"{binary} --format json --output {report} {paths}",
        "granted-lint (one core)": f"taskset -c 0 {binary} --format json --output {report} {paths}",
    }
    if options.interleave > 0:
        medians = interleaved(commands, options.interleave, options.corpus)
        how = f"medians of {options.interleave} interleaved rounds"
    else:
        medians = hyperfine(commands, options.runs, options.corpus)
        how = f"hyperfine medians of {options.runs} runs"
    time_output = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "--format", "json", "--output", report, paths],
                                 capture_output=True, text=True)
    peak = int(time_output.stderr.strip().splitlines()[-1]) / 1024
    findings = len(json.load(open(report))["findings"])
    floor = medians["read every file"]
    lines = [
        f"`{binary}` on {len(directories)} apps ({', '.join(d.name for d in directories)}); {how}.",
        "",
        "| measure | value |",
        "| --- | ---: |",
        f"| read every file (`find … -exec cat {{}} +`) | {floor:.0f} ms |",
        f"| granted-lint, all cores | {medians['granted-lint (all cores)']:.0f} ms ({medians['granted-lint (all cores)'] / floor:.2f}× the read floor) |",
        f"| granted-lint, one core (`taskset -c 0`) | {medians['granted-lint (one core)']:.0f} ms (all cores give {medians['granted-lint (one core)'] / medians['granted-lint (all cores)']:.2f}×) |",
        f"| peak RSS, all cores (`/usr/bin/time -f %M`) | {peak:.0f} MB |",
        f"| findings | {findings} |",
    ]
    if options.scale > 1:
        lines += scaled(options, binary)
    text = "\n".join(lines) + "\n"
    print(text)
    if options.out_md:
        options.out_md.write_text(text)


if __name__ == "__main__":
    main()
