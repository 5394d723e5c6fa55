import type { AttendanceReconciliation, Job, SeatingChart, SeatingReport } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { request, requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';

/** Conduct's server calls (lifecycle S5): slots and centres to pick from, rooms, seating, attendance, UFM cases. */

export interface Slot { slot_id: string; exam_id: string; paper_id: string; date: string; shift: string }
export interface Centre { centre_id: string; centre_name: string }
export interface Room { centre_id: string; room_no: string; rows: number; cols: number; capacity: number; floor: number; accessible: number; updated_at: string }
export interface Seating { slot_id: string; centre_id: string; date: string; shift: string; status: 'DRAFT' | 'FINAL'; revision: number; seated: number; unseated: number; report: SeatingReport | null; updated_at: string }
export interface Sheet { slot_id: string; centre_id: string; exam_id: string; paper_id: string; status: 'PENDING' | 'ENTERED' | 'VERIFIED' | 'LOCKED'; answer_books_received: number | null; updated_at: string }
export interface AttendanceRow { slot_id: string; student_id: string; centre_id: string; roll_no: string; status: 'PRESENT' | 'ABSENT' | 'UFM'; room_no: string | null; answer_book_no: string | null }
export interface UfmCase { case_id: string; exam_id: string; slot_id: string; roll_no: string; student_id: string; paper_id: string; nature: string; reported_by: string; status: string; decision: string | null; debar_exams: number | null; updated_at: string }

const enc = encodeURIComponent;
const two = (a: string, b: string) => `${enc(a)}/${enc(b)}`;

export const useSlots = (examId: string) =>
  useQuery({
    queryKey: ['conduct', 'slots', examId],
    enabled: !!examId,
    queryFn: async ({ signal }) => (await request<{ timetable: Slot[] }>(`/timetable?exam_id=${enc(examId)}&limit=500&sort=date`, { signal })).timetable,
  });
export const useCentres = () =>
  useQuery({ queryKey: ['conduct', 'centres'], queryFn: async ({ signal }) => (await request<{ centre: Centre[] }>('/centre?limit=500', { signal })).centre });
export const useRooms = (centreId: string) =>
  useQuery({
    queryKey: ['conduct', 'rooms', centreId],
    enabled: !!centreId,
    queryFn: async ({ signal }) => (await request<{ room: Room[] }>(`/room?centre_id=${enc(centreId)}&limit=500&sort=room_no`, { signal })).room,
  });
export const addRoom = (room: Record<string, string>) => request<{ message: string }>('/room', { method: 'POST', body: room });
export const deleteRoom = (room: Room) => request<{ message: string }>(`/room/${two(room.centre_id, room.room_no)}`, { method: 'DELETE' });

/** A plan, or null while none has been generated (404). */
export const useSeating = (slotId: string, centreId: string) =>
  useQuery({
    queryKey: ['conduct', 'seating', slotId, centreId],
    enabled: !!slotId && !!centreId,
    queryFn: async ({ signal }) => {
      try {
        return (await request<{ seating: Seating }>(`/seating/${two(slotId, centreId)}`, { signal })).seating;
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  });
export const useChart = (slotId: string, centreId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['conduct', 'chart', slotId, centreId],
    enabled: enabled && !!slotId && !!centreId,
    queryFn: ({ signal }) => request<SeatingChart>(`/seating/${two(slotId, centreId)}/chart`, { signal }),
  });
/** A first generation, or a new one over the plan as read (its updated_at). */
export const generateSeating = (slotId: string, centreId: string, current: Seating | null) =>
  request<{ job: Job }>(`/seating/${two(slotId, centreId)}/generate`, { method: 'POST', body: current ? { updated_at: current.updated_at } : {} });
export const seatingAction = (s: Seating, action: string, reason: string | undefined) =>
  request<{ message: string }>(`/seating/${two(s.slot_id, s.centre_id)}/${action}`, { method: 'POST', body: { reason, updated_at: s.updated_at } });

export const useSheets = (centreId: string, slotIds: readonly string[]) =>
  useQuery({
    queryKey: ['conduct', 'sheets', centreId, slotIds.join(',')],
    enabled: !!centreId,
    queryFn: async ({ signal }) => (await request<{ attendancesheet: Sheet[] }>(`/attendancesheet?centre_id=${enc(centreId)}&limit=500`, { signal })).attendancesheet.filter((s) => !slotIds.length || slotIds.includes(s.slot_id)),
  });
export const useSheet = (slotId: string, centreId: string) =>
  useQuery({
    queryKey: ['conduct', 'sheet', slotId, centreId],
    enabled: !!slotId && !!centreId,
    queryFn: async ({ signal }) => {
      try {
        return (await request<{ attendancesheet: Sheet }>(`/attendancesheet/${two(slotId, centreId)}`, { signal })).attendancesheet;
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  });
export const useReconciliation = (slotId: string, centreId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['conduct', 'reconciliation', slotId, centreId],
    enabled,
    queryFn: ({ signal }) => request<AttendanceReconciliation>(`/attendancesheet/${two(slotId, centreId)}/reconciliation`, { signal }),
  });
export const useMarked = (slotId: string, centreId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['conduct', 'marked', slotId, centreId],
    enabled,
    // Only the marked rows (absent, UFM): few, whatever the size of the sheet.
    queryFn: async ({ signal }) => {
      const of = async (status: string) => (await request<{ attendance: AttendanceRow[] }>(`/attendance?slot_id=${enc(slotId)}&status=${status}&limit=1000`, { signal })).attendance.filter((a) => a.centre_id === centreId);
      return [...(await of('ABSENT')), ...(await of('UFM'))];
    },
  });
export const saveEntries = (slotId: string, centreId: string, body: { absent: string[]; ufm: string[]; answer_books_received: number | null }) =>
  request<{ message: string; reconciliation: AttendanceReconciliation }>(`/attendancesheet/${two(slotId, centreId)}/entries`, { method: 'PUT', body });
export const sheetAction = (s: Sheet, action: string, reason: string | undefined) =>
  request<{ message: string }>(`/attendancesheet/${two(s.slot_id, s.centre_id)}/${action}`, { method: 'POST', body: { reason, updated_at: s.updated_at } });

export const useUfmCases = (examId: string) =>
  useQuery({
    queryKey: ['conduct', 'ufm', examId],
    queryFn: async ({ signal }) => (await request<{ ufmcase: UfmCase[] }>(`/ufmcase?limit=1000&sort=case_id`, { signal })).ufmcase.filter((c) => !examId || c.exam_id === examId),
  });
export const reportCase = (body: Record<string, string>) => request<{ message: string }>('/ufmcase', { method: 'POST', body });
export const caseAction = (c: UfmCase, action: string, reason: string | undefined, decision: string, debarExams?: string) =>
  request<{ message: string }>(`/ufmcase/${enc(c.case_id)}/${action}`, {
    method: 'POST',
    body: { reason, updated_at: c.updated_at, ...(action === 'decide' || action === 'decide-appeal' ? { decision, ...(decision === 'U3' ? { debar_exams: debarExams ?? '' } : {}) } : {}) },
  });

async function download(path: string, fallback: string) {
  const response = await requestFile(path);
  saveFile(await response.blob(), attachmentName(response, fallback));
}
export const downloadSeating = (slotId: string, centreId: string) => download(`/seating/${two(slotId, centreId)}/pdf`, `seating-${centreId}.pdf`);
export const downloadStickers = (slotId: string, centreId: string) => download(`/seating/${two(slotId, centreId)}/stickers.pdf`, `stickers-${centreId}.pdf`);
export const downloadSheet = (slotId: string, centreId: string) => download(`/attendance/sheet/${two(slotId, centreId)}/pdf`, `attendance-${slotId}-${centreId}.pdf`);
