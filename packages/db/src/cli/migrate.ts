// `db:migrate deploy` (or no command) applies pending migrations to the configured database (DATABASE_URL,
// else the embedded one) on a connection of its own, waiting for any other migrator first; it exits 0 when
// the schema is current and 1 with one line otherwise. Compose's one-shot `migrate` service runs it before
// the app replicas start. `db:migrate create <name>` writes a new migration for schema changes, replaying the
// folder on an in-memory shadow database. `db:migrate baseline` rewrites prisma/baseline.sql from the history
// (the script a new, empty database runs instead of each migration in turn; see ../baseline.ts).
import path from 'node:path';
import { parseSettings, settingsSchema } from '@exam/settings';
import { createLogger } from '@exam/settings/log';
import { writeBaseline } from '../baseline.ts';
import { openDatabase } from '../client.ts';
import { databaseOptionsFromEnv } from '../env.ts';
import { createMigration, defaultMigrationsDir, migrateDatabase } from '../migrate.ts';

const usage = 'Usage: db:migrate [deploy | create <name> | baseline]';
const [command, name] = process.argv.slice(2);
// JSON lines like every other service (compose collects them); `create` is a developer's command and says
// plainly what it wrote.
const logger = createLogger(logLevel(), { service: 'migrate' });

function logLevel() {
  try {
    return parseSettings(settingsSchema(['LOG_LEVEL'])).LOG_LEVEL;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}

try {
  if (command === 'create') {
    if (!name) throw new Error('Usage: db:migrate create <name>');
    const shadow = await openDatabase({ pgliteDir: 'memory://' });
    const dir = await createMigration(shadow.adapterFactory, name);
    await shadow.close();
    console.log(
      dir
        ? `Wrote ${dir}; once it is final, fold it into the baseline with: pnpm db:migrate baseline`
        : 'The schema matches the migrations; nothing to write.',
    );
  } else if (command === 'baseline') {
    const file = writeBaseline(defaultMigrationsDir);
    console.log(`Wrote ${path.relative(process.cwd(), file) || file} from the migrations folder.`);
  } else if (command === undefined || command === 'deploy') {
    const applied = await migrateDatabase(databaseOptionsFromEnv(), {
      onWait: (message) => logger.info({}, message),
    });
    logger.info(
      { migrations: applied },
      applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date.',
    );
  } else if (command === '--help' || command === 'help') {
    console.log(usage);
  } else {
    throw new Error(`Unknown command ${command}; ${usage}`);
  }
  // Done: the engine leaves a 10 s timer of its own pending, which would hold the process (and compose's
  // migrate service).
  process.exit(0);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (command === undefined || command === 'deploy') logger.error({}, `migration failed: ${message}`);
  else console.error(message);
  process.exit(1);
}
