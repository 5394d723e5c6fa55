/**
 * How many files of the browser suite run at once. Each worker has an API, a demo service and a database of
 * its own (copies of one migrated and seeded database), so files in different workers cannot meet; files in
 * one worker share them, one after the other, as the whole suite did on one server before. E2E_WORKERS, else
 * 2 on PostgreSQL (a copy is a CREATE DATABASE ... TEMPLATE) and 1 on the embedded database (each copy would
 * migrate on its own).
 */
export function e2eWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.E2E_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return env.DATABASE_URL ? 2 : 1;
}
