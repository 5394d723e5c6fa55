import type { Coding, CodingMapRow, DecodeReport, Job } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { request, requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';

/**
 * The coding module's server calls (lifecycle S6): coding per paper, map, flap capture, packets, examiners,
 * decode.
 */

export interface Packet {
  packet_no: string;
  exam_id: string;
  paper_id: string;
  seq: number;
  count: number;
  first_fict: string;
  last_fict: string;
  examiner_id: string | null;
  status: 'CREATED' | 'ASSIGNED' | 'RECEIVED';
  updated_at: string;
}
export interface Examiner {
  examiner_id: string;
  name: string;
  college_id: string | null;
  institution: string | null;
  papers: string | null;
  phone: string | null;
  updated_at: string;
}

const enc = encodeURIComponent;
const paperPath = (examId: string, paperId: string) => `/coding/${enc(examId)}/${enc(paperId)}`;

export const useCodingAccess = () =>
  useQuery({
    queryKey: ['coding', 'access'],
    queryFn: ({ signal }) => request<{ secrecy: boolean }>('/coding-access', { signal }),
  });
export const useCodings = (examId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['coding', 'list', examId],
    enabled: enabled && !!examId,
    queryFn: async ({ signal }) =>
      (await request<{ coding: Coding[] }>(`/coding?exam_id=${enc(examId)}`, { signal })).coding,
  });
export const useCodingMap = (examId: string, paperId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['coding', 'map', examId, paperId],
    enabled: enabled && !!paperId,
    queryFn: async ({ signal }) =>
      (await request<{ rows: CodingMapRow[] }>(`${paperPath(examId, paperId)}/map`, { signal })).rows,
  });
export const usePackets = (examId: string, paperId: string) =>
  useQuery({
    queryKey: ['packet', examId, paperId],
    enabled: !!paperId,
    queryFn: async ({ signal }) =>
      (
        await request<{ packet: Packet[] }>(
          `/packet?exam_id=${enc(examId)}&paper_id=${enc(paperId)}&sort=packet_no&limit=500`,
          { signal },
        )
      ).packet,
  });
export const useExaminers = () =>
  useQuery({
    queryKey: ['examiner'],
    queryFn: async ({ signal }) =>
      (await request<{ examiner: Examiner[] }>('/examiner?sort=examiner_id&limit=500', { signal })).examiner,
  });
export const useDecodeReport = (examId: string, paperId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['coding', 'decode', examId, paperId],
    enabled: enabled && !!paperId,
    queryFn: ({ signal }) => request<DecodeReport>(`/decode/${enc(examId)}/${enc(paperId)}`, { signal }),
  });

type Answer = { coding: Coding; message: string };
export const assignNumbers = (examId: string, paperId: string) =>
  request<Answer>(`${paperPath(examId, paperId)}/assign`, { method: 'POST' });
/** Small papers answer at once; a paper of thousands of books answers 202 {job}. */
export const makePackets = (examId: string, paperId: string) =>
  request<Answer | { job: Job }>(`${paperPath(examId, paperId)}/packets`, { method: 'POST', body: {} });
export const captureFlaps = (
  examId: string,
  paperId: string,
  pairs: Array<{ flap_no: string; roll_no: string }>,
) => request<Answer>(`${paperPath(examId, paperId)}/flap`, { method: 'POST', body: { pairs } });
export const startDecode = (examId: string, paperId: string) =>
  request<{ job: Job }>(`/decode/${enc(examId)}/${enc(paperId)}`, { method: 'POST' });
export const assignPacket = (packet: Packet, examinerId: string) =>
  request<{ message: string }>(`/packet/${enc(packet.packet_no)}/assign`, {
    method: 'POST',
    body: { examiner_id: examinerId, updated_at: packet.updated_at },
  });
export const receivePacket = (packet: Packet) =>
  request<{ message: string }>(`/packet/${enc(packet.packet_no)}/receive`, {
    method: 'POST',
    body: { updated_at: packet.updated_at },
  });
export const addExaminer = (examiner: Record<string, string>) =>
  request<{ message: string }>('/examiner', { method: 'POST', body: examiner });
export const deleteExaminer = (examiner: Examiner) =>
  request<{ message: string }>(`/examiner/${enc(examiner.examiner_id)}`, { method: 'DELETE' });

async function download(path: string, fallback: string) {
  const response = await requestFile(path);
  saveFile(await response.blob(), attachmentName(response, fallback));
}
export const downloadStickers = (examId: string, paperId: string) =>
  download(`${paperPath(examId, paperId)}/stickers.pdf`, `stickers-${examId}-${paperId}.pdf`);
export const downloadPacketSlip = (packet: Packet) =>
  download(`/packet/${enc(packet.packet_no)}/pdf`, `packet-${packet.packet_no}.pdf`);
