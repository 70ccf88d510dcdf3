#!/usr/bin/env bash
# What the test suite needs beyond the build (scripts/setup.sh), from Debian: the TypeScript
# compiler (`node-typescript`, tsc 4.8) that proves fixes keep code compiling. Idempotent.
set -euo pipefail
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v tsc >/dev/null 2>&1; then
  printf 'test-deps: installing node-typescript (tsc) from Debian\n' >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq node-typescript >/dev/null
fi
