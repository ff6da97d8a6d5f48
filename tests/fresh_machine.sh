#!/usr/bin/env bash
# fresh_machine.sh: the README's two commands on a fresh Debian 12 or 13 machine.
#
# "A fresh machine" is what this script builds: a minimal Debian root of the
# release asked for (bookworm, Debian 12, or trixie, Debian 13) made by
# `debootstrap --variant=minbase`. It has apt, dpkg,
# bash and coreutils, and nothing else the workbook needs: no compiler, no C
# library headers, no cmake, no git, no fonts, no sudo. Into it goes a clean
# clone of the commit under test (HEAD of this repository; uncommitted changes
# are not part of it), and inside it, as root, with an empty environment:
#
#     ./workbook          must install what it needs, build, run every chapter,
#                         draw every figure and write build/workbook/REPORT.md
#     ./workbook test     must install the test tools and pass the quick tier
#                         (the full tier is the host's: .ci/run)
#
# Checks: first, as an ordinary user (nobody), `./workbook help` answers and
# `./workbook` stops with status 2 and the apt-get line to run as root; then,
# as root, both commands exit 0; REPORT.md exists; one PNG and one SVG per
# figure script in plots/; the test run's last line reads
# "workbook: N passed, 0 failed ...".
# Every verdict must be the expected one: ./workbook exits 0 only then.
# At the end a summary: the time of each step, the packages each step
# installed, the counts, and the verdict table.
#
# Usage (as root, on Debian):  tests/fresh_machine.sh [--release bookworm|trixie] [--keep]
#   --release  the Debian release of the root (default bookworm; CI runs trixie,
#              and the Containerfile's base is bookworm, so both are tested)
#   --keep     leave the root in place for inspection (its path is printed)
# The root is made under $TMPDIR (default /var/tmp) and removed afterwards.
# The packages come from the Debian mirror this machine's apt is configured
# with (apt-get indextargets); debootstrap is installed first if missing.
#
# Exit status: 0 every check passed; 1 a check failed; 77 it cannot run here
# (not root, or no apt-get/debootstrap): it then says why and passes nothing.
set -uo pipefail

keep=false
release=bookworm
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=true; shift ;;
    --release)
      case "${2-}" in
        bookworm|trixie) release=$2; shift 2 ;;
        *) echo "fresh_machine: --release '${2-}': expected bookworm (Debian 12) or trixie (Debian 13)" >&2; exit 2 ;;
      esac ;;
    *) echo "fresh_machine: unknown option '$1' (expected: --release bookworm|trixie, --keep)" >&2; exit 2 ;;
  esac
done
case "$release" in bookworm) debian=12 ;; trixie) debian=13 ;; esac

