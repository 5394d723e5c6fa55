import { describe, expect, it } from 'vitest';
import { verificationLogWriter } from '../src/modules/documents/verification-routes.ts';

// The verification log is written after the answers, in batches (one INSERT per batch), and a failed write
// never reaches a caller of verify.
describe('verification log writer', () => {
  const recorder = (fail = false) => {
    const calls: unknown[][][] = [];
    return {
      calls,
      db: {
        query: async <T>(_sql: string, params?: unknown[]) => {
          calls.push(params as unknown[][]);
          if (fail) throw new Error('database away');
          return [] as T[];
        },
      },
    };
  };
  const row = (n: number) => ({
    token_hash: 'h'.repeat(63) + n,
    doc_id: `D${n}`,
    result: 'VALID',
    ip: '10.0.0.1',
  });

  it('writes the rows of a burst in one statement after the interval, in order', async () => {
    const { calls, db } = recorder();
    const writer = verificationLogWriter(db, 50, 500);
    for (let n = 1; n <= 3; n++) writer.add(row(n));
    expect(calls).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 120));
    expect(calls).toHaveLength(1);
    expect(calls[0]![1]).toEqual(['D1', 'D2', 'D3']);
    expect(calls[0]![2]).toEqual(['VALID', 'VALID', 'VALID']);
  });

  it('writes at once when a batch is full, and flush() writes what is left', async () => {
    const { calls, db } = recorder();
    const writer = verificationLogWriter(db, 10_000, 2);
    writer.add(row(1));
    writer.add(row(2));
    writer.add(row(3));
    await writer.flush();
    expect(calls.map((c) => c[1])).toEqual([['D1', 'D2'], ['D3']]);
  });

  it('a failed write is reported, not thrown, and later rows are still written', async () => {
    const failing = recorder(true);
    const writer = verificationLogWriter(failing.db, 10_000, 500);
    writer.add(row(1));
    await expect(writer.flush()).resolves.toBeUndefined();
    writer.add(row(2));
    await writer.flush();
    expect(failing.calls.map((c) => c[1])).toEqual([['D1'], ['D2']]);
  });
});
