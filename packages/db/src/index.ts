export { openDatabase, type Database, type DatabaseOptions } from './client.ts';
export {
  copyField,
  openConnection,
  type Connection,
  type ConnectionOptions,
  type SqlTransaction,
} from './connection.ts';
export { dataDirFromEnv, databaseOptionsFromEnv, parseSettings } from './env.ts';
export { hashPassword, verifyPassword, type PasswordCheck } from './passwords.ts';
export {
  applyMigrations,
  migrateDatabase,
  pendingMigrations,
  createMigration,
  readMigrations,
  type MigrationTarget,
} from './migrate.ts';
export { baselinePathFor, baselineText, readHistory, writeBaseline } from './baseline.ts';
export { Prisma, PrismaClient } from './generated/prisma/client.ts';
export type * from './generated/prisma/models.ts';
