import { Router, type Response } from 'express';
import { can, jobListQuery, msg, type JobStatus } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { notFound, parseOr422, unauthorized } from '../http/errors.ts';
import { isUuid, methodNotAllowed } from '../http/middleware.ts';
import { toJob } from './store.ts';

const noSuchJob = () => notFound(msg('jobs.notFound'));

function caller(res: Response) {
  const user = res.locals.user;
  if (!user) throw unauthorized();
  return { id: user.id, readsAll: Boolean(can(user.role, 'jobs.read')) };
}

/**
 * `GET /api/job/{job_id}`: a job's status, progress, errors and result; `GET /api/job`: a page of jobs,
 * newest first. A caller sees the jobs it started; a holder of `jobs.read` sees everyone's. Anyone else's job
 * does not exist for the caller (404), like any row out of scope.
 */
export function jobRoutes(db: Database) {
  const router = Router();
  router
    .route('/job')
    .get(async (req, res) => {
      const who = caller(res);
      const q = parseOr422(jobListQuery, req.query);
      const where: Prisma.JobWhereInput = {
        ...(who.readsAll && q.mine !== '1' ? {} : { started_by: who.id }),
        ...(q.status ? { status: q.status.toUpperCase() as Uppercase<JobStatus> } : {}),
        ...(q.kind ? { kind: q.kind } : {}),
      };
      const [total, rows] = await Promise.all([
        db.prisma.job.count({ where }),
        db.prisma.job.findMany({
          where,
          orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
          skip: q.offset,
          take: q.limit,
        }),
      ]);
      res.json({ jobs: rows.map(toJob), total });
    })
    .all(methodNotAllowed);
  router
    .route('/job/:job_id')
    .get(async (req, res) => {
      const who = caller(res);
      const id = String(req.params.job_id);
      if (!isUuid(id)) throw noSuchJob();
      const row = await db.prisma.job.findUnique({ where: { id } });
      if (!row || (!who.readsAll && row.started_by !== who.id)) throw noSuchJob();
      res.json({ job: toJob(row) });
    })
    .all(methodNotAllowed);
  return router;
}
