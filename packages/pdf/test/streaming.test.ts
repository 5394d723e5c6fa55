// A batch of many pages streams: the output receives pages while later ones are still being drawn, the
// builder never holds more than its high-water mark for a slow reader, and the file is a valid PDF with
// every page in it.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createPdf } from '../src/index.ts';
import { drawSampleAdmitCard } from './fixtures/sample-admit-card.ts';
import { pageObjects, readObjects } from './support/pdf-reader.ts';

const CARDS = 1000;

/**
 * A reader slower than the writer: every 16th chunk waits for the next event-loop turn. Keeps what it got.
 */
function slowReader() {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      if (chunks.length % 16 === 0) setImmediate(done);
      else done();
    },
  });
  return {
    sink,
    received: () => chunks.reduce((n, c) => n + c.length, 0),
    bytes: () => Buffer.concat(chunks),
  };
}

describe('streaming batch', () => {
  it(`writes ${CARDS} admit cards to a slow reader with bounded buffering into one valid PDF`, async () => {
    const reader = slowReader();
    const highWaterMark = 256 * 1024;
    const pdf = createPdf(reader.sink, { highWaterMark, title: 'Admit cards' });
    let receivedAtHalfway = 0;
    for (let i = 0; i < CARDS; i++) {
      await drawSampleAdmitCard(pdf, i);
      if (i === CARDS / 2) receivedAtHalfway = reader.received();
    }
    await pdf.end();
    const file = reader.bytes();

    expect(receivedAtHalfway, 'pages reached the output before the batch ended').toBeGreaterThan(
      file.length / 4,
    );
    // One page of unsent output at most beyond the high-water mark (a card is ~10 KB).
    expect(pdf.peakBufferedBytes).toBeLessThan(highWaterMark + 64 * 1024);

    expect(file.subarray(0, 8).toString('latin1')).toMatch(/^%PDF-1\.\d/);
    expect(file.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    const text = file.toString('latin1');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    const xref = /^xref\n0 (\d+)\n([\s\S]*?)trailer/.exec(text.slice(startxref));
    expect(xref, 'startxref points at the cross-reference table').not.toBeNull();
    const entries = xref![2].trim().split('\n').slice(1);
    expect(entries).toHaveLength(Number(xref![1]) - 1);
    entries.forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.startsWith(`${i + 1} 0 obj`, offset), `object ${i + 1} at offset ${offset}`).toBe(true);
    });
    const objects = readObjects(file);
    expect(pageObjects(objects)).toHaveLength(CARDS);
    expect(
      [...objects.values()].some((o) => new RegExp(`/Type /Pages\\n/Count ${CARDS}\\n`).test(o.dict)),
    ).toBe(true);
    expect(pdf.pageCount).toBe(CARDS);
  });

  it('reports a failing output instead of hanging', async () => {
    const broken = new Writable({
      write(_chunk, _encoding, done) {
        done(new Error('disk full'));
      },
    });
    const pdf = createPdf(broken);
    await expect(
      (async () => {
        for (let i = 0; i < 50; i++) await drawSampleAdmitCard(pdf, i);
        await pdf.end();
      })(),
    ).rejects.toThrow('disk full');
  });
});
