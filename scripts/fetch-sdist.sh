#!/usr/bin/env bash
# Fetches a source distribution from PyPI by pinned version, verifies its SHA-256, keeps it in the
# cache and prints its path. Used by scripts/setup.sh (the grammar) and scripts/fuzz.sh (the
# tree-sitter runtime): third-party code is fetched like this, never committed.
#
#   scripts/fetch-sdist.sh PACKAGE VERSION SHA256
#
# The file is downloaded by its exact name and hash from the index's JSON listing (PEP 691; the
# index of PIP_INDEX_URL, else PyPI): nothing is built. `pip download --no-binary :all:` would
# build the package's build dependencies (Cython, setuptools) from source only to read the
# sdist's metadata — minutes on a fresh machine. pip remains the fallback for an index without
# the JSON listing.
set -euo pipefail
[ "$#" -eq 3 ] || { printf 'usage: fetch-sdist.sh PACKAGE VERSION SHA256\n' >&2; exit 2; }
package="$1" version="$2" sha256="$3"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/granted-lint"
say() { printf 'fetch-sdist: %s\n' "$*" >&2; }
die() { printf 'fetch-sdist: error: %s\n' "$*" >&2; exit 1; }
mkdir -p "$cache"
sdist="$cache/${package//-/_}-$version.tar.gz"
# sha256sum where there is one (Linux), else shasum (macOS).
sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}
verify() { [ "$(sha256_of "$1")" = "$sha256" ]; }
if [ -f "$sdist" ] && ! verify "$sdist"; then
  say "cached $sdist does not match the pinned checksum; fetching it again"
  rm -f "$sdist"
fi
if [ ! -f "$sdist" ]; then
  command -v python3 >/dev/null || die "python3 is needed to fetch $package"
  download_dir=$(mktemp -d)
  trap 'rm -rf "$download_dir"' EXIT
  say "fetching $package==$version (sdist, by name and SHA-256) from ${PIP_INDEX_URL:-https://pypi.org/simple}"
  if ! python3 - "$package" "$version" "$sha256" "$download_dir" <<'PY'
import json, os, re, sys, urllib.request
package, version, sha256, out = sys.argv[1:]
index = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple").rstrip("/")
project = re.sub(r"[-_.]+", "-", package).lower()
request = urllib.request.Request(f"{index}/{project}/", headers={"Accept": "application/vnd.pypi.simple.v1+json"})
with urllib.request.urlopen(request, timeout=60) as response:
    listing = json.load(response)
wanted = f"{re.sub(r'[-_.]+', '_', package).lower()}-{version}.tar.gz"
for entry in listing.get("files", []):
    if entry.get("filename", "").lower() == wanted and entry.get("hashes", {}).get("sha256") == sha256:
        with urllib.request.urlopen(entry["url"], timeout=300) as response, open(os.path.join(out, wanted), "wb") as file:
            while chunk := response.read(1 << 20):
                file.write(chunk)
        sys.exit(0)
sys.exit(f"no {wanted} with the pinned SHA-256 in the index listing")
PY
  then
    say "the index's JSON listing did not give the file; asking pip"
    python3 -m pip download --quiet --no-deps --no-binary :all: "$package==$version" -d "$download_dir" \
      || die "could not download $package==$version"
  fi
  fetched=$(ls "$download_dir"/*.tar.gz 2>/dev/null | head -n 1 || true)
  [ -n "$fetched" ] || die "no sdist for $package==$version was downloaded"
  mv "$fetched" "$sdist"
fi
if ! verify "$sdist"; then
  actual=$(sha256_of "$sdist")
  rm -f "$sdist"
  die "checksum mismatch for $package==$version: expected $sha256, got $actual (file removed)"
fi
printf '%s\n' "$sdist"
