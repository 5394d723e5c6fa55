import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import {
  exportQuery,
  fileColumns,
  IMPORT_JOB_ROWS,
  importQuery,
  templateQuery,
  type CapabilityKey,
  type FileColumn,
  type FileColumnsOptions,
  type Resource,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeOf } from '../auth/capabilities.ts';
import { listPlan as engineListPlan, type ListPlan } from '../crud/list-plan.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import { present } from '../crud/store.ts';
import { AppError, parseOr422 } from '../http/errors.ts';
import { readInBatches } from './batches.ts';
import { CONTENT_TYPES, exportFilename, sendExport } from './export.ts';
import { enqueueJob } from '../jobs/index.ts';
import { saveFile } from '../stored-files/index.ts';
import { importJobs } from './import-job.ts';
import { importTable } from './import.ts';
import { badFile, openTable } from './read-table.ts';
import { templateFile, templateOf, templateRows } from './template.ts';

export interface FileResource {
  resource: Resource;
  /** Headers and enumeration labels beyond what the contract's schemas say. */
  columns?: FileColumnsOptions;
  /** Values of the template's example row (by field). */
  examples?: Record<string, string | number>;
}

/** The rows of a download: `where` null when the caller reaches none. */
export type DownloadPlan = Pick<ListPlan, 'where' | 'orderBy'>;

export interface FileRoutesOptions {
  db: Database;
  registry: ResourceRegistry;
  resources: readonly FileResource[];
  /**
   * The list's where-clause and order for a request's query (`q`, `sort`, the caller's read scope; 403
   * without the read capability), so a download holds exactly the list's rows in the list's order. The
   * engine's list plan unless a test gives its own. The order must end with the key fields.
   */
  listPlan?: (resource: Resource, query: Record<string, unknown>, res: Response) => DownloadPlan;
  /** Largest file an import takes (default 20 MB) and most data rows (default 50,000). */
  maxFileBytes?: number;
  maxRows?: number;
  /** Imports of more data rows than this run as a job and answer `202 {job}` (default IMPORT_JOB_ROWS). */
  jobRows?: number;
}

const MB = 1024 * 1024;

/** multer's refusals as answers a user can act on. */
function receiveFile(maxFileBytes: number): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxFileBytes, files: 1, fields: 10, parts: 20 },
  }).single('file');
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      return next(
        new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the file as multipart/form-data, in the form field named "file".',
        ),
      );
    }
    upload(req, res, (error?: unknown) => {
      if (!error) return next();
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE')
        return next(
          new AppError(
            'PAYLOAD_TOO_LARGE',
            `The file is larger than ${maxFileBytes / MB} MB, the most one import takes. Split it into ` +
              `smaller files.`,
          ),
        );
      if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT')
        return next(badFile('Send one file, in the form field named "file".'));
      if (typeof code === 'string' && code.startsWith('LIMIT_'))
        return next(badFile('The upload has too many form fields.'));
      next(badFile('The upload is malformed or was cut short; send the file again.'));
    });
  };
}

/**
 * 403 without the resource's capability (read for downloads and templates, write for imports); the scope it
 * is held in.
 */
const scopeFor = (res: Response, resource: Resource, kind: 'read' | 'write') =>
  scopeOf(res, resource.capability[kind] as CapabilityKey);

/**
 * Files of the resources, at paths of their own per resource (so the OpenAPI document names each): `GET
 * /<path>?format=csv|xlsx` (the list as a download: without `format` the request goes on to the list), `GET
 * /import-template/<path>?format=csv|xlsx` and `POST /import/<path>` (multipart field `file`, `?dry_run=1`; a
 * file of more than `jobRows` rows is imported by a job: `202 {job}`). Downloads need the resource's read
 * capability and hold only rows the caller can list; imports need its write capability and may only create or
 * change rows within the caller's write scope. Mount it before the engine's routers.
 */
