import { ccinfoSemResource } from './entities/ccinfo-sem.ts';
import { collegeResource } from './entities/college.ts';
import { courseResource } from './entities/course.ts';
import { departmentResource } from './entities/department.ts';
import { examCycleResource } from './entities/exam-cycle.ts';
import { examResource } from './entities/exam.ts';
import { paperInfoSemResource } from './entities/paperinfosem.ts';
import { paperResource } from './entities/paper.ts';
import { rulesetResource } from './entities/ruleset.ts';
import { sempartResource } from './entities/sempart.ts';
import { sessionResource } from './entities/session.ts';

/** The registry: every master-data resource, in the order the dashboard lists them. */
export const resources = [
  sessionResource,
  courseResource,
  paperResource,
  sempartResource,
  ccinfoSemResource,
  paperInfoSemResource,
  examResource,
  examCycleResource,
  collegeResource,
  departmentResource,
  rulesetResource,
] as const;

export type AnyResource = (typeof resources)[number];
export type ResourceName = AnyResource['name'];

export const resourceByName = (name: string): AnyResource | undefined =>
  resources.find((r) => r.name === name);

/**
 * Resources that point at `name`, and through which fields: derived from the parents, never declared twice.
 */
export const childrenOf = (name: string) =>
  resources.flatMap((child) =>
    child.parents.filter((p) => p.resource === name).map((p) => ({ resource: child, fields: p.fields })),
  );
