import type { DecodeException } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { AppError } from '../../platform/http/errors.ts';
import type { ExternalMark, MarksPort } from './marks-port.ts';

/**
 * Decode (lifecycle S6 "Decode", §2.3 F EVALUATED → DECODED): the LOCKED award lists of every packet of the
 * paper joined to the attempts through the map in one statement, with the paper's attendance:
 * - a PRESENT attempt with a mark gets it as its external mark of record;
 * - an ABSENT attempt without marks gets AB; a UFM one (marked at the hall) gets UFM;
 * - exceptions, each making the attempt RL (result later) instead of a mark: a PRESENT attempt without a mark
 *   (not coded, no row, or the examiner wrote AB), marks for an ABSENT attempt, a UFM case still open (book
 *   held); and a fictitious number on an award list that is not in the map (orphan: no attempt).
 * The exception list is stored (GET /api/decode/...) and the coding moves to DECODED: the map is read-only
 * after.
 */

type Tx = Prisma.TransactionClient;

/**
 * The packets of the paper whose award lists are not both LOCKED (a packet without batches: NO AWARD LIST).
 */
export async function packetsNotLocked(tx: Tx, marks: MarksPort, examId: string, paperId: string) {
  const packets = await tx.packet.findMany({
    where: { exam_id: examId, paper_id: paperId },
    select: { packet_no: true },
    orderBy: { seq: 'asc' },
  });
  const state = new Map(
    (await marks.awardListState(tx, examId, paperId)).packets.map((p) => [p.packet_no, p.status]),
  );
  return packets
    .map((p) => ({ packet_no: p.packet_no, status: state.get(p.packet_no) ?? 'NO AWARD LIST' }))
    .filter((p) => p.status !== 'LOCKED');
}

export async function refuseWhilePacketsOpen(tx: Tx, marks: MarksPort, examId: string, paperId: string) {
  const packets = await tx.packet.count({ where: { exam_id: examId, paper_id: paperId } });
  if (!packets)
    throw new AppError(
      'INVALID_TRANSITION',
      `Cannot decode paper ${paperId} of ${examId}: it has no packets yet (make packets first).`,
    );
  const open = await packetsNotLocked(tx, marks, examId, paperId);
  if (open.length) {
    const named = open
      .slice(0, 10)
      .map((p) => `${p.packet_no} (${p.status})`)
      .join(', ');
    throw new AppError(
      'LOCKED',
      `Cannot decode paper ${paperId} of ${examId}: the award lists of ${open.length} packet${open.length === 1 ? '' : 's'} are not LOCKED: ${named}${open.length > 10 ? ` and ${open.length - 10} more` : ''}.`,
    );
  }
}

interface Joined {
  attempt_id: string | null;
  map_fict: string | null;
  award_fict: string | null;
  value: string | null;
  mark_status: string | null;
  batch_id: string | null;
  att_status: string | null;
  ufm_open: boolean | null;
}

