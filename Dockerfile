# syntax=docker/dockerfile:1
# One image for the API (which also serves the built web app) and the student demo service.

FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json turbo.json tsconfig.base.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/student-demo/package.json apps/student-demo/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
RUN pnpm install --frozen-lockfile
COPY . .
# The Prisma client and the web bundle are build outputs; nothing else is compiled (the servers run TypeScript through tsx).
RUN pnpm turbo run generate build --filter=@exam/db --filter=@exam/web

FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY --from=build /app/pnpm-lock.yaml /app/pnpm-workspace.yaml /app/package.json ./
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/student-demo/package.json apps/student-demo/
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/db/package.json packages/db/
RUN pnpm install --frozen-lockfile --prod --filter @exam/api... --filter @exam/student-demo...

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DEMO_PORT=3001
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps/api ./apps/api
COPY --from=build /app/apps/student-demo ./apps/student-demo
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=deps /app/apps/student-demo/node_modules ./apps/student-demo/node_modules
COPY --from=deps /app/packages/db/node_modules ./packages/db/node_modules
COPY --from=deps /app/packages/contracts/node_modules ./packages/contracts/node_modules
USER node
EXPOSE 3000 3001
# Applies pending migrations, creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD, then serves.
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
