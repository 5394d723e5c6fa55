import { databaseOptionsFromEnv } from '@exam/db/env';
import { parseSettings, settingsSchema, type SettingValue } from '@exam/settings';

// Every setting is defined once, in packages/settings (default, check, meaning).
const demoEnv = settingsSchema([
  'DEMO_PORT',
  'DEMO_HOST',
  'PORT',
  'DEMO_CORS_ORIGINS',
  'API_URL',
  'DEMO_AUTH_CACHE_MS',
  'PUBLIC_URL',
  'LOG_LEVEL',
]);

export interface DemoConfig {
  port: number;
  /** The lowest level of the JSON log lines it writes. */
  logLevel: SettingValue<'LOG_LEVEL'>;
  /** Where to listen; undefined means every interface. */
  host?: string;
  database: DatabaseOptions;
  /** Which browser pages may call the demo. */
  origins: OriginRules;
  auth: { apiUrl: string; cacheMs: number };
  /** The site is served over https (PUBLIC_URL https://...): only then is HSTS sent, as the API does. */
  https: boolean;
}

export interface OriginRules {
  /** A page on the host name the demo was reached by, on this port, is the web app's. */
  appPort: number;
  /** Other origins allowed as well (another front end, a proxy's public name). */
  extra: readonly string[];
}

export type DatabaseOptions = ReturnType<typeof databaseOptionsFromEnv>;

/** Reads the environment once; a wrong value names the setting instead of failing later. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): DemoConfig {
  const e = parseSettings(demoEnv, env);
  return {
    port: e.DEMO_PORT,
    logLevel: e.LOG_LEVEL,
    host: e.DEMO_HOST || undefined,
    origins: { appPort: e.PORT, extra: e.DEMO_CORS_ORIGINS },
    https: e.PUBLIC_URL?.startsWith('https:') ?? false,
    // By default the API on this machine, at the PORT it shares with the demo under `pnpm start`.
    auth: {
      apiUrl: (e.API_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
      cacheMs: e.DEMO_AUTH_CACHE_MS,
    },
    // Its own table, and by default its own embedded database folder.
    database: databaseOptionsFromEnv(env, { dirSetting: 'PGLITE_DIR_DEMO' }),
  };
}
