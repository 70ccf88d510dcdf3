#!/usr/bin/env bash
# Checks that every ```mermaid block of the given Markdown files renders with Mermaid 11 in a real
# browser (headless Chromium), the way GitHub renders them: scripts/mermaid-check.py says how.
#
#   scripts/mermaid-check.sh [--screenshot DIR] [--json] FILE.md...
#
# mermaid.min.js is GRANTED_LINT_MERMAID_JS (scripts/test.sh sets it for the suite) or, without it,
# what scripts/mermaid-env.sh sets up (it installs Chromium when there is none). The browser is
# GRANTED_LINT_CHROMIUM or the first of chromium, chromium-browser, google-chrome on the PATH.
# Exit status: 0 every diagram rendered; 1 one did not (which, and Mermaid's error, on stdout);
# 2 the check could not run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
say() { printf 'mermaid-check: %s\n' "$*" >&2; }

[ "$#" -gt 0 ] || { say "usage: scripts/mermaid-check.sh [--screenshot DIR] [--json] FILE.md..."; exit 2; }
command -v python3 >/dev/null 2>&1 || { say "error: python3 is needed"; exit 2; }

js=${GRANTED_LINT_MERMAID_JS:-}
if [ -z "$js" ]; then
  js=$(bash "$here/mermaid-env.sh" | tail -n 1) || { say "error: scripts/mermaid-env.sh failed (above)"; exit 2; }
fi
[ -f "$js" ] || { say "error: no mermaid.min.js at '$js' (GRANTED_LINT_MERMAID_JS, or what scripts/mermaid-env.sh printed)"; exit 2; }

# The same names, in the same order, as scripts/mermaid-env.sh installs for.
browser=""
if [ -n "${GRANTED_LINT_CHROMIUM:-}" ]; then
  browser=$(command -v "$GRANTED_LINT_CHROMIUM" 2>/dev/null) || { say "error: GRANTED_LINT_CHROMIUM=$GRANTED_LINT_CHROMIUM is not a command"; exit 2; }
else
  for candidate in chromium chromium-browser google-chrome google-chrome-stable \
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" \
    "/Applications/Chromium.app/Contents/MacOS/Chromium"; do
    if browser=$(command -v "$candidate" 2>/dev/null); then break; fi
    browser=""
  done
fi
[ -n "$browser" ] || { say "error: no Chromium (run scripts/mermaid-env.sh, or set GRANTED_LINT_CHROMIUM)"; exit 2; }

exec python3 "$here/mermaid-check.py" --browser "$browser" --mermaid-js "$js" "$@"
