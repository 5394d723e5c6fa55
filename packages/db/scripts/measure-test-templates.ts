// Per-test-file database setup, the old way and the template way, interleaved so both meet the same load:
//   node --import tsx scripts/measure-test-templates.ts [rounds]     (DATABASE_URL set: PostgreSQL, else
//   PGlite)
// Old: a fresh database (PGlite: a new in-memory cluster, initdb and all, as in a test file of its own;
// PostgreSQL: clone of the migrated template), migrated when empty, then the demo users (bcrypt cost 4) and
// demo master data seeded, as each API test file did. New: a copy of the seeded template (PGlite: loaded from
// its dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { pgliteExtensions } from '../src/connection.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { applyMigrations } from '../src/migrate.ts';
import { seedDemoMasterData, seedDemoUsers } from '../src/seed/index.ts';
import { openTestDatabase, prepareTestTemplates } from '../src/testing/test-database.ts';

const rounds = Number(process.argv[2] ?? 5);
const url = process.env.DATABASE_URL;
const t0 = performance.now();
const { templates, dispose } = await prepareTestTemplates({ url, prefix: 'exam_measure' });
const prepareMs = performance.now() - t0;

async function oldWay() {
  if (url) {
    const copy = await openTestDatabase({ templates, template: 'migrated' });
    await seedDemoUsers(copy.db.prisma, 4);
    await seedDemoMasterData(copy.db.prisma);
    await copy.dispose();
    return;
  }
  // Not openDatabase: in one process it would copy its first cluster instead of running initdb again.
  const pglite = await PGlite.create('memory://', { extensions: pgliteExtensions });
  await applyMigrations({ pglite });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  await seedDemoUsers(prisma, 4);
  await seedDemoMasterData(prisma);
  await prisma.$disconnect();
  await pglite.close();
}
async function newWay() {
  const copy = await openTestDatabase({ templates, template: 'demo' });
  await copy.db.query('SELECT count(*) FROM users');
  await copy.dispose();
}

const times = { old: [] as number[], new: [] as number[] };
const load = [os.loadavg()[0]!];
for (let i = 0; i < rounds; i++) {
  for (const [name, run] of [
    ['old', oldWay],
    ['new', newWay],
  ] as const) {
    const start = performance.now();
    await run();
    times[name].push(performance.now() - start);
  }
}
load.push(os.loadavg()[0]!);
await dispose();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) =>
  `median ${(median(xs) / 1000).toFixed(2)} s (${xs.map((x) => (x / 1000).toFixed(2)).join(' ')})`;
console.log(
  `${url ? 'PostgreSQL' : 'PGlite'}: templates prepared once in ${(prepareMs / 1000).toFixed(1)} s; load ` +
    `average ${load.map((l) => l.toFixed(1)).join(' -> ')}`,
);
console.log(`  old per-file setup: ${fmt(times.old)}`);
console.log(`  new per-file setup: ${fmt(times.new)}`);
