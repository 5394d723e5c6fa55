import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPublishedSecret, publishedSecrets, settings } from '../src/index.ts';
import { repoRoot } from '../src/repository-files.ts';

type Guarded = 'JWT_SECRET' | 'ADMIN_PASSWORD';
interface Found {
  setting: Guarded;
  value: string;
  where: string;
}

const code = /\.(ts|tsx|js|mjs|cjs)$/;
const quoted = String.raw`'([^'\n]*)'|"([^"\n]*)"|` + '`([^`\\n]*)`';
/** `JWT_SECRET=x`, `JWT_SECRET: 'x'`, `"ADMIN_PASSWORD": "x"`; unquoted values count outside code only. */
const keyed = new RegExp(
  String.raw`\b(JWT_SECRET|ADMIN_PASSWORD)\b['"]?[ \t]*[:=][ \t]*(?:${quoted}|([^\s'"` +
    '`' +
    String.raw`,;)}\]]+))`,
  'g',
);
/** Compose defaults: `${JWT_SECRET:-x}`. */
const composeDefault = /\$\{(JWT_SECRET|ADMIN_PASSWORD):?-([^}]*)\}/g;
/**
 * Constants and fields named like a secret, or the demo password, given a quoted literal: `TEST_SECRET =
 * '...'`, `secret: "..."`.
 */
const named = new RegExp(
  String.raw`\b(\w*secret|DEMO_PASSWORD)\b[ \t]*(?::[ \t]*string[ \t]*)?[:=][ \t]*(?:${quoted})`,
  'gi',
);

/** Every literal the text gives JWT_SECRET or ADMIN_PASSWORD, or a secret-named constant. */
export function secretAssignments(text: string, file: string): Found[] {
  const found: Found[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const add = (setting: Guarded, value: string | undefined, index: number) => {
    if (value === undefined || value.trim() === '' || value.includes('${')) return;
    found.push({ setting, value, where: `${file}:${lineOf(index)}` });
  };
  for (const m of text.matchAll(keyed)) {
    const bare = m[5];
    if (bare !== undefined && (code.test(file) || bare.startsWith('$'))) continue;
    add(m[1] as Guarded, m[2] ?? m[3] ?? m[4] ?? bare, m.index);
  }
  for (const m of text.matchAll(composeDefault)) add(m[1] as Guarded, m[2], m.index);
  for (const m of text.matchAll(named)) {
    if (/^(JWT_SECRET|ADMIN_PASSWORD)$/.test(m[1]!)) continue; // the keyed pattern has it
    add(/password/i.test(m[1]!) ? 'ADMIN_PASSWORD' : 'JWT_SECRET', m[2] ?? m[3] ?? m[4], m.index);
  }
  return found;
}

/**
 * The repository's text files: tracked, plus new ones not ignored (so a literal is caught before it is
 * committed).
 */
function repositoryTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
  })
    .toString()
    .split('\0');
  return listed.filter((file) => {
    // The list itself, and this file's own samples, hold such values on purpose.
    if (
      !file ||
      file === 'pnpm-lock.yaml' ||
      file === 'packages/settings/src/published-secrets.ts' ||
      file === 'packages/settings/test/published-secrets.test.ts'
    )
      return false;
    const full = path.join(repoRoot, file);
    if (!fs.existsSync(full) || fs.statSync(full).size > 2_000_000) return false;
    return !fs.readFileSync(full).subarray(0, 8000).includes(0);
  });
}

/** Would this value be accepted as the setting? Every literal in the repository must be refused. */
const accepted = ({ setting, value }: Found) => settings[setting].schema.safeParse(value).success;

describe('the list of published secrets', () => {
  const found = repositoryTextFiles().flatMap((file) =>
    secretAssignments(fs.readFileSync(path.join(repoRoot, file), 'utf8'), file),
  );

  it('finds the secret-looking assignments of the repository (the scan is not blind)', () => {
    expect(found).toContainEqual(
      expect.objectContaining({
        setting: 'ADMIN_PASSWORD',
        value: 'Demo@12345',
        where: expect.stringMatching(/^packages\/db\/src\/seed\/users\.ts:/),
      }),
    );
  });

  it('holds every value the repository writes as JWT_SECRET or ADMIN_PASSWORD: none is accepted', () => {
    const usable = found.filter(accepted).map((f) => `${f.where} ${f.setting}=${f.value}`);
    // Add each to packages/settings/src/published-secrets.ts, and let the code that wrote it generate its
    // value instead.
    expect(usable).toEqual([]);
  });

  it('is refused by the settings themselves', () => {
    for (const value of publishedSecrets) {
      expect(isPublishedSecret(value)).toBe(true);
      expect(settings.ADMIN_PASSWORD.schema.safeParse(value).success).toBe(false);
      expect(settings.JWT_SECRET.schema.safeParse(value).success).toBe(false);
    }
    expect(settings.JWT_SECRET.schema.safeParse('k'.repeat(20) + 'Xy9#'.repeat(4)).success).toBe(true);
  });
});

describe('the scan', () => {
  it('reads .env, shell, YAML and code forms, and skips expressions and references', () => {
    const sample = [
      'JWT_SECRET=env-file-secret-0123456789-0123456789',
      'export ADMIN_PASSWORD="shell-password-1"',
      '      - JWT_SECRET=${JWT_SECRET:?set it}',
      '      - ADMIN_PASSWORD=${ADMIN_PASSWORD:-compose-default-pw}',
      "const env = { JWT_SECRET: 'code-secret-0123456789-0123456789-01' };",
      'const TEST_SECRET = `template-secret-0123456789-0123456789`;',
      '{ JWT_SECRET: SECRET, ADMIN_PASSWORD: process.env.X, secret: `${a}` }',
    ].join('\n');
    const forCode = secretAssignments(sample, 'x.ts').map((f) => [f.setting, f.value]);
    expect(forCode).toEqual([
      ['ADMIN_PASSWORD', 'shell-password-1'],
      ['JWT_SECRET', 'code-secret-0123456789-0123456789-01'],
      ['ADMIN_PASSWORD', 'compose-default-pw'],
      ['JWT_SECRET', 'template-secret-0123456789-0123456789'],
    ]);
    const envFile = [
      'JWT_SECRET=env-file-secret-0123456789-0123456789',
      'JWT_SECRET=',
      'ADMIN_PASSWORD=${ADMIN_PASSWORD:?required}',
    ].join('\n');
    expect(secretAssignments(envFile, '.env.example').map((f) => f.value)).toEqual([
      'env-file-secret-0123456789-0123456789',
    ]);
  });
});
