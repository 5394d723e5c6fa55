import { Router, type Request, type Response } from 'express';
import {
  entryBatchCreate,
  entryBatchOpen,
  entryBatchResource,
  enterCapabilityOf,
  entryRowsPut,
  timestamp,
  totalsOf,
  type CapabilityKey,
  type EntryBatchCreate,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { z } from 'zod';
import { recordChange, recordChanges } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { asDelegate, keyFromPath, present, type Store } from '../../platform/crud/store.ts';
import { AppError, duplicateKey, invalid, parseOr422, prismaCode } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { componentMax } from './award-lists.ts';
import { awardSheetPdf } from './award-sheet-pdf.ts';
import { findBatch, readRows, saveRows } from './entry-rows.ts';
import { newId } from './sql.ts';

type Tx = Prisma.TransactionClient;

/** Where the engine finds entry batches (list, one, edit, delete, workflow). */
export const entryBatchStore: Store = { delegate: (c) => asDelegate(c.entryBatch) };

const readScope = (res: Response) => scopeOf(res, entryBatchResource.capability.read as CapabilityKey);
const rowsBody = entryRowsPut.extend({ updated_at: z.union([timestamp, z.null()]).optional() });

/** The paper's department (null for a paper without one) and its course link's coding flag. */
async function paperFacts(
  tx: Tx,
  input: Pick<EntryBatchCreate, 'exam_id' | 'session_id' | 'course_comb_id' | 'sem_id' | 'paper_id'>,
) {
  const [paper, link] = await Promise.all([
    tx.paper.findUnique({ where: { paper_id: input.paper_id }, select: { dept_id: true } }),
    tx.examCcinfo.findUnique({
      where: {
        key: {
          exam_id: input.exam_id,
          session_id: input.session_id,
          course_comb_id: input.course_comb_id,
          sem_id: input.sem_id,
        },
      },
      select: { coding: true },
    }),
  ]);
  if (!link)
    throw invalid({
      exam_id: [
        `${input.course_comb_id} ${input.sem_id} (${input.session_id}) does not sit exam ${input.exam_id} (no exam course link).`,
      ],
    });
  return { dept_id: paper?.dept_id ?? null, coding: link.coding };
}

/**
 * Creates one batch with a row per candidate (roll-number order), refusing what the batch's kind needs and
 * lacks.
 */
async function createBatch(tx: Tx, input: EntryBatchCreate) {
  const facts = await paperFacts(tx, input);
  const errors: Record<string, string[]> = {};
  if (input.component === 'INT' && !input.college_id)
    errors.college_id = ['Internal marks are entered per college: name the college'];
  if (input.component === 'PR') {
    if (!input.practical_date) errors.practical_date = ['Required: the date of the practical batch'];
    if (!input.practical_shift) errors.practical_shift = ['Required: FN or AN'];
    if (!input.lab) errors.lab = ['Required: the laboratory'];
  }
  if (input.component !== 'INT' && input.pattern_id)
    errors.pattern_id = ['A CIA pattern applies to internal marks only'];
  if (Object.keys(errors).length) throw invalid(errors);
  if (input.component === 'EXT' && facts.coding === 'ON') {
    throw new AppError(
      'LOCKED',
      `Answer books of ${input.course_comb_id} ${input.sem_id} in ${input.exam_id} are coded (coding ON): external marks are entered as award lists per packet by fictitious number, opened with the packets (coding), not by roll number.`,
    );
  }
  if (
    input.pattern_id &&
    !(await tx.ciaPattern.findUnique({
      where: { pattern_id: input.pattern_id },
      select: { pattern_id: true },
    }))
  ) {
    throw invalid({ pattern_id: [`CIA pattern ${input.pattern_id} does not exist.`] });
  }
  const max = await componentMax(tx, input, input.component);
  const unit =
    input.component === 'INT'
      ? `${input.college_id}/${facts.dept_id ?? '-'}`
      : input.component === 'EXT'
        ? `${input.college_id ?? 'ALL'}`
        : `${input.college_id ?? 'ALL'}/${input.practical_date}/${input.practical_shift}/${input.lab}`;
  const batch_id = newId('B');
  await tx.entryBatch.create({
    data: {
      batch_id,
      component: input.component,
      exam_id: input.exam_id,
      session_id: input.session_id,
      course_comb_id: input.course_comb_id,
      sem_id: input.sem_id,
      paper_id: input.paper_id,
      unit_key: unit,
      college_id: input.college_id ?? null,
      dept_id: facts.dept_id,
      max_marks: max,
      deadline: input.deadline ? new Date(input.deadline) : null,
      pattern_id: input.pattern_id ?? null,
      practical_date: input.practical_date ?? null,
      practical_shift: input.practical_shift ?? null,
      lab: input.lab ?? null,
      internal_examiner: input.internal_examiner ?? null,
      external_examiner: input.external_examiner ?? null,
    },
  });
  const rows = await tx.$executeRawUnsafe(
    `INSERT INTO entry_row (batch_id, line, attempt_id)
     SELECT $1::text, row_number() OVER (ORDER BY f.roll_no NULLS LAST, a.student_id)::int, a.attempt_id
       FROM attempt a LEFT JOIN exam_form f ON f.form_id = a.form_id
      WHERE a.exam_id = $2 AND a.session_id = $3 AND a.course_comb_id = $4 AND a.sem_id = $5 AND a.paper_id = $6
        AND ($7::text IS NULL OR a.college_id = $7::text) AND ($8::text[] IS NULL OR a.attempt_id = ANY($8::text[]))`,
    batch_id,
    input.exam_id,
    input.session_id,
    input.course_comb_id,
    input.sem_id,
    input.paper_id,
    input.college_id ?? null,
    input.attempt_ids?.length ? input.attempt_ids : null,
  );
  if (!rows)
    throw invalid({
      paper_id: [
        `No candidate of ${input.exam_id} takes paper ${input.paper_id} of ${input.course_comb_id} ${input.sem_id}${input.college_id ? ` in college ${input.college_id}` : ''}${input.attempt_ids?.length ? ' among the attempts named' : ''}.`,
      ],
    });
  if (input.attempt_ids?.length && rows !== new Set(input.attempt_ids).size)
    throw invalid({
      attempt_ids: [
        `${new Set(input.attempt_ids).size - rows} of the attempts named are not candidates of this paper${input.college_id ? ` in college ${input.college_id}` : ''}.`,
      ],
    });
  await tx.entryBatch.update({ where: { batch_id }, data: { row_count: rows } });
  return batch_id;
}

/**
 * Internal (or roll-number external) batches for every paper × college of an exam with candidates, set-based:
 * one batch per paper, college and the paper's department, skipping units that have one and papers whose
 * scheme has no numeric maximum for the component (named in the answer). External batches only where coding
 * is OFF.
 */
export async function openBatches(tx: Tx, input: z.infer<typeof entryBatchOpen>) {
  const maxColumn = input.component === 'INT' ? 'int_max_marks' : 'ext_max_marks';
  const candidates = await tx.$queryRawUnsafe<
    Array<{
      session_id: string;
      course_comb_id: string;
      sem_id: string;
      paper_id: string;
      college_id: string;
      dept_id: string | null;
      max: string | null;
      n: number;
    }>
  >(
    `SELECT a.session_id, a.course_comb_id, a.sem_id, a.paper_id, a.college_id, p.dept_id,
            CASE WHEN ps.${maxColumn} ~ '^\\d{1,4}(\\.\\d{1,2})?$' AND ps.${maxColumn}::numeric > 0 THEN ps.${maxColumn} END AS max, count(*)::int AS n
       FROM attempt a JOIN paperinfosem ps USING (session_id, course_comb_id, sem_id, paper_id) JOIN paper p ON p.paper_id = a.paper_id
       JOIN exam_ccinfo l ON l.exam_id = a.exam_id AND l.session_id = a.session_id AND l.course_comb_id = a.course_comb_id AND l.sem_id = a.sem_id
      WHERE a.exam_id = $1 AND ($2::text IS NULL OR a.paper_id = $2::text) AND ($3::text = 'INT' OR (l.coding = 'OFF' AND ps.th_pr_status::text = 'TH'))
      GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 4, 5`,
    input.exam_id,
    input.paper_id ?? null,
    input.component,
  );
  const usable = candidates.filter((c) => c.max !== null);
  const skipped = [...new Set(candidates.filter((c) => c.max === null).map((c) => c.paper_id))];
  const ids = usable.map(() => newId('B'));
  const created = await tx.$queryRawUnsafe<Array<{ batch_id: string }>>(
    `INSERT INTO entry_batch (batch_id, component, exam_id, session_id, course_comb_id, sem_id, paper_id, unit_key, college_id, dept_id, max_marks, deadline, pattern_id, row_count, updated_at)
     SELECT t.id, $1::text, $2::text, t.s, t.c, t.m, t.p, CASE WHEN $1::text = 'INT' THEN t.col || '/' || COALESCE(t.d, '-') ELSE t.col END, t.col, t.d, t.mx::numeric(6,2), $3::timestamptz, $4::text, t.n, now()
       FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::int[]) AS t(id, s, c, m, p, col, d, mx, n)
     ON CONFLICT (exam_id, session_id, course_comb_id, sem_id, paper_id, component, unit_key) DO NOTHING RETURNING batch_id`,
    input.component,
    input.exam_id,
    input.deadline ?? null,
    input.component === 'INT' ? (input.pattern_id ?? null) : null,
    ids,
    usable.map((c) => c.session_id),
    usable.map((c) => c.course_comb_id),
    usable.map((c) => c.sem_id),
    usable.map((c) => c.paper_id),
    usable.map((c) => c.college_id),
    usable.map((c) => c.dept_id),
    usable.map((c) => c.max),
    usable.map((c) => c.n),
  );
  const newIds = created.map((c) => c.batch_id);
  if (newIds.length) {
    await tx.$executeRawUnsafe(
      `INSERT INTO entry_row (batch_id, line, attempt_id)
       SELECT b.batch_id, row_number() OVER (PARTITION BY b.batch_id ORDER BY f.roll_no NULLS LAST, a.student_id)::int, a.attempt_id
         FROM entry_batch b JOIN attempt a ON a.exam_id = b.exam_id AND a.session_id = b.session_id AND a.course_comb_id = b.course_comb_id AND a.sem_id = b.sem_id AND a.paper_id = b.paper_id AND a.college_id = b.college_id
         LEFT JOIN exam_form f ON f.form_id = a.form_id
        WHERE b.batch_id = ANY($1::text[])`,
      newIds,
    );
  }
  return { created: newIds, existing: usable.length - newIds.length, skipped };
}

/**
 * The marks module's own calls for entry batches (the engine lists them with filters `exam_id`, `component`,
 * `status`, `college_id`, `paper_id`, ... and serves one batch, its edit and its delete):
 * - `POST /api/entrybatch` one batch; `POST /api/entrybatch-open` every internal (or uncoded external) batch
 *   of an exam;
 * - `GET|PUT /api/entrybatch/{batch_id}/rows` the rows (a coded batch: fictitious numbers only) and a draft
 *   save;
 * - `GET /api/entrybatch/{batch_id}/pdf` the award sheet for signatures;
 * - `GET /api/entrybatch-pending` batches not yet submitted, with deadlines (overdue first).
 */
export function entryRoutes(db: Database, options: { step: string }) {
  const router = Router();

  router
    .route('/entrybatch')
    .post(async (req, res) => {
      scopeOf(res, 'exam-setup.write');
      const input = parseOr422(entryBatchCreate, req.body ?? {});
      const batch = await db.prisma
        .$transaction(async (tx) => {
          const id = await createBatch(tx, input);
          const created = present(
            entryBatchStore,
            (await tx.entryBatch.findUnique({ where: { batch_id: id } }))!,
          );
          await recordChange(tx, req, res, {
            action: 'create',
            entity: 'entrybatch',
            key: id,
            after: created,
          });
          return created;
        })
        .catch((error) => {
          if (prismaCode(error) === 'P2002')
            throw duplicateKey(
              `Paper ${input.paper_id} already has a ${input.component} batch for ${input.college_id ?? 'all colleges'}${input.component === 'PR' ? ` on ${input.practical_date} ${input.practical_shift} in ${input.lab}` : ''} in ${input.exam_id}.`,
            );
          throw error;
        });
      res.status(201).json({
        entrybatch: batch,
        message: `Marks batch ${String(batch.batch_id)} opened with ${String(batch.row_count)} candidates.`,
      });
    })
    .all((req, res, next) => (req.method === 'GET' ? next() : methodNotAllowed(req, res, next)));

  router
    .route('/entrybatch-open')
    .post(async (req, res) => {
      scopeOf(res, 'exam-setup.write');
      const input = parseOr422(entryBatchOpen, req.body ?? {});
      const out = await db.prisma.$transaction(
        async (tx) => {
          const result = await openBatches(tx, input);
          if (result.created.length) {
            const rows = await tx.entryBatch.findMany({ where: { batch_id: { in: result.created } } });
            await recordChanges(
              tx,
              req,
              res,
              rows.map((r) => ({
                action: 'create' as const,
                entity: 'entrybatch',
                key: r.batch_id,
                after: present(entryBatchStore, r),
              })),
            );
          }
          return result;
        },
        { timeout: 60_000 },
      );
      const kind = input.component === 'INT' ? 'internal' : 'external (roll number)';
      res.status(201).json({
        created: out.created.length,
        existing: out.existing,
        message: `${out.created.length} ${kind} batches opened for ${input.exam_id}${out.existing ? `; ${out.existing} existed already` : ''}${out.skipped.length ? `; papers without a numeric ${input.component === 'INT' ? 'int_max_marks' : 'ext_max_marks'} skipped: ${out.skipped.join(', ')}` : ''}.`,
      });
    })
    .all(methodNotAllowed);

  router
    .route('/entrybatch/:batch_id/rows')
    .get(async (req, res) => {
      const { batch_id } = keyFromPath(entryBatchResource, req.params as Record<string, string>);
      const answer = await db.prisma.$transaction(async (tx) => {
        const batch = await findBatch(tx, batch_id, readScope(res), res.locals.user!);
        const rows = await readRows(tx, batch);
        return {
          rows,
          totals: totalsOf(rows),
          max_marks: batch.max_marks,
          coded: batch.coded,
          status: batch.status,
          updated_at: batch.updated_at.toISOString(),
        };
      });
      res.json(answer);
    })
    .put(async (req: Request, res: Response) => {
      const { batch_id } = keyFromPath(entryBatchResource, req.params as Record<string, string>);
      const scope = readScope(res);
      const input = parseOr422(rowsBody, req.body ?? {});
      const out = await saveRows(
        db,
        batch_id,
        input,
        {
          user: res.locals.user!,
          readScope: scope,
          enterScope: (component) => scopeOf(res, enterCapabilityOf[component] as CapabilityKey),
          requestId: req.id as string | undefined,
        },
        options.step,
      );
      res.json({
        saved: out.changes.length,
        status: out.status,
        updated_at: out.updated_at.toISOString(),
        totals: out.totals,
        message: out.changes.length
          ? `Saved ${out.changes.length} ${out.changes.length === 1 ? 'row' : 'rows'}; ${out.totals.pending} still pending.`
          : 'Nothing changed.',
      });
    })
    .all(methodNotAllowed);

  router
    .route('/entrybatch/:batch_id/pdf')
    .get(async (req, res) => {
      const { batch_id } = keyFromPath(entryBatchResource, req.params as Record<string, string>);
      const { full, rows } = await db.prisma.$transaction(async (tx) => {
        const found = await findBatch(tx, batch_id, readScope(res), res.locals.user!);
        return {
          full: (await tx.entryBatch.findUnique({ where: { batch_id } }))!,
          rows: await readRows(tx, found),
        };
      });
      await awardSheetPdf(db, present(entryBatchStore, full), rows, res);
    })
    .all(methodNotAllowed);

  router
    .route('/entrybatch-pending')
    .get(async (req, res) => {
      const within = scopeWhere(readScope(res), res.locals.user!, entryBatchResource.scopeFields);
      const q = req.query as Record<string, string | undefined>;
      const filters = Object.fromEntries(
        ['exam_id', 'college_id', 'component', 'paper_id']
          .filter((f) => typeof q[f] === 'string' && q[f])
          .map((f) => [f, String(q[f])]),
      );
      const batches = within
        ? await db.prisma.entryBatch.findMany({
            where: { AND: [within, filters, { status: { in: ['OPEN', 'DRAFT', 'REOPENED'] } }] },
            orderBy: [
              { deadline: { sort: 'asc', nulls: 'last' } },
              { paper_id: 'asc' },
              { college_id: 'asc' },
            ],
            take: 1000,
          })
        : [];
      const counts = batches.length
        ? await db.query<{ batch_id: string; pending: number }>(
            `SELECT batch_id, count(*) FILTER (WHERE value IS NULL AND status IS NULL)::int AS pending FROM entry_row WHERE batch_id = ANY($1::text[]) GROUP BY batch_id`,
            [batches.map((b) => b.batch_id)],
          )
        : [];
      const pendingOf = new Map(counts.map((c) => [c.batch_id, c.pending]));
      const now = Date.now();
      res.json({
        pending: batches.map((b) => ({
          batch_id: b.batch_id,
          component: b.component,
          exam_id: b.exam_id,
          paper_id: b.paper_id,
          college_id: b.college_id,
          dept_id: b.dept_id,
          status: b.status,
          deadline: b.deadline?.toISOString() ?? null,
          overdue: Boolean(b.deadline && b.deadline.getTime() < now),
          rows: b.row_count,
          pending: pendingOf.get(b.batch_id) ?? 0,
        })),
        total: batches.length,
      });
    })
    .all(methodNotAllowed);

  return router;
}
