#!/usr/bin/env bash
# container.sh: the Containerfile builds on a machine with nothing but Debian.
#
# The README tells anyone not on Debian 12 to build the container (Docker or
# Podman). This builds it the way they would, from a clean clone of the
# commit under test (HEAD; uncommitted changes are not part of it), with one
# difference: these machines cannot pull images, so the base is a minimal
# Debian 12 root made here by `debootstrap --variant=minbase` and imported
# into Podman (BASE build argument), instead of debian:bookworm-slim.
# `podman run` is refused here (crun cannot set its rlimits), while
# `podman build --isolation chroot` works, so the build is the test: the
# Containerfile's own steps install through ./workbook install, build, run
# every chapter (exit 0 only if every verdict is the course's expected one),
# then run the entry point as `docker run ... ch03 --lang zh-TW` would, into
# a scratch folder, and check its report and site. Afterwards this script
# copies REPORT.md out of the image (podman create + podman cp: no process
# runs) and checks it.
#
# Usage (as root, on Debian):  tests/container.sh
# Exit status: 0 passed; 1 failed; 77 it cannot run here (not root, no
# apt-get, or Podman or debootstrap missing and not installable): it then says
# why and passes nothing.
set -uo pipefail

say() { printf 'container: %s\n' "$*"; }
cannot_run() { say "not run: $*"; exit 77; }
fail() { say "FAILED: $*"; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$repo" rev-parse HEAD 2>/dev/null) || cannot_run "$repo is not a git checkout (git clones the commit under test)"
[ "$(id -u)" = 0 ] || cannot_run "needs root (debootstrap, podman build)"
command -v apt-get >/dev/null 2>&1 || cannot_run "no apt-get: this is not a Debian machine"
need=()
command -v podman >/dev/null 2>&1 || need+=(podman)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"; } >/dev/null 2>&1 \
    || cannot_run "${need[*]} not installed, and apt-get could not install it"
fi
mirror=$(apt-get indextargets --format '$(REPO_URI)' 'Release: bookworm' 'Component: main' 'Identifier: Packages' 2>/dev/null | head -n1)
[ -n "$mirror" ] || cannot_run "this machine's apt configuration names no source of bookworm's main component"

work=$(mktemp -d "${TMPDIR:-/var/tmp}/pe-workbook-container.XXXXXX") || cannot_run "cannot create a folder under ${TMPDIR:-/var/tmp}"
tag=$(basename "$work" | tr 'A-Z' 'a-z')
base=localhost/pe-workbook-base:$tag
image=localhost/pe-workbook:$tag
holder=pe-workbook-$tag
cleanup() {
  podman rm -f "$holder" >/dev/null 2>&1
  podman rmi -f "$image" "$base" >/dev/null 2>&1
  podman image prune -f >/dev/null 2>&1   # the build's intermediate layers
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- 1. the base: a minimal Debian 12, as an image -----------------------------
t0=$SECONDS
say "debootstrap --variant=minbase bookworm ($mirror), imported as $base"
debootstrap --variant=minbase bookworm "$work/root" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -n 20 "$work/debootstrap.log"; fail "debootstrap failed"; }
tar -C "$work/root" -c . | podman import - "$base" >/dev/null 2>"$work/import.log" \
  || { cat "$work/import.log"; fail "podman import of the root failed"; }
rm -rf "$work/root"
t_base=$((SECONDS - t0))

# ---- 2. the build, from a clean clone -------------------------------------------
git clone --quiet --no-hardlinks "$repo" "$work/clone" || fail "git clone of $repo failed"
git -C "$work/clone" checkout --quiet --detach "$commit" || fail "cannot check out $commit"
say "podman build --isolation chroot (log: $work/build.log while it runs)"
t0=$SECONDS
podman build --isolation chroot --network host --build-arg BASE="$base" \
     --build-arg WORKBOOK_COMMIT="$commit" -t "$image" -f Containerfile "$work/clone" >"$work/build.log" 2>&1
status=$?
t_build=$((SECONDS - t0))
if [ $status -ne 0 ]; then
  tail -n 40 "$work/build.log"
  fail "podman build exited $status after $t_build s"
fi

# ---- 3. what the image holds ------------------------------------------------------
podman create --name "$holder" "$image" >/dev/null 2>&1 || fail "podman create of the built image failed"
podman cp "$holder:/opt/pe-workbook/build/workbook/REPORT.md" "$work/REPORT.md" >/dev/null 2>&1 \
  || fail "the image has no build/workbook/REPORT.md"
grep -q 'ch00' "$work/REPORT.md" || fail "the image's REPORT.md names no chapter 0"
size=$(podman image inspect --format '{{.Size}}' "$image" 2>/dev/null)
chapters=$(grep -c '^\[[0-9]*/[0-9]*\] ch' "$work/build.log")

say "summary (commit ${commit:0:12})"
printf '  %-34s %5s s\n' "debootstrap + podman import" "$t_base"
printf '  %-34s %5s s   %s chapters run inside; ch03 --lang zh-TW through the entry point; image %s MB\n' \
  "podman build (install, build, run)" "$t_build" "$chapters" "$(( ${size:-0} / 1000000 ))"
say "passed"
exit 0
