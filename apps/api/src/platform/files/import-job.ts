import { z } from 'zod';
import {
  can,
  fileFormat,
  LANGUAGE_CODES,
  msg,
  refusalMessageOf,
  type CapabilityKey,
  type FileFormat,
  type ImportReport,
  type Language,
  type Message,
  type Resource,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { resourceRegistry, type ResourceRegistry } from '../crud/registry.ts';
import { AppError } from '../http/errors.ts';
import { renderMessage } from '../i18n/messages.ts';
import { defineJob, JobFailure, type JobDefinition } from '../jobs/index.ts';
import type { ApiModule } from '../module.ts';
import { importTable } from './import.ts';
import { openTable, tableSource } from './read-table.ts';

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * What an import job is given: the file itself (base64), already checked by the request that uploaded it,
 * with the columns it is read by (the resource's file columns and the template's rows to skip). The job reads
 * it again a chunk of rows at a time, so neither the job's data nor the job holds the file's rows. The older
 * form (the rows as read, cells by field) is still taken, for a job queued before an upgrade.
 */
export const importJobData = z.union([
  z.object({
    dry_run: z.boolean(),
    filename: z.string(),
    /**
     * The upload, kept as a stored file of its uploader (platform/stored-files): the job's row stays small.
     */
    file_id: z.uuid(),
    columns: z.array(
      z.object({
        field: z.string(),
        header: z.string(),
        key: z.boolean(),
        required: z.boolean(),
        hint: z.string(),
        readOnly: z.boolean(),
      }),
    ),
    skip_rows: z.array(z.array(z.string())),
    rows: z.number().int().min(0),
    /** The uploader's language: the report's sentences and the job's refusals are written in it. */
    language: z.enum(LANGUAGE_CODES).optional(),
  }),
  z.object({
    dry_run: z.boolean(),
    format: fileFormat,
    fields: z.array(z.string()),
    rows: z.array(z.object({ row: z.number().int().min(2), values: z.record(z.string(), cell) })),
  }),
]);
export type ImportJobData = z.infer<typeof importJobData>;

/** A refusal of the whole import, in the uploader's language: the job fails with it. */
const failure = (message: Message, language: Language) => new JobFailure(renderMessage(message, language));

/** The rows of a job's file, read again as the import asks for them. */
async function sourceOf(db: Database, data: ImportJobData, language: Language) {
  if (Array.isArray(data.rows))
    return tableSource({
      format: (data as { format: FileFormat }).format,
      fields: new Set((data as { fields: string[] }).fields),
      rows: data.rows,
    });
  const { file_id, filename, columns, skip_rows, rows } = data as Extract<ImportJobData, { file_id: string }>;
  const file = await db.prisma.storedFile.findUnique({ where: { id: file_id }, select: { content: true } });
  if (!file) throw failure(msg('files.uploadGone'), language);
  return openTable(
    Buffer.from(file.content),
    { filename, columns, skipRows: skip_rows, maxRows: Number.POSITIVE_INFINITY },
    { count: rows },
  );
}

/**
 * One kind per resource (`files.import.<path>`), so that starting it needs that resource's write capability.
 */
export const importJobKind = (resource: Resource) => `files.import.${resource.path}`;

/**
 * The import job of a resource. The whole import is one transaction of the job (fenced: a runner that lost
 * the job cannot commit), so a run that dies stores nothing and the next run starts again from the file; its
 * result is the report an import answers at once, and each failed row is also a job error row (by its row
 * number in the file).
 */
function importJob(
  registry: ResourceRegistry,
  resource: Resource,
): JobDefinition<ImportJobData, ImportReport> {
  const capability = resource.capability.write as CapabilityKey;
  return defineJob({
    kind: importJobKind(resource),
    capability,
    title: `Importing ${resource.title.toLowerCase()} records`,
    data: importJobData,
    async run(ctx) {
      const language = ('language' in ctx.data && ctx.data.language) || 'en';
      const user =
        ctx.userId === null ? null : await ctx.db.prisma.user.findUnique({ where: { id: ctx.userId } });
      if (!user) throw failure(msg('files.importerGone'), language);
      // The grants as they are now: a role that lost the capability since the upload imports nothing.
      const scope = can(user.role, capability);
      if (!scope) throw failure(refusalMessageOf(user.role, capability), language);
      const source = await sourceOf(ctx.db, ctx.data, language);
      const total = source.count;
      await ctx.progress(0, total);
      const report = await importTable(
        {
          db: ctx.db,
          registry,
          actor: {
            id: user.id,
            email: user.email,
            college_id: user.college_id,
            dept_id: user.dept_id,
            student_id: user.student_id,
            requestId: `job:${ctx.jobId}`,
          },
          scope,
          transaction: (fn) => ctx.transaction(fn, { done: total, total }),
        },
        resource,
        source,
        { dryRun: ctx.data.dry_run, language },
      ).catch((error: unknown) => {
        // Refusals of the whole file (out of scope, changed meanwhile) are the user's to read, as the request
        // would answer them.
        throw error instanceof AppError ? failure(error.reason, language) : error;
      });
      // Every row was read and checked, also when the transaction was rolled back (a failed row, a dry run),
      // which took the progress it recorded with it: the job ends with its rows done.
      await ctx.progress(total, total);
      for (const r of report.rows) {
        if (r.status !== 'error') continue;
        ctx.failRow(
          r.row,
          Object.entries(r.errors ?? {})
            .flatMap(([field, messages]) => messages.map((m) => (field === '_' ? m : `${field}: ${m}`)))
            .join('; '),
        );
      }
      return report;
    },
  });
}

/** The import jobs of every resource of `registry`, by resource name. */
export const importJobs = (registry: ResourceRegistry) =>
  new Map(registry.all.map(({ resource }) => [resource.name, importJob(registry, resource)]));

/**
 * The files platform's jobs, as a module the runners (API and worker) collect kinds from: an import job for
 * every resource the `modules` serve.
 */
export function fileJobsModule(modules: readonly ApiModule[]): ApiModule {
  const registry = resourceRegistry(modules.flatMap((m) => m.resources ?? []));
  return { name: 'files', jobs: [...importJobs(registry).values()] };
}
