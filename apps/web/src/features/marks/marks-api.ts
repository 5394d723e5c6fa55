import type { EntryRow, EntryTotals, MarkComponent } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { request, requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';

/**
 * The marks feature's server calls (lifecycle S3, S6, S7): batches, their rows, actions, the award sheet, CIA
 * patterns.
 */

export interface Batch {
  batch_id: string;
  component: MarkComponent;
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  paper_id: string;
  college_id: string | null;
  dept_id: string | null;
  coded: boolean;
  packet_no: string | null;
  entry_no: number;
  max_marks: string;
  status: string;
  deadline: string | null;
  row_count: number;
  practical_date: string | null;
  practical_shift: string | null;
  lab: string | null;
  internal_examiner: string | null;
  external_examiner: string | null;
  status_reason: string | null;
  submitted_by: string | null;
  updated_at: string;
}
export interface RowsAnswer {
  rows: EntryRow[];
  totals: EntryTotals;
  max_marks: string;
  coded: boolean;
  status: string;
  updated_at: string;
}
export interface SaveAnswer {
  saved: number;
  status: string;
  updated_at: string;
  totals: EntryTotals;
  message: string;
}
export interface Pending {
  batch_id: string;
  component: MarkComponent;
  exam_id: string;
  paper_id: string;
  college_id: string | null;
  dept_id: string | null;
  status: string;
  deadline: string | null;
  overdue: boolean;
  rows: number;
  pending: number;
}
export interface CiaPatternRow {
  pattern_id: string;
  scheme: string;
  wef_session_id: string;
  title: string | null;
  rounding: string;
  decimals: number;
  components: Array<{
    code: string;
    name: string;
    weight_percent: string;
    max_marks: string;
    best_of: number | null;
    mandatory: boolean;
  }>;
  updated_at: string;
}

const enc = encodeURIComponent;

export const useBatches = (filters: Record<string, string | undefined>) =>
  useQuery({
    queryKey: ['entrybatch', 'list', filters],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: '500', sort: 'paper_id' });
      for (const [k, v] of Object.entries(filters)) if (v) query.set(k, v);
      return request<{ entrybatch: Batch[]; total: number }>(`/entrybatch?${query}`, { signal });
    },
  });

export const useBatch = (batchId: string) =>
  useQuery({
    queryKey: ['entrybatch', 'one', batchId],
    enabled: !!batchId,
    queryFn: async ({ signal }) =>
      (await request<{ entrybatch: Batch }>(`/entrybatch/${enc(batchId)}`, { signal })).entrybatch,
  });

export const useRows = (batchId: string) =>
  useQuery({
    queryKey: ['entrybatch', 'rows', batchId],
    enabled: !!batchId,
    // The grid owns the rows once loaded: a refetch would overwrite what the operator is typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: ({ signal }) => request<RowsAnswer>(`/entrybatch/${enc(batchId)}/rows`, { signal }),
  });

export const saveRows = (batchId: string, rows: Array<Record<string, string | null>>, updatedAt: string) =>
  request<SaveAnswer>(`/entrybatch/${enc(batchId)}/rows`, {
    method: 'PUT',
    body: { rows, updated_at: updatedAt },
  });

export const batchAction = (
  batch: Pick<Batch, 'batch_id'>,
  action: string,
  reason: string | undefined,
  updatedAt: string,
) =>
  request<{
    entrybatch: Batch;
    message: string;
    mismatches?: Array<{ fict_no: string; entry_1: string | null; entry_2: string | null }>;
  }>(`/entrybatch/${enc(batch.batch_id)}/${action}`, {
    method: 'POST',
    body: { reason, updated_at: updatedAt },
  });

export const openBatches = (body: { exam_id: string; component: 'INT' | 'EXT'; deadline?: string }) =>
  request<{ created: number; existing: number; message: string }>('/entrybatch-open', {
    method: 'POST',
    body,
  });

export const createBatch = (body: Record<string, unknown>) =>
  request<{ entrybatch: Batch; message: string }>('/entrybatch', { method: 'POST', body });

export const usePending = (filters: Record<string, string | undefined>) =>
  useQuery({
    queryKey: ['entrybatch', 'pending', filters],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(filters)) if (v) query.set(k, v);
      return request<{ pending: Pending[]; total: number }>(`/entrybatch-pending?${query}`, { signal });
    },
  });

export async function downloadSheet(batchId: string) {
  const response = await requestFile(`/entrybatch/${enc(batchId)}/pdf`);
  saveFile(await response.blob(), attachmentName(response, `award-sheet-${batchId}.pdf`));
}

export const useCiaPatterns = (scheme: string | undefined) =>
  useQuery({
    queryKey: ['ciapattern', scheme ?? ''],
    queryFn: async ({ signal }) =>
      (
        await request<{ ciapattern: CiaPatternRow[] }>(
          `/ciapattern?limit=200${scheme ? `&scheme=${enc(scheme)}` : ''}`,
          { signal },
        )
      ).ciapattern,
  });

export const createPattern = (body: Record<string, unknown>) =>
  request<{ message: string }>('/ciapattern', { method: 'POST', body });
