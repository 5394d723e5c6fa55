import { Router } from 'express';
import {
  attendanceResource,
  attendanceSheetResource,
  attendanceSheetWorkflow,
  candidateNeedResource,
  centreResource,
  roomResource,
  seatingResource,
  seatingWorkflow,
  ufmCaseResource,
  ufmCaseWorkflow,
} from '@exam/contracts';
import { asDelegate } from '../../platform/crud/store.ts';
import type { ApiModule } from '../../platform/module.ts';
import { attendanceRules, reconciledEffect, sheetRules } from './attendance-service.ts';
import { conductOpenApi } from './conduct-openapi.ts';
import { conductRoutes } from './conduct-routes.ts';
import { finalizeEffect, seatingJob, seatingRules } from './seating-service.ts';
import { ufmCaseEffects, ufmCaseRules } from './ufm-service.ts';

/** The public read model for the marks and coding modules (view attempt_attendance). */
export { attendanceOfAttempts, attendanceLockedForPaper, conductOfAttempts } from './read-model.ts';
export type {
  AttemptAttendance,
  AttemptConduct,
  AttendanceStatus,
  PendingSheet,
  SheetStatus,
  Reader,
} from './read-model.ts';

/**
 * Conduct of the examination (lifecycle S5): centres, rooms, candidates' needs, seating, attendance, UFM
 * cases.
 */
export const conductModule: ApiModule = {
  name: 'conduct',
  resources: [
    { resource: centreResource, store: { delegate: (c) => asDelegate(c.centre) } },
    { resource: roomResource, store: { delegate: (c) => asDelegate(c.room) } },
    { resource: candidateNeedResource, store: { delegate: (c) => asDelegate(c.candidateNeed) } },
    { resource: seatingResource, store: { delegate: (c) => asDelegate(c.seating) }, rules: seatingRules },
    {
      resource: attendanceSheetResource,
      store: { delegate: (c) => asDelegate(c.attendanceSheet) },
      rules: sheetRules,
    },
    {
      resource: attendanceResource,
      store: { delegate: (c) => asDelegate(c.attendance) },
      rules: attendanceRules,
    },
    { resource: ufmCaseResource, store: { delegate: (c) => asDelegate(c.ufmCase) }, rules: ufmCaseRules },
  ],
  workflows: [
    { workflow: seatingWorkflow, effects: { finalize: finalizeEffect } },
    { workflow: attendanceSheetWorkflow, effects: { verify: reconciledEffect, lock: reconciledEffect } },
    { workflow: ufmCaseWorkflow, effects: ufmCaseEffects },
  ],
  jobs: [seatingJob],
  routes: ({ db }) => Router().use(conductRoutes(db)),
  openapi: conductOpenApi,
};
