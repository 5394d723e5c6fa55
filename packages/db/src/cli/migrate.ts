// `pnpm db:migrate` applies pending migrations to the configured database (DATABASE_URL, else the embedded one).
// `pnpm db:migrate create <name>` writes a new migration for schema changes, replaying the folder on an in-memory shadow database.
import { openDatabase } from '../client.ts';
import { databaseOptionsFromEnv } from '../env.ts';
import { applyMigrations, createMigration } from '../migrate.ts';

const [command, name] = process.argv.slice(2);

try {
  if (command === 'create') {
    if (!name) throw new Error('Usage: db:migrate create <name>');
    const shadow = await openDatabase({ pgliteDir: 'memory://' });
    const dir = await createMigration(shadow.adapterFactory, name);
    await shadow.close();
    console.log(dir ? `Wrote ${dir}` : 'The schema matches the migrations; nothing to write.');
  } else if (command === undefined || command === 'deploy') {
    const db = await openDatabase(databaseOptionsFromEnv());
    const applied = await applyMigrations(db.adapterFactory);
    await db.close();
    console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date.');
  } else {
    throw new Error(`Unknown command ${command}; use: db:migrate [deploy | create <name>]`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
