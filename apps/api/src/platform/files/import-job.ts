import { z } from 'zod';
import { can, fileFormat, refusalOf, type CapabilityKey, type ImportReport, type Resource } from '@exam/contracts';
import { resourceRegistry, type ResourceRegistry } from '../crud/registry.ts';
import { AppError } from '../http/errors.ts';
import { defineJob, JobFailure, type JobDefinition } from '../jobs/index.ts';
import type { ApiModule } from '../module.ts';
import { importTable } from './import.ts';

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** What an import job is given: the file as read (cells by field, rows numbered as in the file), not the file itself. */
export const importJobData = z.object({
  dry_run: z.boolean(),
  format: fileFormat,
  fields: z.array(z.string()),
  rows: z.array(z.object({ row: z.number().int().min(2), values: z.record(z.string(), cell) })),
});
export type ImportJobData = z.infer<typeof importJobData>;

/** One kind per resource (`files.import.<path>`), so that starting it needs that resource's write capability. */
export const importJobKind = (resource: Resource) => `files.import.${resource.path}`;

/**
 * The import job of a resource. The whole import is one transaction of the job (fenced: a runner that lost the job
 * cannot commit), so a run that dies stores nothing and the next run starts again from the file; its result is the
 * report an import answers at once, and each failed row is also a job error row (by its row number in the file).
 */
function importJob(registry: ResourceRegistry, resource: Resource): JobDefinition<ImportJobData, ImportReport> {
  const capability = resource.capability.write as CapabilityKey;
  return defineJob({
    kind: importJobKind(resource),
    capability,
    title: `Importing ${resource.title.toLowerCase()} records`,
    data: importJobData,
    async run(ctx) {
      const user = ctx.userId === null ? null : await ctx.db.prisma.user.findUnique({ where: { id: ctx.userId } });
      if (!user) throw new JobFailure('The user who started this import no longer exists; nothing was imported.');
      // The grants as they are now: a role that lost the capability since the upload imports nothing.
      const scope = can(user.role, capability);
      if (!scope) throw new JobFailure(refusalOf(user.role, capability));
      const total = ctx.data.rows.length;
      await ctx.progress(0, total);
      const report = await importTable(
        {
          db: ctx.db,
          registry,
          actor: { id: user.id, email: user.email, college_id: user.college_id, dept_id: user.dept_id, student_id: user.student_id, requestId: `job:${ctx.jobId}` },
          scope,
          transaction: (fn) => ctx.transaction(fn, { done: total, total }),
        },
        resource,
        { format: ctx.data.format, fields: new Set(ctx.data.fields), rows: ctx.data.rows },
        { dryRun: ctx.data.dry_run },
      ).catch((error: unknown) => {
        // Refusals of the whole file (out of scope, changed meanwhile) are the user's to read, as the request would answer them.
        throw error instanceof AppError ? new JobFailure(error.message) : error;
      });
      for (const r of report.rows) {
        if (r.status !== 'error') continue;
        ctx.failRow(r.row, Object.entries(r.errors ?? {}).flatMap(([field, messages]) => messages.map((m) => (field === '_' ? m : `${field}: ${m}`))).join('; '));
      }
      return report;
    },
  });
}

/** The import jobs of every resource of `registry`, by resource name. */
export const importJobs = (registry: ResourceRegistry) => new Map(registry.all.map(({ resource }) => [resource.name, importJob(registry, resource)]));

/**
 * The files platform's jobs, as a module the runners (API and worker) collect kinds from: an import job for every
 * resource the `modules` serve.
 */
export function fileJobsModule(modules: readonly ApiModule[]): ApiModule {
  const registry = resourceRegistry(modules.flatMap((m) => m.resources ?? []));
  return { name: 'files', jobs: [...importJobs(registry).values()] };
}
