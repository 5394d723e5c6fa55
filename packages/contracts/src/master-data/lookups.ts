import { z } from 'zod';
import { courseResource } from './entities/course.ts';
import { examResource } from './entities/exam.ts';
import { LIST_CAP } from '../kit/index.ts';

/**
 * Calls the spec lists without describing them (section 7). Their meaning here:
 * - `GET courses_by_session/{session_id}`: the course combinations that run in that session (those with at
 *   least one ccinfo_sem row there), each once, ordered by course_comb_id. Answers `{courses}`; 404 for an
 *   unknown session.
 * - `GET examactive/{session_id}`: the exams of that session whose active_status is 1. Answers `{exam}`; 404
 *   for an unknown session.
 * - `GET exam_all_perticular_session/{session_id}` (legacy spelling): every exam of that session. Answers
 *   `{exam}`; 404 likewise.
 * - `GET course/{offset}/{limit}`: a page of courses, `{course, total}`; `limit` may be `All` (or 0) for
 *   every row.
 */
export const extraEndpoints = [
  {
    method: 'get',
    path: '/courses_by_session/{session_id}',
    summary: 'Course combinations that run in a session',
    responseKey: 'courses',
    response: z.object({ courses: z.array(courseResource.recordSchema) }),
  },
  {
    method: 'get',
    path: '/examactive/{session_id}',
    summary: 'Active exams (active_status 1) of a session',
    responseKey: 'exam',
    response: z.object({ exam: z.array(examResource.recordSchema) }),
  },
  {
    method: 'get',
    path: '/exam_all_perticular_session/{session_id}',
    summary: 'Every exam of a session (legacy spelling kept)',
    responseKey: 'exam',
    response: z.object({ exam: z.array(examResource.recordSchema) }),
  },
] as const;

/** `limit` of the legacy paged course call: a page size, or All (also 0) for every row up to LIST_CAP. */
export const legacyPageLimit = z.union([
  z
    .string()
    .regex(/^(all|0)$/i)
    .transform(() => LIST_CAP),
  z.coerce.number().int().min(1).max(LIST_CAP),
]);
export const legacyPageOffset = z.coerce.number().int().min(0).max(1_000_000_000);

/** Path parameters of `GET course/{offset}/{limit}`, checked together so a 422 names each bad one. */
export const legacyCoursePage = z.object({ offset: legacyPageOffset, limit: legacyPageLimit });
