import { msg } from '@exam/contracts';
import { AppError, invalid } from '../../platform/http/errors.ts';

/**
 * The rules of award lists and of a paper's marks scheme as marks entry reads it (lifecycle S6), as pure
 * functions of what the store read: each answers the value, a refusal (an AppError to throw) or nothing.
 */

/** The syllabus key of a paper of a course-semester. */
interface PaperOfSemester {
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  paper_id: string;
}

/** A paper's marks scheme as paperinfosem holds it (text fields). */
export interface Scheme {
  max_marks: string | null;
  ext_max_marks: string | null;
  int_max_marks: string | null;
  th_pr_status: string;
}

const paperOf = (key: PaperOfSemester) => ({
  paper_id: key.paper_id,
  course_comb_id: key.course_comb_id,
  sem_id: key.sem_id,
  session_id: key.session_id,
});

/**
 * The maximum of a component from the paper's marks scheme: internal from int_max_marks, external from
 * ext_max_marks, practical from ext_max_marks else max_marks. A paper outside the scheme, or whose maximum
 * is not a positive number with at most two decimals, is refused (422 on paper_id).
 */
export function maxOfComponent(
  key: PaperOfSemester,
  component: 'INT' | 'EXT' | 'PR',
  scheme: Scheme | undefined,
): { max: string } | { refusal: AppError } {
  if (!scheme) return { refusal: invalid({ paper_id: [msg('marks.notInScheme', paperOf(key))] }) };
  const text =
    component === 'INT'
      ? scheme.int_max_marks
      : component === 'EXT'
        ? scheme.ext_max_marks
        : (scheme.ext_max_marks ?? scheme.max_marks);
  const field = component === 'INT' ? 'int_max_marks' : 'ext_max_marks';
  if (!text || !/^\d{1,4}(\.\d{1,2})?$/.test(text.trim()) || Number(text) <= 0)
    return {
      refusal: invalid({
        paper_id: [msg('marks.noNumericMax', { ...paperOf(key), field, text: text ?? '' })],
      }),
    };
  return { max: text.trim() };
}

/** A packet's award lists need answer books, each fictitious number once. */
export function refuseBadPacket(packetNo: string, fictNos: readonly string[]) {
  if (!fictNos.length) return invalid({ fict_nos: [msg('marks.emptyPacket', { packet_no: packetNo })] });
  const seen = new Set<string>();
  const twice = fictNos.filter((f) => (seen.has(f) ? true : (seen.add(f), false)));
  if (!twice.length) return undefined;
  return invalid({
    fict_nos: [msg('marks.fictNoRepeated', { fict_nos: twice.slice(0, 5).join(', '), packet_no: packetNo })],
  });
}

/** A packet has one pair of award-list batches. */
export function refuseOpenedPacket(packetNo: string, existing: number) {
  if (!existing) return undefined;
  return new AppError('DUPLICATE_KEY', msg('marks.packetHasBatches', { packet_no: packetNo }));
}

/** A decoded external mark is marks or a status, never both or neither. */
export function refuseMarkAndStatus(
  rows: ReadonlyArray<{ attempt_id: string; value: string | number | null; status: string | null }>,
) {
  const given = (v: unknown) => v !== null && v !== undefined;
  const bad = rows.find((r) => given(r.value) === given(r.status));
  if (!bad) return undefined;
  return invalid({
    rows: [
      msg(given(bad.value) ? 'marks.markAndStatus' : 'marks.markNorStatus', { attempt_id: bad.attempt_id }),
    ],
  });
}
