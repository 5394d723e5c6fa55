import { describe, expect, it } from 'vitest';
import { oldVariantA } from '@exam/contracts';
import { useTestApp } from './support/context.ts';
import { uniqueKey } from './support/factories.ts';
import { binary, csvRows } from './support/file-bodies.ts';

/**
 * JSON fields (a rule set's rules) through the files platform: downloaded as JSON text, re-imported
 * unchanged.
 */
const ctx = useTestApp();

const csvFile = (rows: string[][]) =>
  Buffer.from(
    '\uFEFF' + rows.map((r) => r.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n'),
    'utf8',
  );

describe('JSON fields in files', () => {
  it('a download writes rules as JSON text (not [object Object]); imported again, no change', async () => {
    const office = await ctx.as('admin');
    const id = uniqueKey('RJ');
    const created = await ctx.api.post('/api/ruleset').set(office).send({
      ruleset_id: id,
      version: '1',
      scheme: 'OLD',
      title: 'JSON round trip',
      rules: oldVariantA.rules,
      status: 'DRAFT',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const csv = await binary(ctx.api.get(`/api/ruleset?format=csv&ruleset_id=${id}`).set(office));
    expect(csv.status).toBe(200);
    const rows = csvRows(csv.body as Buffer);
    expect(rows).toHaveLength(2);
    const rulesCell = rows[1]![rows[0]!.indexOf('Rules')]!;
    expect(rulesCell).not.toContain('[object Object]');
    expect(JSON.parse(rulesCell)).toEqual(created.body.ruleset.rules);

    const again = await ctx.api
      .post('/api/import/ruleset?dry_run=1')
      .set(office)
      .attach('file', csvFile(rows), 'rulesets.csv');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.rows).toEqual([expect.objectContaining({ row: 2, status: 'unchanged' })]);
    expect(again.body.counts).toMatchObject({ created: 0, updated: 0, unchanged: 1, error: 0 });

    // A real change of the rules still reads as an update.
    const changed = JSON.stringify({
      ...created.body.ruleset.rules,
      fail_grade: { grade: 'F', grade_point: '0.5' },
    });
    const rules = rows[0]!.indexOf('Rules');
    const edited = rows.map((row, i) =>
      i === 1 ? row.map((cell, j) => (j === rules ? changed : cell)) : row,
    );
    const update = await ctx.api
      .post('/api/import/ruleset?dry_run=1')
      .set(office)
      .attach('file', csvFile(edited), 'rulesets.csv');
    expect(update.body.rows, JSON.stringify(update.body)).toEqual([
      expect.objectContaining({ row: 2, status: 'updated' }),
    ]);
  });
});
