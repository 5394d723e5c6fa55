# syntax=docker/dockerfile:1
# One image for the API (which also serves the built web app), the student demo service and the migrate command.
# The runtime tree (/app) is made by deploy/build-runtime.mjs, which deploy/test/deploy.test.ts runs too and whose
# result it starts with this file's WORKDIR and CMD (and compose's `command:`), so the two cannot drift apart.

FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY package.json ./
RUN npm install -g "pnpm@$(node -p 'require("./package.json").packageManager.split("@")[1]')"
# Every package of the lockfile into pnpm's store: this layer is rebuilt only when the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
# JavaScript bundles, the web build, prisma/ and production dependencies only, into /app.
RUN node deploy/build-runtime.mjs /app

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
# The code stays root's; the node user may write only the data folder (the embedded database and its
# generated signing secret when no DATABASE_URL). A COPY --chown onto the folder the COPY above made left it
# root's; this layer changes only the folder's owner (0 bytes). A named volume mounted there starts as it is:
#   docker run -v exam-data:/app/.data -e ADMIN_EMAIL=... -e ADMIN_PASSWORD=... -p 3000:3000 exam-admin:local
RUN chown node:node /app/.data && chmod 0700 /app/.data
USER node
EXPOSE 3000 3001
# node is PID 1: the servers handle SIGTERM and SIGINT themselves (stop accepting, finish requests, exit 0).
# Compose's migrate service runs `node packages/db/dist/migrate.js deploy` and the demo `node apps/student-demo/dist/server.js`.
CMD ["node", "apps/api/dist/server.js"]
