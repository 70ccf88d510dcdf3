#!/usr/bin/env python3
"""How fast `granted-lint lsp` answers an editor, with a raw JSON-RPC client (no pygls).

    python3 Benchmarks/lsp-latency.py [--binary .build/release/granted-lint] [--corpus DIR/10k]
                                      [--edits 200] [--out-md FILE] [--out-json FILE]

Measures, against the targets of the language server:

- typing latency: the time from writing a `didChange` to reading the `publishDiagnostics` of that
  version, over `--edits` edits (each waits for the previous one's diagnostics; consecutive versions
  differ), in a 1,200-line file that imports expo-notifications (target: median <= 15 ms) and in an
  ordinary 1,200-line file (target: median <= 2 ms); and, over a quarter as many edits, in the first
  file when each edit follows a code-action request with no `only` (editors ask one whenever the
  cursor moves), and in the first file with the edit inside its registration function instead (a
  reference: the notification file's edit is in a declaration nothing else names, whose findings the
  server moves instead of analysing the file again, while an edit in permission code is analysed
  with the whole file). Both files are built from the blocks of Benchmarks/generate_corpus.py (same seed,
  same text every run);
- start-up: from starting the process on the 10,000-file corpus of Benchmarks/run.sh (`--corpus`,
  default /tmp/granted-bench-corpus/10k) to the first diagnostics of a file opened right after
  `initialized` (target: <= 1 s);
- memory: the server's resident set (VmRSS) after opening 50 files of that corpus (target: <= 150 MB).

With `--instructions`, measures instead what an edit costs in instructions, which unlike times
compare across machines and runs: the server runs under `valgrind --tool=callgrind` through each
typing sequence twice, with 5 and with 25 edits, and the difference over the 20 extra edits is the
cost of one edit (start-up, opening and shutting down cancel out).

Prints a Markdown table (also written to --out-md) and writes the raw figures to --out-json.
`ONLY=lsp bash Benchmarks/run.sh` runs it on the release build.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
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
sys.path.insert(0, str(ROOT / "Tests" / "LanguageServer"))
from raw_client import RawServer, client_capabilities  # noqa: E402

LINES = 1200
TARGETS = {"notification": 15.0, "inPermissionCode": 15.0, "ordinary": 2.0, "afterCodeAction": 15.0, "startup": 1000.0, "rss": 150.0}


def load_generator():
    spec = importlib.util.spec_from_file_location("generate_corpus", BENCH / "generate_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NOTIFICATION_HEADER = """import * as Notifications from 'expo-notifications';

