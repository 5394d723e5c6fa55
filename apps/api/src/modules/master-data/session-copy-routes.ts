import { Router } from 'express';
import {
  KEY_MAX,
  KEY_PATTERN,
  ccinfoSemResource,
  paperInfoSemResource,
  sessionCopyPath,
  sessionCopyQuery,
  sessionCopyReport,
  sessionResource,
  type CapabilityKey,
  type SessionCopyReport,
} from '@exam/contracts';
import { Prisma, type Database } from '@exam/db';
import { recordChanges, type AuditChange } from '../../platform/audit/audit-trail.ts';
import { requireCapability } from '../../platform/auth/capabilities.ts';
import { present } from '../../platform/crud/store.ts';
import { duplicateKey, invalid, notFound, parseOr422, prismaCode } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { errors, json, pathParam, schema, signedInErrors } from '../../platform/openapi/openapi.ts';
import type { OpenApiPaths } from '../../platform/module.ts';
import { masterDataStores as stores } from './stores.ts';

type Row = Record<string, unknown>;
/**
 * Every column of a paper scheme but its session and timestamps, from the contract (the table's columns are
 * its fields).
 */
const copiedFields = Object.keys(paperInfoSemResource.fields).filter((f) => f !== 'session_id');
const copiedColumns = Prisma.raw(copiedFields.map((f) => `"${f}"`).join(', '));
const sourceColumns = Prisma.raw(copiedFields.map((f) => `s."${f}"`).join(', '));
const withoutTimestamps = ({ created_at: _c, updated_at: _u, ...rest }: Row) => rest;
const ccKey = (r: Row) => `${r.course_comb_id}/${r.sem_id}`;
const paperKey = (r: Row) => `${r.course_comb_id}/${r.sem_id}/${r.paper_id}`;

/** What copying `from` into `to` would create and what is there already, read inside `tx`. */
async function plan(tx: Prisma.TransactionClient, from: string, to: string) {
  const [ccFrom, ccTo, papersFrom, papersTo] = await Promise.all([
    tx.ccinfoSem.findMany({
      where: { session_id: from },
      orderBy: [{ course_comb_id: 'asc' }, { sem_id: 'asc' }],
    }),
    tx.ccinfoSem.findMany({ where: { session_id: to }, select: { course_comb_id: true, sem_id: true } }),
    tx.paperInfoSem.findMany({
      where: { session_id: from },
      orderBy: [{ course_comb_id: 'asc' }, { sem_id: 'asc' }, { paper_id: 'asc' }],
    }),
    tx.paperInfoSem.findMany({
      where: { session_id: to },
      select: { course_comb_id: true, sem_id: true, paper_id: true },
    }),
  ]);
  const haveCc = new Set(ccTo.map(ccKey));
  const havePaper = new Set(papersTo.map(paperKey));
  return {
    cc: ccFrom.map((row) => ({
      row: { ...withoutTimestamps(row), session_id: to } as Row,
      exists: haveCc.has(ccKey(row)),
    })),
    papers: papersFrom.map((row) => ({
      row: { ...withoutTimestamps(row), session_id: to } as Row,
      exists: havePaper.has(paperKey(row)),
    })),
  };
}

function report(
  from: string,
  to: string,
  dryRun: boolean,
  { cc, papers }: Awaited<ReturnType<typeof plan>>,
): SessionCopyReport {
  const count = (rows: { exists: boolean }[]) => ({
    create: rows.filter((r) => !r.exists).length,
    exists: rows.filter((r) => r.exists).length,
  });
  const counts = { ccinfo_sem: count(cc), paperinfosem: count(papers) };
  const made = `${counts.ccinfo_sem.create} course-semester links and ${counts.paperinfosem.create} paper schemes`;
  const kept = `${counts.ccinfo_sem.exists + counts.paperinfosem.exists} already in ${to}`;
  return {
    dry_run: dryRun,
    from,
    to,
    message: dryRun
      ? `Copying ${from} into ${to} would create ${made} (${kept}).`
      : `Copied ${from} into ${to}: created ${made} (${kept}, left as they were).`,
    counts,
    ccinfo_sem: cc.map(({ row, exists }) => ({
      course_comb_id: String(row.course_comb_id),
      sem_id: String(row.sem_id),
      status: exists ? 'exists' : 'create',
    })),
    paperinfosem: papers.map(({ row, exists }) => ({
      course_comb_id: String(row.course_comb_id),
      sem_id: String(row.sem_id),
      paper_id: String(row.paper_id),
      status: exists ? 'exists' : 'create',
    })),
  };
}

/**
 * `POST /api/session/{session_id}/copy-from/{from_session_id}[?dry_run=1]`: the yearly chore of carrying one
 * session's course-semester links and paper schemes into the next. A dry run only answers the preview;
 * otherwise every missing row is created in one transaction, each with its audit entry, plus one `copy-from`
 * entry on the target session.
 */
