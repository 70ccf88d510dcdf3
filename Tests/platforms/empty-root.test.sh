#!/usr/bin/env bash
# Runs a granted-lint Linux binary in a root that holds no C library, no loader, no /etc and no shell:
# only the binary, a mounted /proc and two copies of the example app — what an Alpine (musl) or a
# distroless image amounts to for a static binary. The release's Linux binary must do there what it
# does on this machine:
#   - `--version`;
#   - lint the example app: exit 1 and the same JSON and SARIF reports as on this machine;
#   - as a user with no passwd entry (65532, distroless's "nonroot"; there is no /etc/passwd at all),
#     with an empty environment (no HOME): the same lint, and `--fix` on the second copy (written
#     through a temporary file beside each fixed file), giving the same files as `--fix` here;
#   - `lsp`: answer initialize, shutdown and exit.
# Without /proc the Swift runtime aborts before main (Tests/platforms/lib.sh); the test prints what a
# run without it says, as a note, and does not fail on it.
#
#   bash Tests/platforms/empty-root.test.sh BINARY
#
# Needs root (chroot, mount in a private mount namespace); exits 77 (skipped) when that is not possible.
set -euo pipefail
test_name=empty-root
# shellcheck source=Tests/platforms/lib.sh
source "$(dirname "$0")/lib.sh"
repository=$(cd "$(dirname "$0")/../.." && pwd)
binary=${1:?usage: empty-root.test.sh BINARY}
[ -x "$binary" ] || fail "no binary at $binary"
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
require_chroot_with_proc

nonroot=65532:65532
root=$(mktemp -d)
host=$(mktemp -d)
trap 'rm -rf "$root" "$host"' EXIT
chmod 0755 "$root"
mkdir "$root/proc"
cp "$binary" "$root/granted-lint"
for copy in "$root" "$host"; do
  cp -R "$repository/TestCorpus/example-app" "$copy/example-app"
  cp -R "$repository/TestCorpus/example-app" "$copy/fix-app"
done
chown -R "$nonroot" "$root/fix-app"
# Nothing else: a test that passes with a C library lying around proves nothing.
contents=$(cd "$root" && find . -mindepth 1 -maxdepth 1 | sort | tr '\n' ' ')
[ "$contents" = "./example-app ./fix-app ./granted-lint ./proc " ] || fail "the root holds more than it should: $contents"

# Reference runs on this machine, from the directory holding the copies (the reports name paths
# relative to the working directory, / in the root).
reference() { # NAME ARGUMENTS...: this machine's output into $host/NAME, exit status checked to be 1
  local name=$1 status
  shift
  set +e
  (cd "$host" && env -i "$binary" "$@") > "$host/$name" 2>&1
  status=$?
  set -e
  [ "$status" -eq 1 ] || fail "on this machine \`granted-lint $*\` exited $status, expected 1: $(head -c 2000 "$host/$name")"
}
reference json --format json example-app
reference sarif --format sarif example-app
reference fix --fix fix-app
grep -q '"rule": "provisional-blind-check"' "$host/json" || fail "on this machine the example app has no provisional-blind-check finding"
! diff -rq "$host/example-app" "$host/fix-app" >/dev/null || fail "on this machine --fix changed nothing in the example app"

# Runs the binary in the root; sets out and status. Arguments: [--userspec=…] ARGUMENTS...
run_in_root() {
  local user=()
  case "$1" in --userspec=*) user=("$1"); shift ;; esac
  set +e
  out=$(in_root ${user[@]+"${user[@]}"} "$root" /granted-lint "$@" 2>&1)
  status=$?
  set -e
}
expect() { # STATUS WHAT: the last run exited STATUS
  [ "$status" -eq "$1" ] || fail "$2: exit $status, expected $1 (the binary: $(describe_binary "$binary")): $(head -c 2000 <<<"$out")"
}

run_in_root --version
expect 0 "--version"
[[ "$out" == "granted-lint "* ]] || fail "--version said: $out"
version=$out

run_in_root --format json example-app
expect 1 "the JSON lint of the example app"
[ "$out" = "$(cat "$host/json")" ] || fail "the JSON report differs from this machine's: $(diff "$host/json" <(printf '%s\n' "$out") | head -20)"
run_in_root --format sarif example-app
expect 1 "the SARIF lint of the example app"
[ "$out" = "$(cat "$host/sarif")" ] || fail "the SARIF report differs from this machine's: $(diff "$host/sarif" <(printf '%s\n' "$out") | head -20)"

run_in_root --userspec="$nonroot" --format json example-app
expect 1 "the JSON lint as user $nonroot, who has no passwd entry"
[ "$out" = "$(cat "$host/json")" ] || fail "as user $nonroot the JSON report differs from this machine's: $(diff "$host/json" <(printf '%s\n' "$out") | head -20)"
run_in_root --userspec="$nonroot" --fix fix-app
expect 1 "--fix as user $nonroot"
[ "$out" = "$(cat "$host/fix")" ] || fail "--fix said otherwise than on this machine: $(diff "$host/fix" <(printf '%s\n' "$out") | head -20)"
# (diff -r also names a file only one side has: a temporary file left behind.)
fixed=$(diff -r "$host/fix-app" "$root/fix-app") || fail "--fix in the root left other files than on this machine: $fixed"

# The language server: initialize, initialized, shutdown, exit (LSP's Content-Length framing).
lsp_input=$host/lsp-input
for message in \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file:///example-app","capabilities":{}}}' \
  '{"jsonrpc":"2.0","method":"initialized","params":{}}' \
  '{"jsonrpc":"2.0","id":2,"method":"shutdown"}' \
  '{"jsonrpc":"2.0","method":"exit"}'; do
  printf 'Content-Length: %d\r\n\r\n%s' "${#message}" "$message"
done > "$lsp_input"
set +e
lsp=$(in_root --userspec="$nonroot" "$root" /granted-lint lsp < "$lsp_input" 2>/dev/null)
status=$?
set -e
out=$lsp
expect 0 "the language server (initialize, shutdown, exit)"
[[ "$lsp" == *'"id":1'* && "$lsp" == *'"capabilities"'* && "$lsp" == *'"id":2'* ]] \
  || fail "the language server did not answer initialize and shutdown: $(head -c 1000 <<<"$lsp")"

# Without /proc (a bare chroot): reported, not checked — it is the Swift runtime's behaviour.
set +e
bare=$(env -i "$(command -v chroot)" "$root" /granted-lint --version 2>&1)
bare_status=$?
set -e
printf 'empty-root: note: without /proc the binary exits %s: %s\n' "$bare_status" "$(head -1 <<<"$bare")"

printf 'empty-root: ok: the binary (%s) runs in a root with nothing but itself, /proc and the example app: %s; lint (JSON, SARIF) exit 1 with the same %s findings as here, as root and as %s; --fix the same as here; the language server answers\n' \
  "$(describe_binary "$binary")" "$version" "$(grep -c '"rule":' "$host/json")" "$nonroot"
