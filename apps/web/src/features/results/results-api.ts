import type {
  MeritEntry,
  ResultAnalysis,
  ResultDiffAnswer,
  ResultRun as ResultRunFields,
  ResultRunCreate,
  ResultRunStatus,
  RulesetRules,
  SchemeCode,
  StudentResult,
  resultExceptionsAnswer,
  resultRunStarted,
} from '@exam/contracts';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { request, requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';

/**
 * The results feature's server calls (lifecycle S8, S9): rule sets, result runs and their work, student
 * results.
 */

const enc = encodeURIComponent;
const query = (values: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => !!e[1])).toString();

// ---- Rule sets (the master-data resource `ruleset`) ----

export interface RulesetRow {
  ruleset_id: string;
  version: number;
  scheme: SchemeCode;
  title: string;
  wef_session_id: string | null;
  status: string;
  rules: RulesetRules;
  locked: boolean;
  updated_at: string;
}
export const rulesetLabel = (r: Pick<RulesetRow, 'ruleset_id' | 'version'>) => `${r.ruleset_id}@${r.version}`;

export const useRulesets = () =>
  useQuery({
    queryKey: ['ruleset', 'list'],
    queryFn: async ({ signal }) =>
      (await request<{ ruleset: RulesetRow[] }>('/ruleset?limit=500&sort=ruleset_id', { signal })).ruleset,
  });

export const useRuleset = (id: string, version: string) =>
  useQuery({
    queryKey: ['ruleset', 'one', id, version],
    enabled: !!id && !!version,
    queryFn: async ({ signal }) =>
      (await request<{ ruleset: RulesetRow }>(`/ruleset/${enc(id)}/${enc(version)}`, { signal })).ruleset,
  });

// ---- Course-semesters of an exam and the entry batches a run needs LOCKED ----

export interface CourseSem {
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  phase: string;
}
export const courseKey = (c: Pick<CourseSem, 'session_id' | 'course_comb_id' | 'sem_id'>) =>
  `${c.session_id}/${c.course_comb_id}/${c.sem_id}`;
export const courseText = (c: Pick<CourseSem, 'session_id' | 'course_comb_id' | 'sem_id'>) =>
  `${c.course_comb_id} · semester ${c.sem_id} (${c.session_id})`;

export const useExamCourses = (examId: string) =>
  useQuery({
    queryKey: ['examccinfo', 'list', { exam_id: examId }],
    enabled: !!examId,
    queryFn: async ({ signal }) =>
      (
        await request<{ examccinfo: CourseSem[] }>(
          `/examccinfo?${query({ exam_id: examId, limit: '500' })}`,
          { signal },
        )
      ).examccinfo,
  });

export interface BatchRow {
  batch_id: string;
  component: string;
  paper_id: string;
  college_id: string | null;
  packet_no: string | null;
  status: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
}

/**
 * The exam's entry batches of one course-semester that are not LOCKED: each blocks a run without
 * result-later.
 */
export const useOpenBatches = (examId: string, course: string) =>
  useQuery({
    queryKey: ['entrybatch', 'list', { exam_id: examId, course }],
    enabled: !!examId && !!course,
    queryFn: async ({ signal }) => {
      const { entrybatch } = await request<{ entrybatch: BatchRow[] }>(
        `/entrybatch?${query({ exam_id: examId, limit: '1000', sort: 'paper_id' })}`,
        { signal },
      );
      return entrybatch.filter((b) => courseKey(b) === course);
    },
  });

// ---- Result runs ----

/**
 * A run as the API answers it: its fields and the extras the contracts declare (typed here: the kit's extras
 * are untyped).
 */
export type ResultRun = ResultRunFields & {
  status: ResultRunStatus;
  ruleset_id: string | null;
  ruleset_version: number | null;
  previous_run_id: string | null;
  job_id: string | null;
  student_count: number;
  pass_count: number;
  fail_count: number;
  promoted_count: number;
  absent_count: number;
  rl_count: number;
  rw_count: number;
  ufm_count: number;
  detained_count: number;
  exception_count: number;
  changed_count: number;
  version_count: number;
  started_by: string | null;
  computed_at: string | null;
  verified_by: string | null;
  verified_at: string | null;
  approved_by: string | null;
  approved_at: string | null;
  published_by: string | null;
  published_at: string | null;
  notification_no: string | null;
  notification_date: string | null;
  status_reason: string | null;
};

