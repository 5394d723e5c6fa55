// Writes the bilingual test page to test-output/test-page.pdf and, when pdftoppm is installed, one PNG per
// page at 150 dpi next to it, to look at.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPdf, renderTestPage } from '../src/index.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const outDir = here('../test-output/');
mkdirSync(outDir, { recursive: true });
const pdfPath = `${outDir}test-page.pdf`;
const pdf = createPdf(createWriteStream(pdfPath), { title: 'PDF engine test page' });
await renderTestPage(pdf, {
  photo: readFileSync(here('../test/fixtures/photo.jpg')),
  signature: readFileSync(here('../test/fixtures/signature.png')),
  logo: readFileSync(here('../test/fixtures/logo.png')),
});
await pdf.end();
console.log(`wrote ${pdfPath} (${pdf.pageCount} pages)`);
try {
  execFileSync('pdftoppm', ['-png', '-r', '150', pdfPath, `${outDir}test-page`]);
  console.log(`wrote ${outDir}test-page-*.png`);
} catch {
  console.warn('pdftoppm not found (Debian package poppler-utils): no PNGs written');
}
