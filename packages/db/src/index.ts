export { openDatabase, type Database, type DatabaseOptions } from './client.ts';
export { openConnection, type Connection, type ConnectionOptions } from './connection.ts';
export { databaseOptionsFromEnv, parseSettings } from './env.ts';
export { applyMigrations, pendingMigrations, createMigration, readMigrations } from './migrate.ts';
export { Prisma, PrismaClient } from './generated/prisma/client.ts';
export type * from './generated/prisma/models.ts';
