import type { ResourceName } from '@exam/contracts';
import type { ResourceScreens } from '../declaration.ts';

/** Each resource's declaration loads with its first screen (one small chunk per entity). */
export const screenModules: Record<ResourceName, () => Promise<{ screens: ResourceScreens }>> = {
  session: () => import('./session.ts'),
  course: () => import('./course.ts'),
  paper: () => import('./paper.ts'),
  sempart: () => import('./sempart.ts'),
  ccinfo_sem: () => import('./ccinfo-sem.ts'),
  paperinfosem: () => import('./paperinfosem.ts'),
  exam: () => import('./exam.ts'),
  examcycle: () => import('./exam-cycle.ts'),
  college: () => import('./college.ts'),
  department: () => import('./department.ts'),
  ruleset: () => import('./ruleset.ts'),
};
