#!/usr/bin/env bash
# A bare Debian 12 in a folder, for the bare-machine test: debootstrap's minbase (apt, no
# LibreOffice, no database), this machine's Node 20 and npm copied in, the project's files in
# /root/app, and nothing else. Needs root and debootstrap.
#
#   test/e2e/bare-debian.sh build DIR     debootstrap into DIR (or unpack the copy of an earlier
#                                         one, under 30 days old), copy Node, npm and the project in
#   test/e2e/bare-debian.sh run DIR CMD   run CMD with bash in /root/app inside DIR, with /proc and
#                                         /dev mounted for it; SIGTERM reaches CMD
#   test/e2e/bare-debian.sh destroy DIR   end what still runs in DIR, unmount it and delete it
#   test/e2e/bare-debian.sh cache         only make the cached debootstrap copy, if there is none
#                                         under 30 days old (CI does this early, in the background)
#
# The machine's network is the folder's: its apt reaches the Debian mirror this machine uses, npm
# the registry, and 127.0.0.1:3306 is the machine's MariaDB.
set -euo pipefail

export PATH="$PATH:/usr/local/sbin:/usr/sbin:/sbin"
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# debootstrap takes minutes; the folder it made is kept as a tarball for the next runs.
CACHE_DIR="${BARE_DEBIAN_CACHE:-/var/cache/invoicing-bare-debian}"
CACHE_DAYS=30

die() {
  echo "bare-debian: $*" >&2
  exit 1
}

# The first Debian mirror apt is configured with here (one-line or deb822 sources).
debian_mirror() {
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
    grep -oE 'https?://[^ ]+/debian/?( |$)' | sed -n '1{s/ //g;p}' || true
}

TARBALL="$CACHE_DIR/bookworm-minbase.tar"
cached() { [[ -n $(find "$TARBALL" -mtime "-$CACHE_DAYS" 2>/dev/null) ]]; }

minbase() { # DIR: a bookworm minbase in DIR, unpacked from the cache or made (and cached)
  local dir=$1 mirror tarball=$TARBALL
  if cached; then
    tar -xf "$tarball" -C "$dir"
    return
  fi
  mirror=$(debian_mirror)
  [[ -n $mirror ]] || die "no Debian mirror in /etc/apt/sources.list*"
  debootstrap --variant=minbase bookworm "$dir" "$mirror" >"$dir.debootstrap.log" 2>&1 ||
    { tail -n 30 "$dir.debootstrap.log" >&2; die "debootstrap failed"; }
  rm -f "$dir.debootstrap.log"
  mkdir -p "$CACHE_DIR"
  tar -cf "$tarball.$$" -C "$dir" . && mv "$tarball.$$" "$tarball"
}

build() {
  local dir=$1 node npm_dir npm_cache
  [[ ! -e $dir ]] || die "$dir exists"
  # In memory: apt and npm write faster there, and destroy is an unmount instead of minutes of
  # deleting 1.5 GB of small files.
  mkdir -p "$dir"
  mount -t tmpfs -o size=6g,mode=0755 bare-debian "$dir"
  minbase "$dir"
  # What a machine here brings from its own setup, not from the project: name resolution, apt's
  # settings for its mirror, and the certificates (and npm's settings naming them) that this
  # network's HTTPS is signed with.
  cp -L /etc/resolv.conf "$dir/etc/resolv.conf"
  cp /etc/apt/apt.conf.d/* "$dir/etc/apt/apt.conf.d/" 2>/dev/null || true
  cp /etc/dpkg/dpkg.cfg.d/* "$dir/etc/dpkg/dpkg.cfg.d/" 2>/dev/null || true
  install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$dir/etc/ssl/certs/ca-certificates.crt"
  # Kept by update-ca-certificates when a package brings ca-certificates in later.
  cp -r /usr/local/share/ca-certificates "$dir/usr/local/share/" 2>/dev/null || true
  for f in /etc/npmrc /usr/etc/npmrc; do [[ ! -f $f ]] || install -D -m 0644 "$f" "$dir$f"; done
  node=$(command -v node)
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  install -D -m 0755 "$node" "$dir/usr/bin/node"
  mkdir -p "$dir/usr/lib/node_modules"
  cp -a "$npm_dir" "$dir/usr/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$dir/usr/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$dir/usr/bin/npx"
  # This machine's npm cache: the same packages npm ci would download, without the wait.
  npm_cache=$(npm config get cache 2>/dev/null || true)
  [[ ! -d $npm_cache/_cacache ]] || { mkdir -p "$dir/root/.npm" && cp -a "$npm_cache/_cacache" "$dir/root/.npm/"; }
  # The files a clone has (tracked, or new and not ignored), not node_modules or dist.
  mkdir -p "$dir/root/app"
  git -C "$REPO" ls-files -z --cached --others --exclude-standard |
    grep -zv '^node_modules' | (cd "$REPO" && xargs -0 tar -cf - --no-recursion) | tar -xf - -C "$dir/root/app"
}

mounted_under() { # DIR's mount points, itself included, deepest first
  awk -v d="$(readlink -f "$1")" '$2 == d || index($2, d "/") == 1 { print $2 }' /proc/self/mounts | sort -r
}

unmount_all() {
  local m
  for m in $(mounted_under "$1"); do umount -l "$m" 2>/dev/null || true; done
}

run() {
  local dir=$1 cmd=$2 child rc=0
  [[ -x $dir/usr/bin/node ]] || die "$dir is not built"
  mount -t proc proc "$dir/proc"
  mount --rbind /dev "$dir/dev"
  mount --make-rslave "$dir/dev"
  # shellcheck disable=SC2064 # DIR now: the trap runs after this function's locals are gone
  trap "unmount_all '$dir/proc'; unmount_all '$dir/dev'" EXIT
  # A login's environment, not this one's: what the test sets is passed by name below.
  # A session of its own, so that a signal reaches every process of the command (npm does not
  # pass SIGTERM on through the shell it runs a script with).
  setsid chroot "$dir" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    ${DATABASE_URL:+DATABASE_URL=$DATABASE_URL} ${PORT:+PORT=$PORT} \
    /bin/bash -c "cd /root/app && $cmd" &
  child=$!
  trap 'kill -TERM -- -$child 2>/dev/null || true' TERM INT
  wait "$child" || rc=$?
  # A trapped signal ends the first wait early; the second waits for the command itself.
  while kill -0 "$child" 2>/dev/null; do wait "$child" || rc=$?; done
  return "$rc"
}

destroy() {
  local dir=$1 root pid
  [[ -e $dir ]] || return 0
  root=$(readlink -f "$dir")
  # Whatever a killed run left behind in there (a demo, its LibreOffice).
  for pid in /proc/[0-9]*; do
    [[ $(readlink "$pid/root" 2>/dev/null) != "$root" ]] || kill -KILL "${pid#/proc/}" 2>/dev/null || true
  done
  unmount_all "$dir"
  [[ -z $(mounted_under "$dir") ]] || die "still mounted under $dir"
  rm -rf --one-file-system "$dir"
}

cache() { # the minbase tarball, made in a scratch folder that is then deleted
  local scratch
  ! cached || return 0
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/bare-debian-cache.XXXXXX")
  minbase "$scratch"
  rm -rf --one-file-system "$scratch"
}

[[ $(id -u) -eq 0 ]] || die "needs root (debootstrap, chroot, mount)"
case ${1:-} in
  cache) cache ;;
  build) build "$2" ;;
  run) run "$2" "$3" ;;
  destroy) destroy "$2" ;;
  *) die "usage: $0 build|run|destroy DIR [CMD] | cache" ;;
esac
