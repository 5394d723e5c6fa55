// `db:backup [file]` writes a consistent backup of the embedded database (no DATABASE_URL) to `file`, by
// default `<DATA_DIR>/backups/exam-<time>.embedded.tar.gz`; `db:restore <file>` puts one back, refusing a
// backup of a newer schema version. Both refuse while the app has the database open: stop it first.
// PostgreSQL is backed up by pg_dump (compose's `backup` service, deploy/backup.sh; see the README). Exit
// codes: 0 done, 1 failed, 2 wrong use, 3 refused. JSON log lines, like every service.
import path from 'node:path';
import { parseSettings, settingsSchema } from '@exam/settings';
import { createLogger } from '@exam/settings/log';
import { BackupRefused, backupEmbedded, restoreEmbedded } from '../backup.ts';
import { databaseOptionsFromEnv } from '../env.ts';

const usage = 'Usage: db:backup [file] | db:restore <file>';
const logger = createLogger('info', { service: 'backup' });
const [command, argument] = process.argv.slice(2);
// pnpm runs the script in packages/db; a file named on the command line is relative to where it was typed.
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

try {
  const { DATABASE_URL } = parseSettings(settingsSchema(['DATABASE_URL']));
  if (DATABASE_URL)
    throw new BackupRefused(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump (with compose, the backup service does it on a ' +
        'schedule; README, Back up and restore). db:backup and db:restore are for the embedded database.',
      2,
    );
  const { pgliteDir } = databaseOptionsFromEnv();
  if (command === 'backup') {
    const done = await backupEmbedded({ dir: pgliteDir, file: argument && fromCaller(argument) });
    logger.info(
      { file: done.file, bytes: done.bytes, schema: done.migrations.at(-1) ?? null },
      `Backed up ${pgliteDir} to ${done.file} (${(done.bytes / 1e6).toFixed(1)} MB)`,
    );
  } else if (command === 'restore') {
    if (!argument) throw new BackupRefused(usage, 2);
    const done = await restoreEmbedded({ dir: pgliteDir, file: fromCaller(argument) });
    logger.info(
      { file: fromCaller(argument), replaced: done.replaced ?? null, schema: done.migrations.at(-1) ?? null },
      `Restored ${pgliteDir} from ${fromCaller(argument)}` +
        (done.replaced ? `; the database it replaced is kept in ${done.replaced}` : ''),
    );
  } else {
    throw new BackupRefused(usage, 2);
  }
  process.exit(0);
} catch (error) {
  logger.error({}, (error as Error).message);
  process.exit(error instanceof BackupRefused ? error.exitCode : 1);
}
