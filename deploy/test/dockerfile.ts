// Reads the Dockerfile's instructions by stage, so tests run what it runs instead of a copy of it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface Instruction {
  keyword: string;
  /** The arguments as written (continuation lines joined). */
  args: string;
  /** The arguments of the exec (JSON) form, when written that way. */
  exec?: string[];
}
export interface Stage {
  name: string;
  image: string;
  instructions: Instruction[];
}

export function readDockerfile(file = path.join(repoRoot, 'Dockerfile')): Stage[] {
  const lines = fs
    .readFileSync(file, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/);
  const stages: Stage[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [, keyword, args] = /^(\S+)\s+(.*)$/.exec(trimmed) ?? [];
    if (!keyword || args === undefined) throw new Error(`Dockerfile line not understood: ${trimmed}`);
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [image, , name] = args.split(/\s+/);
      stages.push({ image: image!, name: name ?? String(stages.length), instructions: [] });
      continue;
    }
    let exec: string[] | undefined;
    if (args.startsWith('[')) exec = JSON.parse(args) as string[];
    stages.at(-1)!.instructions.push({ keyword: upper, args, exec });
  }
  return stages;
}

export const last = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword).at(-1);

/** ENV lines of a stage as name -> value (the `ENV A=1 B=2` form). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.instructions.filter((i) => i.keyword === 'ENV')) {
    for (const pair of args.match(/\S+=("[^"]*"|\S+)/g) ?? []) {
      const at = pair.indexOf('=');
      env[pair.slice(0, at)] = pair.slice(at + 1).replace(/^"|"$/g, '');
    }
  }
  return env;
}
