#!/usr/bin/env bash
# What the test suite needs beyond the build (scripts/setup.sh): the TypeScript compiler that proves
# fixes keep code compiling; `xmllint` that parses the JUnit and Checkstyle reports back; GitHub's
# Markdown renderer (`cmark-gfm`) that renders the Markdown report's tables; Node.js with npm, which
# pack and install the npm packages in the distribution tests; Neovim, whose built-in LSP client runs
# the language server end to end; ESLint, which runs the ESLint plugin (Debian's 6.4, in
# /usr/share/nodejs; macOS has no ESLint 6–8 package, and that test is skipped there). Idempotent.
#   Debian: node-typescript (tsc 4.8), libxml2-utils, cmark-gfm, nodejs, npm, neovim, eslint, with apt-get.
#   macOS: Homebrew's typescript, libxml2, cmark-gfm, node (with npm) and neovim, each installed only
#   when neither the command nor the formula is there. macOS has its own /usr/bin/xmllint; Homebrew's
#   libxml2 is keg-only, and the Makefile puts $(brew --prefix)/opt/libxml2/bin on the PATH after it.
set -euo pipefail
if [ "$(uname -s)" = Darwin ]; then
  brew=$(command -v brew 2>/dev/null || true)
  for candidate in /opt/homebrew/bin/brew /usr/local/bin/brew; do
    if [ -z "$brew" ] && [ -x "$candidate" ]; then brew=$candidate; fi
  done
  [ -n "$brew" ] || { printf 'test-deps: error: the tests need tsc, xmllint, cmark-gfm, node, npm and nvim, which come from Homebrew on macOS: install it as https://brew.sh says\n' >&2; exit 1; }
  missing=()
  need() { # command formula
    command -v "$1" >/dev/null 2>&1 || "$brew" list --versions "$2" >/dev/null 2>&1 && return 0
    case " ${missing[*]:-} " in *" $2 "*) ;; *) missing+=("$2") ;; esac
  }
  need tsc typescript
  need xmllint libxml2
  need cmark-gfm cmark-gfm
  need node node
  need npm node
  need nvim neovim
  if [ "${#missing[@]}" -gt 0 ]; then
    printf 'test-deps: installing %s from Homebrew\n' "${missing[*]}" >&2
    "$brew" install "${missing[@]}"
  fi
  exit 0
fi
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
missing=()
command -v tsc >/dev/null 2>&1 || missing+=(node-typescript)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v cmark-gfm >/dev/null 2>&1 || missing+=(cmark-gfm)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
command -v nvim >/dev/null 2>&1 || missing+=(neovim)
# debootstrap makes the Debian 11 tree the old-glibc test runs the dist binary in (as root only:
# without root that test is skipped, and so is this).
if [ "$(id -u)" -eq 0 ] && ! command -v debootstrap >/dev/null 2>&1; then missing+=(debootstrap); fi
if [ "${#missing[@]}" -gt 0 ]; then
  printf 'test-deps: installing %s from Debian\n' "${missing[*]}" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# ESLint for the ESLint plugin's test: Debian's package (6.4, in /usr/share/nodejs). A distribution
# without it (the test then says it is skipped) must not stop the rest of the suite.
if [ ! -f /usr/share/nodejs/eslint/package.json ]; then
  printf 'test-deps: installing eslint from Debian\n' >&2
  { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq eslint >/dev/null; } \
    || printf 'test-deps: no eslint package here: the ESLint plugin test (ESLintPluginTests) will be skipped\n' >&2
fi
