# shellcheck shell=bash
# Shared by the platform tests (sourced, not run): a binary run inside another root the way a
# container runs it — chrooted, with /proc mounted — and compared with its run on this machine.
#
# Why /proc: the Swift runtime of a static binary finds its own path through /proc/self/exe when it
# starts, and without /proc it aborts with "Unable to obtain Swift runtime path". Every container
# runtime mounts /proc; a bare chroot does not, so the tests mount one. They mount it in a private
# mount namespace (unshare --mount) that lives only as long as the command: nothing stays mounted when
# a run is killed, a mount a previous run left behind is simply covered, and two runs at once (make test
# in two work trees shares the cached Debian tree) cannot unmount each other's.
#
# The caller sets `test_name` (the prefix of every message) before sourcing this file.
: "${test_name:?set test_name before sourcing Tests/platforms/lib.sh}"

skip() { printf '%s: skipped: %s\n' "$test_name" "$*" >&2; exit 77; }
fail() { printf '%s: FAILED: %s\n' "$test_name" "$*" >&2; exit 1; }

# Exits 77 (skipped) unless this machine can run the test: Linux, root, chroot and unshare, and a
# procfs mount allowed (a container started without --privileged forbids it).
require_chroot_with_proc() {
  [ "$(uname -s)" = Linux ] || skip "not Linux"
  [ "$(id -u)" -eq 0 ] || skip "chroot and mounting /proc need root"
  command -v chroot >/dev/null && command -v unshare >/dev/null || skip "no chroot or unshare (coreutils, util-linux)"
  local probe
  probe=$(mktemp -d)
  if ! unshare --mount --propagation private mount -t proc proc "$probe" 2>/dev/null; then
    rmdir "$probe"
    skip "cannot mount /proc in a private mount namespace (needs CAP_SYS_ADMIN: in a container, --privileged)"
  fi
  rmdir "$probe"
}

# in_root [--userspec=UID:GID] ROOT COMMAND...: COMMAND chrooted into ROOT (as UID:GID if given), with
# a fresh procfs on ROOT/proc, which must exist, and an empty environment (no HOME, PATH or locale: a
# container image that sets none). Standard streams and exit status are COMMAND's; 125 when the mount
# or the chroot itself fails.
in_root() {
  local user=()
  case "$1" in --userspec=*) user=("$1"); shift ;; esac
  local root=$1 chroot_command
  shift
  [ -d "$root/proc" ] || fail "$root has no proc directory to mount /proc on"
  chroot_command=$(command -v chroot)
  unshare --mount --propagation private sh -c 'root=$1; shift; mount -t proc proc "$root/proc" || exit 125; exec env -i "$@"' \
    in_root "$root" "$chroot_command" ${user[@]+"${user[@]}"} "$root" "$@"
}

# What a binary that cannot run says of itself, for a failure message: static, or the program
# interpreter and the highest glibc symbol version it needs.
describe_binary() {
  local headers
  headers=$(readelf -l "$1" 2>/dev/null) || { printf 'not an ELF file'; return; }
  case "$headers" in
    *INTERP*)
      printf 'dynamically linked (interpreter %s, glibc %s or later)' \
        "$(sed -n 's/.*interpreter: \(.*\)\]/\1/p' <<<"$headers")" \
        "$(objdump -T "$1" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/^GLIBC_//' | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)" ;;
    *) printf 'static' ;;
  esac
}
