import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyField, openConnection, type Connection } from '../src/index.ts';
import { keptClusterFile } from '../src/connection.ts';

// Connection.transaction: plain SQL on one connection, committed together or not at all (bulk writes of the
// result run).
const pgUrl = process.env.DATABASE_URL;
const opened: Connection[] = [];
afterAll(async () => {
  for (const c of opened) await c.close();
});

const kinds: Array<['pglite' | 'postgresql', () => Promise<Connection>]> = [
  ['pglite', () => openConnection({ pgliteDir: 'memory://' })],
  ...(pgUrl
    ? [
        ['postgresql', () => openConnection({ url: pgUrl, poolMax: 2 })] as [
          'postgresql',
          () => Promise<Connection>,
        ],
      ]
    : []),
];

describe.each(kinds)('a plain-SQL transaction on %s', (_kind, open) => {
  const table = `tx_probe_${Math.random().toString(36).slice(2, 8)}`;

  it('commits every statement when the function resolves, and says how many rows each changed', async () => {
    const c = await open();
    opened.push(c);
    await c.query(`CREATE TABLE ${table} (id int PRIMARY KEY, note text)`);
    const changed = await c.transaction(async (tx) => {
      const inserted = await tx.execute(
        `INSERT INTO ${table} SELECT i, 'n' || i FROM generate_series(1, 3) AS i`,
      );
      const updated = await tx.execute(`UPDATE ${table} SET note = 'x' WHERE id >= $1`, [2]);
      const seen = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      return { inserted, updated, seen: seen[0]!.n };
    });
    expect(changed).toEqual({ inserted: 3, updated: 2, seen: 3 });
    expect(await c.query(`SELECT id, note FROM ${table} ORDER BY id`)).toEqual([
      { id: 1, note: 'n1' },
      { id: 2, note: 'x' },
      { id: 3, note: 'x' },
    ]);

    // A failing statement rolls back what came before it in the same transaction, and the error reaches the
    // caller.
    await expect(
      c.transaction(async (tx) => {
        await tx.execute(`DELETE FROM ${table}`);
        await tx.execute(`INSERT INTO ${table} VALUES (1, 'dup'), (1, 'dup')`);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await c.query(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([{ n: 3 }]);

    // A throw from the caller's own code rolls back too, and the connection stays usable.
    await expect(
      c.transaction(async (tx) => {
        await tx.execute(`DELETE FROM ${table}`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await c.query(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([{ n: 3 }]);
    await c.query(`DROP TABLE ${table}`);
  });

  it(
    'copies rows in COPY text format inside the transaction, every awkward character and null kept, json ' +
      'parsed once',
    async () => {
      const c = await open();
      opened.push(c);
      const copied = `${table}_copy`;
      await c.query(`CREATE TABLE ${copied} (id int PRIMARY KEY, note text, doc json)`);
      const awkward = 'tab\there, new\nline, back\\slash \\N, द्वितीय ≥ 40 %';
      const doc = JSON.stringify({ text: 'line one\nline "two"\t\\', marks: ['27.50', null] });
      const rows = [
        [1, awkward, doc],
        [2, null, '[]'],
        [3, '', null],
      ]
        .map((r) => r.map(copyField).join('\t') + '\n')
        .join('');
      await c.transaction(async (tx) => {
        await tx.copyFrom(`${copied} (id, note, doc)`, rows);
        expect(await tx.query(`SELECT count(*)::int AS n FROM ${copied}`)).toEqual([{ n: 3 }]);
      });
      expect(await c.query(`SELECT id, note, doc FROM ${copied} ORDER BY id`)).toEqual([
        { id: 1, note: awkward, doc: JSON.parse(doc) },
        { id: 2, note: null, doc: [] },
        { id: 3, note: '', doc: null },
      ]);
      // A malformed value fails the COPY and rolls the transaction back.
      await expect(
        c.transaction((tx) => tx.copyFrom(`${copied} (id, note, doc)`, `4\tx\t{not json\n`)),
      ).rejects.toThrow(/json/i);
      expect(await c.query(`SELECT count(*)::int AS n FROM ${copied}`)).toEqual([{ n: 3 }]);
      await c.query(`DROP TABLE ${copied}`);
    },
  );
});

describe('a new embedded database folder', () => {
  it('starts as a copy of the kept new cluster: nothing of ours, and keeps what it writes', async () => {
    // Whichever process made a new cluster first left its copy for this machine (this one, if none did).
    const first = await openConnection({ pgliteDir: 'memory://' });
    await first.close();
    expect(keptClusterFile && fs.existsSync(keptClusterFile)).toBe(true);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-new-cluster-'));
    try {
      const db = await openConnection({ pgliteDir: dir });
      expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      expect(
        await db.query(`SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace`),
      ).toEqual([{ n: 0 }]);
      await db.query(`CREATE TABLE kept (note text)`);
      await db.query(`INSERT INTO kept VALUES ('still here')`);
      await db.close();
      const again = await openConnection({ pgliteDir: dir });
      expect(await again.query(`SELECT note FROM kept`)).toEqual([{ note: 'still here' }]);
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
