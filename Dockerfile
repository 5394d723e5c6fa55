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
# The workspace's manifests only (every package of pnpm-workspace.yaml; deploy/test/compose.test.ts checks the
# list): the install and the production dependencies below are rebuilt when a dependency changes, not on every
# change of the sources (about 2 minutes of the cold build).
COPY apps/api/package.json apps/api/
COPY apps/student-demo/package.json apps/student-demo/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/grading/package.json packages/grading/
COPY packages/pdf/package.json packages/pdf/
COPY packages/settings/package.json packages/settings/
COPY bench/package.json bench/
COPY deploy/package.json deploy/build-runtime.mjs deploy/
RUN pnpm install --frozen-lockfile --offline
# Production dependencies only, without what Node never loads, into /app.
RUN node deploy/build-runtime.mjs --dependencies /app
COPY . .
# JavaScript bundles, the web build and prisma/, into /app.
RUN node deploy/build-runtime.mjs --code /app

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
