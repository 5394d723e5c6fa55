/** How many rows of each kind the generator writes. `default` is the size of a large state university. */
export interface Scale {
  sessions: number;
  courses: number;
  papers: number;
  semesters: number;
  ccinfoSems: number;
  /** paperinfosem rows; a whole multiple of ccinfoSems (papers per course-semester). */
  paperInfoSems: number;
  exams: number;
  users: number;
}

export const scales = {
  tiny: {
    sessions: 4,
    courses: 50,
    papers: 300,
    semesters: 6,
    ccinfoSems: 200,
    paperInfoSems: 1_000,
    exams: 20,
    users: 10,
  },
  small: {
    sessions: 10,
    courses: 500,
    papers: 3_000,
    semesters: 12,
    ccinfoSems: 6_000,
    paperInfoSems: 30_000,
    exams: 200,
    users: 50,
  },
  default: {
    sessions: 20,
    courses: 5_000,
    papers: 30_000,
    semesters: 12,
    ccinfoSems: 60_000,
    paperInfoSems: 300_000,
    exams: 2_000,
    users: 500,
  },
  large: {
    sessions: 40,
    courses: 20_000,
    papers: 100_000,
    semesters: 12,
    ccinfoSems: 240_000,
    paperInfoSems: 1_200_000,
    exams: 8_000,
    users: 2_000,
  },
} satisfies Record<string, Scale>;

export type ScaleName = keyof typeof scales;

export function resolveScale(name: string | undefined): Scale {
  const key = (name ?? 'default') as ScaleName;
  const scale = scales[key];
  if (!scale) throw new Error(`Unknown scale "${name}"; use one of ${Object.keys(scales).join(', ')}`);
  checkScale(scale);
  return scale;
}

/**
 * The generator's key arithmetic needs these; a custom scale that breaks them would break foreign keys or
 * uniqueness.
 */
export function checkScale(s: Scale) {
  if (s.ccinfoSems > s.courses * s.semesters) throw new Error('ccinfoSems cannot exceed courses x semesters');
  if (s.paperInfoSems % s.ccinfoSems !== 0)
    throw new Error('paperInfoSems must be a whole multiple of ccinfoSems');
  if (s.paperInfoSems / s.ccinfoSems > s.papers)
    throw new Error('more papers per course-semester than papers');
  if (s.semesters > 99 || s.sessions < 1) throw new Error('1+ sessions and at most 99 semesters');
}