export const useRuns = (filters: Record<string, string | undefined>, enabled = true) =>
  useQuery({
    queryKey: ['resultrun', 'list', filters],
    enabled,
    queryFn: async ({ signal }) =>
      (
        await request<{ resultrun: ResultRun[]; total: number }>(
          `/resultrun?${query({ limit: '200', sort: '-run_id', ...filters })}`,
          { signal },
        )
      ).resultrun,
  });

export const useRun = (runId: string) =>
  useQuery({
    queryKey: ['resultrun', 'one', runId],
    enabled: !!runId,
    queryFn: async ({ signal }) =>
      (await request<{ resultrun: ResultRun }>(`/resultrun/${enc(runId)}`, { signal })).resultrun,
  });

export const startRun = (body: ResultRunCreate) =>
  request<z.infer<typeof resultRunStarted>>('/resultrun', { method: 'POST', body });

export const runAction = (run: ResultRun, action: string, body: Record<string, unknown>) =>
  request<{ resultrun: ResultRun; message: string }>(`/resultrun/${enc(run.run_id)}/${action}`, {
    method: 'POST',
    body: { ...body, updated_at: run.updated_at },
  });

export const useExceptions = (runId: string) =>
  useQuery({
    queryKey: ['resultrun', 'exceptions', runId],
    enabled: !!runId,
    queryFn: ({ signal }) =>
      request<z.infer<typeof resultExceptionsAnswer>>(`/resultrun/${enc(runId)}/exceptions?limit=1000`, {
        signal,
      }),
  });

export const useDiff = (runId: string) =>
  useQuery({
    queryKey: ['resultrun', 'diff', runId],
    enabled: !!runId,
    queryFn: ({ signal }) =>
      request<ResultDiffAnswer>(`/resultrun/${enc(runId)}/diff?limit=1000`, { signal }),
  });

export async function downloadRegister(runId: string) {
  const response = await requestFile(`/resultrun/${enc(runId)}/register.pdf`);
  saveFile(await response.blob(), attachmentName(response, `tabulation-register-${runId}.pdf`));
}

// ---- Student results ----

export type StudentResultRow = StudentResult;

export const useStudentResults = (filters: Record<string, string | undefined>, enabled = true) =>
  useQuery({
    queryKey: ['studentresult', 'list', filters],
    enabled,
    queryFn: async ({ signal }) =>
      request<{ studentresult: StudentResultRow[]; total: number }>(
        `/studentresult?${query({ limit: '500', ...filters })}`,
        { signal },
      ),
  });

/** A student's results grouped by exam and course-semester, newest version first in each group. */
export function groupVersions(rows: StudentResultRow[]) {
  const groups = new Map<string, StudentResultRow[]>();
  for (const row of rows) {
    const key = [row.student_id, row.exam_id, row.session_id, row.course_comb_id, row.sem_id].join('/');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((versions) => versions.sort((a, b) => b.version - a.version));
}

// ---- Analysis ----

export const useAnalysis = (filters: Record<string, string | undefined>, enabled: boolean) =>
  useQuery({
    queryKey: ['resultanalysis', filters],
    enabled,
    queryFn: async ({ signal }) =>
      (await request<{ resultanalysis: ResultAnalysis }>(`/resultanalysis?${query(filters)}`, { signal }))
        .resultanalysis,
  });

export const useMeritList = (filters: Record<string, string | undefined>, enabled: boolean) =>
  useQuery({
    queryKey: ['meritlist', filters],
    enabled,
    queryFn: async ({ signal }) =>
      (
        await request<{ meritlist: MeritEntry[] }>(`/meritlist?${query({ limit: '10', ...filters })}`, {
          signal,
        })
      ).meritlist,
  });

// ---- Exams (the picker) ----

export interface ExamRow {
  exam_id: string;
  exam_desc: string | null;
  session_id: string | null;
}
export const useExams = () =>
  useQuery({
    queryKey: ['exam', 'results-picker'],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await request<{ exam: ExamRow[] }>('/exam?limit=500&sort=-exam_id', { signal })).exam,
  });
