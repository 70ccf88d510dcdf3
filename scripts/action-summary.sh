#!/usr/bin/env bash
# The job summary of the GitHub Action: Markdown appended to GITHUB_STEP_SUMMARY (standard output
# when it is unset). Arguments: the lint arguments (--fail-on …, -- paths). Environment: GRANTED_LINT
# (the binary), LINT_EXIT_CODE (of the lint run), SARIF_FILE (named in the summary).
#
# The report itself comes from `granted-lint --format markdown` when the binary has that format; an
# older binary rejects it (a usage error, exit 2, nothing on standard output), and then the summary is
# derived from `--format json` (docs/json-format.md): counts, findings per rule, and the findings.
set -euo pipefail
binary=${GRANTED_LINT:?GRANTED_LINT must name the granted-lint binary}
status=${LINT_EXIT_CODE:-0}
summary=${GITHUB_STEP_SUMMARY:-/dev/stdout}

fail_on=warning
previous=
for argument in "$@"; do
  [ "$previous" = --fail-on ] && fail_on=$argument
  case "$argument" in --fail-on=*) fail_on=${argument#--fail-on=} ;; esac
  previous=$argument
done

case "$status" in
  0) verdict="✅ No problems at or above \`$fail_on\`." ;;
  1) verdict="❌ Problems at or above \`$fail_on\` (exit code 1)." ;;
  *) verdict="⚠️ granted-lint could not analyse everything, or was used wrongly (exit code $status); see the log." ;;
esac

report=$(mktemp)
trap 'rm -f "$report"' EXIT
markdown_status=0
"$binary" --format markdown "$@" > "$report" 2>/dev/null || markdown_status=$?
if [ "$markdown_status" -ge 2 ] && [ ! -s "$report" ]; then
  json_status=0
  "$binary" --format json "$@" > "$report" 2>/dev/null || json_status=$?
  [ -s "$report" ] || { printf 'action-summary: granted-lint --format json wrote nothing (exit %s)\n' "$json_status" >&2; exit 1; }
  python3 - "$report" > "$report.md" <<'PY'
import json, os, sys

with open(sys.argv[1], encoding="utf-8") as handle:
    report = json.load(handle)
summary = report.get("summary", {})
findings = report.get("findings", [])

def plural(count, word):
    return f"{count} {word}{'' if count == 1 else 's'}"

def cell(text):
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")

server, repository, sha = (os.environ.get(k) for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA"))
def location(finding):
    text = f"{finding['path']}:{finding['line']}:{finding['column']}"
    if server and repository and sha:
        return f"[`{cell(text)}`]({server}/{repository}/blob/{sha}/{finding['path']}#L{finding['line']})"
    return f"`{cell(text)}`"

files = len({finding["path"] for finding in findings})
total = summary.get("errors", 0) + summary.get("warnings", 0) + summary.get("notes", 0)
print(f"**{plural(total, 'problem')}** ({plural(summary.get('errors', 0), 'error')}, "
      f"{plural(summary.get('warnings', 0), 'warning')}, {plural(summary.get('notes', 0), 'note')}) "
      f"in {plural(files, 'file')} ({summary.get('filesChecked', 0)} checked).")
if findings:
    per_rule = {}
    for finding in findings:
        counts = per_rule.setdefault(finding["rule"], {"error": 0, "warning": 0, "note": 0})
        counts[finding["severity"]] = counts.get(finding["severity"], 0) + 1
    print("\n| rule | errors | warnings | notes |\n| --- | ---: | ---: | ---: |")
    for rule, counts in sorted(per_rule.items(), key=lambda item: (-sum(item[1].values()), item[0])):
        print(f"| `{rule}` | {counts['error']} | {counts['warning']} | {counts['note']} |")
    shown = findings[:50]
    print("\n| location | severity | rule | message |\n| --- | --- | --- | --- |")
    for finding in shown:
        print(f"| {location(finding)} | {finding['severity']} | `{finding['rule']}` | {cell(finding['message'])} |")
    if len(findings) > len(shown):
        print(f"\n…and {len(findings) - len(shown)} more: see the annotations, or the code-scanning alerts.")
problems = [problem for problem in report.get("problems", []) if problem.get("kind") != "parse-recovery"]
if problems:
    print("\n**Not analysed:**\n")
    for problem in problems:
        print(f"- `{cell(problem['path'])}`: {cell(problem.get('reason', problem.get('kind', '')))}")
for note in report.get("notes", []):
    print(f"\n> {note.get('level', 'note')}: {cell(note.get('message', ''))}")
PY
  mv "$report.md" "$report"
fi

{
  printf '## granted-lint\n\n%s\n\n' "$verdict"
  cat "$report"
  printf '\n'
  if [ -n "${SARIF_FILE:-}" ] && [ -f "${SARIF_FILE}" ]; then
    printf 'SARIF: `%s` (for code scanning).\n\n' "$SARIF_FILE"
  fi
} >> "$summary"
