import { PassThrough } from 'node:stream';
import { Router } from 'express';
import {
  AFFILIATION_LETTERS_JOB,
  affiliationLettersRequest,
  can,
  jobAccepted,
  collegeResource,
  msg,
  type AffiliationLettersResult,
  type CapabilityKey,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { renderMessage } from '../../platform/i18n/messages.ts';
import { defineJob, enqueueJob, JobFailure } from '../../platform/jobs/index.ts';
import { bodyErrors, errors, json, schema, signedInErrors } from '../../platform/openapi/openapi.ts';
import type { OpenApiPaths } from '../../platform/module.ts';
import { saveFile } from '../../platform/stored-files/index.ts';
import { writeAffiliationLetters, type LetterCollege } from './affiliation-letter-pdf.ts';

const capability: CapabilityKey = 'master-data.write';

/**
 * Letters of affiliation as one PDF, one page per college, by a job: its progress is the pages drawn, its
 * result the file, which only the user who started it downloads. The colleges are those chosen (or all)
 * within the starter's scope for writing master data, decided from its user row when the job runs.
 * Idempotent: a run again after a crash draws the PDF anew and keeps that one.
 */
export const affiliationLettersJob = defineJob({
  kind: AFFILIATION_LETTERS_JOB,
  capability,
  title: 'Printing letters of affiliation',
  data: affiliationLettersRequest,
  async run(job): Promise<AffiliationLettersResult> {
    const user =
      job.userId === null ? null : await job.db.prisma.user.findUnique({ where: { id: job.userId } });
    if (job.userId !== null && !user?.active)
      throw new JobFailure(renderMessage(msg('masterData.starterCannotSignIn')));
    const scope = user ? can(user.role, capability) : 'any';
    if (!scope) throw new JobFailure(renderMessage(msg('masterData.starterMayNotPrint')));
    const within = user ? scopeWhere(scope, user, collegeResource.scopeFields) : {};
    const chosen = job.data.college_ids;
    const colleges: LetterCollege[] = within
      ? await job.db.prisma.college.findMany({
          where: { AND: [chosen ? { college_id: { in: chosen } } : {}, within] },
          orderBy: { college_id: 'asc' },
        })
      : [];
    // A chosen college that is not there (or not the caller's to print) is reported, and the others printed.
    const found = new Set(colleges.map((c) => c.college_id));
    chosen?.forEach((id, index) => {
      if (!found.has(id))
        job.failRow(index + 1, renderMessage(msg('masterData.noCollege', { college_id: id })));
    });
    if (!colleges.length) throw new JobFailure(renderMessage(msg('masterData.noChosenCollege')));

    await job.progress(0, colleges.length);
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    const letters = await writeAffiliationLetters(sink, colleges, {
      issuedOn: new Date(),
      onPage: (pages) => {
        job.signal.throwIfAborted();
        return job.progress(pages, colleges.length);
      },
    });
    const content = Buffer.concat(chunks);
    const name =
      colleges.length === 1
        ? `affiliation-letter-${colleges[0]!.college_id}.pdf`
        : `affiliation-letters-${colleges.length}.pdf`;
    const file = await job.transaction(
      (tx) =>
        saveFile(tx, {
          name,
          contentType: 'application/pdf',
          content,
          ownerId: job.userId ?? 0,
          jobId: job.jobId,
        }),
      { done: letters, total: colleges.length },
    );
    return { letters, file };
  },
});

/**
 * `POST /api/affiliation-letters` `{college_ids?}`: starts the job, `202 {job}`; `GET /api/job/{id}` follows
 * it.
 */
export function affiliationLetterRoutes(db: Database) {
  const router = Router();
  router
    .route('/affiliation-letters')
    .post(async (req, res) => {
      res
        .status(202)
        .json({ job: await enqueueJob(db, affiliationLettersJob, req.body ?? {}, res.locals.user!) });
    })
    .all(methodNotAllowed);
  return router;
}

export const affiliationLettersOpenApi: OpenApiPaths = {
  '/affiliation-letters': {
    post: {
      tags: ['college'],
      summary: 'Print letters of affiliation (one bilingual PDF, one page per college) as a job',
      description:
        'Starts a job over the chosen colleges (`college_ids`), or every college the caller may write ' +
        '(`all: true`). Poll `GET /api/job/{job_id}`: ' +
        '`done` of `total` counts the pages drawn; a chosen college that does not exist is listed in ' +
        '`errors`; once `succeeded`, `result.file.url` ' +
        'downloads the PDF (`GET /api/file/{file_id}`, only for the user who started the job).',
      requestBody: {
        required: false,
        content: { 'application/json': { schema: schema(affiliationLettersRequest, 'input') } },
      },
      responses: {
        202: json(schema(jobAccepted), 'The job, queued'),
        ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN'),
      },
    },
  },
};
