#!/usr/bin/env python3
"""Benchmark helpers for Benchmarks/run.sh.

    report.py score --tool granted-lint|semgrep|ast-grep --expected corpus/10k/EXPECTED.json \
                    --findings results/semgrep-10k.json --cwd DIR_THE_TOOL_RAN_IN --out results/score-semgrep.json
    report.py render --results Benchmarks/results --out Benchmarks/RESULTS.md \
                     [--previous OLD_RESULTS.md] [--baseline BEFORE_RESULTS_DIR] [--splice]

`score` matches a tool's findings against the planted ones (EXPECTED.json, written by
generate_corpus.py): a finding counts as true when it is in the same file, for the same rule, and
its line range contains the planted line; each finding is credited to at most one planted finding.
Findings that match nothing are reported as false positives.

`render` reads the hyperfine exports (`hyperfine-*.json`), the scores (`score-*.json`), the memory
measurements (`memory-*.txt`) and `meta.json` from the results directory and writes RESULTS.md.
Its "Discovery and start-up" section (the targets of the issue "File discovery without git
processes") puts the medians next to those of `--previous` (the Medians table of an older
RESULTS.md) and of `--baseline` (the results directory of a run of another build, e.g. the commit
before a change). With `--splice`, only that section of the existing `--out` file is replaced (or
inserted before its Medians), and the rest of the file is kept.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

RULES = ("provisional-blind-check", "missing-allow-provisional", "badge-in-provisional-request",
         "deprecated-should-show-alert")


# ----------------------------------------------------------------------------------------------
# score
# ----------------------------------------------------------------------------------------------

def rule_of(identifier: str) -> str | None:
    for rule in RULES:
        if rule in identifier:
            return rule
    return None


def load_findings(tool: str, path: Path) -> list[tuple[str, str, int, int]]:
    """(path as printed, rule, first line, last line), lines 1-based; findings of other rules
    (granted-lint has more rules than the four the other tools port) are left out."""
    text = path.read_text()
    out = []
    if tool == "granted-lint":
        for f in json.loads(text)["findings"]:
            rule = rule_of(f["rule"])
            if rule:
                out.append((f["path"], rule, f["line"], f.get("endLine", f["line"])))
    elif tool == "semgrep":
        for f in json.loads(text)["results"]:
            rule = rule_of(f["check_id"])
            if rule:
                out.append((f["path"], rule, f["start"]["line"], f["end"]["line"]))
    elif tool == "ast-grep":
        stripped = text.strip()
        items = json.loads(stripped) if stripped.startswith("[") else [json.loads(l) for l in stripped.splitlines() if l.strip()]
        for f in items:
            rule = rule_of(f.get("ruleId") or "")
            if rule:  # ast-grep's lines are 0-based
                out.append((f["file"], rule, f["range"]["start"]["line"] + 1, f["range"]["end"]["line"] + 1))
    else:
        raise SystemExit(f"report.py: unknown tool {tool}")
    return out


def score(tool: str, expected_path: Path, findings_path: Path, cwd: Path) -> dict:
    manifest = json.loads(expected_path.read_text())
    root = expected_path.parent.resolve()
    expected: dict[tuple[str, str], list[int]] = defaultdict(list)
    for e in manifest["expected"]:
        expected[(e["file"], e["rule"])].append(e["line"])

    found: dict[tuple[str, str], set[tuple[int, int]]] = defaultdict(set)
    outside = 0
    findings = load_findings(tool, findings_path)
    for printed, rule, first, last in findings:
        absolute = (cwd / printed).resolve()
        try:
            rel = absolute.relative_to(root).as_posix()
        except ValueError:
            outside += 1
            continue
        found[(rel, rule)].add((first, last))  # a set: duplicate reports count once

    per_rule = {r: {"expected": 0, "true": 0, "false": 0} for r in RULES}
    missed: list[dict] = []
    false_positives: list[dict] = []
    for key in set(expected) | set(found):
        file, rule = key
        lines = sorted(expected.get(key, []))
        ranges = sorted(found.get(key, set()), key=lambda r: (r[1] - r[0], r[0]))
        used: set[tuple[int, int]] = set()
        per_rule[rule]["expected"] += len(lines)
        for line in lines:
            match = next((r for r in ranges if r not in used and r[0] <= line <= r[1]), None)
            if match is None:
                missed.append({"file": file, "line": line, "rule": rule})
            else:
                used.add(match)
                per_rule[rule]["true"] += 1
        for r in ranges:
            if r not in used:
                per_rule[rule]["false"] += 1
                false_positives.append({"file": file, "line": r[0], "rule": rule})
    total = {k: sum(v[k] for v in per_rule.values()) for k in ("expected", "true", "false")}
    return {
        "tool": tool,
        "corpus": str(root),
        "expected": total["expected"],
        "true": total["true"],
        "false": total["false"],
        "missed": total["expected"] - total["true"],
        "outsideCorpus": outside,
        "perRule": per_rule,
        "missedExamples": sorted(missed, key=lambda m: (m["rule"], m["file"], m["line"]))[:20],
        "falsePositiveExamples": sorted(false_positives, key=lambda m: (m["rule"], m["file"], m["line"]))[:20],
    }


# ----------------------------------------------------------------------------------------------
# render
# ----------------------------------------------------------------------------------------------

def load_hyperfine(results: Path) -> dict[str, dict]:
    """name -> {median, mean, stddev, min, max, runs, command} for every hyperfine export."""
    out: dict[str, dict] = {}
    for path in sorted(results.glob("hyperfine-*.json")):
        data = json.loads(path.read_text())
        for r in data.get("results", []):
            name = r.get("command")
            times = r.get("times") or []
            out[name] = {
                "median": r.get("median", statistics.median(times) if times else float("nan")),
                "mean": r.get("mean"), "stddev": r.get("stddev"), "min": r.get("min"), "max": r.get("max"),
                "runs": len(times), "exitCodes": sorted(set(r.get("exit_codes") or [])),
            }
    return out


def fmt_s(x: float | None) -> str:
    if x is None:
        return "—"
    if x < 0.1:
        return f"{x * 1000:.1f} ms"
    return f"{x * 1000:.0f} ms" if x < 10 else f"{x:.1f} s"


def cell(text: str) -> str:
    """Table-cell text: GitHub ends a cell at any unescaped `|`, even inside a code span."""
    return text.replace("|", "\\|")


def load_previous(path: Path | None) -> tuple[str | None, dict[str, dict]]:
    """(commit, name -> {median, command}) from the Medians table of an older RESULTS.md."""
    if not path or not path.exists():
        return None, {}
    text = path.read_text()
    m = re.search(r"^Generated by .*?commit ([^)\s]+)\)", text, re.M)
    commit = m.group(1) if m else None
    out: dict[str, dict] = {}
    in_medians = False
    for line in text.splitlines():
        if line.startswith("## "):
            in_medians = line.strip() == "## Medians"
            continue
        if not in_medians:
            continue
        m = re.match(r"^\| (?P<name>[^|]+?) \| (?P<value>[\d.]+) (?P<unit>ms|s) \| .*\| `(?P<cmd>.*)` \|\s*$", line)
        if m:
            value = float(m.group("value")) / (1000 if m.group("unit") == "ms" else 1)
            out[m.group("name")] = {"median": value, "command": m.group("cmd").replace("\\|", "|")}
    return commit, out


# The rows and targets of the issue "File discovery without git processes".
STARTUP_ROWS = ("granted-lint --version", "granted-lint empty dir", "granted-lint one small file",
                "granted-lint one small file, expo-notifications")
DISCOVERY_10K_ROWS = ("cat floor 10k", "find -exec cat floor 10k", "granted-lint 10k", "granted-lint 1 core 10k")
STARTUP_TARGET_S = 0.015
EXEC_CAT_TARGET = 1.2
SPEEDUP_TARGET = 1.5
BEGIN_MARK = "<!-- discovery:begin -->"
END_MARK = "<!-- discovery:end -->"


def discovery_targets(get) -> list[tuple[str, float | None, str, str, bool]]:
    """(name, value, unit "s" or "x", target text, higher is better), from a name -> run lookup."""
    def med(name):
        r = get(name)
        return r["median"] if r else None
    gl10 = get("granted-lint 10k")
    one = get("granted-lint 1 core 10k")
    return [
        ("start-up: one small file (no relevant import)", med("granted-lint one small file"), "s", "≤ 15 ms", False),
        ("start-up: one small file importing expo-notifications", med("granted-lint one small file, expo-notifications"),
         "s", "≤ 15 ms", False),
        ("start-up: empty directory", med("granted-lint empty dir"), "s", "≤ 15 ms", False),
        ("`--version` (reference)", med("granted-lint --version"), "s", "", False),
        ("granted-lint / `find -exec cat {} +` floor (10k)", ratio(gl10, get("find -exec cat floor 10k")), "x", "≤ 1.2", False),
        ("granted-lint / `find -print0 | xargs -0 cat` floor (10k, old floor)", ratio(gl10, get("cat floor 10k")), "x",
         "≤ 2 (earlier target)", False),
        ("2-core speed-up (default 10k: 1 core / all cores)", ratio(one, gl10), "x", "≥ 1.5", True),
    ]


def target_verdict(value: float | None, target: str, higher: bool) -> str:
    m = re.search(r"([\d.]+)( ms)?", target)
    if value is None or not m:
        return ""
    limit = float(m.group(1)) / (1000 if m.group(2) else 1)
    return verdict(value, limit, higher)


def fmt_value(value: float | None, unit: str) -> str:
    if value is None:
        return "—"
    return fmt_s(value) if unit == "s" else f"{value:.2f}×"


def render_discovery(meta: dict, runs: dict, previous: tuple[str | None, dict], baseline: tuple[dict, dict] | None) -> str:
    commands = meta.get("commands", {})
    names = [n for n in STARTUP_ROWS + DISCOVERY_10K_ROWS if n in runs]
    prev_commit, prev = previous
    base_meta, base_runs = baseline or ({}, {})
    columns = []  # (title, lookup)
    if prev:
        columns.append((f"previous (RESULTS.md, {prev_commit or '?'})", prev.get))
    if base_runs:
        columns.append((f"before ({base_meta.get('commit', '?')})", base_runs.get))
    columns.append((f"now ({meta.get('commit', '?')})", runs.get))
    lines: list[str] = []
    add = lines.append
    add(BEGIN_MARK)
    add("## Discovery and start-up")
    add("")
    add("The targets of the issue \"File discovery without git processes\": start-up ≤ 15 ms (median, one small "
        "file; also an empty directory, and `--version` for reference), granted-lint on the 10k corpus ≤ 1.2× the "
        "time of reading every file with `find DIR -type f -exec cat {} + > /dev/null`, and 2 cores ≥ 1.5× one core "
        "(`taskset -c 0`).")
    add("")
    add(f"\"now\" measured on {meta.get('date', '?')} ({meta.get('grantedVersion', '?')}, {meta.get('commit', '?')}; "
        f"CPU {meta.get('cpu', '?')}, `nproc` = {meta.get('nproc', '?')}); start-up rows with "
        "`hyperfine -N` (no shell), the 10k rows through hyperfine's default shell (its start-up subtracted); "
        f"`{meta.get('hyperfineArgs', '')}`. The corpora are in `{meta.get('corpusDir', '?')}`, outside any git work "
        "tree and not git repositories; commands run in `Benchmarks/`.")
    if base_runs:
        add(f"\"before\" is the same harness run against the build of {base_meta.get('commit', '?')} "
            f"(`{base_meta.get('binary', '?')}`), on {base_meta.get('date', '?')}.")
    if prev:
        add(f"\"previous\" is the full run recorded below (commit {prev_commit or '?'}); its commands differed as listed "
            "under the table.")
    add("")
    add("| benchmark | " + " | ".join(t for t, _ in columns) + (" | now / before" if base_runs else "")
        + " | files checked | command |")
    add("| --- | " + " | ".join("---:" for _ in columns) + (" | ---:" if base_runs else "") + " | ---: | --- |")
    fc_now = meta.get("filesChecked", {})
    fc_before = base_meta.get("filesChecked", {}) if base_runs else {}
    for name in names:
        cells = [fmt_s(look(name)["median"]) if look(name) else "—" for _, look in columns]
        change = ""
        if base_runs:
            r = ratio(runs.get(name), base_runs.get(name))
            change = " | " + ("—" if r is None else f"{r:.2f}×")
        now_n, before_n = fc_now.get(name), fc_before.get(name)
        files = "" if now_n is None else str(now_n)
        if before_n is not None and before_n != now_n:
            files = f"{before_n} → {files or '?'}"
        add(f"| {name} | " + " | ".join(cells) + change + f" | {files} | `{cell(commands.get(name, ''))}` |")
    add("")
    differing = [(n, prev[n]["command"]) for n in names if n in prev and prev[n]["command"] != commands.get(n)]
    if differing:
        add("Previous commands (the old harness: corpora in `Benchmarks/corpus/`, each a git repository with its "
            "files staged):")
        add("")
        for n, c in differing:
            add(f"- {n}: `{c}`")
        add("")
    add("| target | " + " | ".join(t for t, _ in columns) + " | target |")
    add("| --- | " + " | ".join("---:" for _ in columns) + " | --- |")
    per_column = [discovery_targets(look) for _, look in columns]
    for i, (name, _, unit, target, higher) in enumerate(per_column[-1]):
        cells = []
        for col in per_column:
            value = col[i][1]
            v = target_verdict(value, target, higher) if target and "earlier" not in target else ""
            cells.append(fmt_value(value, unit) + (f" ({v})" if v else ""))
        add(f"| {cell(name)} | " + " | ".join(cells) + f" | {target or 'reference'} |")
    add("")
    add(END_MARK)
    return "\n".join(lines)


def splice(existing: str, section: str) -> str:
    """Replace the discovery section of an existing RESULTS.md, or insert it before its Medians."""
    if BEGIN_MARK in existing and END_MARK in existing:
        head, rest = existing.split(BEGIN_MARK, 1)
        _, tail = rest.split(END_MARK, 1)
        return head + section + tail
    marker = "\n## Medians\n"
    if marker in existing:
        head, tail = existing.split(marker, 1)
        return head + "\n" + section + "\n" + marker + tail
    return existing.rstrip("\n") + "\n\n" + section + "\n"


def ratio(a: dict | None, b: dict | None) -> float | None:
    if not a or not b or not b["median"]:
        return None
    return a["median"] / b["median"]


def verdict(value: float | None, target: float, higher_is_better: bool = False) -> str:
    if value is None:
        return "not measured"
    ok = value >= target if higher_is_better else value <= target
    return "met" if ok else "**not met**"


def parse_peak_kb(path: Path) -> int | None:
    if not path.exists():
        return None
    m = re.search(r"Maximum resident set size \(kbytes\):\s*(\d+)", path.read_text())
    return int(m.group(1)) if m else None


def render(results: Path, previous: Path | None = None, baseline: Path | None = None,
           discovery_only: bool = False) -> str:
    meta = json.loads((results / "meta.json").read_text())
    runs = load_hyperfine(results)
    base = None
    if baseline:
        base = (json.loads((baseline / "meta.json").read_text()), load_hyperfine(baseline))
    discovery = render_discovery(meta, runs, load_previous(previous), base) \
        if any(n in runs for n in STARTUP_ROWS + DISCOVERY_10K_ROWS) else None
    if discovery_only:
        return discovery or ""
    commands = meta.get("commands", {})
    get = runs.get

    def row(name: str) -> str:
        r = runs.get(name)
        cmd = commands.get(name, "")
        if not r:
            return f"| {name} | not run | | | `{cell(cmd)}` |"
        codes = ",".join(str(c) for c in r["exitCodes"])
        return (f"| {name} | {fmt_s(r['median'])} | {fmt_s(r['min'])} – {fmt_s(r['max'])} | {r['runs']} (exit {codes}) "
                f"| `{cell(cmd)}` |")

    lines: list[str] = []
    add = lines.append
    add("# Benchmark results")
    add("")
    add(f"Generated by `Benchmarks/run.sh` on {meta.get('date', '?')} ({meta.get('grantedVersion', '?')}, "
        f"commit {meta.get('commit', '?')}). Every figure is a median of one hyperfine run "
        f"(`{meta.get('hyperfineArgs', '')}`) or a ratio of two medians from the same run; the machine is shared "
        "and noisy, so compare ratios, not absolute times.")
    add("")
    add("## Machine")
    add("")
    add(f"- CPU: {meta.get('cpu', '?')}, `nproc` = {meta.get('nproc', '?')}")
    add(f"- Memory: {meta.get('memory', '?')}")
    add(f"- OS: {meta.get('os', '?')}")
    add(f"- Tools: {meta.get('tools', '?')}")
    add("")
    add("## Corpora")
    add("")
    add("Generated by `Benchmarks/generate_corpus.py` (deterministic from the seed); ~1% of the files do "
        "notification-permission work in the variants of the rules, the rest is ordinary UI and business code.")
    add("")
    add("| corpus | files | size | permission files | planted findings |")
    add("| --- | ---: | ---: | ---: | ---: |")
    for name, c in meta.get("corpora", {}).items():
        add(f"| {name} | {c['files']} | {c['totalBytes'] / 1e6:.1f} MB | {c['permissionFiles']} | {c['expected']} |")
    add("")
    if discovery:
        add(discovery)
        add("")
    add("## Medians")
    add("")
    add("| benchmark | median | min – max | runs | command |")
    add("| --- | ---: | ---: | ---: | --- |")
    for name in commands:
        add(row(name))
    add("")

    gl10 = get("granted-lint 10k")
    ratios = [
        ("granted-lint / ast-grep (10k)", ratio(gl10, get("ast-grep 10k")), "≤ 0.25", verdict(ratio(gl10, get("ast-grep 10k")), 0.25)),
        ("granted-lint / Semgrep (10k)", ratio(gl10, get("semgrep 10k")), "≤ 0.05", verdict(ratio(gl10, get("semgrep 10k")), 0.05)),
        ("granted-lint / cat floor (10k)", ratio(gl10, get("cat floor 10k")), "≤ 2", verdict(ratio(gl10, get("cat floor 10k")), 2.0)),
        ("granted-lint / find -exec cat floor (10k)", ratio(gl10, get("find -exec cat floor 10k")), "≤ 1.2",
         verdict(ratio(gl10, get("find -exec cat floor 10k")), EXEC_CAT_TARGET)),
        ("granted-lint --no-prefilter / parse floor (10k)", ratio(get("granted-lint --no-prefilter 10k"), get("parse floor 10k")), "—", ""),
        ("parse-heavy: granted-lint / parse floor (10k parse-heavy)",
         ratio(get("granted-lint 10k parse-heavy"), get("parse floor 10k parse-heavy")), "≤ 1.3",
         verdict(ratio(get("granted-lint 10k parse-heavy"), get("parse floor 10k parse-heavy")), 1.3)),
    ]
    one = get("granted-lint 1 core 10k parse-heavy")
    two = get("granted-lint 10k parse-heavy")
    speedup = (one["median"] / two["median"]) if one and two else None
    ratios.append(("2-core speed-up (parse-heavy 10k: 1 core / all cores)", speedup, "≥ 1.7", verdict(speedup, 1.7, True)))
    one_d = get("granted-lint 1 core 10k")
    speedup_d = (one_d["median"] / gl10["median"]) if one_d and gl10 else None
    ratios.append(("2-core speed-up (default 10k: 1 core / all cores)", speedup_d, "≥ 1.5",
                   verdict(speedup_d, SPEEDUP_TARGET, True)))
    ratios = [(n, v, t, d, None) for n, v, t, d in ratios]
    for name, label in (("granted-lint one small file", "start-up: one small file (median)"),
                        ("granted-lint one small file, expo-notifications", "start-up: one small file importing expo-notifications"),
                        ("granted-lint empty dir", "start-up: empty directory")):
        r = get(name)
        ratios.append((label, r["median"] if r else None, "≤ 15 ms",
                       verdict(r["median"] if r else None, STARTUP_TARGET_S), "s"))
    add("## Ratios")
    add("")
    add("| ratio | value | target | |")
    add("| --- | ---: | --- | --- |")
    for name, value, target, v, unit in ratios:
        shown = "—" if value is None else (fmt_s(value) if unit == "s" else f"{value:.3f}")
        add(f"| {name} | {shown} | {target} | {v} |")
    add("")

    add("## Scaling (granted-lint, default options)")
    add("")
    add("| corpus | files | median | per 1,000 files | per MB |")
    add("| --- | ---: | ---: | ---: | ---: |")
    base = None
    for size in ("1k", "10k", "30k"):
        r = get(f"granted-lint {size}")
        c = meta.get("corpora", {}).get(size)
        if not r or not c:
            continue
        per_k = r["median"] / c["files"] * 1000
        per_mb = r["median"] / (c["totalBytes"] / 1e6)
        add(f"| {size} | {c['files']} | {fmt_s(r['median'])} | {per_k * 1000:.1f} ms | {per_mb * 1000:.2f} ms |")
        base = base or per_k
    add("")
    add("Linear growth shows as a constant time per 1,000 files (the 1k corpus also carries the process start-up).")
    add("")

    add("## Peak memory (granted-lint, `/usr/bin/time -v`)")
    add("")
    add("| run | peak RSS | target |")
    add("| --- | ---: | --- |")
    for name, label in (("memory-10k.txt", "default, 10k"), ("memory-10k-noprefilter.txt", "--no-prefilter, 10k"),
                        ("memory-10k-parse-heavy.txt", "parse-heavy 10k"), ("memory-30k.txt", "default, 30k")):
        kb = parse_peak_kb(results / name)
        target = "≤ 150 MB" if "10k" in label else ""
        mark = "" if kb is None or not target else (" (met)" if kb / 1024 <= 150 else " (**not met**)")
        add(f"| {label} | {'—' if kb is None else f'{kb / 1024:.1f} MB'} | {target}{mark} |")
    add("")

    add("## True findings on the 10k corpus")
    add("")
    add("Counted against the planted findings (`EXPECTED.json`): a finding is true when it is in the same "
        "file, for the same rule, and its line range contains the planted line; anything else is a false positive. "
        "Only the four rules that Semgrep and ast-grep port are counted (granted-lint's other rules are left out). "
        "The planted variants include cross-function and cross-file flows and one function reading several "
        "modules' permissions, where pattern tools without data flow miss or over-report.")
    add("")
    add("| tool | planted | true | missed | false positives | " + " | ".join(f"{r} (true/planted)" for r in RULES) + " |")
    add("| --- | ---: | ---: | ---: | ---: | " + " | ".join("---:" for _ in RULES) + " |")
    for tool in ("granted-lint", "semgrep", "ast-grep"):
        p = results / f"score-{tool}.json"
        if not p.exists():
            add(f"| {tool} | not run | | | | " + " | ".join("" for _ in RULES) + " |")
            continue
        s = json.loads(p.read_text())
        per = " | ".join(f"{s['perRule'][r]['true']}/{s['perRule'][r]['expected']}" for r in RULES)
        add(f"| {tool} | {s['expected']} | {s['true']} | {s['missed']} | {s['false']} | {per} |")
    add("")
    lsp = results / "lsp-latency.md"  # written by lsp-latency.py (group lsp), already a section
    if lsp.exists():
        add(lsp.read_text().rstrip("\n"))
        add("")
    notes = meta.get("notes") or []
    if notes:
        add("## Notes")
        add("")
        for n in notes:
            add(f"- {n}")
        add("")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("score", help="count true findings of one tool")
    s.add_argument("--tool", required=True, choices=["granted-lint", "semgrep", "ast-grep"])
    s.add_argument("--expected", required=True, type=Path)
    s.add_argument("--findings", required=True, type=Path)
    s.add_argument("--cwd", type=Path, default=Path.cwd(), help="directory the tool ran in (its paths are relative to it)")
    s.add_argument("--out", type=Path)
    r = sub.add_parser("render", help="write RESULTS.md")
    r.add_argument("--results", required=True, type=Path)
    r.add_argument("--out", required=True, type=Path)
    r.add_argument("--previous", type=Path, help="an older RESULTS.md: its medians are shown as previous figures")
    r.add_argument("--baseline", type=Path, help="the results directory of a run of another build (\"before\")")
    r.add_argument("--splice", action="store_true",
                   help="replace only the discovery section of the existing --out file (insert it when missing)")
    args = ap.parse_args(argv)
    if args.cmd == "score":
        result = score(args.tool, args.expected, args.findings, args.cwd.resolve())
        text = json.dumps(result, indent=1) + "\n"
        if args.out:
            args.out.write_text(text)
        print(f"{args.tool}: {result['true']}/{result['expected']} true findings, {result['false']} false positives "
              + ", ".join(f"{k}: {v['true']}/{v['expected']} (+{v['false']})" for k, v in result["perRule"].items()),
              file=sys.stderr)
        if not args.out:
            sys.stdout.write(text)
    else:
        if args.splice:
            section = render(args.results, args.previous, args.baseline, discovery_only=True)
            if not section:
                raise SystemExit("report.py: nothing to splice (no start-up or 10k discovery rows in the results)")
            md = splice(args.out.read_text() if args.out.exists() else "# Benchmark results\n", section).removesuffix("\n")
        else:
            md = render(args.results, args.previous, args.baseline)
        tmp = args.out.with_suffix(".md.tmp")
        tmp.write_text(md + "\n")
        os.replace(tmp, args.out)
        print(f"report.py: wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
