import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import {
  exportQuery,
  fileColumns,
  IMPORT_JOB_ROWS,
  importQuery,
  templateQuery,
  type CapabilityKey,
  type FileColumnsOptions,
  type Resource,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeOf } from '../auth/capabilities.ts';
import { listPlan as engineListPlan, type ListPlan } from '../crud/list-plan.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import { parseOr422 } from '../http/errors.ts';
import { languageOf } from '../i18n/messages.ts';
import { sendDownload } from './download-service.ts';
import { CONTENT_TYPES, exportFilename } from './export.ts';
import { importJobs } from './import-job.ts';
import { refuseNotMultipart, uploadRefusal } from './import-rules.ts';
import { importUpload } from './import-service.ts';
import { templateFile, templateOf } from './template.ts';

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

/** The upload's file, read into memory; multer's refusals as answers a user can act on (import-rules.ts). */
function receiveFile(maxFileBytes: number): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxFileBytes, files: 1, fields: 10, parts: 20 },
  }).single('file');
  return (req, res, next) => {
    const notMultipart = refuseNotMultipart(Boolean(req.is('multipart/form-data')));
    if (notMultipart) return next(notMultipart);
    upload(req, res, (error?: unknown) => {
      if (!error) return next();
      const code = (error as { code?: unknown }).code;
      next(uploadRefusal(typeof code === 'string' ? code : undefined, maxFileBytes));
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
  const settings = { db, registry, jobs: importJobs(registry), maxRows, jobRows };
  const router = Router();

  for (const entry of options.resources) {
    const { resource } = entry;
    const columns = fileColumns(resource, entry.columns);
    const template = templateOf(columns, entry.examples);

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
        const answer = await importUpload(settings, {
          resource,
          columns,
          template,
          file: req.file,
          dryRun: dry_run,
          user: res.locals.user!,
          scope,
          requestId: req.id as string | undefined,
          language: languageOf(req),
          log: req.log,
        });
        if ('job' in answer) res.status(202).json(answer);
        else if (answer.report.counts.error)
          res.status(422).json({ ...answer.report, code: 'VALIDATION_FAILED' });
        else res.json(answer.report);
      },
    );

    // Not a route of its own: the list's GET with `format` (documented there), everything else goes on to the
    // list.
    router.use(`/${resource.path}`, async (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || req.path !== '/' || req.query.format === undefined) return next();
      const plan = listPlan(resource, req.query, res);
      const { format } = parseOr422(exportQuery, req.query);
      await sendDownload(res, db, registry, { resource, columns, plan, format });
    });
  }

  return router;
}
