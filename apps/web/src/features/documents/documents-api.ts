import type {
  DocumentRecord,
  DocumentType,
  IssuingDetailKey,
  ResultBasedType,
  VerificationAnswer,
  documentBatchAnswer,
  documentIssuingResource,
} from '@exam/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';

/**
 * The documents feature's server calls (lifecycle S10/S11): lists, one document, drafting, actions, PDFs,
 * batches, verification.
 */

const enc = encodeURIComponent;
const query = (values: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => !!e[1])).toString();

export type DocumentRow = DocumentRecord;

/** Filters the list call sends as the API's exact filters (type, status, student, exam), and a search. */
export interface DocumentFilters {
  doc_type?: string;
  status?: string;
  student_id?: string;
  exam_id?: string;
  q?: string;
}

/** Rows a list shows at most (newest first); `total` says how many the filters match. */
export const DOCUMENT_PAGE = 200;

/**
 * `GET /api/document?exam_id=&doc_type=&status=&student_id=`: filtered by the server; one page of the newest.
 */
export const useDocuments = (filters: DocumentFilters, enabled = true) =>
  useQuery({
    queryKey: ['document', 'list', filters],
    enabled,
    queryFn: async ({ signal }) => {
      const answer = await request<{ document: DocumentRow[]; total: number }>(
        `/document?${query({ limit: String(DOCUMENT_PAGE), sort: '-doc_id', ...filters })}`,
        { signal },
      );
      return { rows: answer.document, total: answer.total };
    },
  });

export const useDocument = (docId: string | null) =>
  useQuery({
    queryKey: ['document', 'one', docId],
    enabled: !!docId,
    queryFn: async ({ signal }) =>
      (await request<{ document: DocumentRow }>(`/document/${enc(docId!)}`, { signal })).document,
  });

export const draftDocument = (body: Record<string, unknown>) =>
  request<{ document: DocumentRow; message: string }>('/document', { method: 'POST', body });

export const documentAction = (doc: DocumentRow, action: string, body: Record<string, unknown>) =>
  request<{ document: DocumentRow; message: string; duplicate?: DocumentRow }>(
    `/document/${enc(doc.doc_id)}/${action}`,
    { method: 'POST', body: { ...body, updated_at: doc.updated_at } },
  );

/** The types a whole exam is drafted in (the API's `documentBatchCreate`). */

export const startBatch = (body: { doc_type: ResultBasedType; exam_id: string; render: boolean }) =>
  request<z.infer<typeof documentBatchAnswer>>('/document/batch', { method: 'POST', body });

export const recordSpoilage = (body: { stationery_serial: string; reason: string; doc_id?: string }) =>
  request<{ message: string }>('/stationeryspoilage', { method: 'POST', body });

/** A document's PDF, fetched with the bearer header: saved, or opened in a new tab to view. */
export async function documentPdf(doc: Pick<DocumentRow, 'doc_id' | 'serial_no'>, how: 'save' | 'view') {
  const response = await requestFile(`/document/${enc(doc.doc_id)}/pdf`);
  const blob = await response.blob();
  const name = attachmentName(
    response,
    `${(doc.serial_no ?? doc.doc_id).replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`,
  );
  if (how === 'save') return saveFile(blob, name);
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 120_000);
}

/**
 * An exam's documents of a type (the batch's print): one PDF of them all, or a ZIP of one PDF per document.
 */
export async function printExam(examId: string, docType: DocumentType, format: 'pdf' | 'zip' = 'pdf') {
  const asked = { exam_id: examId, doc_type: docType, format: format === 'zip' ? 'zip' : undefined };
  const response = await requestFile(`/document/print?${query(asked)}`);
  saveFile(await response.blob(), attachmentName(response, `${docType.toLowerCase()}-${examId}.${format}`));
}

/** `GET /api/verify/{token}`: no sign-in (no token sent, a 401 handled here). */
export const verifyToken = (token: string, signal?: AbortSignal) =>
  request<VerificationAnswer>(`/verify/${enc(token)}`, {
    signal,
    token: null,
    skipUnauthorizedHandler: true,
  });

/** One issuing detail as stored (documentissuing): what documents drafted from now on print. */
export type IssuingDetail = z.infer<typeof documentIssuingResource.recordSchema>;
/**
 * What the issuing-details form sends: the English value and, for texts printed in both languages, the Hindi.
 */
export interface IssuingValues {
  value_en: string;
  value_hi?: string | null;
}

const issuingKey = ['documentissuing'] as const;
/** `GET /api/documentissuing`: the (at most six) recorded details; a missing key is not recorded. */
export const useIssuingDetails = () =>
  useQuery({
    queryKey: issuingKey,
    queryFn: async ({ signal }) =>
      (await request<{ documentissuing: IssuingDetail[] }>('/documentissuing?limit=50', { signal }))
        .documentissuing,
  });
export const invalidateIssuing = (client: QueryClient) => client.invalidateQueries({ queryKey: issuingKey });

export const fetchIssuingDetail = (key: IssuingDetailKey) =>
  request<{ documentissuing: IssuingDetail }>(`/documentissuing/${enc(key)}`).then((a) => a.documentissuing);
/**
 * `POST /api/documentissuing` (a missing detail) or `PUT` with the updated_at read (409 STALE_EDIT when
 * changed since).
 */
export const saveIssuingDetail = (
  key: IssuingDetailKey,
  values: IssuingValues,
  current: IssuingDetail | null,
) =>
  current
    ? request<{ documentissuing: IssuingDetail; message: string }>(`/documentissuing/${enc(key)}`, {
        method: 'PUT',
        body: { ...values, updated_at: current.updated_at },
      })
    : request<{ documentissuing: IssuingDetail; message: string }>('/documentissuing', {
        method: 'POST',
        body: { detail_key: key, ...values },
      });

export interface ExamRow {
  exam_id: string;
  exam_desc: string | null;
  session_id: string | null;
}
export const useExams = () =>
  useQuery({
    queryKey: ['exam', 'documents-picker'],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await request<{ exam: ExamRow[] }>('/exam?limit=500&sort=-exam_id', { signal })).exam,
  });