export function sessionCopyRoutes(db: Database) {
  const router = Router();
  const existing = async (client: Prisma.TransactionClient, sessionId: string) => {
    const found =
      sessionId.length <= KEY_MAX && KEY_PATTERN.test(sessionId)
        ? await client.session.findUnique({ where: { session_id: sessionId }, select: { session_id: true } })
        : null;
    if (!found) throw notFound(`Session ${sessionId.slice(0, 40)} does not exist.`);
  };

  router
    .route('/session/:session_id/copy-from/:from_session_id')
    .post(requireCapability(sessionResource.capability.write as CapabilityKey), async (req, res) => {
      const { session_id: to, from_session_id: from } = req.params as Record<string, string>;
      const dryRun = ['1', 'true'].includes(parseOr422(sessionCopyQuery, req.query).dry_run ?? '0');
      await existing(db.prisma, to);
      await existing(db.prisma, from);
      if (to === from)
        throw invalid({ from_session_id: ['Choose another session to copy from than the one copied into.'] });
      if (dryRun) {
        res.json(report(from, to, true, await plan(db.prisma, from, to)));
        return;
      }
      const done = await db.prisma
        .$transaction(
          async (tx) => {
            const result = report(from, to, false, await plan(tx, from, to));
            // One INSERT ... SELECT per table (5,000 schemes: tens of milliseconds; row by row through Prisma
            // took seconds).
            const ccRows = await tx.$queryRaw<Row[]>`
              INSERT INTO ccinfo_sem (session_id, course_comb_id, sem_id)
              SELECT ${to}, s.course_comb_id, s.sem_id FROM ccinfo_sem s
              WHERE s.session_id = ${from}
                AND NOT EXISTS (SELECT 1 FROM ccinfo_sem t WHERE t.session_id = ${to} AND t.course_comb_id = s.course_comb_id AND t.sem_id = s.sem_id)
              RETURNING *`;
            const paperRows = await tx.$queryRaw<Row[]>`
              INSERT INTO paperinfosem (session_id, ${copiedColumns})
              SELECT ${to}, ${sourceColumns} FROM paperinfosem s
              WHERE s.session_id = ${from}
                AND NOT EXISTS (
                  SELECT 1 FROM paperinfosem t
                  WHERE t.session_id = ${to} AND t.course_comb_id = s.course_comb_id AND t.sem_id = s.sem_id AND t.paper_id = s.paper_id)
              RETURNING *`;
            const changes: AuditChange[] = [
              ...ccRows.map((r): AuditChange => ({
                action: 'create',
                entity: ccinfoSemResource.name,
                key: `${to}/${ccKey(r)}`,
                after: present(stores[ccinfoSemResource.name], r),
                reason: `Copied from session ${from}`,
              })),
              ...paperRows.map((r): AuditChange => ({
                action: 'create',
                entity: paperInfoSemResource.name,
                key: `${to}/${paperKey(r)}`,
                after: present(stores[paperInfoSemResource.name], r),
                reason: `Copied from session ${from}`,
              })),
              {
                action: 'transition',
                entity: sessionResource.name,
                key: to,
                transition: 'copy-from',
                reason: result.message,
                after: { from_session_id: from, counts: result.counts },
              },
            ];
            await recordChanges(tx, req, res, changes);
            return result;
          },
          { timeout: 60_000 },
        )
        .catch((error) => {
          // Another copy into the same session won the race: nothing of this one was stored.
          if (
            prismaCode(error) === 'P2002' ||
            /duplicate key|23505/.test(String((error as Error)?.message))
          ) {
            throw duplicateKey(
              `Session ${to} was being filled by someone else at the same time; nothing was copied. Run ` +
                `the preview again.`,
            );
          }
          throw error;
        });
      res.json(done);
    })
    .all(methodNotAllowed);
  return router;
}

export const sessionCopyOpenApi: OpenApiPaths = {
  [sessionCopyPath]: {
    parameters: [
      pathParam('session_id', 'The session copied into'),
      pathParam('from_session_id', 'The session copied from'),
    ],
    post: {
      tags: [sessionResource.name],
      summary: "Copy a session's course-semester links and paper schemes into this session",
      description:
        'Every ccinfo_sem and paperinfosem row of `from_session_id` whose key (course_comb_id, sem_id, ' +
        'paper_id) is not yet in `session_id` is created there with the same values; rows already there ' +
        'are left as they are. ' +
        'With `dry_run=1` nothing is stored and the answer is the preview (what would be created, what ' +
        'exists already). Without it, all rows are created in one transaction and each is recorded in ' +
        'the audit trail (action create, reason naming the source), plus one entry on the target session ' +
        '(action transition, `copy-from`). Running it again creates nothing. Needs master-data.write.',
      parameters: [
        {
          name: 'dry_run',
          in: 'query',
          schema: { type: 'string', enum: ['0', '1', 'true', 'false'] },
          description: '1: only preview',
        },
      ],
      responses: {
        200: json(
          schema(sessionCopyReport),
          'The preview (dry run) or what was done: counts and every row with its status',
        ),
        ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'DUPLICATE_KEY'),
      },
    },
  },
};