export function fileRoutes(options: FileRoutesOptions) {
  const {
    db,
    registry,
    listPlan = engineListPlan,
    maxFileBytes = 20 * MB,
    maxRows = 50_000,
    jobRows = IMPORT_JOB_ROWS,
  } = options;
  const jobs = importJobs(registry);
  const router = Router();

  for (const entry of options.resources) {
    const { resource } = entry;
    const columns = fileColumns(resource, entry.columns);
    const template = templateOf(columns, entry.examples);
    const nullable = new Set(
      columns.filter((c: FileColumn) => !c.required && !c.readOnly).map((c) => c.field),
    );

    router.get(`/import-template/${resource.path}`, async (req, res) => {
      scopeFor(res, resource, 'read');
      const { format } = parseOr422(templateQuery, req.query);
      const file = await templateFile(template, format, resource.title);
      res
        .attachment(exportFilename(`${resource.name}-template`, format))
        .type(CONTENT_TYPES[format])
        .send(file);
    });

    router.post(
      `/import/${resource.path}`,
      (_req, res, next) => {
        // Refused before the upload is read: a caller who may not import does not get to send 20 MB first.
        scopeFor(res, resource, 'write');
        next();
      },
      receiveFile(maxFileBytes),
      async (req, res) => {
        const scope = scopeFor(res, resource, 'write');
        const { dry_run } = parseOr422(importQuery, req.query);
        if (!req.file)
          throw badFile('No file came with the request: send it in the form field named "file".');
        const skipRows = templateRows(template);
        const filename = req.file.originalname;
        // Read through once here: a file that cannot be imported at all is refused by the request, not by a
        // job.
        const table = await openTable(req.file.buffer, { filename, columns, maxRows, skipRows });
        const user = res.locals.user!;
        if (table.count > jobRows) {
          // A large file is checked and stored by a job: the request answers at once, the web app shows the
          // progress.
          const fileColumns = columns.map(({ field, header, key, required, hint, readOnly }) => ({
            field,
            header,
            key,
            required,
            hint,
            readOnly,
          }));
          const upload = await saveFile(db.prisma, {
            name: filename || `import.${table.format}`,
            contentType: CONTENT_TYPES[table.format],
            content: req.file.buffer,
            ownerId: user.id,
          });
          const data = {
            dry_run,
            filename,
            file_id: upload.file_id,
            columns: fileColumns,
            skip_rows: skipRows,
            rows: table.count,
          };
          const job = await enqueueJob(db, jobs.get(resource.name)!, data, user);
          req.log?.info(
            { import: resource.name, format: table.format, dry_run, rows: table.count, job: job.job_id },
            'import queued',
          );
          res.status(202).json({ job });
          return;
        }
        const actor = {
          id: user.id,
          email: user.email,
          college_id: user.college_id,
          dept_id: user.dept_id,
          student_id: user.student_id,
          requestId: req.id as string | undefined,
        };
        const report = await importTable({ db, registry, actor, scope }, resource, table, {
          dryRun: dry_run,
        });
        req.log?.info({ import: resource.name, format: table.format, dry_run, ...report.counts }, 'import');
        if (report.counts.error) res.status(422).json({ ...report, code: 'VALIDATION_FAILED' });
        else res.json(report);
      },
    );

    // Not a route of its own: the list's GET with `format` (documented there), everything else goes on to the
    // list.
    router.use(`/${resource.path}`, async (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || req.path !== '/' || req.query.format === undefined) return next();
      const plan = listPlan(resource, req.query, res);
      const { format } = parseOr422(exportQuery, req.query);
      const store = registry.store(resource.name);
      const rows =
        plan.where === null
          ? (async function* () {})()
          : readInBatches(store.delegate(db.prisma), {
              where: plan.where,
              orderBy: plan.orderBy,
              nullable,
              extra: store.include ? { include: store.include } : {},
            });
      async function* presented() {
        for await (const row of rows) yield present(store, row);
      }
      await sendExport(res, {
        format,
        columns,
        rows: presented(),
        name: resource.name,
        title: resource.title,
      });
    });
  }

  return router;
}
