import type { Writable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import { documentFileName } from './printable.ts';
import { renderDocumentPdf, type BatchItem } from './templates/index.ts';

/**
 * A batch streamed as a ZIP of one PDF per document (ADR 0029: fflate's streaming Zip, entries stored, not
 * deflated: the PDFs are compressed already). One document is rendered, written and let go at a time, and the
 * next waits while `output` is full, so memory stays flat for any number; the ZIP's central directory (about
 * 100 bytes a document) is what grows. Returns the documents written.
 */
export async function writeDocumentsZip(output: Writable, items: AsyncIterable<BatchItem>): Promise<number> {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else if (chunk.length) output.write(chunk);
    if (final) output.end();
  });
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        output.off('drain', done);
        output.off('close', done);
        resolve();
      };
      output.on('drain', done).on('close', done);
    });
  let count = 0;
  try {
    for await (const item of items) {
      // The client went away: nothing more to write.
      if (output.destroyed) {
        zip.terminate();
        return count;
      }
      const pdf = await renderDocumentPdf(item.doc, { photo: item.photo ?? null });
      const entry = new ZipPassThrough(documentFileName(item.doc));
      entry.mtime = item.doc.issued_at ? new Date(item.doc.issued_at) : new Date();
      zip.add(entry);
      entry.push(pdf, true);
      if (failure) throw failure;
      count += 1;
      if (output.writableNeedDrain) await drained();
    }
    zip.end();
    if (failure) throw failure;
  } catch (error) {
    zip.terminate();
    output.destroy(error as Error);
    throw error;
  }
  return count;
}
