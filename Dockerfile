# syntax=docker/dockerfile:1
# The dashboard's production image: Next.js's standalone output on Debian's Node 22 (the current
# LTS), run as the unprivileged `node` user. It holds no sandbox and no secret: every setting comes
# from the environment at run time (README, "Deployment"). Build: docker build -t backyard .
# The code also runs on Node 20 (package.json "engines"); to build on it:
# docker build --build-arg NODE_IMAGE=node:20-bookworm-slim -t backyard .
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Dependencies, with the dev tools the build needs (TypeScript, Tailwind).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci` refuses a lock that lacks other platforms' optional binaries on some registries;
# `npm install` then installs the same locked versions for this platform.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund

# 2. The build: standalone output (BACKYARD_STANDALONE=1 in next.config.ts).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 BACKYARD_STANDALONE=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx next build

# 3. What runs: the traced server (Next's standalone server.js), its static files, and the migrations it applies on first use.
FROM ${NODE_IMAGE} AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 APP_DATA_DIR=/tmp/backyard
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/lib/db/migrations ./lib/db/migrations
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
