/**
 * Engine throughput: 100,000 students × 6 papers = 600,000 paper results with explanations, per
 * scheme, in batches of 10,000 students (inputs built outside the timing, as the API reads them
 * from the database). Prints paper results per wall-clock second and per CPU second (this process's
 * user + system time, which a busy shared machine does not distort) and the heap after each scheme.
 * Run: pnpm --filter @exam/grading bench   (STUDENTS=20000 for a shorter run)
 */
import {
  cbcsDefault,
  type GradingInput,
  type GradingPaper,
  type MarkCell,
  oldVariantA,
  type RulesetPreset,
} from '@exam/contracts';
import { gradeStudent } from '../src/index.ts';

const STUDENTS = Number(process.env.STUDENTS ?? 100_000);
const BATCH = 10_000;

// A deterministic pseudo-random sequence, so every run grades the same marks.
let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};
const cell = (max: number): MarkCell =>
  rand(200) === 0
    ? { value: null, status: 'AB' }
    : { value: String(Math.min(max, Math.floor(max * 0.3) + rand(Math.ceil(max * 0.75)))), status: null };

const base = {
  ufm_cancelled: false,
  attempt_type: 'REGULAR' as const,
  attempt_exam_id: null,
  int: { value: null, status: null },
  ext: { value: null, status: null },
  pr: { value: null, status: null },
};
const theory = (id: string): GradingPaper => ({
  ...base,
  paper_id: id,
  max: '100',
  min: '36',
  ext_max: '75',
  ext_min: '27',
  int_max: '25',
  int_min: '9',
  paper_type: 0,
  th_pr_status: 'TH',
  credit: '4',
  paper_score_status: 'Y',
  int: cell(25),
  ext: cell(75),
});
const practical = (id: string): GradingPaper => ({
  ...base,
  paper_id: id,
  max: '50',
  min: '18',
  ext_max: '50',
  ext_min: '18',
  int_max: null,
  int_min: null,
  paper_type: 1,
  th_pr_status: 'PR',
  credit: '2',
  paper_score_status: 'Y',
  pr: cell(50),
});
const internal = (id: string): GradingPaper => ({
  ...base,
  paper_id: id,
  max: '50',
  min: '18',
  ext_max: null,
  ext_min: null,
  int_max: '50',
  int_min: '18',
  paper_type: 2,
  th_pr_status: 'TH',
  credit: '2',
  paper_score_status: 'Y',
  int: cell(50),
});

const students = (preset: RulesetPreset, from: number, count: number): GradingInput[] => {
  const ruleset = {
    ruleset_id: preset.ruleset_id,
    version: preset.version,
    scheme: preset.scheme,
    rules: preset.rules,
  };
  return Array.from({ length: count }, (_, i) => ({
    ruleset,
    student_id: `S${from + i}`,
    exam_id: 'MAIN-DEC-2024',
    session_id: '2024-25',
    course_comb_id: 'BA01',
    sem_id: 'SEM1',
    detained: false,
    papers: [theory('P1'), theory('P2'), theory('P3'), theory('P4'), practical('P5'), internal('P6')],
    earlier_courses: [],
    attempt_seq: 0,
  }));
};

for (const preset of [oldVariantA, cbcsDefault]) {
  let seconds = 0;
  let cpuSeconds = 0;
  let lines = 0;
  let explanationSteps = 0;
  for (let from = 0; from < STUDENTS; from += BATCH) {
    const batch = students(preset, from, Math.min(BATCH, STUDENTS - from));
    const start = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    for (const input of batch) {
      const { result } = gradeStudent(input);
      lines += result.lines.length;
      explanationSteps += result.explanation.length;
      for (const l of result.lines) explanationSteps += l.explanation.length;
    }
    seconds += Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpu);
    cpuSeconds += (used.user + used.system) / 1e6;
  }
  const heap = Math.round(process.memoryUsage().heapUsed / 1_048_576);
  console.log(
    `${preset.ruleset_id.padEnd(6)} ${STUDENTS} students, ${lines} paper results, ${explanationSteps} ` +
      `explanation steps in ${seconds.toFixed(2)} s: ` +
      `${Math.round(lines / seconds).toLocaleString('en-US')} paper results/s, ` +
      `${Math.round(STUDENTS / seconds).toLocaleString('en-US')} students/s; ` +
      `per CPU second (the machine is shared): ${Math.round(lines / cpuSeconds).toLocaleString('en-US')} ` +
      `paper results/s; heap ${heap} MB`,
  );
}
