import type { ResourceName } from '@exam/contracts';
import { asDelegate, type Store } from '../../platform/crud/store.ts';
import { rulesetDelegate } from './ruleset-store.ts';

/** Where each master-data resource's rows live. Everything else about a resource comes from its contract. */
export const masterDataStores: Record<ResourceName, Store> = {
  session: { delegate: (c) => asDelegate(c.session) },
  course: { delegate: (c) => asDelegate(c.course) },
  paper: {
    delegate: (c) => asDelegate(c.paper),
    include: { department: { select: { dept_name: true } } },
  },
  sempart: { delegate: (c) => asDelegate(c.semPart) },
  ccinfo_sem: {
    delegate: (c) => asDelegate(c.ccinfoSem),
    include: { course: { select: { course_comb_name4: true } } },
  },
  paperinfosem: {
    delegate: (c) => asDelegate(c.paperInfoSem),
    include: { course: { select: { course_comb_name4: true } }, paper: { select: { paper_name: true } } },
  },
  exam: {
    delegate: (c) => asDelegate(c.exam),
    include: { examcycle: { select: { student_exam_cycle: true } } },
  },
  examcycle: { delegate: (c) => asDelegate(c.examCycle) },
  college: { delegate: (c) => asDelegate(c.college) },
  department: { delegate: (c) => asDelegate(c.department) },
  ruleset: { delegate: rulesetDelegate },
};
