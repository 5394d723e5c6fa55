import type { FeeLine } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { request, requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';

/**
 * The exam set-up and exam-form server calls (lifecycle S2): course links, forms with their papers and fee,
 * actions.
 */

export interface ExamLink {
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  phase: string;
  coding: string;
  form_open_at: string | null;
  form_due_at: string | null;
  late_fee_close_at: string | null;
  base_fee: string;
  back_paper_fee: string;
  practical_fee: string;
  late_fee: string;
  category_concessions: string | null;
  allow_types: string;
  updated_at: string;
}
export interface FormPaper {
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  paper_id: string;
  attempt_type: string;
  attempt_no: number;
}
export interface ExamForm {
  form_id: string;
  exam_id: string;
  student_id: string;
  name_en?: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  college_id: string;
  candidate_type: string;
  status: string;
  fee_amount: string;
  late_fee: string;
  payment_ref: string | null;
  paid_amount: string | null;
  status_reason: string | null;
  papers?: FormPaper[];
  updated_at: string;
}
export interface EligiblePaper extends FormPaper {
  paper_name: string;
  eligible: boolean;
  why: string | null;
}
export interface OpenLink {
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  allow_types: string;
  form_due_at: string | null;
  late_fee_close_at: string | null;
  enrolled: boolean;
}

const enc = encodeURIComponent;
export const linkKey = (l: Pick<ExamLink, 'exam_id' | 'session_id' | 'course_comb_id' | 'sem_id'>) =>
  [l.exam_id, l.session_id, l.course_comb_id, l.sem_id].map(enc).join('/');
export const linkText = (l: Pick<ExamLink, 'exam_id' | 'session_id' | 'course_comb_id' | 'sem_id'>) =>
  `${l.exam_id} · ${l.course_comb_id} semester ${l.sem_id} (${l.session_id})`;
const query = (values: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => !!e[1])).toString();

export const useLinks = (filters: Record<string, string | undefined>) =>
  useQuery({
    queryKey: ['examccinfo', 'list', filters],
    queryFn: async ({ signal }) =>
      request<{ examccinfo: ExamLink[]; total: number }>(
        `/examccinfo?${query({ limit: '500', ...filters })}`,
        { signal },
      ),
  });
export const useLink = (key: string) =>
  useQuery({
    queryKey: ['examccinfo', 'one', key],
    enabled: !!key,
    queryFn: async ({ signal }) =>
      (await request<{ examccinfo: ExamLink }>(`/examccinfo/${key}`, { signal })).examccinfo,
  });
export const saveLink = (values: Record<string, unknown>, key?: string) =>
  request<{ examccinfo: ExamLink; message: string }>(key ? `/examccinfo/${key}` : '/examccinfo', {
    method: key ? 'PUT' : 'POST',
    body: values,
  });
export const linkAction = (link: ExamLink, action: string, reason?: string) =>
  request<{ message: string }>(`/examccinfo/${linkKey(link)}/${action}`, {
    method: 'POST',
    body: { reason, updated_at: link.updated_at },
  });

export const useForms = (filters: Record<string, string | undefined>) =>
  useQuery({
    queryKey: ['examform', 'list', filters],
    queryFn: async ({ signal }) =>
      request<{ examform: ExamForm[]; total: number }>(
        `/examform?${query({ limit: '200', sort: 'form_id', ...filters })}`,
        { signal },
      ),
  });
export const useForm = (formId: string) =>
  useQuery({
    queryKey: ['examform', 'one', formId],
    enabled: !!formId,
    queryFn: ({ signal }) =>
      request<{ examform: ExamForm; fee: FeeLine[]; phase: string }>(`/examform/${enc(formId)}`, { signal }),
  });
export const useEligible = (studentId: string) =>
  useQuery({
    queryKey: ['examform', 'eligible', studentId],
    enabled: !!studentId,
    queryFn: ({ signal }) =>
      request<{ papers: EligiblePaper[]; links: OpenLink[] }>(`/examform-eligible/${enc(studentId)}`, {
        signal,
      }),
  });
export const createForm = (body: Record<string, unknown>) =>
  request<{ examform: ExamForm; message: string }>('/examform', { method: 'POST', body });
export const formAction = (form: ExamForm, action: string, body: Record<string, unknown> = {}) =>
  request<{ message: string }>(`/examform/${enc(form.form_id)}/${action}`, {
    method: 'POST',
    body: { ...body, updated_at: form.updated_at },
  });
export const useOwnStudent = () =>
  useQuery({
    queryKey: ['student', 'own'],
    queryFn: async ({ signal }) =>
      (
        await request<{ student: Array<{ student_id: string; name_en: string }> }>('/student?limit=1', {
          signal,
        })
      ).student[0],
  });

export async function downloadFormPdf(formId: string) {
  const response = await requestFile(`/examform/${enc(formId)}/pdf`);
  saveFile(await response.blob(), attachmentName(response, `exam-form-${formId}.pdf`));
}
