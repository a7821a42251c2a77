#!/usr/bin/env bash
# Builds the store's image from the Dockerfile at the root and checks what it adds to its base:
# fails when the added layers weigh 300 MB or more. Needs the base image (build-base.sh).
#   bash scripts/image/build.sh [tag]            (default tag: localhost/semijoias:latest)
set -euo pipefail
cd "$(dirname "$0")/../.."

TAG=${1:-localhost/semijoias:latest}
BASE=docker.io/library/debian:trixie-slim
LIMIT_MB=300
CA=/etc/ssl/certs/ca-certificates.crt

fail() {
  echo "build: FAILED: $*" >&2
  exit 1
}

podman image exists "$BASE" || fail "no $BASE image; run scripts/image/build-base.sh first"

# The host's CA bundle reaches the download steps as a build secret (a TLS-intercepting proxy
# re-signs HTTPS with a CA only the host trusts); where there is none, the build needs none.
args=()
[ -s "$CA" ] && args+=(--secret "id=host-ca,src=$CA")
# The host's npm cache feeds the image's installs (the Dockerfile's host-npm-cache stage says how).
npm_cache=$(npm config get cache 2>/dev/null || true)
[ -n "$npm_cache" ] && [ -d "$npm_cache/_cacache" ] && args+=(--build-context "host-npm-cache=$npm_cache")
# The release's name as the health page and the backups say it: the package's version and commit.
version="$(node -p "require('./package.json').version")"
commit="$(git rev-parse --short HEAD 2>/dev/null || true)"
args+=(--build-arg "STORE_VERSION=${version}${commit:+ ($commit)}")

# --format docker: the OCI format has no HEALTHCHECK. runc: crun fails on this machine's cgroups.
start=$(date +%s)
podman --runtime runc build --network host --format docker --layers "${args[@]}" \
  --tag "$TAG" . || fail "podman build did not finish"
echo "build: podman build took $(($(date +%s) - start)) s"

size() { podman image inspect --format '{{.Size}}' "$1"; }
added=$(($(size "$TAG") - $(size "$BASE")))
added_mb=$(awk -v b="$added" 'BEGIN { printf "%.1f", b / 1e6 }')
echo "build: $TAG adds $added_mb MB to $BASE (limit $LIMIT_MB MB)"
# The layers that weigh something, the base's own (the last line) left out.
podman history --no-trunc --format '{{.Size}}\t{{.CreatedBy}}' "$TAG" | sed '$d' |
  awk -F'\t' '$1 != "0 B" { sub(/^\/bin\/sh -c (#\(nop\) )?/, "", $2); printf "build:   %9s  %.80s\n", $1, $2 }'

# The promises the image makes: not root, NODE_ENV=production, a health check on readiness.
# (Read into variables first: grep -q closing a pipe early would fail the pipeline.)
config=$(podman image inspect --format '{{.Config.User}}|{{.Config.Env}}|{{.Config.Healthcheck}}' "$TAG")
[[ "$config" == 10001:10001\|* ]] || fail "the image does not run as the non-root user 10001"
[[ "$config" == *NODE_ENV=production* ]] || fail "the image does not set NODE_ENV=production"
[[ "$config" == *api/health/ready* ]] ||
  fail "the image has no HEALTHCHECK (was it built with --format docker?)"
[ "$added" -lt $((LIMIT_MB * 1000 * 1000)) ] ||
  fail "the image adds $added_mb MB to its base, over the limit of $LIMIT_MB MB"