say() { printf 'fresh_machine: %s\n' "$*"; }
cannot_run() { say "not run: $*"; exit 77; }
fail() { say "FAILED: $*"; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$repo" rev-parse HEAD 2>/dev/null) || cannot_run "$repo is not a git checkout (git is needed to clone the commit under test)"

# ---- can it run here? ----------------------------------------------------------
[ "$(id -u)" = 0 ] || cannot_run "needs root (debootstrap and chroot)"
command -v apt-get >/dev/null 2>&1 || cannot_run "no apt-get: this is not a Debian machine"
if ! command -v debootstrap >/dev/null 2>&1; then
  say "installing debootstrap"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null 2>&1 \
    || { apt-get update -qq >/dev/null 2>&1 &&
         DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null 2>&1; } \
    || cannot_run "debootstrap is not installed and apt-get could not install it"
fi
# The mirror that serves Debian's main component, as this machine's apt
# configuration names it (the release asked for, else the machine's own:
# one mirror serves every release).
mirror=$(apt-get indextargets --format '$(REPO_URI)' "Release: $release" 'Component: main' 'Identifier: Packages' 2>/dev/null | head -n1)
[ -n "$mirror" ] || mirror=$(apt-get indextargets --format '$(REPO_URI)' 'Component: main' 'Identifier: Packages' 2>/dev/null |
                             grep -v -- '-security' | head -n1)
[ -n "$mirror" ] || cannot_run "this machine's apt configuration names no source of Debian's main component"

# ---- the root, and its clean-up --------------------------------------------------
root=$(mktemp -d "${TMPDIR:-/var/tmp}/pe-workbook-fresh.XXXXXX") || cannot_run "cannot create a folder under ${TMPDIR:-/var/tmp}"
chmod 755 "$root"   # a root file system is world-readable (apt downloads as the user _apt)
mounted=()   # mount points inside the root, in mounting order
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null
  done
  # Never delete through a mount that is still there (/dev, /proc of the host).
  if grep -q " $root/" /proc/self/mounts; then
    say "left $root in place: something is still mounted inside it"
  elif $keep; then
    say "kept the root: $root"
  else
    rm -rf "$root"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

bind() {  # bind HOST_PATH: mount it at the same path inside the root
  mkdir -p "$root$1"
  mount --bind "$1" "$root$1" || fail "cannot bind-mount $1 into the root"
  mounted+=("$root$1")
}

installed_packages() {  # the root's installed packages, one name a line, sorted
  chroot "$root" dpkg-query -W -f='${db:Status-Status} ${Package}\n' | awk '$1 == "installed" { print $2 }' | sort
}
count_packages() { installed_packages | wc -l; }
new_packages() { installed_packages | comm -13 "$1" -; }  # installed, and not in the list in file $1

# ---- 1. a minimal Debian 12 or 13 ------------------------------------------------
t0=$SECONDS
say "debootstrap --variant=minbase $release $root $mirror (Debian $debian)"
debootstrap --variant=minbase "$release" "$root" "$mirror" >"$root.debootstrap.log" 2>&1 \
  || { tail -n 20 "$root.debootstrap.log"; rm -f "$root.debootstrap.log"; fail "debootstrap failed"; }
rm -f "$root.debootstrap.log"
t_debootstrap=$((SECONDS - t0))
packages_base=$(count_packages)
installed_packages >"$root/root/packages.base"
for absent in gcc cc cmake git sudo; do
  if chroot "$root" /usr/bin/env PATH=/usr/sbin:/usr/bin:/sbin:/bin sh -c "command -v $absent" >/dev/null 2>&1; then
    fail "the minimal root already has '$absent': it is not the bare machine this test is about"
  fi
done

# ---- 2. a clean clone of the commit under test -----------------------------------
# In /opt, readable by everyone, so an ordinary user can try it first.
clone=/opt/pe-workbook
git clone --quiet --no-hardlinks "$repo" "$root$clone" || fail "git clone of $repo failed"
git -C "$root$clone" checkout --quiet --detach "$commit" || fail "cannot check out $commit"
rm -rf "$root$clone/.git"   # the minimal root has no git; the workbook must not need it
chmod -R a+rX "$root$clone"

bind /proc
bind /sys
bind /dev
bind /dev/pts
if mountpoint -q /dev/shm 2>/dev/null; then bind /dev/shm; fi   # Chromium's shared memory (browser tests)

# inside CMD [USER]: run CMD in the root (as root, or as USER:GROUP ids),
# from the clone, with an empty environment (only HOME, PATH and a plain TERM).
inside() {
  local user=()
  [ -n "${2:-}" ] && user=(--userspec="$2")
  chroot "${user[@]}" "$root" /usr/bin/env -i HOME=/root TERM=dumb \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    bash -c "cd $clone && $1"
}

# ---- 3a. an ordinary user: help answers, the install line is printed -------------
inside './workbook help' 65534:65534 >"$root/root/user-help.log" 2>&1 \
  || { cat "$root/root/user-help.log"; fail "./workbook help as an ordinary user did not exit 0"; }
grep -q './workbook test' "$root/root/user-help.log" || fail "./workbook help printed no usage"
inside './workbook' 65534:65534 >"$root/root/user-run.log" 2>&1
status_user=$?
[ $status_user -eq 2 ] || { cat "$root/root/user-run.log"; fail "./workbook as an ordinary user exited $status_user, expected 2"; }
install_line=$(grep 'apt-get install' "$root/root/user-run.log") \
  || { cat "$root/root/user-run.log"; fail "./workbook as an ordinary user printed no apt-get line"; }

# ---- 3. the first command: ./workbook ---------------------------------------------
say "running ./workbook in the fresh root (log: /root/workbook.log inside it)"
t0=$SECONDS
inside './workbook' >"$root/root/workbook.log" 2>&1
status_run=$?
t_run=$((SECONDS - t0))
if [ $status_run -ne 0 ]; then
  tail -n 30 "$root/root/workbook.log"
  fail "./workbook exited $status_run after $t_run s"
fi
installed_by_run=$(new_packages "$root/root/packages.base")
packages_run=$(count_packages)
installed_packages >"$root/root/packages.run"
report="$root$clone/build/workbook/REPORT.md"
[ -s "$report" ] || fail "./workbook exited 0 but wrote no build/workbook/REPORT.md"
n_scripts=0; n_png=0; n_svg=0; missing_figures=()
for script in "$root$clone"/plots/ch*.gp; do
  name=$(basename "$script" .gp)
  n_scripts=$((n_scripts + 1))
  figures="$root$clone/build/workbook/figures"
  [ -s "$figures/$name.png" ] && n_png=$((n_png + 1)) || missing_figures+=("$name.png")
  [ -s "$figures/$name.svg" ] && n_svg=$((n_svg + 1)) || missing_figures+=("$name.svg")
done
[ ${#missing_figures[@]} -eq 0 ] || fail "figures not drawn: ${missing_figures[*]}"

# ---- 4. the second command: ./workbook test ---------------------------------------
say "running ./workbook test in the fresh root (log: /root/workbook-test.log inside it)"
t0=$SECONDS
inside './workbook test' >"$root/root/workbook-test.log" 2>&1
status_test=$?
t_test=$((SECONDS - t0))
last_line=$(tail -n 1 "$root/root/workbook-test.log")
if [ $status_test -ne 0 ]; then
  grep -E 'tests failed|\*\*\*Failed|Failed  |FAILED' "$root/root/workbook-test.log" | tail -n 20
  tail -n 10 "$root/root/workbook-test.log"
  fail "./workbook test exited $status_test after $t_test s"
fi
case "$last_line" in
  "workbook: "*" passed, 0 failed"*) ;;
  *) fail "./workbook test exited 0 but its last line is not 'workbook: N passed, 0 failed': '$last_line'" ;;
esac
passed=$(printf '%s\n' "$last_line" | sed -n 's/^workbook: \([0-9]*\) passed.*/\1/p')
[ "${passed:-0}" -gt 0 ] || fail "./workbook test ran no test: '$last_line'"
grep -q '(the quick tier' <<<"$last_line" || fail "./workbook test ran another tier than the quick one: '$last_line'"
installed_by_test=$(new_packages "$root/root/packages.run")
packages_test=$(count_packages)

# ---- summary ------------------------------------------------------------------------
list() { tr '\n' ' ' | sed 's/ $//'; }
echo
say "summary: Debian $debian ($release), commit ${commit:0:12}, mirror $mirror"
printf '  %-26s %5s s   %s\n' "debootstrap (minbase)" "$t_debootstrap" "$packages_base packages"
printf '  %-26s %5s s   exit 0; %s packages now; %d/%d figures as PNG and SVG; REPORT.md %s bytes\n' \
  "./workbook" "$t_run" "$packages_run" "$n_png" "$n_scripts" "$(stat -c %s "$report")"
printf '  %-26s %5s s   exit 0; %s packages now; %s\n' "./workbook test" "$t_test" "$packages_test" "$last_line"
printf '  as nobody, ./workbook:     exit 2, printed "%s"\n' "$(printf '%s' "$install_line" | sed 's/^ *//')"
printf '  ./workbook asked for:      %s\n' "$(grep '^workbook: installing' "$root/root/workbook.log" | sed 's/^workbook: installing //; s/ (Debian packages)$//')"
printf '  ./workbook test asked for: %s\n' "$(grep '^workbook: installing' "$root/root/workbook-test.log" | sed 's/^workbook: installing //; s/ (Debian packages)$//')"
printf '  installed by ./workbook (with dependencies): %s packages\n' "$(printf '%s\n' "$installed_by_run" | grep -c .)"
printf '  installed by ./workbook test (with dependencies): %s packages\n' "$(printf '%s\n' "$installed_by_test" | grep -c .)"
echo "  ./workbook's chapters (every verdict the expected one: it exited 0):"
grep -E '^\[[0-9]+/[0-9]+\] ch[0-9]+ ' "$root/root/workbook.log" | sed 's/^/    /'
say "passed (Debian $debian)"
exit 0
