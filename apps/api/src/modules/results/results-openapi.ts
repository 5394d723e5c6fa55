import { z } from 'zod';
import {
  meritListAnswer,
  resultAnalysisAnswer,
  resultDiffAnswer,
  resultExceptionsAnswer,
  resultRunCreate,
  resultRunStarted,
  studentResultAnswer,
  studentResultListAnswer,
} from '@exam/contracts';
import type { OpenApiPaths } from '../../platform/module.ts';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: {
    'application/json': { schema: z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) },
  },
});
const input = (schema: z.ZodType) => ({
  required: true,
  content: {
    'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
  },
});
const path = (...names: string[]) =>
  names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
const query = (names: string[], required: string[] = []) =>
  names.map((name) => ({ name, in: 'query', required: required.includes(name), schema: { type: 'string' } }));
const scope = ['exam_id', 'session_id', 'course_comb_id', 'sem_id'];

/**
 * The results calls beyond the engine's list/one of `resultrun` and its workflow actions (described from
 * their contracts).
 */
export const resultsOpenApi: OpenApiPaths = {
  '/resultrun': {
    post: {
      tags: ['resultrun'],
      summary:
        'Compute the results of one exam × course-semester (calculate): answers 202 with the job and the ' +
        'run (COMPUTING); GET /api/job/{job_id} reports progress',
      description:
        'Reads only LOCKED marks of record. 422 naming every entry batch that is not LOCKED and every ' +
        'paper/component with candidates lacking a locked mark, unless allow_result_later (those papers ' +
        "are then RL, never 0); 422 when the students' rule sets are of another scheme or the scope has " +
        'no candidates. 409 LOCKED while another run of the scope is computing, or once one is ' +
        'VERIFIED/APPROVED (re-runs end at verification). A new run supersedes the previous unpublished ' +
        'one; over a published scope it writes new versions only for students whose result changed. Back ' +
        "attempts (attempt_type BACK) revise the original semester's published result as a new version.",
      requestBody: input(resultRunCreate),
      responses: { 202: json(resultRunStarted, 'The job and the run') },
    },
  },
  '/resultrun/{run_id}/exceptions': {
    parameters: path('run_id'),
    get: {
      tags: ['resultrun'],
      summary:
        'The exception report of a run: marks above the maximum, absent with marks, present without ' +
        'marks, internal missing, marks not locked, UFM pending, no rule set, ...',
      parameters: query(['code', 'student_id', 'offset', 'limit']),
      responses: { 200: json(resultExceptionsAnswer, 'Exceptions, in the order found') },
    },
  },
  '/resultrun/{run_id}/diff': {
    parameters: path('run_id'),
    get: {
      tags: ['resultrun'],
      summary:
        'What changed against the previous run of the scope (or the published versions): only the ' +
        'changed students, field by field (result, sgpa, lines.<paper>.total, ...)',
      parameters: query(['offset', 'limit']),
      responses: { 200: json(resultDiffAnswer, 'Changed students') },
    },
  },
  '/resultrun/{run_id}/register.pdf': {
    parameters: path('run_id'),
    get: {
      tags: ['resultrun'],
      summary:
        'The tabulation register (TR) of the run for signatures of tabulator and checker: every student, ' +
        'every paper, totals and result; bilingual (PDF)',
      responses: { 200: { description: 'PDF', content: { 'application/pdf': {} } } },
    },
  },
  '/studentresult': {
    get: {
      tags: ['studentresult'],
      summary:
        'Student results, every version (read-only): filters student_id, exam_id, session_id, ' +
        'course_comb_id, sem_id, college_id, run_id, version, status, result; latest=1 for the newest ' +
        'version of each',
      description:
        "A student user sees only its own published versions; a college's faculty its college's students.",
      parameters: query([
        'student_id',
        'exam_id',
        'session_id',
        'course_comb_id',
        'sem_id',
        'college_id',
        'run_id',
        'version',
        'status',
        'result',
        'latest',
        'offset',
        'limit',
      ]),
      responses: { 200: json(studentResultListAnswer, 'Results with their lines and explanations') },
    },
  },
  '/studentresult/{student_id}/{exam_id}/{session_id}/{course_comb_id}/{sem_id}/{version}': {
    parameters: path('student_id', 'exam_id', 'session_id', 'course_comb_id', 'sem_id', 'version'),
    get: {
      tags: ['studentresult'],
      summary:
        "One version of a student's result with every line and its explanation; 404 outside the caller's " +
        'scope (a student: not its own or not published)',
      responses: { 200: json(studentResultAnswer, 'The result') },
    },
  },
  '/resultanalysis': {
    get: {
      tags: ['studentresult'],
      summary:
        "Result analysis of an exam × course-semester (the latest published versions, or one run's " +
        'results with run_id): registered, appeared, passed, pass %, failed, absent, RL, RW, UFM, per ' +
        'college; division (OLD) or SGPA-band distribution and paper grades',
      parameters: query([...scope, 'run_id'], scope),
      responses: { 200: json(resultAnalysisAnswer, 'Counts and distributions') },
    },
  },
  '/meritlist': {
    get: {
      tags: ['studentresult'],
      summary:
        'Merit list of an exam × course-semester: the top N passed students on their first attempt, by ' +
        'percentage (OLD) or SGPA; ties share a rank',
      parameters: query([...scope, 'run_id', 'college_id', 'limit'], scope),
      responses: { 200: json(meritListAnswer, 'Ranked students') },
    },
  },
};