export async function registerForPushNotificationsAsync(): Promise<string | undefined> {
  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  const registrationAttempt = 0;
  if (existingStatus !== 'granted') {
    const { status } = await Notifications.requestPermissionsAsync();
    finalStatus = status;
  }
  if (finalStatus !== 'granted') {
    return undefined;
  }
  return (await Notifications.getExpoPushTokenAsync({ projectId: 'benchmark-project' })).data;
}

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowAlert: true,
    shouldPlaySound: false,
    shouldSetBadge: false,
  }),
});
"""
EDIT_LINE = "export const benchmarkEditMarker = 0;"
# The same kind of edit inside the permission code: the whole file is analysed again.
PERMISSION_EDIT_LINE = "  const registrationAttempt = 0;"


def build_file(generator, kind: str, header: list[str], seed: int) -> list[str]:
    """`header`, then ordinary blocks of `kind`, with the edited line half way, padded with comment
    lines to exactly LINES lines."""
    g = generator.Gen(random.Random(seed))
    lines = list(header)
    make = generator.ordinary_blocks(kind, g)
    n = 0
    while len(lines) < LINES - 40:
        block = make(n == 0)
        if len(lines) + 1 + len(block) > LINES - 3:
            break
        lines.append("")
        lines.extend(block)
        n += 1
        if EDIT_LINE not in lines and len(lines) >= LINES // 2:
            lines.extend(["", EDIT_LINE])
    if EDIT_LINE not in lines:
        lines.extend(["", EDIT_LINE])
    while len(lines) < LINES:
        lines.append(f"// padding {len(lines) + 1}")
    return lines


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def arrival_of_publish(server: RawServer, uri: str, version: int, since: int, timeout: float) -> float:
    """Waits for the publishDiagnostics of `uri` at `version`; returns when the reader got it."""
    def find(messages):
        for index in range(since, len(messages)):
            message = messages[index]
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri \
                    and message["params"].get("version") == version:
                return index + 1  # truthy even for index 0
        return None
    position = server.wait_for(f"diagnostics of {uri} version {version}", find, timeout=timeout) - 1
    return server.arrival_times[position]


def typing_latency(binary: str, text: str, name: str, edits: int, warmup: int, code_action_first: bool = False,
                   edit_line: str = EDIT_LINE) -> dict:
    """With `code_action_first`, each edit follows a code-action request at the edited line with no
    `only` (what an editor asks when the cursor moves, before the user types), answered before the
    next round."""
    directory = Path(tempfile.mkdtemp(prefix="granted-lint-lsp-bench-"))
    try:
        path = directory / "src" / name
        path.parent.mkdir(parents=True)
        path.write_text(text)
        server = RawServer(directory, binary=binary)
        try:
            server.initialize(directory, client_capabilities())
            uri = server.open(path)
            arrival_of_publish(server, uri, 1, 0, 60)
            line = text.split("\n").index(edit_line)
            column = len(edit_line) - 2  # the digit
            samples = []
            for version in range(2, 2 + warmup + edits):
                digit = str(version % 2)
                action = None
                if code_action_first:
                    action = server.request("textDocument/codeAction", {
                        "textDocument": {"uri": uri},
                        "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
                        "context": {"diagnostics": [], "triggerKind": 2}})
                since = server.mark()
                sent = time.monotonic()
                server.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"range": {"start": {"line": line, "character": column},
                                                  "end": {"line": line, "character": column + 1}}, "text": digit}]})
                received = arrival_of_publish(server, uri, version, since, 30)
                if action is not None:
                    server.response(action, timeout=30)
                if version >= 2 + warmup:
                    samples.append((received - sent) * 1000)
            findings = len(server.notifications("textDocument/publishDiagnostics")[-1]["diagnostics"])
            assert server.shutdown_and_exit() == 0, "the server did not exit with 0"
            server.assert_clean_stdout()
        finally:
            server.stop()
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return {"file": name, "lines": text.count("\n"), "edits": len(samples), "findings": findings,
            "median_ms": statistics.median(samples), "p90_ms": percentile(samples, 0.9),
            "min_ms": min(samples), "max_ms": max(samples)}


def startup_and_memory(binary: str, corpus: Path, files: int = 50) -> dict:
    expected = json.loads((corpus / "EXPECTED.json").read_text())
    with_findings = sorted({entry["file"] for entry in expected["expected"]})
    others = sorted(str(p.relative_to(corpus)) for p in (corpus / "src").rglob("*.ts"))[: files * 2]
    chosen = (with_findings + [p for p in others if p not in with_findings])[:files]
    started = time.monotonic()
    server = RawServer(corpus, binary=binary)
    try:
        server.initialize(corpus, client_capabilities())
        initialized = time.monotonic()
        first_uri = server.open(corpus / chosen[0])
        first = arrival_of_publish(server, first_uri, 1, 0, 120)
        rss_started = server.rss_kib()
        for relative in chosen[1:]:
            since = server.mark()
            uri = server.open(corpus / relative)
            arrival_of_publish(server, uri, 1, since, 60)
        rss = server.rss_kib()
        # For reference: the whole workspace pulled at once (every file read, the index complete).
        pulled = time.monotonic()
        reply = server.call("workspace/diagnostic", {"previousResultIds": []}, timeout=600)
        workspace_ms = (time.monotonic() - pulled) * 1000
        reports = reply.get("result", {}).get("items", [])
        rss_workspace = server.rss_kib()
        assert server.shutdown_and_exit() == 0, "the server did not exit with 0"
        server.assert_clean_stdout()
    finally:
        server.stop()
    return {"corpus": str(corpus), "corpusFiles": expected["files"], "initialize_ms": (initialized - started) * 1000,
            "first_diagnostics_ms": (first - started) * 1000, "rss_after_first_mb": rss_started / 1024,
            "opened": len(chosen), "rss_mb": rss / 1024, "workspace_diagnostic_ms": workspace_ms,
            "workspace_reports": len(reports), "workspace_findings": sum(len(r.get("items", [])) for r in reports),
            "rss_after_workspace_mb": rss_workspace / 1024}


def instructions_per_edit(binary: str, text: str, name: str, low: int = 5, high: int = 25,
                          code_action_first: bool = False, edit_line: str = EDIT_LINE) -> dict:
    """The instructions one edit costs: two callgrind runs of the typing sequence, `low` and `high`
    edits long, and their difference divided by `high - low`."""
    if shutil.which("valgrind") is None:
        raise SystemExit("lsp-latency: --instructions needs valgrind")
    totals = {}
    with tempfile.TemporaryDirectory(prefix="granted-lint-lsp-callgrind-") as work:
        for edits in (low, high):
            out = Path(work) / f"callgrind.{edits}.out"
            wrapper = Path(work) / "server"
            wrapper.write_text(f"#!/bin/sh\nexec valgrind -q --tool=callgrind --callgrind-out-file={out} {binary} \"$@\"\n")
            wrapper.chmod(0o755)
            typing_latency(str(wrapper), text, name, edits, 1, code_action_first=code_action_first, edit_line=edit_line)
            total = None
            for line in out.read_text(errors="replace").splitlines():
                if line.startswith("totals:") or line.startswith("summary:"):
                    total = int(line.split()[1])
            if total is None:
                raise SystemExit(f"lsp-latency: no instruction total in {out}")
            totals[edits] = total
    return {"file": name, "low": low, "high": high, "totals": totals,
            "per_edit": (totals[high] - totals[low]) / (high - low)}


def render_instructions(binary: str, results: dict) -> str:
    lines = ["## Language server: instructions per edit", "",
             f"`{binary}`, {results['version']}; `valgrind --tool=callgrind`, the typing sequences of the latency "
             "benchmark run with 5 and with 25 edits, the difference divided by 20.", "",
             "| Edit | Instructions per edit |", "|---|---:|"]
    for key, label in (("notification", "1,200-line file importing expo-notifications"),
                       ("inPermissionCode", "the same file, the edit inside its permission code"),
                       ("ordinary", "ordinary 1,200-line file"),
                       ("afterCodeAction", "the notification file, each edit after a code-action request")):
        r = results.get(key)
        if r:
            lines.append(f"| {label} | {r['per_edit']:,.0f} |")
    return "\n".join(lines) + "\n"


def verdict(value: float, target: float) -> str:
    return "met" if value <= target else "missed"


def render(binary: str, results: dict) -> str:
    build = " (a debug build: not representative)" if "/debug/" in binary else " (release build)" if "/release/" in binary else ""
    lines = ["## Language server (`granted-lint lsp`)", "",
             f"`{binary}`{build}, {results['version']}; raw JSON-RPC client over pipes; {results['edits']} edits per file after "
             f"{results['warmup']} warm-up edits, each waiting for the diagnostics of its version.", "",
             "| Measure | Result | Target | |", "|---|---|---|---|"]
    for key, label in (("notification", "didChange → diagnostics, 1,200-line file importing expo-notifications"),
                       ("inPermissionCode", "the same, the edit inside the file's permission code (reference)"),
                       ("ordinary", "didChange → diagnostics, ordinary 1,200-line file"),
                       ("afterCodeAction", "the same, each edit right after a code-action request (no `only`)")):
        r = results.get(key)
        if r:
            lines.append(f"| {label} | median {r['median_ms']:.1f} ms, p90 {r['p90_ms']:.1f} ms "
                         f"(min {r['min_ms']:.1f}, max {r['max_ms']:.1f}) | ≤ {TARGETS[key]:g} ms median | "
                         f"{verdict(r['median_ms'], TARGETS[key])} |")
    s = results.get("startup")
    if s:
        lines.append(f"| start-up to first diagnostics, {s['corpusFiles']:,}-file workspace | "
                     f"{s['first_diagnostics_ms']:.0f} ms (initialize answered at {s['initialize_ms']:.0f} ms) | "
                     f"≤ {TARGETS['startup']:g} ms | {verdict(s['first_diagnostics_ms'], TARGETS['startup'])} |")
        lines.append(f"| resident memory after opening {s['opened']} files | {s['rss_mb']:.0f} MB "
                     f"({s['rss_after_first_mb']:.0f} MB after the first) | ≤ {TARGETS['rss']:g} MB | "
                     f"{verdict(s['rss_mb'], TARGETS['rss'])} |")
        lines.append(f"| `workspace/diagnostic` on the same workspace (reference) | {s['workspace_diagnostic_ms']:.0f} ms, "
                     f"{s['workspace_reports']:,} reports, {s['workspace_findings']} findings; "
                     f"{s['rss_after_workspace_mb']:.0f} MB afterwards | | |")
    else:
        lines.append(f"| start-up and memory on the 10k corpus | not measured: {results.get('startupSkipped')} | | |")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "granted-lint"))
    parser.add_argument("--corpus", type=Path, default=Path("/tmp/granted-bench-corpus/10k"))
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--out-md", type=Path)
    parser.add_argument("--out-json", type=Path)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per edit under callgrind instead of timing")
    args = parser.parse_args(argv)
    binary = str(Path(args.binary).resolve())
    if not Path(binary).is_file():
        parser.error(f"no binary at {binary}")

    generator = load_generator()
    notification = build_file(generator, "service", NOTIFICATION_HEADER.rstrip("\n").split("\n"), args.seed)
    ordinary = build_file(generator, "service", generator.imports_for("service", generator.Gen(random.Random(args.seed + 1))),
                          args.seed + 1)
    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
    results: dict = {"binary": binary, "version": version, "edits": args.edits, "warmup": args.warmup}
    if args.instructions:
        results["notification"] = instructions_per_edit(binary, "\n".join(notification) + "\n", "notificationService.ts")
        print(f"lsp-latency: notification file: {results['notification']['per_edit']:,.0f} instructions per edit", file=sys.stderr)
        results["inPermissionCode"] = instructions_per_edit(binary, "\n".join(notification) + "\n", "notificationService.ts",
                                                            edit_line=PERMISSION_EDIT_LINE)
        print(f"lsp-latency: inside its permission code: {results['inPermissionCode']['per_edit']:,.0f} instructions per edit",
              file=sys.stderr)
        results["ordinary"] = instructions_per_edit(binary, "\n".join(ordinary) + "\n", "ordinaryService.ts")
        results["afterCodeAction"] = instructions_per_edit(binary, "\n".join(notification) + "\n", "notificationService.ts",
                                                           code_action_first=True)
        table = render_instructions(binary, results)
        sys.stdout.write(table)
        if args.out_md:
            args.out_md.write_text(table)
        if args.out_json:
            args.out_json.write_text(json.dumps(results, indent=1) + "\n")
        return 0
    results["notification"] = typing_latency(binary, "\n".join(notification) + "\n", "notificationService.ts",
                                             args.edits, args.warmup)
    print(f"lsp-latency: notification file: median {results['notification']['median_ms']:.2f} ms", file=sys.stderr)
    results["inPermissionCode"] = typing_latency(binary, "\n".join(notification) + "\n", "notificationService.ts",
                                                 max(args.edits // 4, 10), args.warmup, edit_line=PERMISSION_EDIT_LINE)
    print(f"lsp-latency: inside its permission code: median {results['inPermissionCode']['median_ms']:.2f} ms", file=sys.stderr)
    results["ordinary"] = typing_latency(binary, "\n".join(ordinary) + "\n", "ordinaryService.ts", args.edits, args.warmup)
    print(f"lsp-latency: ordinary file: median {results['ordinary']['median_ms']:.2f} ms", file=sys.stderr)
    results["afterCodeAction"] = typing_latency(binary, "\n".join(notification) + "\n", "notificationService.ts",
                                                max(args.edits // 4, 10), args.warmup, code_action_first=True)
    print(f"lsp-latency: after a code action: median {results['afterCodeAction']['median_ms']:.2f} ms", file=sys.stderr)
    if (args.corpus / "EXPECTED.json").is_file():
        results["startup"] = startup_and_memory(binary, args.corpus.resolve())
    else:
        results["startupSkipped"] = f"no corpus at {args.corpus} (Benchmarks/run.sh generates it)"
    table = render(binary, results)
    sys.stdout.write(table)
    if args.out_md:
        args.out_md.write_text(table)
    if args.out_json:
        args.out_json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
