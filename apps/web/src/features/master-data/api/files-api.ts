import {
  csvLine,
  fileColumns,
  IMPORT_ERRORS_HEADER,
  importReport,
  jobAccepted,
  type AnyResource,
  type FileFormat,
  type ImportReport,
  type JobSummary,
} from '@exam/contracts';
import { ApiError, requestFile } from '../../../lib/api.ts';
import { attachmentName, saveFile } from '../../../lib/download.ts';

/** What a list shows: its search, filters and sort; a download holds every row of it (not one page). */
export interface ListView {
  q?: string;
  sort?: string;
  filters?: Record<string, string>;
}

/**
 * Downloads the list as the API makes it (search, filters, sort and the user's scope applied), and saves it.
 */
export async function downloadList(resource: AnyResource, view: ListView, format: FileFormat) {
  const query = new URLSearchParams({ format });
  if (view.q) query.set('q', view.q);
  if (view.sort) query.set('sort', view.sort);
  for (const [field, value] of Object.entries(view.filters ?? {})) query.set(field, value);
  const response = await requestFile(`/${resource.path}?${query}`);
  saveFile(await response.blob(), attachmentName(response, `${resource.name}.${format}`));
}

export async function downloadTemplate(resource: AnyResource, format: FileFormat) {
  const response = await requestFile(`/import-template/${resource.path}?format=${format}`);
  saveFile(await response.blob(), attachmentName(response, `${resource.name}-template.${format}`));
}

/** What an import answered: its report at once, or (a large file) the job that checks and stores it. */
export type ImportAnswer =
  { report: ImportReport; job?: undefined } | { job: JobSummary; report?: undefined };

/**
 * Sends a file to the resource's import (`dryRun`: only check it). Answers the report, also when rows failed
 * (422, nothing stored), or the job a large file is imported by (202); a file that cannot be read at all, or
 * a refusal, is an ApiError.
 */
export async function importFile(resource: AnyResource, file: File, dryRun: boolean): Promise<ImportAnswer> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await requestFile(`/import/${resource.path}${dryRun ? '?dry_run=1' : ''}`, {
    method: 'POST',
    body,
    accept: [422],
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (response.status === 202) {
    const accepted = jobAccepted.safeParse(data);
    if (accepted.success) return { job: accepted.data.job };
  }
  const report = importReport.safeParse(data);
  if (report.success) return { report: report.data };
  // A 422 about the request itself (not a report): a plain error answer.
  throw new ApiError(response.status, {
    message:
      (data as { message?: string } | undefined)?.message ?? 'The import answered something unexpected.',
  });
}

/** The report a finished import job holds as its result, if it holds one. */
export const reportOfJob = (result: unknown): ImportReport | undefined => {
  const parsed = importReport.safeParse(result);
  return parsed.success ? parsed.data : undefined;
};

/**
 * The rows that failed, as a CSV file in the resource's columns with their messages in a last column (which
 * an import ignores): corrected in a spreadsheet, it can be imported as it is.
 */
export function failedRowsFile(
  resource: AnyResource,
  report: ImportReport,
  labels: Record<string, string>,
): Blob {
  const failed = report.rows.filter((r) => r.status === 'error');
  const present = new Set(failed.flatMap((r) => Object.keys(r.values ?? {})));
  const columns = fileColumns(resource).filter((c) => !c.readOnly && present.has(c.field));
  const message = (field: string, text: string) =>
    field === '_' ? text : `${labels[field] ?? field}: ${text}`;
  const lines = [
    csvLine([...columns.map((c) => c.header), IMPORT_ERRORS_HEADER]),
    ...failed.map((r) =>
      csvLine([
        ...columns.map((c) => String(r.values?.[c.field] ?? '')),
        Object.entries(r.errors ?? {})
          .flatMap(([field, texts]) => texts.map((t) => message(field, t)))
          .join('; '),
      ]),
    ),
  ];
  // A byte order mark, so that Excel reads Devanagari as UTF-8.
  return new Blob(['\uFEFF' + lines.join('\r\n') + '\r\n'], { type: 'text/csv;charset=utf-8' });
}
