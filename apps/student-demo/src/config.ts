import { databaseOptionsFromEnv, parseSettings } from '@exam/db/env';
import { z } from 'zod';

const demoEnv = z.object({
  DEMO_PORT: z.coerce.number().int().min(0).max(65_535).default(3001),
  DEMO_CORS_ORIGINS: z
    .string()
    .default('http://localhost:3000,http://localhost:5173')
    .transform((v) =>
      v
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
});

export interface DemoConfig {
  port: number;
  database: DatabaseOptions;
  corsOrigins: string[];
}

export type DatabaseOptions = ReturnType<typeof databaseOptionsFromEnv>;

/** Reads the environment once; a wrong value names the setting instead of failing later. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): DemoConfig {
  const e = parseSettings(demoEnv, env);
  return {
    port: e.DEMO_PORT,
    corsOrigins: e.DEMO_CORS_ORIGINS,
    // Its own table, and by default its own embedded database folder.
    database: databaseOptionsFromEnv(env, { dirSetting: 'PGLITE_DIR_DEMO', defaultDir: '.data/student-demo' }),
  };
}
