#!/usr/bin/env node
// Lists the lines of the code (TypeScript, JavaScript) longer than Prettier's print width, which Prettier
// cannot shorten (long strings, template literals, comments). The message catalogues are prose and are not
// counted: a translator reads a whole sentence per line. Usage: node tools/line-width.mjs [--check] [path...]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * A line's width as Prettier measures it: combining marks (Devanagari vowel signs, virama) take no column.
 */
const widthOf = (line) => [...line.replace(/\p{M}/gu, '')].length;

const width = JSON.parse(fs.readFileSync(new URL('../.prettierrc.json', import.meta.url), 'utf8')).printWidth;
const args = process.argv.slice(2);
const check = args.includes('--check');
const paths = args.filter((a) => a !== '--check');
const files = execFileSync('git', ['ls-files', '--', ...(paths.length ? paths : ['.'])], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f))
  .filter((f) => !/packages\/contracts\/src\/i18n\/(screens-hi\.ts|messages\/)/.test(f))
  .filter((f) => fs.existsSync(f));
let count = 0;
for (const file of files) {
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (widthOf(line) <= width) return;
      count++;
      if (!check || count <= 50) console.log(`${file}:${i + 1}: ${widthOf(line)} characters`);
    });
}
console.log(`${count} line${count === 1 ? '' : 's'} longer than ${width} characters`);
if (check && count) process.exit(1);
