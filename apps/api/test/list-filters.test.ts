import { describe, expect, it } from 'vitest';
import { listFilterFields, paperInfoSemResource, resources } from '@exam/contracts';
import { useTestApp } from './support/context.ts';
import { uniqueKey } from './support/factories.ts';
import { binary, csvRows } from './support/file-bodies.ts';

/**
 * Equality filters of every list (`?session_id=…&sem_id=…`), named after the resource's key, parent and
 * enumerated fields, checked by the fields' own schemas, and applied the same to the list and to its CSV/XLSX
 * download.
 */
const ctx = useTestApp();

/** A session of its own with two semesters' paper links on BA01, so the counts are known. */
async function seedSession() {
  const session = uniqueKey('S');
  const p = ctx.db.prisma;
  await p.session.create({ data: { session_id: session, session_name: `Session ${session}` } });
  const papers: string[] = [];
  for (const sem of ['1', '2']) {
    await p.ccinfoSem.create({ data: { session_id: session, course_comb_id: 'BA01', sem_id: sem } });
    for (const [i, type] of [0, 1, 2].entries()) {
      const paper = await p.paper.create({
        data: { paper_id: uniqueKey(`F${i}`), paper_name: `Filter paper ${sem}-${i}` },
      });
      papers.push(paper.paper_id);
      await p.paperInfoSem.create({
        data: {
          session_id: session,
          course_comb_id: 'BA01',
          sem_id: sem,
          paper_id: paper.paper_id,
          paper_type: type,
          elective_status: 0,
          group_status: 'N',
          group_code: 'NG',
          paper_score_status: 'Y',
          th_pr_status: i === 2 ? 'PR' : 'TH',
        },
      });
    }
  }
  return { session, papers };
}

describe('list filters', () => {
  it(
    'every resource filters on its keys, its parents and its enumerations (paperinfosem: session, course, ' +
      'semester, …)',
    () => {
      expect(listFilterFields(paperInfoSemResource).slice(0, 4)).toEqual([
        'session_id',
        'course_comb_id',
        'sem_id',
        'paper_id',
      ]);
      expect(listFilterFields(paperInfoSemResource)).toEqual(
        expect.arrayContaining(['paper_type', 'th_pr_status', 'course_category']),
      );
      expect(listFilterFields(paperInfoSemResource)).not.toContain('max_marks');
      for (const resource of resources)
        expect(listFilterFields(resource)).toEqual(expect.arrayContaining([...resource.keyFields]));
    },
  );

  it(
    'paperinfosem by session, course combination and semester answers only those rows, with the total of ' +
      'the filter',
    async () => {
      const { session } = await seedSession();
      const office = await ctx.as('office');
      const all = await ctx.api.get(`/api/paperinfosem?session_id=${session}`).set(office);
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(6);
      const sem2 = await ctx.api
        .get(`/api/paperinfosem?session_id=${session}&course_comb_id=BA01&sem_id=2&limit=2`)
        .set(office);
      expect(sem2.body.total).toBe(3);
      expect(sem2.body.paperinfosem).toHaveLength(2);
      for (const row of sem2.body.paperinfosem)
        expect(row).toMatchObject({ session_id: session, course_comb_id: 'BA01', sem_id: '2' });
      // A numeric enumeration sent as text, and a text one; with the search and a descending sort.
      const external = await ctx.api
        .get(`/api/paperinfosem?session_id=${session}&paper_type=1&sort=-sem_id`)
        .set(office);
      expect(
        external.body.paperinfosem.map((r: { sem_id: string; paper_type: number }) => [
          r.sem_id,
          r.paper_type,
        ]),
      ).toEqual([
        ['2', 1],
        ['1', 1],
      ]);
      const practical = await ctx.api
        .get(`/api/paperinfosem?session_id=${session}&th_pr_status=PR&q=F2`)
        .set(office);
      expect(practical.body.total).toBe(2);
      // ccinfosem likewise.
      const links = await ctx.api.get(`/api/ccinfosem?session_id=${session}&sem_id=1`).set(office);
      expect(links.body.ccinfo_sem).toEqual([
        expect.objectContaining({ session_id: session, course_comb_id: 'BA01', sem_id: '1' }),
      ]);
    },
  );

  it('a bad filter value is refused (422 naming each field); an unknown parameter is ignored', async () => {
    const office = await ctx.as('office');
    const bad = await ctx.api
      .get('/api/paperinfosem?paper_type=7&th_pr_status=XX&session_id=a%20b')
      .set(office);
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['paper_type', 'session_id', 'th_pr_status']);
    expect(bad.body.errors.paper_type[0]).toMatch(/Must be one of 0 \(External and Internal\)/);
    const twice = await ctx.api.get('/api/paperinfosem?sem_id=1&sem_id=2').set(office);
    expect(twice.status).toBe(422);
    expect(twice.body.errors.sem_id).toEqual(['Give one value']);
    const unknown = await ctx.api.get('/api/paperinfosem?max_marks=100&limit=1').set(office);
    expect(unknown.status).toBe(200);
    // The download refuses the same values.
    expect((await ctx.api.get('/api/paperinfosem?format=csv&paper_type=x').set(office)).status).toBe(422);
  });

  it('a download holds exactly the filtered, sorted rows of the list', async () => {
    const { session } = await seedSession();
    const office = await ctx.as('office');
    const query = `session_id=${session}&sem_id=1&sort=-paper_id`;
    const list = await ctx.api.get(`/api/paperinfosem?${query}`).set(office);
    const csv = await binary(ctx.api.get(`/api/paperinfosem?${query}&format=csv`).set(office));
    expect(csv.status).toBe(200);
    const rows = csvRows(csv.body as Buffer);
    const paperColumn = rows[0]!.indexOf('Paper Id');
    expect(rows.slice(1).map((r) => r[paperColumn])).toEqual(
      list.body.paperinfosem.map((r: { paper_id: string }) => r.paper_id),
    );
    expect(rows).toHaveLength(4);
    expect([...rows.slice(1).map((r) => r[paperColumn]!)]).toEqual(
      [...rows.slice(1).map((r) => r[paperColumn]!)].sort().reverse(),
    );
  });
});
