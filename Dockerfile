# syntax=docker/dockerfile:1
# The production image (README "Production"): the PWA built by Vite and the server compiled ahead of
# time by esbuild (scripts/build-server.mjs), run by plain Node with the production packages only.

# ---- build: every package, the PWA (dist/) and the server bundle (dist-server/)
FROM node:20-slim AS build
WORKDIR /app
# npm 11, as the repository's lockfile and README expect
RUN npm install -g npm@11 --no-audit --no-fund
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# ---- deps: the packages the server needs at run time, without the build tools
FROM node:20-slim AS deps
WORKDIR /app
RUN npm install -g npm@11 --no-audit --no-fund
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- run
FROM node:20-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    STATIC_DIR=/app/dist \
    DATA_DIR=/data \
    SITE_DIR=/app/site
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The app's market names, which printed shop tickets use in the customer's language.
COPY --from=build /app/src/i18n/locales ./src/i18n/locales
COPY package.json ./
# PGlite's folder when DATABASE_URL is empty (a single process); with PostgreSQL it stays empty.
RUN mkdir -p /data /app/site && chown node:node /data /app/site
USER node
EXPOSE 8080
# The load balancer asks /readyz; the container's own check only asks whether the process answers.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist-server/main.mjs"]
