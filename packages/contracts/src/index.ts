import { ccinfoSemResource } from './entities/ccinfo-sem.ts';
import { courseResource } from './entities/course.ts';
import { examCycleResource } from './entities/exam-cycle.ts';
import { examResource } from './entities/exam.ts';
import { paperInfoSemResource } from './entities/paperinfosem.ts';
import { paperResource } from './entities/paper.ts';
import { sempartResource } from './entities/sempart.ts';
import { sessionResource } from './entities/session.ts';

export * from './fields.ts';
export * from './resource.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './student.ts';
export * from './endpoints.ts';
export * from './audit.ts';
export { sessionResource, courseResource, paperResource, sempartResource, ccinfoSemResource, paperInfoSemResource, examResource, examCycleResource };
export { yesNo, groupCode, theoryPractical, paperType, electiveStatus, marksPairs } from './entities/paperinfosem.ts';
export { activeStatus } from './entities/exam.ts';

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
] as const;

export type AnyResource = (typeof resources)[number];
export type ResourceName = AnyResource['name'];

export const resourceByName = (name: string): AnyResource | undefined => resources.find((r) => r.name === name);

/** Resources that point at `name`, and through which fields: derived from the parents, never declared twice. */
export const childrenOf = (name: string) =>
  resources.flatMap((child) =>
    child.parents.filter((p) => p.resource === name).map((p) => ({ resource: child, fields: p.fields })),
  );
