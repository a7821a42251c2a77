#!/usr/bin/env sh
# Validates deploy/Caddyfile with the installed Caddy (Debian's 2.6 in CI): once as the rehearsal
# runs it (localhost, Caddy's local authority) and once as production does (a real domain, ACME).
# `caddy validate` provisions every module, so a misspelt option or a missing ACME_EMAIL fails here.
#   sh deploy/check-caddyfile.sh
set -eu
cd "$(dirname "$0")/.."
command -v caddy >/dev/null 2>&1 || { echo "caddy not found (apt-get install caddy)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
check() {
  # Caddy's storage in a temp folder: validating never touches ~/.local/share/caddy.
  if ! out=$(env XDG_DATA_HOME="$tmp" XDG_CONFIG_HOME="$tmp" "$@" \
    caddy validate --config deploy/Caddyfile --adapter caddyfile 2>&1); then
    printf '%s\n' "$out" >&2
    echo "deploy/Caddyfile: INVALID with $*" >&2
    exit 1
  fi
  echo "deploy/Caddyfile: valid with $*"
}
check DOMAIN=localhost UPSTREAMS='127.0.0.1:3001 127.0.0.1:3002' HTTP_PORT=8080 HTTPS_PORT=8443
check DOMAIN=loja.exemplo.com.br ACME_EMAIL=dona@exemplo.com.br UPSTREAMS='store1:3000 store2:3000'
if caddy fmt deploy/Caddyfile | cmp -s - deploy/Caddyfile; then
  echo 'deploy/Caddyfile: formatted (caddy fmt agrees)'
else
  echo 'deploy/Caddyfile: not formatted (caddy fmt --overwrite deploy/Caddyfile)' >&2
  exit 1
fi
