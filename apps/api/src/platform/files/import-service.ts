import type { FileColumn, ImportReport, JobSummary, Language, Resource, Scope } from '@exam/contracts';
import type { Database } from '@exam/db';
import type { AuthenticatedUser } from '../auth/authenticate.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import { enqueueJob, type JobDefinition } from '../jobs/index.ts';
import { saveFile } from '../stored-files/index.ts';
import { CONTENT_TYPES } from './export.ts';
import type { ImportJobData } from './import-job.ts';
import { refuseWithoutFile } from './import-rules.ts';
import { importTable } from './import.ts';
import { openTable } from './read-table.ts';
import { templateRows, type Template } from './template.ts';

export interface UploadSettings {
  db: Database;
  registry: ResourceRegistry;
  /** The import job of each resource, by resource name. */
  jobs: ReadonlyMap<string, JobDefinition<ImportJobData, ImportReport>>;
  /** Most data rows a file may have, and most imported by the request itself (more run as a job). */
  maxRows: number;
  jobRows: number;
}

/** An uploaded file to import into a resource, and who sends it. */
export interface Upload {
  resource: Resource;
  /** The resource's file columns (read-only ones too: an export imported again has them). */
  columns: readonly FileColumn[];
  template: Template;
  file: { buffer: Buffer; originalname: string } | undefined;
  dryRun: boolean;
  user: AuthenticatedUser;
  /** The scope in which the user holds the resource's write capability. */
  scope: Scope;
  requestId?: string;
  /** The language of the report's sentences. */
  language: Language;
  log?: { info(fields: object, message: string): void };
}

/**
 * Imports an uploaded file: read through once here, so a file that cannot be imported at all is refused by
 * the request, not by a job; a file of more than `jobRows` data rows is kept as a stored file of its uploader
 * and imported by a job (the answer is the job, the web app shows the progress); a smaller one is imported at
 * once (the answer is the report).
 */
export async function importUpload(
  settings: UploadSettings,
  upload: Upload,
): Promise<{ job: JobSummary } | { report: ImportReport }> {
  const { db, registry, maxRows, jobRows } = settings;
  const { resource, columns, template, file, dryRun, user, log } = upload;
  refuseWithoutFile(file);
  const skipRows = templateRows(template);
  const filename = file.originalname;
  const table = await openTable(file.buffer, { filename, columns, maxRows, skipRows });
  if (table.count > jobRows) {
    const stored = await saveFile(db.prisma, {
      name: filename || `import.${table.format}`,
      contentType: CONTENT_TYPES[table.format],
      content: file.buffer,
      ownerId: user.id,
    });
    const data: ImportJobData = {
      dry_run: dryRun,
      filename,
      file_id: stored.file_id,
      columns: columns.map(({ field, header, key, required, hint, readOnly }) => ({
        field,
        header,
        key,
        required,
        hint,
        readOnly,
      })),
      skip_rows: skipRows,
      rows: table.count,
      language: upload.language,
    };
    const job = await enqueueJob(db, settings.jobs.get(resource.name)!, data, user);
    log?.info(
      { import: resource.name, format: table.format, dry_run: dryRun, rows: table.count, job: job.job_id },
      'import queued',
    );
    return { job };
  }
  const actor = {
    id: user.id,
    email: user.email,
    college_id: user.college_id,
    dept_id: user.dept_id,
    student_id: user.student_id,
    requestId: upload.requestId,
  };
  const report = await importTable({ db, registry, actor, scope: upload.scope }, resource, table, {
    dryRun,
    language: upload.language,
  });
  log?.info({ import: resource.name, format: table.format, dry_run: dryRun, ...report.counts }, 'import');
  return { report };
}
