// Rewrites the README's configuration table from the catalogue (between the settings markers).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readmeTable } from '../src/index.ts';
import { README_END, README_START } from '../src/repository-files.ts';

const readme = fileURLToPath(new URL('../../../README.md', import.meta.url));
const text = fs.readFileSync(readme, 'utf8');
const start = text.indexOf(README_START);
const end = text.indexOf(README_END);
if (start < 0 || end < start) throw new Error(`README.md has no ${README_START} ... ${README_END} block`);
fs.writeFileSync(
  readme,
  `${text.slice(0, start + README_START.length)}\n${readmeTable()}\n${text.slice(end)}`,
);
console.log('README.md configuration table rewritten from packages/settings/src/catalogue.ts');
