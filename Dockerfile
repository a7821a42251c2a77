# The store's production image: one Node process serving the API, the pictures and the
# server-rendered web app (docs/settings.md lists every variable it reads).
#
#   bash scripts/image/build.sh          (or see it for the podman build line)
#   podman run -e JWT_SECRET=... -e PAYMENT_PROVIDER=... -e PUBLIC_URL=https://... \
#     -e DATABASE_URL=postgres://... -v semijoias-data:/var/lib/semijoias -p 3000:3000 semijoias
#
# Behind a TLS-intercepting proxy give the build its CA bundle as the secret `host-ca`
# (--secret id=host-ca,src=/etc/ssl/certs/ca-certificates.crt): the steps that download use it
# as NODE_EXTRA_CA_CERTS, and it never lands in a layer. Without the secret they use Node's own
# CAs. HEALTHCHECK is kept only in the docker image format (podman build --format docker).

# --- Debian's Node (20.19 in trixie), shared by the build and the final image -------------------
# The fonts and fontconfig's configuration are for sharp: the share images (/media/compartilhar/)
# are SVGs with text, drawn as empty boxes where no font is installed. Liberation Serif and Sans
# are in the pictures' font lists. dpkg leaves out, as the base leaves out docs and man pages,
# what these packages carry that the store never runs (docs/image.md weighs it): Node's
# TypeScript types, corepack (the yarn and pnpm launcher nodejs depends on) and the monospaced
# Liberation fonts.
FROM docker.io/library/debian:trixie-slim AS node-runtime
RUN printf 'path-exclude %s\n' '/usr/share/nodejs/@types/*' '/usr/share/nodejs/corepack/*' \
      /usr/bin/corepack '/usr/share/fonts/truetype/liberation/LiberationMono-*' \
      >/etc/dpkg/dpkg.cfg.d/semijoias-runtime \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      nodejs ca-certificates fonts-liberation fontconfig-config \
 && rm -rf /var/lib/apt/lists/* /var/log/apt /var/log/dpkg.log /var/log/alternatives.log \
      /var/cache/debconf/*-old \
 && node -e 'const [a, b] = process.versions.node.split(".").map(Number); if (a < 20 || (a === 20 && b < 19)) { console.error("Node " + process.version + " is older than the 20.19 the store needs"); process.exit(1); }'

# --- The host's npm cache, when the build is given it ------------------------------------------
# `podman build --build-context host-npm-cache=<the host's npm cache>` (scripts/image/build.sh
# passes it) lets the two installs below take the packages the host has already downloaded, read
# through a mount whose writes are thrown away. Without it this stage (a plain Debian root, no
# _cacache) stands in, and the installs download as before.
FROM node-runtime AS host-npm-cache

# --- npm for the build stages only --------------------------------------------------------------
# Debian's npm (9.2) would drag in ~380 packages; npm from the registry is one tarball, pinned and
# checked against its published integrity (npm 11 runs on Node ^20.17, and wrote the lockfile).
FROM node-runtime AS npm
ARG NPM_VERSION=11.19.1
ARG NPM_INTEGRITY=sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==
ARG NPM_REGISTRY=https://registry.npmjs.org
ENV npm_config_registry=${NPM_REGISTRY} npm_config_update_notifier=false
RUN --mount=type=secret,id=host-ca \
    if [ -s /run/secrets/host-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/host-ca; fi \
 && node -e ' \
      const [url, want] = process.argv.slice(1); \
      fetch(url).then(async (res) => { \
        if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`); \
        const body = Buffer.from(await res.arrayBuffer()); \
        const got = "sha512-" + require("node:crypto").createHash("sha512").update(body).digest("base64"); \
        if (got !== want) throw new Error(`${url}: integrity ${got}, expected ${want}`); \
        require("node:fs").writeFileSync("/tmp/npm.tgz", body); \
      }).catch((err) => { \
        console.error(err.message, err.cause ?? ""); \
        if (/CERT|SELF_SIGNED/.test(err.cause?.code ?? "")) console.error("A proxy re-signing HTTPS? Build with --secret id=host-ca,src=<its CA bundle>"); \
        process.exit(1); \
      });' \
      "${NPM_REGISTRY%/}/npm/-/npm-${NPM_VERSION}.tgz" "${NPM_INTEGRITY}" \
 && mkdir -p /opt/npm \
 && tar -xzf /tmp/npm.tgz -C /opt/npm --strip-components=1 \
 && rm /tmp/npm.tgz \
 && printf '#!/bin/sh\nexec node /opt/npm/bin/npm-cli.js "$@"\n' >/usr/local/bin/npm \
 && chmod 0755 /usr/local/bin/npm \
 && npm --version
WORKDIR /src
# Only the manifests first: the installs below are redone only when dependencies change.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/

# --- Production dependencies: the API's only (the web app's server build is self-contained) ----
# Then what node never reads in them is taken out (TypeScript, source maps, Markdown, tests and
# docs, other systems' prebuilt binaries): the script says what and how much, docs/image.md why.
FROM npm AS prod-deps
RUN --mount=type=secret,id=host-ca --mount=type=cache,target=/root/.npm,sharing=locked \
    --mount=type=bind,from=host-npm-cache,target=/tmp/host-npm-cache,rw \
    if [ -s /run/secrets/host-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/host-ca; fi \
 && if [ -d /tmp/host-npm-cache/_cacache ]; then export npm_config_cache=/tmp/host-npm-cache npm_config_prefer_offline=true; fi \
 && npm ci --omit=dev --workspace @semijoias/api --no-audit --no-fund --loglevel=warn
COPY scripts/image/prune-node-modules.mjs /tmp/
RUN node /tmp/prune-node-modules.mjs node_modules

# --- Build: web (client + server render) then the API bundle -----------------------------------
FROM npm AS build
RUN --mount=type=secret,id=host-ca --mount=type=cache,target=/root/.npm,sharing=locked \
    --mount=type=bind,from=host-npm-cache,target=/tmp/host-npm-cache,rw \
    if [ -s /run/secrets/host-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/host-ca; fi \
 && if [ -d /tmp/host-npm-cache/_cacache ]; then export npm_config_cache=/tmp/host-npm-cache npm_config_prefer_offline=true; fi \
 && npm ci --no-audit --no-fund --loglevel=warn
COPY tsconfig.base.json ./
COPY packages/domain/ packages/domain/
COPY apps/web/ apps/web/
COPY apps/api/ apps/api/
# What the server reads at run time, laid out as in the repository (apps/api/src/lib/paths.ts
# walks up to apps/api/package.json and finds apps/web/dist beside it). The migrations without
# drizzle-kit's snapshots (it reads them to write the next migration; the migrator reads the
# journal and the SQL). The source maps stay: the web's are served with its files, the server's
# give TypeScript positions with NODE_OPTIONS=--enable-source-maps.
RUN npm run build \
 && mkdir -p /out/apps/api /out/apps/web \
 && cp -a apps/api/dist apps/api/drizzle apps/api/media /out/apps/api/ \
 && rm -f /out/apps/api/drizzle/meta/*_snapshot.json \
 && cp -a apps/web/dist apps/web/dist-server /out/apps/web/

# --- The final image: Debian's Node, production node_modules, the built app --------------------
FROM node-runtime
# A system user without a shell; the code stays root's (read-only to the process), only the data
# folder and the backups' folder (a volume both instances share, compose.yaml) are the store's.
RUN useradd --system --uid 10001 --user-group --home-dir /var/lib/semijoias \
      --shell /usr/sbin/nologin semijoias \
 && install -d -o semijoias -g semijoias -m 0750 /var/lib/semijoias \
 && install -d -o semijoias -g semijoias -m 0700 /var/lib/semijoias-backups
# What the health page and the backups' manifests call this release (scripts/image/build.sh
# passes the commit).
ARG STORE_VERSION=desconhecida
ENV NODE_ENV=production \
    STORE_VERSION=${STORE_VERSION} \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/semijoias
WORKDIR /app
COPY --from=prod-deps /src/ /app/
COPY --from=build /out/ /app/
USER 10001:10001
# Everything the store writes is under DATA_DIR: the mail outbox (no SMTP_URL), the rendered
# share images, PGlite (no DATABASE_URL); and, as the user's home, fontconfig's cache.
VOLUME ["/var/lib/semijoias"]
EXPOSE 3000
# No curl here: Node asks the readiness call (it also queries the database).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "const h = process.env.HOST; const host = !h || h === '0.0.0.0' || h === '::' ? '127.0.0.1' : h.includes(':') ? '[' + h + ']' : h; fetch('http://' + host + ':' + (process.env.PORT || 3000) + '/api/health/ready/', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));"]
# Exec form: node is PID 1 and gets SIGTERM itself (server.ts closes the server and the pool, and
# exits 0). For TypeScript positions in stack traces add NODE_OPTIONS=--enable-source-maps.
CMD ["node", "apps/api/dist/server.js"]