export async function decodePaper(
  tx: Tx,
  marks: MarksPort,
  examId: string,
  paperId: string,
  by: { email: string; jobId: string | null },
) {
  const coding = await tx.coding.findUnique({ where: { key: { exam_id: examId, paper_id: paperId } } });
  if (!coding || !['PACKETED', 'ASSIGNED', 'EVALUATED'].includes(coding.status)) {
    throw new AppError(
      'INVALID_TRANSITION',
      `Cannot decode paper ${paperId} of ${examId}: its coding is ${coding?.status ?? 'NOT_CODED'}; decode follows PACKETED, ASSIGNED or EVALUATED.`,
    );
  }
  await refuseWhilePacketsOpen(tx, marks, examId, paperId);
  // One set-based join: attendance ⟗ map ⟗ the LOCKED award rows (marks' view).
  const joined = await tx.$queryRawUnsafe<Joined[]>(
    `WITH aw AS (SELECT fict_no, value::text AS value, status, batch_id FROM ${marks.lockedAwardRowsView} WHERE exam_id = $1 AND paper_id = $2),
          m AS (SELECT fict_no, attempt_id FROM coding_map WHERE exam_id = $1 AND paper_id = $2),
          v AS (SELECT attempt_id, status, ufm_open FROM attempt_attendance WHERE exam_id = $1 AND paper_id = $2)
     SELECT COALESCE(v.attempt_id, m.attempt_id) AS attempt_id, m.fict_no AS map_fict, aw.fict_no AS award_fict,
            aw.value, aw.status AS mark_status, aw.batch_id, v.status AS att_status, v.ufm_open
       FROM v FULL JOIN m ON m.attempt_id = v.attempt_id FULL JOIN aw ON aw.fict_no = m.fict_no`,
    examId,
    paperId,
  );
  const exceptions: Array<Omit<DecodeException, 'seq' | 'roll_no'>> = [];
  const out: ExternalMark[] = [];
  const hasMark = (j: Joined) => j.award_fict !== null && (j.value !== null || j.mark_status === 'BLANK');
  for (const j of joined) {
    const except = (kind: DecodeException['kind'], detail: string) => {
      exceptions.push({ kind, fict_no: j.map_fict ?? j.award_fict, attempt_id: j.attempt_id, detail });
      if (j.attempt_id)
        out.push({ attempt_id: j.attempt_id, value: null, status: 'RL', batch_id: j.batch_id });
    };
    if (!j.attempt_id) {
      except(
        'ORPHAN_FICT',
        `Fictitious number ${j.award_fict} is on an award list but not in the coding map of paper ${paperId}.`,
      );
      continue;
    }
    if (j.att_status === 'PRESENT' || (j.att_status === null && j.map_fict)) {
      if (j.ufm_open)
        except(
          'UFM_HELD',
          `An unfair-means case of this paper is open: the book ${j.map_fict ?? ''} is held, no mark is released.`,
        );
      else if (!j.map_fict)
        except(
          'PRESENT_WITHOUT_MARKS',
          'Present, but the answer book was never coded (no fictitious number).',
        );
      else if (!hasMark(j))
        except(
          'PRESENT_WITHOUT_MARKS',
          `Present, but no mark for fictitious number ${j.map_fict} on the LOCKED award lists${j.mark_status ? ` (examiner wrote ${j.mark_status})` : ''}.`,
        );
      else
        out.push({
          attempt_id: j.attempt_id,
          value: j.mark_status === 'BLANK' ? null : j.value,
          status: j.mark_status === 'BLANK' ? 'BLANK' : null,
          batch_id: j.batch_id,
        });
    } else if (j.att_status === 'ABSENT') {
      if (j.award_fict && hasMark(j))
        except(
          'MARKS_FOR_ABSENTEE',
          `Marked ABSENT in attendance, but fictitious number ${j.map_fict} carries marks on an award list.`,
        );
      else out.push({ attempt_id: j.attempt_id, value: null, status: 'AB', batch_id: null });
    } else if (j.att_status === 'UFM') {
      if (j.award_fict && hasMark(j))
        except(
          'UFM_HELD',
          `Booked for unfair means at the hall; the marks of fictitious number ${j.map_fict} are held.`,
        );
      else out.push({ attempt_id: j.attempt_id, value: null, status: 'UFM', batch_id: null });
    }
    // No attendance row at all (never seated, e.g. a withheld admit card) and never coded: nothing to decode.
  }
  await marks.recordExternalMarks(tx, out);
  await tx.decodeException.deleteMany({ where: { exam_id: examId, paper_id: paperId } });
  if (exceptions.length) {
    await tx.$executeRawUnsafe(
      `INSERT INTO decode_exception (exam_id, paper_id, seq, kind, fict_no, attempt_id, detail)
       SELECT $1, $2, s, k, f, a, d FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS v(s, k, f, a, d, o)`,
      examId,
      paperId,
      exceptions.map((_, i) => i + 1),
      exceptions.map((e) => e.kind),
      exceptions.map((e) => e.fict_no),
      exceptions.map((e) => e.attempt_id),
      exceptions.map((e) => e.detail.slice(0, 500)),
    );
  }
  await tx.coding.update({
    where: { key: { exam_id: examId, paper_id: paperId } },
    data: { status: 'DECODED', decoded_by: by.email, decoded_at: new Date(), decode_job_id: by.jobId },
  });
  const decoded = out.filter((o) => o.status !== 'RL').length;
  return {
    exam_id: examId,
    paper_id: paperId,
    decoded,
    result_later: out.filter((o) => o.status === 'RL').length,
    exceptions: exceptions.length,
    before: coding.status,
  };
}

/** The stored exception list, with roll numbers (the secrecy cell reads it). */
export async function readExceptions(tx: Tx, examId: string, paperId: string): Promise<DecodeException[]> {
  return tx.$queryRawUnsafe<DecodeException[]>(
    `SELECT e.seq, e.kind, e.fict_no, e.attempt_id, f.roll_no, e.detail FROM decode_exception e
       LEFT JOIN attempt a ON a.attempt_id = e.attempt_id LEFT JOIN exam_form f ON f.form_id = a.form_id
      WHERE e.exam_id = $1 AND e.paper_id = $2 ORDER BY e.seq`,
    examId,
    paperId,
  );
}
