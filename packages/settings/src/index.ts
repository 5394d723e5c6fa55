import { z } from 'zod';
import { settings, type Catalogue, type Reader, type Setting, type SettingName } from './catalogue.ts';

export { settings, type Catalogue, type Reader, type Setting, type SettingName };

/** The parsed type of one setting. */
export type SettingValue<N extends SettingName> = z.output<Catalogue[N]['schema']>;

/**
 * A zod object of the named settings, each with its catalogue schema; a service adds its own cross-field
 * checks.
 */
export function settingsSchema<const N extends SettingName>(names: readonly N[]) {
  const shape = Object.fromEntries(names.map((name) => [name, settings[name].schema])) as {
    [K in N]: Catalogue[K]['schema'];
  };
  return z.object(shape);
}

/**
 * Parses settings once with a zod schema; the first wrong or missing one throws a single line that names it.
 */
export function parseSettings<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  return parsed.data;
}

/** The names read by one reader, in catalogue order. */
export function settingsReadBy(reader: Reader): SettingName[] {
  return (Object.keys(settings) as SettingName[]).filter((name) =>
    (settings[name] as Setting).readBy.includes(reader),
  );
}

/** What the README shows as a setting's default. */
export function shownDefault(setting: Setting): string {
  if (setting.shownDefault) return setting.shownDefault;
  let def = setting.schema.def as { type: string; defaultValue?: unknown; in?: z.ZodType };
  // A default followed by a transform is a pipe whose input holds the default.
  if (def.type === 'pipe' && def.in) def = def.in.def as typeof def;
  return def.type === 'default' ? `\`${String(def.defaultValue)}\`` : '(none)';
}

/** The README's configuration table, rendered from the catalogue. */
export function readmeTable(): string {
  const rows = (Object.entries(settings) as [SettingName, Setting][]).map(
    ([name, s]) =>
      `| \`${name}\` | ${shownDefault(s)} | ${s.readBy.join(', ')} | ` +
      `${s.secret ? 'secret: ' : ''}${s.meaning} |`,
  );
  return ['| setting | default | read by | meaning |', '|---|---|---|---|', ...rows].join('\n');
}
export { isPublishedSecret, publishedSecretMessage, publishedSecrets } from './published-secrets.ts';
