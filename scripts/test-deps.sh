#!/usr/bin/env bash
# What the test suite needs beyond the build (scripts/setup.sh), from Debian: the TypeScript
# compiler (`node-typescript`, tsc 4.8) that proves fixes keep code compiling; `xmllint`
# (`libxml2-utils`) that parses the JUnit and Checkstyle reports back; GitHub's Markdown renderer
# (`cmark-gfm`) that renders the Markdown report's tables; Node.js with npm, which pack and install the
# npm packages in the distribution tests; Neovim, whose built-in LSP client runs the language server
# end to end. Idempotent.
set -euo pipefail
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
missing=()
command -v tsc >/dev/null 2>&1 || missing+=(node-typescript)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v cmark-gfm >/dev/null 2>&1 || missing+=(cmark-gfm)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
command -v nvim >/dev/null 2>&1 || missing+=(neovim)
if [ "${#missing[@]}" -gt 0 ]; then
  printf 'test-deps: installing %s from Debian\n' "${missing[*]}" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
