# syntax=docker/dockerfile:1
# Trostnetz as one container: API, web app and realtime WebSocket on one port (3000), data under /data.
#   docker build -t trostnetz .
#   docker run -p 3000:3000 -v trostnetz-data:/data -e APP_URL=http://localhost:3000 trostnetz
# compose.yaml runs three of these behind HAProxy with PostgreSQL and Redis. Configuration: README.md.
ARG NODE_VERSION=24.22.3

# 1. Build: every dependency, then the web app (Vite) and the server bundle (esbuild) with its tasks.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/realtime/package.json packages/realtime/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && node apps/server/build.mjs --tasks

# 2. The server's production dependencies only (the packages its bundle keeps external: native code, WebAssembly).
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/realtime/package.json packages/realtime/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace=@trostnetz/server --no-audit --no-fund \
  && rm -rf node_modules/@trostnetz

# 3. Runtime: the image's own Node 24, a user without rights to the code, data under one volume.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /src/apps/server/package.json ./apps/server/package.json
COPY --from=build /src/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /src/apps/server/dist ./apps/server/dist
COPY --from=build /src/apps/web/dist ./apps/web/dist
RUN groupadd --system --gid 10001 trostnetz \
  && useradd --system --uid 10001 --gid trostnetz --home-dir /data --shell /usr/sbin/nologin trostnetz \
  && mkdir -p /data && chown trostnetz:trostnetz /data
USER trostnetz
VOLUME ["/data"]
EXPOSE 3000
# Liveness: /health answers while the process serves. (Readiness, /ready, is for the proxy: compose.yaml.)
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches the server itself (no npm in between): it drains within SHUTDOWN_BUDGET_SECONDS.
STOPSIGNAL SIGTERM
CMD ["node", "--liftoff-only", "apps/server/dist/server.js"]
