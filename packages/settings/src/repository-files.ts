// Readers of the repository files that must agree with the catalogue (tests and scripts only: yaml is a dev
// dependency).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

export const README_START = '<!-- settings:start (generated: pnpm --filter @exam/settings readme) -->';
export const README_END = '<!-- settings:end -->';

export function turboPassThroughEnv(): string[] {
  return (JSON.parse(read('turbo.json')) as { globalPassThroughEnv?: string[] }).globalPassThroughEnv ?? [];
}

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  environment?: Record<string, string | number | null> | string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] | string };
  [key: string]: unknown;
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export function composeFile(): ComposeFile {
  return parse(read('docker-compose.yml')) as ComposeFile;
}

/** A service's environment as name -> value; `null` is a bare name, passed through from the shell or .env. */
export function composeEnvironment(service: ComposeService): Map<string, string | null> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return new Map(
      env.map((item) => {
        const at = item.indexOf('=');
        return at < 0 ? [item, null] : [item.slice(0, at), item.slice(at + 1)];
      }),
    );
  }
  return new Map(Object.entries(env).map(([k, v]) => [k, v === null ? null : String(v)]));
}

/**
 * Every `${NAME...}` in the compose file's values, with how it is written (`${NAME:?message}`, `${NAME:-x}`,
 * `${NAME}`).
 */
export function composeInterpolations(compose: ComposeFile = composeFile()): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)([^}]*)\}/g)) {
        found.set(match[1]!, [...(found.get(match[1]!) ?? []), match[0]]);
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(compose);
  return found;
}

/** The names in .env.example (set `NAME=value` or commented `# NAME=value`) with their values. */
export function envExample(): Map<string, { value: string; commented: boolean }> {
  const entries = new Map<string, { value: string; commented: boolean }>();
  for (const line of read('.env.example').split('\n')) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(\S*)/.exec(line);
    if (match) entries.set(match[2]!, { value: match[3]!, commented: !!match[1] });
  }
  return entries;
}

/** The README's configuration table, between its markers. */
export function readmeSettingsBlock(): string | undefined {
  const text = read('README.md');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  return start < 0 || end < start ? undefined : text.slice(start + README_START.length, end).trim();
}
