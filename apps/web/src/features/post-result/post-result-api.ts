import type {
  PostResultApplication,
  PostResultEligiblePaper,
  PostResultType,
  RevalAwardRow,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api.ts';

/**
 * The post-result feature's server calls (lifecycle S9): applications, their actions, eligible papers, the
 * revaluation award list.
 */

const enc = encodeURIComponent;
const query = (values: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => !!e[1])).toString();

export const useApplications = (filters: Record<string, string | undefined>) =>
  useQuery({
    queryKey: ['postresult', 'list', filters],
    queryFn: ({ signal }) =>
      request<{ postresult: PostResultApplication[]; total: number }>(
        `/postresult?${query({ limit: '200', sort: '-app_id', ...filters })}`,
        { signal },
      ),
  });

export const useEligible = (type: PostResultType) =>
  useQuery({
    queryKey: ['postresult', 'eligible', type],
    queryFn: ({ signal }) =>
      request<{ papers: PostResultEligiblePaper[] }>(`/postresult-eligible?type=${type}`, { signal }),
  });

export const applyFor = (type: PostResultType, attempt_id: string) =>
  request<{ postresult: PostResultApplication; message: string }>('/postresult', {
    method: 'POST',
    body: { type, attempt_id },
  });

export const applicationAction = (
  app: Pick<PostResultApplication, 'app_id' | 'updated_at'>,
  action: string,
  body: Record<string, unknown>,
) =>
  request<{ postresult: PostResultApplication; message: string }>(
    `/postresult/${enc(app.app_id)}/${action}`,
    { method: 'POST', body: { ...body, updated_at: app.updated_at } },
  );

export const useAwardList = (exam_id: string | undefined, paper_id: string | undefined) =>
  useQuery({
    queryKey: ['postresult', 'awardlist', exam_id ?? '', paper_id ?? ''],
    queryFn: ({ signal }) =>
      request<{ rows: RevalAwardRow[]; total: number }>(`/revalawardlist?${query({ exam_id, paper_id })}`, {
        signal,
      }),
  });

export const enterAward = (body: { fict_no: string; marks?: string; third_marks?: string }) =>
  request<{ fict_no: string; marks: string | null; needs_third_valuation: boolean; message: string }>(
    '/revalawardlist',
    { method: 'POST', body },
  );
