# Miscue: the API and the built web app in one small image, run as a non-root user.
# Build: docker build -t miscue .   Run: see compose.yaml and docs/deploy.md.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`, not `npm ci` (docs/stack.md: lockfiles made on one platform lack other platforms' bindings).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data DIST_DIR=/app/dist
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/src ./src
COPY --from=build --chown=root:root /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/ready/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM is a graceful stop: no new connections, requests in flight finish (SHUTDOWN_TIMEOUT_MS).
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/server/index.ts"]
