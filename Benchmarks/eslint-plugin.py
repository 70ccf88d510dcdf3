#!/usr/bin/env python3
"""The ESLint plugin on real React Native apps: its findings against the command line's, and what it
adds to ESLint's own cost.

    python3 Benchmarks/eslint-plugin.py [--mirror DIR] [--corpus DIR | --apps DIR...] [--binary B] [--runs N] [--interleave N]

The apps: those of Benchmarks/real-apps.tsv, exported as Benchmarks/real-apps.py exports them (the
same --mirror and --corpus), or the directories given with --apps. ESLint: the one Debian ships
(6.4, /usr/share/nodejs; `apt-get install eslint`), with the test parser of Tests/npm (an empty
program: the plugin's rules read only the text, and ESLint 6.4 has no TypeScript parser) and a
legacy configuration with the plugin, from copies of npm/granted-lint and
npm/eslint-plugin-granted-lint in a scratch node_modules (nothing is installed or written in the
apps).

For each app, from the app's directory (ESLint's working directory, which the plugin lints once):
1. `eslint -f json .` with the plugin's rules on, against `granted-lint --format json .`: the same
   findings (file, rule, line, column, the message's first line), or the script says which differ
   and exits 1;
2. hyperfine (`--runs`, default 10, one warm-up, in one session): ESLint without the plugin;
   ESLint with the plugin's rules on;
   the same ESLint run with them off (the plugin loaded, no rule enabled) — the ratio of the two
   medians is what issue 39 asks to stay at most 1.5; and, as a control, ESLint with one rule of
   another plugin that does nothing, which shows what ESLint itself adds when any rule is on.
   With `--interleave N`, N rounds that run each once in a random order (after a round to warm up),
   and the medians of their wall-clock and CPU times (user + system, the binary's included): on a
   shared machine whose speed drifts within minutes, the CPU time moves less than the wall clock.
Prints a Markdown table.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
DEBIAN_MODULES = Path("/usr/share/nodejs")
EXTENSIONS = ".ts,.tsx,.js,.jsx"


def real_apps():
    spec = importlib.util.spec_from_file_location("real_apps", BENCH / "real-apps.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def scratch_project(scratch: Path, catalog: list[dict]) -> dict[str, Path]:
    modules = scratch / "node_modules"
    for name in ["granted-lint", "eslint-plugin-granted-lint"]:
        shutil.copytree(ROOT / "npm" / name, modules / name)
    # A control: a plugin of one rule that does nothing. ESLint with any rule enabled does more per
    # file than with none (a rule context, listeners, the traversal's queue), whatever the rule.
    (modules / "eslint-plugin-control").mkdir()
    (modules / "eslint-plugin-control" / "index.js").write_text(
        "module.exports = { rules: { nothing: { meta: { type: 'problem', schema: [] }, create: () => ({ Program() {} }) } } };\n")
    parser = str(ROOT / "Tests/npm/eslint-test-parser.js")
    variants = {
        "none": {},
        "on": {"extends": ["plugin:granted-lint/legacy-recommended"]},
        "off": {"plugins": ["granted-lint"], "rules": {f"granted-lint/{rule['id']}": "off" for rule in catalog}},
        "control": {"plugins": ["control"], "rules": {"control/nothing": "error"}},
    }
    configs = {}
    for state, variant in variants.items():
        configs[state] = scratch / f"{state}.json"
        configs[state].write_text(json.dumps({"root": True, "parser": parser, **variant}, indent=2))
    return configs


def eslint_command(eslint: Path, scratch: Path, config: Path, output: str) -> list[str]:
    return ["node", str(eslint), "--no-eslintrc", "-c", str(config), "--resolve-plugins-relative-to", str(scratch),
            "--ext", EXTENSIONS, "-f", "json", "-o", output, "."]


def findings_of_eslint(report: list[dict], app: Path) -> set[tuple]:
    found = set()
    for result in report:
        for message in result["messages"]:
            if not message.get("ruleId", "").startswith("granted-lint/"):
                sys.exit(f"eslint-plugin: {result['filePath']}: a message that is not the plugin's: {message}")
            found.add((os.path.relpath(result["filePath"], app), message["ruleId"].removeprefix("granted-lint/"),
                       message["line"], message["column"], message["message"].split("\n")[0]))
    return found


def findings_of_binary(report: dict, app: Path) -> set[tuple]:
    return {(os.path.relpath(app / finding["path"], app), finding["rule"], finding["line"], finding["column"], finding["message"])
            for finding in report["findings"] if finding["rule"] != "syntax-error"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirror", type=Path, default=Path(os.environ.get("GRANTED_REAL_APPS_MIRROR", "/work/.mirror")))
    parser.add_argument("--corpus", type=Path, default=Path("/tmp/granted-bench-corpus/real-apps"))
    parser.add_argument("--apps", type=Path, nargs="+", help="app directories to use instead of the exported corpus")
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "granted-lint"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--interleave", type=int, default=0)
    options = parser.parse_args()

    eslint = DEBIAN_MODULES / "eslint" / "bin" / "eslint.js"
    if not eslint.exists():
        sys.exit("eslint-plugin: Debian's ESLint is not installed (apt-get install eslint)")
    binary = str(Path(options.binary).resolve())
    apps = [path.resolve() for path in options.apps] if options.apps else real_apps().build_corpus(options.mirror, options.corpus)
    catalog = json.loads((ROOT / "npm/granted-lint/eslint/rules.json").read_text())
    environment = {**os.environ, "NODE_PATH": str(DEBIAN_MODULES), "GRANTED_LINT_BINARY": binary}

    rows = []
    failed = False
    with tempfile.TemporaryDirectory(prefix="granted-eslint-bench-") as scratch_name:
        scratch = Path(scratch_name)
        configs = scratch_project(scratch, catalog)
        for app in apps:
            report_file = scratch / "eslint.json"
            linted = subprocess.run(eslint_command(eslint, scratch, configs["on"], str(report_file)), cwd=app, env=environment,
                                    capture_output=True, text=True)
            if linted.returncode not in (0, 1):
                sys.exit(f"eslint-plugin: ESLint failed on {app} (exit {linted.returncode}):\n{linted.stderr}")
            by_eslint = findings_of_eslint(json.loads(report_file.read_text()), app)
            direct = subprocess.run([binary, "--format", "json", "."], cwd=app, capture_output=True, text=True)
            by_binary = findings_of_binary(json.loads(direct.stdout), app)
            same = by_eslint == by_binary
            if not same:
                failed = True
                print(f"eslint-plugin: {app.name}: ESLint only {sorted(by_eslint - by_binary)}; the command line only "
                      f"{sorted(by_binary - by_eslint)}", file=sys.stderr)

            commands = {f"rules {state}": " ".join(f"'{part}'" for part in eslint_command(eslint, scratch, configs[state], "/dev/null"))
                        for state in ["none", "off", "control", "on"]}
            if options.interleave:
                medians = real_apps().interleaved_times(commands, options.interleave, app, environment)
            else:
                with tempfile.NamedTemporaryFile(suffix=".json") as export:
                    arguments = ["hyperfine", "--style", "basic", "-i", "--warmup", "1", "--runs", str(options.runs),
                                 "--export-json", export.name]
                    for name, command in commands.items():
                        arguments += ["--command-name", name, command]
                    subprocess.run(arguments, cwd=app, env=environment, check=True, stdout=subprocess.DEVNULL)
                    medians = {result["command"]: (result["median"] * 1000, (result["user"] + result["system"]) * 1000)
                               for result in json.load(open(export.name))["results"]}
            none, off, control, on = (medians[f"rules {state}"] for state in ["none", "off", "control", "on"])
            files = sum(1 for path in app.rglob("*") if path.suffix in {".ts", ".tsx", ".js", ".jsx"})
            rows.append((app.name, files, len(by_binary), "yes" if same else "NO", none, off, control, on))

    print("| app | files | findings | ESLint's the same | no plugin | plugin's rules off | one rule that does nothing | plugin's rules on | on / off | on / one rule |")
    print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, files, findings, same, none, off, control, on in rows:
        cells = " | ".join(f"{wall:.0f} ms ({cpu:.0f} ms CPU)" for wall, cpu in [none, off, control, on])
        ratios = f"{on[0] / off[0]:.2f}× ({on[1] / off[1]:.2f}× CPU) | {on[0] / control[0]:.2f}× ({on[1] / control[1]:.2f}× CPU)"
        print(f"| {name} | {files} | {findings} | {same} | {cells} | {ratios} |")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
