import { describe, expect, it } from 'vitest';
import {
  parseSettings,
  readmeTable,
  settings,
  settingsReadBy,
  settingsSchema,
  shownDefault,
  type Reader,
  type Setting,
  type SettingName,
} from '../src/index.ts';
import {
  composeEnvironment,
  composeFile,
  composeInterpolations,
  envExample,
  readmeSettingsBlock,
  turboPassThroughEnv,
} from '../src/repository-files.ts';

const names = Object.keys(settings) as SettingName[];
const entry = (name: string) => (settings as Record<string, Setting>)[name];
/** Compose services and the reader whose settings their environment block must carry. */
const composeServices: Record<string, Reader> = {
  app: 'api',
  'student-demo': 'student-demo',
  migrate: 'migrate',
  worker: 'worker',
};

/** What is in `expected` but not in `actual`, and the other way round; both empty when they agree. */
function difference(expected: Iterable<string>, actual: Iterable<string>) {
  const want = new Set(expected);
  const have = new Set(actual);
  return {
    missing: [...want].filter((n) => !have.has(n)).sort(),
    extra: [...have].filter((n) => !want.has(n)).sort(),
  };
}

describe('parseSettings', () => {
  it('names the first wrong setting in one line without echoing its value', () => {
    const schema = settingsSchema(['PORT', 'LOG_LEVEL', 'ADMIN_PASSWORD']);
    expect(() => parseSettings(schema, { PORT: 'eighty' })).toThrow(/^Invalid setting PORT: /);
    expect(() => parseSettings(schema, { ADMIN_PASSWORD: 'short-pw' })).toThrow(
      'Invalid setting ADMIN_PASSWORD: must be at least 10 characters',
    );
    expect(parseSettings(schema, {})).toEqual({ PORT: 3000, LOG_LEVEL: 'info' });
  });

  it.each(['debug', 'info', 'warn', 'error', 'silent'])('accepts LOG_LEVEL=%s', (level) => {
    expect(parseSettings(settingsSchema(['LOG_LEVEL']), { LOG_LEVEL: level }).LOG_LEVEL).toBe(level);
  });

  it.each(['verbose', 'INFO', ''])('refuses LOG_LEVEL=%j, naming it', (level) => {
    expect(() => parseSettings(settingsSchema(['LOG_LEVEL']), { LOG_LEVEL: level })).toThrow(
      /^Invalid setting LOG_LEVEL: /,
    );
  });
});

describe('the catalogue', () => {
  it('gives every setting a meaning, at least one reader, and a default the README can show', () => {
    for (const name of names) {
      expect(entry(name).meaning.length, name).toBeGreaterThan(10);
      expect(entry(name).readBy.length, name).toBeGreaterThan(0);
      expect(shownDefault(entry(name)), name).not.toBe('');
    }
    expect(shownDefault(entry('BCRYPT_ROUNDS'))).toBe('`10`');
    expect(shownDefault(entry('CORS_ORIGINS'))).toBe('(none)');
  });
});

describe('every file that lists settings agrees with the catalogue', () => {
  it("turbo.json passes every setting through to the tasks (all but compose's own)", () => {
    const expected = names.filter((n) => entry(n).readBy.some((r) => r !== 'compose'));
    expect(difference(expected, turboPassThroughEnv())).toEqual({ missing: [], extra: [] });
  });

  it.each(Object.entries(composeServices))(
    "docker-compose.yml's %s service gets every setting the %s reads",
    (service, reader) => {
      const definition = composeFile().services[service];
      expect(definition, `docker-compose.yml has no ${service} service`).toBeDefined();
      const expected = settingsReadBy(reader).filter((n) => !entry(n).notInCompose);
      expect(difference(expected, composeEnvironment(definition!).keys())).toEqual({
        missing: [],
        extra: [],
      });
    },
  );

  it(
    'docker-compose.yml interpolates only catalogued settings, every compose setting, and requires every ' +
      'secret it takes',
    () => {
      const interpolated = composeInterpolations();
      expect([...interpolated.keys()].filter((n) => !entry(n))).toEqual([]);
      expect(settingsReadBy('compose').filter((n) => !interpolated.has(n))).toEqual([]);
      for (const [name, uses] of interpolated) {
        // A secret has no default anywhere: compose stops with a message when it is unset or empty.
        if (entry(name)!.secret)
          for (const use of uses) expect(use, name).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
      }
    },
  );

  it('.env.example lists exactly the settings compose takes from it, with no value for a secret', () => {
    const compose = composeFile();
    const fromEnvFile = new Set(composeInterpolations(compose).keys());
    for (const service of Object.values(compose.services)) {
      for (const [name, value] of composeEnvironment(service)) if (value === null) fromEnvFile.add(name);
    }
    const example = envExample();
    expect(difference(fromEnvFile, example.keys())).toEqual({ missing: [], extra: [] });
    for (const [name, { value }] of example)
      if (entry(name)?.secret) expect(value, `${name} in .env.example`).toBe('');
  });

  it("the README's configuration table is the catalogue's (`pnpm --filter @exam/settings readme`)", () => {
    expect(readmeSettingsBlock()).toBe(readmeTable());
  });
});
