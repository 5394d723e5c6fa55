// The docker test's figures: a table in deploy/test/report/docker.md (not committed), and with
// DEPLOY_TEST_RESULTS=1 the generated part of bench/RESULTS.md's deployment section, above its findings.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './dockerfile.ts';

export interface Figure {
  name: string;
  value: string;
  note: string;
}

export const sectionTitle = '## Deployment: docker build and compose (deploy/test/docker.test.ts)';
const findings = '### Findings (written by hand; kept under every regenerated table)';

function machine() {
  const version = (command: string, args: string[]) => {
    try {
      return execFileSync(command, args, { encoding: 'utf8', timeout: 10_000 }).trim().split('\n')[0];
    } catch {
      return 'none';
    }
  };
  return (
    `${os.cpus().length} CPUs, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB memory, Docker engine ` +
    `${version('docker', ['version', '--format', '{{.Server.Version}}'])}, ` +
    `${version('docker-compose', ['version', '--short'])} (docker-compose), 1-minute load average ` +
    `${os.loadavg()[0]!.toFixed(1)} at the end`
  );
}

export function table(figures: Figure[]) {
  return [
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- Machine: ${machine()}`,
    '',
    '| step | figure | note |',
    '| --- | --- | --- |',
    ...figures.map((f) => `| ${f.name} | ${f.value} | ${f.note.replaceAll('|', '/')} |`),
    '',
  ].join('\n');
}

export function writeReport(figures: Figure[]) {
  const text = table(figures);
  const dir = path.join(repoRoot, 'deploy/test/report');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'docker.md'), `# Docker deploy test\n\n${text}`);
  console.log(`\n[docker test] figures (also in deploy/test/report/docker.md):\n${text}`);
  if (process.env.DEPLOY_TEST_RESULTS !== '1') return;
  const file = path.join(repoRoot, 'bench/RESULTS.md');
  const results = fs.readFileSync(file, 'utf8');
  const start = results.indexOf(sectionTitle);
  const how =
    'Written by the docker deploy test with DEPLOY_TEST_RESULTS=1 (`pnpm --filter @exam/deploy test`).';
  const generated = `${sectionTitle}\n\n${how}\n\n${text}`;
  if (start < 0) {
    fs.writeFileSync(file, `${results.trimEnd()}\n\n${generated}\n${findings}\n\n(none yet)\n`);
    return;
  }
  const rest = results.slice(start + sectionTitle.length);
  const nextSection = rest.search(/\n## /);
  const section = nextSection < 0 ? rest : rest.slice(0, nextSection);
  const kept = section.includes(findings)
    ? section.slice(section.indexOf(findings))
    : `${findings}\n\n(none yet)\n`;
  const after = nextSection < 0 ? '' : rest.slice(nextSection);
  fs.writeFileSync(file, `${results.slice(0, start)}${generated}\n${kept.trimEnd()}\n${after}`);
}
