import type { DocumentRecord, DocumentType, VerificationAnswer, documentBatchAnswer } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';

/** The documents feature's server calls (lifecycle S10/S11): lists, one document, drafting, actions, PDFs, batches, verification. */

const enc = encodeURIComponent;
const query = (values: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => !!e[1])).toString();

export type DocumentRow = DocumentRecord;

/** Filters the list call takes as equality filters (the API's filter fields); exam and scheme are narrowed here. */
export interface DocumentFilters { doc_type?: string; status?: string; student_id?: string; exam_id?: string; q?: string }

export const useDocuments = (filters: DocumentFilters, enabled = true) =>
  useQuery({
    queryKey: ['document', 'list', filters],
    enabled,
    queryFn: async ({ signal }) => {
      const { exam_id, ...rest } = filters;
      const answer = await request<{ document: DocumentRow[]; total: number }>(`/document?${query({ limit: '1000', sort: '-doc_id', ...rest, q: rest.q || exam_id })}`, { signal });
      return exam_id ? answer.document.filter((d) => d.exam_id === exam_id) : answer.document;
    },
  });

export const useDocument = (docId: string | null) =>
  useQuery({
    queryKey: ['document', 'one', docId],
    enabled: !!docId,
    queryFn: async ({ signal }) => (await request<{ document: DocumentRow }>(`/document/${enc(docId!)}`, { signal })).document,
  });

export const draftDocument = (body: Record<string, unknown>) =>
  request<{ document: DocumentRow; message: string }>('/document', { method: 'POST', body });

export const documentAction = (doc: DocumentRow, action: string, body: Record<string, unknown>) =>
  request<{ document: DocumentRow; message: string; duplicate?: DocumentRow }>(`/document/${enc(doc.doc_id)}/${action}`, { method: 'POST', body: { ...body, updated_at: doc.updated_at } });

export const startBatch = (body: { doc_type: 'MARKSHEET'; exam_id: string; render: boolean }) =>
  request<z.infer<typeof documentBatchAnswer>>('/document/batch', { method: 'POST', body });

export const recordSpoilage = (body: { stationery_serial: string; reason: string; doc_id?: string }) =>
  request<{ message: string }>('/stationeryspoilage', { method: 'POST', body });

/** A document's PDF, fetched with the bearer header: saved, or opened in a new tab to view. */
export async function documentPdf(doc: Pick<DocumentRow, 'doc_id' | 'serial_no'>, how: 'save' | 'view') {
  const response = await requestFile(`/document/${enc(doc.doc_id)}/pdf`);
  const blob = await response.blob();
  const name = attachmentName(response, `${(doc.serial_no ?? doc.doc_id).replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`);
  if (how === 'save') return saveFile(blob, name);
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 120_000);
}

/** One PDF of an exam's documents of a type (the batch's print). */
export async function printExam(examId: string, docType: DocumentType) {
  const response = await requestFile(`/document/print?${query({ exam_id: examId, doc_type: docType })}`);
  saveFile(await response.blob(), attachmentName(response, `${docType.toLowerCase()}-${examId}.pdf`));
}

/** `GET /api/verify/{token}`: no sign-in (no token sent, a 401 handled here). */
export const verifyToken = (token: string, signal?: AbortSignal) =>
  request<VerificationAnswer>(`/verify/${enc(token)}`, { signal, token: null, skipUnauthorizedHandler: true });

export interface ExamRow { exam_id: string; exam_desc: string | null; session_id: string | null }
export const useExams = () =>
  useQuery({
    queryKey: ['exam', 'documents-picker'],
    staleTime: 60_000,
    queryFn: async ({ signal }) => (await request<{ exam: ExamRow[] }>('/exam?limit=500&sort=-exam_id', { signal })).exam,
  });
