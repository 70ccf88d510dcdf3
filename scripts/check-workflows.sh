#!/usr/bin/env bash
# The GitHub Action (action.yml) and the workflows (.github/workflows/), checked before they run on
# GitHub, where a mistake costs a release or leaks a token:
#   1. zizmor's offline audits — actions not pinned to a commit, credentials left in a checkout,
#      permissions wider than a job needs, `${{ }}` expanded into a script, caches in a release
#      workflow, dangerous triggers and the rest of its list. Any finding fails (its exit code).
#   2. check-jsonschema with the schemas it ships (SchemaStore's github-workflow and github-action,
#      vendored in the package, so nothing is fetched): misspelt keys, wrong shapes.
# Both pinned, in the git-ignored .venv of scripts/python-env.sh. Part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."

python=$(bash scripts/python-env.sh zizmor==1.32.0 check-jsonschema==0.39.0)
bin=$(dirname "$python")
say() { printf 'check-workflows: %s\n' "$*" >&2; }

shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
[ "${#workflows[@]}" -gt 0 ] || { say "no workflows in .github/workflows"; exit 1; }

# --strict-collection: a file zizmor cannot read is an error, not a warning and a skipped file.
"$bin/zizmor" --offline --strict-collection --no-progress --color never action.yml .github/workflows/ \
  || { say "zizmor reported findings (above)"; exit 1; }
"$bin/check-jsonschema" --builtin-schema vendor.github-workflows "${workflows[@]}"
"$bin/check-jsonschema" --builtin-schema vendor.github-actions action.yml
say "action.yml and ${#workflows[@]} workflows: no zizmor finding, valid against their schemas"
