#!/usr/bin/env bash
# The production image end to end, for .ci/run: the base image (built from Debian's archive when
# missing), the store's image (fails at 300 MB added), then the image started against PostgreSQL
# and a guest's purchase through it. Run as root, after `npm ci` (the test uses the `pg` package).
#   bash scripts/image/ci.sh <postgres-url-of-a-role-that-may-create-databases>
set -euo pipefail
cd "$(dirname "$0")/../.."

url=${1:-${TEST_DATABASE_URL:-}}
tag=localhost/semijoias:ci

fail() {
  echo "image: FAILED: $*" >&2
  exit 1
}

[ -n "$url" ] || fail "usage: bash scripts/image/ci.sh postgres://user:password@host:port/db"

bash scripts/image/build-base.sh || fail "the base image (scripts/image/build-base.sh)"
bash scripts/image/build.sh "$tag" || fail "the store's image (scripts/image/build.sh)"
node scripts/image/test-image.mjs "$url" "$tag" || fail "the image's test (scripts/image/test-image.mjs)"
echo "image: OK"
