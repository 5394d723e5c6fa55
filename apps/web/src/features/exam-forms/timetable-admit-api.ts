import type { Job, TimetableClashesAnswer } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { request, requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';

/** The timetable's and admit cards' server calls (lifecycle S4): lists, clashes, actions and the PDFs. */

export interface Slot {
  slot_id: string;
  exam_id: string;
  paper_id: string;
  courses: string;
  date: string;
  shift: 'FN' | 'AN';
  start_time: string;
  duration_minutes: number;
  updated_at: string;
}
export interface AdmitCard {
  exam_id: string;
  student_id: string;
  college_id: string;
  roll_no: string;
  centre_id: string | null;
  status: 'GENERATED' | 'PUBLISHED' | 'WITHHELD';
  withheld_reason: string | null;
  updated_at: string;
}

const enc = encodeURIComponent;

export const useSlots = (examId: string) =>
  useQuery({
    queryKey: ['timetable', 'slots', examId],
    enabled: !!examId,
    queryFn: async ({ signal }) =>
      (
        await request<{ timetable: Slot[]; total: number }>(
          `/timetable?exam_id=${enc(examId)}&limit=500&sort=date`,
          { signal },
        )
      ).timetable,
  });

export const useClashes = (examId: string) =>
  useQuery({
    queryKey: ['timetable', 'clashes', examId],
    enabled: !!examId,
    queryFn: ({ signal }) =>
      request<TimetableClashesAnswer>(`/timetable/clashes?exam_id=${enc(examId)}`, { signal }),
  });

export const addSlot = (slot: Record<string, string>) =>
  request<{ message: string }>('/timetable', { method: 'POST', body: slot });
export const changeSlot = (slot: Slot, changes: Partial<Slot>) =>
  request<{ message: string }>(`/timetable/${enc(slot.slot_id)}`, {
    method: 'PUT',
    body: { ...changes, updated_at: slot.updated_at },
  });
export const deleteSlot = (slot: Slot) =>
  request<{ message: string }>(`/timetable/${enc(slot.slot_id)}`, { method: 'DELETE' });

async function download(path: string, fallback: string) {
  const response = await requestFile(path);
  saveFile(await response.blob(), attachmentName(response, fallback));
}
export const downloadDateSheet = (examId: string) =>
  download(`/timetable/datesheet/${enc(examId)}`, `datesheet-${examId}.pdf`);
export const downloadCard = (card: Pick<AdmitCard, 'exam_id' | 'student_id'>) =>
  download(`/admitcard/${enc(card.exam_id)}/${enc(card.student_id)}/pdf`, `admit-card-${card.exam_id}.pdf`);
export const downloadCollegeCards = (examId: string, collegeId: string) =>
  download(`/admitcard-batch/${enc(examId)}/${enc(collegeId)}/pdf`, `admit-cards-${examId}-${collegeId}.pdf`);

export const useAdmitCards = (examId: string, collegeId: string) =>
  useQuery({
    queryKey: ['admitcard', 'list', examId, collegeId],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: '500', sort: 'student_id' });
      if (examId) query.set('exam_id', examId);
      if (collegeId) query.set('college_id', collegeId);
      return request<{ admitcard: AdmitCard[]; total: number }>(`/admitcard?${query}`, { signal });
    },
  });

export const cardAction = (card: AdmitCard, action: string, reason: string | undefined) =>
  request<{ message: string }>(`/admitcard/${enc(card.exam_id)}/${enc(card.student_id)}/${action}`, {
    method: 'POST',
    body: { reason, updated_at: card.updated_at },
  });
export const bulkCards = (
  action: 'publish' | 'withhold',
  body: { exam_id: string; college_id: string; reason?: string },
) => request<{ changed: number; message: string }>(`/admitcard-bulk/${action}`, { method: 'POST', body });
export const generateCards = (examId: string) =>
  request<{ changed: number; message: string }>('/admitcard-generate', {
    method: 'POST',
    body: { exam_id: examId },
  });

/**
 * Roll allotment is an action of any course link of the exam (it numbers the whole exam): the first link is
 * used.
 */
export async function allotRolls(examId: string): Promise<Job> {
  const links = await request<{ examccinfo: Array<Record<string, string>> }>(
    `/examccinfo?exam_id=${enc(examId)}&limit=1`,
  );
  const link = links.examccinfo[0];
  if (!link) throw new Error(`Exam ${examId} has no course links yet.`);
  const path = ['examccinfo', link.exam_id, link.session_id, link.course_comb_id, link.sem_id]
    .map((p) => enc(p!))
    .join('/');
  return (await request<{ job: Job }>(`/${path}/allot-rolls`, { method: 'POST', body: {} })).job;
}
