import type { AttendanceReconciliation, Job, SeatingChart, SeatingReport } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { request, requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';

/**
 * Conduct's server calls (lifecycle S5): slots and centres to pick from, rooms, seating, attendance, UFM
 * cases.
 */

export interface Slot {
  slot_id: string;
  exam_id: string;
  paper_id: string;
  date: string;
  shift: string;
}
export interface Centre {
  centre_id: string;
  centre_name: string;
}
export interface Room {
  centre_id: string;
  room_no: string;
  rows: number;
  cols: number;
  capacity: number;
  floor: number;
  accessible: number;
  updated_at: string;
}
export interface Seating {
  slot_id: string;
  centre_id: string;
  date: string;
  shift: string;
  status: 'DRAFT' | 'FINAL';
  revision: number;
  seated: number;
  unseated: number;
  report: SeatingReport | null;
  updated_at: string;
}
export interface Sheet {
  slot_id: string;
  centre_id: string;
  exam_id: string;
  paper_id: string;
  status: 'PENDING' | 'ENTERED' | 'VERIFIED' | 'LOCKED';
  answer_books_received: number | null;
  updated_at: string;
}
export interface AttendanceRow {
  slot_id: string;
  student_id: string;
  centre_id: string;
  roll_no: string;
  status: 'PRESENT' | 'ABSENT' | 'UFM';
  room_no: string | null;
  answer_book_no: string | null;
}
export interface UfmCase {
  case_id: string;
  exam_id: string;
  slot_id: string;
  roll_no: string;
  student_id: string;
  paper_id: string;
  nature: string;
  reported_by: string;
  status: string;
  decision: string | null;
  debar_exams: number | null;
  updated_at: string;
}

/** Rows of a filtered read and how many match in all (more than the rows when the read was capped). */
export interface Capped<Row> {
  rows: Row[];
  total: number;
}
/** The most rows a conduct list reads at once (the API's cap). */
const LIMIT = 1000;

const enc = encodeURIComponent;
const two = (a: string, b: string) => `${enc(a)}/${enc(b)}`;

export const useSlots = (examId: string) =>
  useQuery({
    queryKey: ['conduct', 'slots', examId],
    enabled: !!examId,
    queryFn: async ({ signal }) =>
      (
        await request<{ timetable: Slot[] }>(`/timetable?exam_id=${enc(examId)}&limit=500&sort=date`, {
          signal,
        })
      ).timetable,
  });
export const useCentres = () =>
  useQuery({
    queryKey: ['conduct', 'centres'],
    queryFn: async ({ signal }) =>
      (await request<{ centre: Centre[] }>('/centre?limit=500', { signal })).centre,
  });
export const useRooms = (centreId: string) =>
  useQuery({
    queryKey: ['conduct', 'rooms', centreId],
    enabled: !!centreId,
    queryFn: async ({ signal }) =>
      (await request<{ room: Room[] }>(`/room?centre_id=${enc(centreId)}&limit=500&sort=room_no`, { signal }))
        .room,
  });
export const addRoom = (room: Record<string, string>) =>
  request<{ message: string }>('/room', { method: 'POST', body: room });
export const deleteRoom = (room: Room) =>
  request<{ message: string }>(`/room/${two(room.centre_id, room.room_no)}`, { method: 'DELETE' });

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
  request<{ job: Job }>(`/seating/${two(slotId, centreId)}/generate`, {
    method: 'POST',
    body: current ? { updated_at: current.updated_at } : {},
  });
export const seatingAction = (s: Seating, action: string, reason: string | undefined) =>
  request<{ message: string }>(`/seating/${two(s.slot_id, s.centre_id)}/${action}`, {
    method: 'POST',
    body: { reason, updated_at: s.updated_at },
  });

/**
 * The sheets of the sitting's slots at a centre: one filtered read per slot (a slot and a centre name one
 * sheet).
 */
export const useSheets = (centreId: string, slotIds: readonly string[]) =>
  useQuery({
    queryKey: ['conduct', 'sheets', centreId, slotIds.join(',')],
    enabled: !!centreId && slotIds.length > 0,
    queryFn: async ({ signal }) =>
      (
        await Promise.all(
          slotIds.map(
            async (slotId) =>
              (
                await request<{ attendancesheet: Sheet[] }>(
                  `/attendancesheet?slot_id=${enc(slotId)}&centre_id=${enc(centreId)}`,
                  { signal },
                )
              ).attendancesheet,
          ),
        )
      ).flat(),
  });
export const useSheet = (slotId: string, centreId: string) =>
  useQuery({
    queryKey: ['conduct', 'sheet', slotId, centreId],
    enabled: !!slotId && !!centreId,
    queryFn: async ({ signal }) => {
      try {
        return (
          await request<{ attendancesheet: Sheet }>(`/attendancesheet/${two(slotId, centreId)}`, { signal })
        ).attendancesheet;
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
    queryFn: ({ signal }) =>
      request<AttendanceReconciliation>(`/attendancesheet/${two(slotId, centreId)}/reconciliation`, {
        signal,
      }),
  });
export const useMarked = (slotId: string, centreId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['conduct', 'marked', slotId, centreId],
    enabled,
    // Only the marked rows (absent, UFM) of this sheet, filtered by the server: few, whatever the size of the
    // sheet. Read page by page to the answer's total: saving replaces the sheet's marks, so a roll left
    // unread would turn PRESENT.
    queryFn: async ({ signal }) => {
      const of = async (status: string) => {
        const rows: AttendanceRow[] = [];
        for (let total = Infinity; rows.length < total;) {
          const page = await request<{ attendance: AttendanceRow[]; total: number }>(
            `/attendance?slot_id=${enc(slotId)}&centre_id=${enc(centreId)}&status=${status}` +
              `&offset=${rows.length}&limit=${LIMIT}`,
            { signal },
          );
          rows.push(...page.attendance);
          total = page.attendance.length ? page.total : rows.length;
        }
        return rows;
      };
      return [...(await of('ABSENT')), ...(await of('UFM'))];
    },
  });
export const saveEntries = (
  slotId: string,
  centreId: string,
  body: { absent: string[]; ufm: string[]; answer_books_received: number | null },
) =>
  request<{ message: string; reconciliation: AttendanceReconciliation }>(
    `/attendancesheet/${two(slotId, centreId)}/entries`,
    { method: 'PUT', body },
  );
export const sheetAction = (s: Sheet, action: string, reason: string | undefined) =>
  request<{ message: string }>(`/attendancesheet/${two(s.slot_id, s.centre_id)}/${action}`, {
    method: 'POST',
    body: { reason, updated_at: s.updated_at },
  });

export const useUfmCases = (examId: string) =>
  useQuery({
    queryKey: ['conduct', 'ufm', examId],
    // The exam's cases, filtered by the server; `total` says when more match than one read carries.
    queryFn: async ({ signal }): Promise<Capped<UfmCase>> => {
      const answer = await request<{ ufmcase: UfmCase[]; total: number }>(
        `/ufmcase?${examId ? `exam_id=${enc(examId)}&` : ''}limit=${LIMIT}&sort=case_id`,
        { signal },
      );
      return { rows: answer.ufmcase, total: answer.total };
    },
  });
export const reportCase = (body: Record<string, string>) =>
  request<{ message: string }>('/ufmcase', { method: 'POST', body });
export const caseAction = (
  c: UfmCase,
  action: string,
  reason: string | undefined,
  decision: string,
  debarExams?: string,
) =>
  request<{ message: string }>(`/ufmcase/${enc(c.case_id)}/${action}`, {
    method: 'POST',
    body: {
      reason,
      updated_at: c.updated_at,
      ...(action === 'decide' || action === 'decide-appeal'
        ? { decision, ...(decision === 'U3' ? { debar_exams: debarExams ?? '' } : {}) }
        : {}),
    },
  });

async function download(path: string, fallback: string) {
  const response = await requestFile(path);
  saveFile(await response.blob(), attachmentName(response, fallback));
}
export const downloadSeating = (slotId: string, centreId: string) =>
  download(`/seating/${two(slotId, centreId)}/pdf`, `seating-${centreId}.pdf`);
export const downloadStickers = (slotId: string, centreId: string) =>
  download(`/seating/${two(slotId, centreId)}/stickers.pdf`, `stickers-${centreId}.pdf`);
export const downloadSheet = (slotId: string, centreId: string) =>
  download(`/attendance/sheet/${two(slotId, centreId)}/pdf`, `attendance-${slotId}-${centreId}.pdf`);
