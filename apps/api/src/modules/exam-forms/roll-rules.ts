import { msg } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';

/**
 * The rules of roll numbers and centres (lifecycle spec S2 "Roll numbers", §2.2 ROLL_ALLOTTED), as pure
 * functions of what the store read.
 */

/**
 * Settings of roll numbers (lifecycle spec §8: settings data). `{exam_code}`: initials of the exam id's words
 * and the year's last two digits (MAIN-DEC-2024 → MD24).
 */
export const rollSettings = { format: '{exam_code}{course}{seq}', seqDigits: 5 };

export const examCode = (examId: string) => {
  const words = examId.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const year = words.find((w) => /^\d{4}$/.test(w));
  return `${words
    .filter((w) => !/^\d+$/.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join('')}${year ? year.slice(2) : ''}`;
};

export const formatRoll = (examId: string, course: string, college: string, seq: number) =>
  rollSettings.format
    .replace('{exam_code}', examCode(examId))
    .replace('{course}', course)
    .replace('{college}', college)
    .replace('{seq}', String(seq).padStart(rollSettings.seqDigits, '0'));

/** How many open links a refusal names; the rest are counted. */
export const NAMED_LINKS = 5;

/** Roll numbers wait until no course link of the exam has its forms open (or not yet opened). */
export function refuseWhileFormsOpen(
  examId: string,
  open: ReadonlyArray<{ session_id: string; course_comb_id: string; sem_id: string; phase: string }>,
) {
  if (!open.length) return undefined;
  return new AppError(
    'LOCKED',
    msg('examForms.formsStillOpen', {
      exam_id: examId,
      links: open
        .slice(0, NAMED_LINKS)
        .map((l) => `${l.session_id}/${l.course_comb_id}/${l.sem_id} (${l.phase})`)
        .join(', '),
      more: open.length > NAMED_LINKS ? msg('examForms.andMore', { more: open.length - NAMED_LINKS }) : '',
    }),
  );
}

/**
 * The centre of each college (by college id): its own when it is a centre (is_centre = 1), else its
 * district's first centre, else the first centre; null when no college is a centre.
 */
export function centresOf(
  colleges: ReadonlyArray<{ college_id: string; district: string | null; is_centre: number | null }>,
) {
  const centres = colleges.filter((c) => c.is_centre === 1);
  const byDistrict = new Map<string, string>();
  for (const c of centres)
    if (c.district && !byDistrict.has(c.district)) byDistrict.set(c.district, c.college_id);
  return new Map(
    colleges.map((c) => [
      c.college_id,
      c.is_centre === 1
        ? c.college_id
        : ((c.district && byDistrict.get(c.district)) ?? centres[0]?.college_id ?? null),
    ]),
  );
}

/** Roll allotment needs an examination centre. */
export const noCentre = () => msg('examForms.noCentre');

const TYPE_ORDER: Record<string, number> = { REGULAR: 0, EX: 1, BACK: 2, IMPROVEMENT: 3 };

/**
 * The order of numbering: college, course combination, candidate type (regular, ex-student, back,
 * improvement), enrolment number.
 */
export const rollOrder = (
  a: { college_id: string; course_comb_id: string; candidate_type: string; student_id: string },
  b: { college_id: string; course_comb_id: string; candidate_type: string; student_id: string },
) =>
  a.college_id.localeCompare(b.college_id) ||
  a.course_comb_id.localeCompare(b.course_comb_id) ||
  (TYPE_ORDER[a.candidate_type] ?? 9) - (TYPE_ORDER[b.candidate_type] ?? 9) ||
  a.student_id.localeCompare(b.student_id);

/**
 * The numbers and centres of approved forms: in roll order, each course's sequence continuing after the
 * numbers it has (`taken`), each form at its college's centre.
 */
export function rollsOf<
  F extends {
    form_id: string;
    college_id: string;
    course_comb_id: string;
    candidate_type: string;
    student_id: string;
  },
>(
  examId: string,
  forms: readonly F[],
  taken: ReadonlyMap<string, number>,
  centres: ReadonlyMap<string, string | null>,
) {
  const next = new Map(taken);
  return [...forms].sort(rollOrder).map((f) => {
    const seq = (next.get(f.course_comb_id) ?? 0) + 1;
    next.set(f.course_comb_id, seq);
    return {
      form_id: f.form_id,
      roll_no: formatRoll(examId, f.course_comb_id, f.college_id, seq),
      centre_id: centres.get(f.college_id) ?? null,
    };
  });
}
