# syntax=docker/dockerfile:1
# The portal server in a container: one image for every instance; the web app is built into it.
#   docker build --build-arg PORTAL_RELEASE="$(git describe --tags --always --dirty)" -t client-portal .
#   (the image has no .git: PORTAL_RELEASE names the build in /api/ping, the logs and the error reports)
#   docker run -p 3000:3000 -e DEMO=true -v portal-data:/data client-portal   (the demo on the embedded database in /data;
#   without DEMO=true the image needs DATABASE_URL: it never falls into demo mode by itself)
#   deploy/compose.yaml: PostgreSQL, Redis, the migration step, three servers, HAProxy with TLS and backups.
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Every dependency (the web build needs the dev tools), from the lock file only.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund

# 2. The web app (apps/web/dist), served by every server, and the server compiled to JavaScript (apps/server/dist).
FROM deps AS build
ARG PORTAL_RELEASE
ENV PORTAL_RELEASE=${PORTAL_RELEASE}
COPY . .
RUN npm run build

# 3. Production dependencies of the server and its workspace packages only.
FROM deps AS prod-deps
RUN npm ci --no-audit --no-fund --omit=dev -w @portal/server -w @portal/contract -w @portal/db --include-workspace-root=false

# 4. The runtime: no compilers, no dev dependencies, not root.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/contract/package.json ./packages/contract/
COPY --from=build /app/packages/db/package.json ./packages/db/
# The compiled server finds the migrations at ../../../packages/db/migrations from apps/server/dist.
COPY --from=build /app/packages/db/migrations ./packages/db/migrations
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# DATA_DIR: the embedded database (demo) or only the lock and generated secrets (with DATABASE_URL).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /api/ping answers while the process serves (it does not ask the database: /api/ready does).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ping').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# One node process running the compiled server (what `npm start` runs, no wrapper): signals reach the server
# itself, which closes gracefully. The preload starts OpenTelemetry when an OTEL_* variable asks for traces. The backup CLI is apps/server/dist/backup-cli.js, the
# migration step (run before the servers: deploy/compose.yaml) apps/server/dist/migrate-cli.js.
CMD ["node", "--import", "./apps/server/dist/instrument.js", "apps/server/dist/main.js"]
