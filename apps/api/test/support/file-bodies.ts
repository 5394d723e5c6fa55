import { parse } from 'csv-parse/sync';
import type request from 'supertest';

/** Collects a binary answer (supertest buffers only text by default). */
export const binary = (res: request.Test) =>
  res.buffer(true).parse((response, done) => {
    const parts: Buffer[] = [];
    response.on('data', (c: Buffer) => parts.push(c));
    response.on('end', () => done(null, Buffer.concat(parts)));
  });

/** The rows of a downloaded CSV (UTF-8 with a byte order mark). */
export const csvRows = (body: Buffer) => parse(body.toString('utf8'), { bom: true }) as string[][];
