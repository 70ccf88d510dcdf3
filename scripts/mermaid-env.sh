#!/usr/bin/env bash
# What scripts/mermaid-check.sh needs to render Mermaid diagrams as GitHub does, in a real browser:
#   1. a Chromium: Debian's `chromium` (apt-get, with sudo when not root) when none is on the PATH;
#      on macOS an installed Google Chrome or Chromium (or GRANTED_LINT_CHROMIUM).
#   2. Mermaid 11's mermaid.min.js, from PyPI: the artoo-mermaid wheel ships it (its version is the
#      Mermaid version it bundles). Fetched once into the cache below, the wheel checked against the
#      SHA-256 pinned here, and the file against its own pin and its version string.
# Idempotent and quick when done. Prints the path of mermaid.min.js on its last line (scripts/test.sh
# hands it to the suite as GRANTED_LINT_MERMAID_JS); anything else goes to stderr.
set -euo pipefail

MERMAID_VERSION=11.16.0
WHEEL=artoo_mermaid-$MERMAID_VERSION-py3-none-any.whl
WHEEL_SHA256=fa6d2c8c0fbc4be09a456bfdd62f92eb85e44299a02460b1f4fd4f200a19f01d
# The file inside it, as the wheel's NOTICE.md gives it for the npm release's dist/mermaid.min.js.
JS_SHA256=74d7c46dabca328c2294733910a8aa1ed0c37451776e8d5295da38a2b758fb9b
JS_IN_WHEEL=artoo_mermaid/assets/mermaid.min.js

cache="${XDG_CACHE_HOME:-$HOME/.cache}/granted-lint/mermaid"
js="$cache/$MERMAID_VERSION/mermaid.min.js"

say() { printf 'mermaid-env: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif [ -t 0 ]; then sudo "$@"
  else sudo -n "$@" # in the background (scripts/test.sh): fail rather than wait for a password
  fi
}
sha256() { python3 -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())' "$1"; }

# --- 1. The browser ---------------------------------------------------------------------------
# The same names, in the same order, as scripts/mermaid-check.sh looks for.
find_browser() {
  local candidate
  if [ -n "${GRANTED_LINT_CHROMIUM:-}" ]; then command -v "$GRANTED_LINT_CHROMIUM" && return 0; return 1; fi
  for candidate in chromium chromium-browser google-chrome google-chrome-stable \
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" \
    "/Applications/Chromium.app/Contents/MacOS/Chromium"; do
    command -v "$candidate" 2>/dev/null && return 0
  done
  return 1
}
if ! browser=$(find_browser); then
  if [ -n "${GRANTED_LINT_CHROMIUM:-}" ]; then
    die "GRANTED_LINT_CHROMIUM=$GRANTED_LINT_CHROMIUM is not a command"
  elif [ "$(uname -s)" = Darwin ]; then
    die "no Chromium or Google Chrome: install Google Chrome (or Chromium), or point GRANTED_LINT_CHROMIUM at one"
  elif ! command -v apt-get >/dev/null 2>&1; then
    die "no chromium on the PATH and no apt-get to install it with: install Chromium, or point GRANTED_LINT_CHROMIUM at one"
  fi
  say "installing chromium from Debian"
  # Without its recommends: they would bring systemd, udev, avahi, Perl and Samba (130 packages
  # instead of 25). fonts-liberation (metric-compatible with Arial, which Mermaid's default font
  # list names) is the one recommend that changes a drawing.
  packages=(chromium fonts-liberation)
  install_browser() {
    # Wait for another apt-get (scripts/setup.sh, scripts/test-deps.sh) rather than fail on its lock.
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      -o DPkg::Lock::Timeout=300 "${packages[@]}" >&2
  }
  updated=0
  # The package lists: read once if this machine has none with chromium in them.
  candidate=$(apt-cache policy chromium 2>/dev/null | sed -n 's/^ *Candidate: *//p')
  if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
    as_root apt-get update -qq -o DPkg::Lock::Timeout=300 >&2 || die "apt-get update failed (see above)"
    updated=1
  fi
  if ! install_browser; then
    # Lists older than the archive name files it no longer has: read them anew, once.
    [ "$updated" = 0 ] || die "apt-get could not install ${packages[*]} (see above)"
    say "apt-get install failed; updating the package lists and trying again"
    as_root apt-get update -qq -o DPkg::Lock::Timeout=300 >&2 || die "apt-get update failed (see above)"
    install_browser || die "apt-get could not install ${packages[*]} (see above)"
  fi
  browser=$(find_browser) || die "chromium was installed but is not on the PATH"
fi
# Debian's /usr/bin/chromium wrapper prints a shell error about /dev/shm on some machines; harmless.
version=$("$browser" --version 2>/dev/null) || die "$browser does not run: \`$browser --version\` failed"
say "browser: $browser ($version)"

# --- 2. mermaid.min.js ------------------------------------------------------------------------
mkdir -p "$cache"
# One at a time (make test and a test calling mermaid-check.sh may both come here).
exec 9>"$cache/.lock"
if command -v flock >/dev/null 2>&1; then
  flock 9
else
  python3 -c 'import fcntl; fcntl.flock(9, fcntl.LOCK_EX)'
fi
if [ ! -f "$js" ] || [ "$(sha256 "$js")" != "$JS_SHA256" ]; then
  say "fetching Mermaid $MERMAID_VERSION (the artoo-mermaid wheel) from PyPI"
  download=$(mktemp -d "$cache/download.XXXXXX")
  trap 'rm -rf "$download"' EXIT
  # The wheel is pure Python for 3.12+; which Python runs pip does not matter, only the file does.
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --python-version 3.12 \
    --only-binary=:all: --dest "$download" "artoo-mermaid==$MERMAID_VERSION" >&2 \
    || die "pip could not download artoo-mermaid==$MERMAID_VERSION from PyPI (is pip installed? is PyPI reachable?)"
  [ -f "$download/$WHEEL" ] || die "pip downloaded no $WHEEL (got: $(ls "$download"))"
  got=$(sha256 "$download/$WHEEL")
  [ "$got" = "$WHEEL_SHA256" ] || die "$WHEEL has SHA-256 $got, not the pinned $WHEEL_SHA256: not used"
  python3 - "$download/$WHEEL" "$JS_IN_WHEEL" "$download/mermaid.min.js" <<'PY' || die "cannot take $JS_IN_WHEEL out of $WHEEL"
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open(sys.argv[2]) as source, open(sys.argv[3], "wb") as target:
    shutil.copyfileobj(source, target)
PY
  got=$(sha256 "$download/mermaid.min.js")
  [ "$got" = "$JS_SHA256" ] || die "mermaid.min.js in $WHEEL has SHA-256 $got, not the pinned $JS_SHA256"
  grep -qF "version:\"$MERMAID_VERSION\"" "$download/mermaid.min.js" \
    || die "mermaid.min.js in $WHEEL does not say it is Mermaid $MERMAID_VERSION"
  mkdir -p "$(dirname "$js")"
  mv -f "$download/mermaid.min.js" "$js"
fi
say "Mermaid $MERMAID_VERSION: $js"
echo "$js"
