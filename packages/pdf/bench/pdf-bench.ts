// Throughput and memory of @exam/pdf (not a test: numbers depend on the machine and its load).
//   pnpm --filter @exam/pdf bench [cards=2000] [singles=300]
// batch: one PDF of N admit-card pages streamed to /dev/null, RSS sampled every 500 pages;
// singles: N one-card PDFs built in memory one after another (a student's download, a ZIP of cards).
// pages/CPU-s divides by the process's own CPU time, which other work on a shared machine does not inflate.
import { createWriteStream } from 'node:fs';
import { createPdf, renderPdfToBuffer } from '../src/index.ts';
import { drawSampleAdmitCard } from '../test/fixtures/sample-admit-card.ts';

const cards = Number(process.argv[2] ?? 2000);
const singles = Number(process.argv[3] ?? 300);
const mb = (bytes: number) => Math.round(bytes / 1048576);

async function measure(name: string, pages: number, run: (sample: (done: number) => void) => Promise<void>) {
  const rss: string[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run((done) => rss.push(`${done}:${mb(process.memoryUsage().rss)}`));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    JSON.stringify({
      name,
      pages,
      seconds: +seconds.toFixed(1),
      pagesPerSecond: +(pages / seconds).toFixed(1),
      pagesPerCpuSecond: +(pages / cpuSeconds).toFixed(1),
      rssMBByPage: rss.join(' '),
      finalRssMB: mb(process.memoryUsage().rss),
    }),
  );
}

// Warm-up: module loading, WebAssembly compilation and the first shaping of each word are not throughput.
await renderPdfToBuffer(async (pdf) => {
  for (let i = 0; i < 20; i++) await drawSampleAdmitCard(pdf, i);
});

await measure('admit cards, one streamed batch', cards, async (sample) => {
  const pdf = createPdf(createWriteStream('/dev/null'));
  for (let i = 0; i < cards; i++) {
    await drawSampleAdmitCard(pdf, i);
    if (i % 500 === 0) sample(i);
  }
  await pdf.end();
  sample(cards);
});

await measure('admit cards, one PDF each (in memory)', singles, async (sample) => {
  for (let i = 0; i < singles; i++) {
    await renderPdfToBuffer((pdf) => drawSampleAdmitCard(pdf, i));
    if (i % 100 === 0) sample(i);
  }
  sample(singles);
});
