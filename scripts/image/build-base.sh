#!/usr/bin/env bash
# Builds the Dockerfile's base image, docker.io/library/debian:trixie-slim, from Debian's own
# package archive: this machine reaches deb.debian.org but no image registry. debootstrap
# (minbase) -> a tarball -> `podman import`, with the few settings the official slim image has.
# Skips the work when the tag already exists (--force rebuilds it). Run as root.
#   bash scripts/image/build-base.sh [--force]
set -euo pipefail

TAG=docker.io/library/debian:trixie-slim
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
CONF=/etc/containers/containers.conf

fail() {
  echo "build-base: FAILED: $*" >&2
  exit 1
}

[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap and rootful podman need it)"

# The tools, from Debian's packages when missing.
need=()
for tool in podman runc debootstrap; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
if [ ${#need[@]} -gt 0 ]; then
  echo "build-base: installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# podman's default ulimits cannot be applied in this machine's containers: switch them off,
# adding to an existing [containers] table rather than writing a second one (invalid TOML).
if ! grep -qs '^[[:space:]]*default_ulimits' "$CONF"; then
  mkdir -p "$(dirname "$CONF")"
  if grep -qs '^\[containers\]' "$CONF"; then
    sed -i 's/^\[containers\].*/&\ndefault_ulimits = []/' "$CONF"
  else
    printf '[containers]\ndefault_ulimits = []\n' >>"$CONF"
  fi
  echo "build-base: wrote default_ulimits = [] into $CONF"
fi

if [ "${1:-}" != "--force" ] && podman image exists "$TAG"; then
  echo "build-base: $TAG already exists (--force rebuilds it)"
  exit 0
fi

# Trixie's Release file must be verified: the host's keyring must know trixie's keys (bookworm's
# debian-archive-keyring has them since 2023.3+deb12u1). Otherwise update it from the archive, and
# stop rather than bootstrap unverified.
if [ ! -s /usr/share/keyrings/debian-archive-trixie-stable.gpg ]; then
  echo "build-base: the host's debian-archive-keyring lacks trixie's keys; updating it"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debian-archive-keyring >/dev/null
  [ -s /usr/share/keyrings/debian-archive-trixie-stable.gpg ] ||
    fail "no trixie key in debian-archive-keyring; install a newer one (it is in bookworm-updates)"
fi

root=$(mktemp -d /var/tmp/trixie-rootfs.XXXXXX)
cleanup() {
  # debootstrap mounts proc and sys inside the target; never delete through a mount.
  findmnt -rn -o TARGET | grep "^$root/" | sort -r | xargs -r umount -l || true
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT

echo "build-base: debootstrap --variant=minbase trixie from $MIRROR"
start=$(date +%s)
debootstrap --variant=minbase --force-check-gpg --keyring="$KEYRING" trixie "$root" "$MIRROR" \
  >"$root.log" 2>&1 || {
  tail -n 20 "$root.log" >&2
  fail "debootstrap did not finish (log: $root.log)"
}
rm -f "$root.log"
echo "build-base: debootstrap took $(($(date +%s) - start)) s"

# What the official debian:trixie-slim image has: the three suites in deb822 form, no docs, man
# pages or translations installed by later layers, apt's caches emptied after each install.
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie trixie-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.pgp

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: trixie-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.pgp
EOF
cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
echo 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/docker-no-languages"
[ -e "$root/usr/share/keyrings/debian-archive-keyring.pgp" ] ||
  ln -s debian-archive-keyring.gpg "$root/usr/share/keyrings/debian-archive-keyring.pgp"
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/var/log/* "$root"/tmp/*
find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
rm -rf "$root"/usr/share/man/* "$root"/usr/share/info/*

tar --numeric-owner --xattrs -C "$root" -c . |
  podman import --quiet --change 'CMD ["bash"]' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    - "$TAG" >/dev/null
echo "build-base: $TAG imported ($(podman image inspect --format '{{.Size}}' "$TAG" | awk '{printf "%.0f MB", $1/1e6}'))"
