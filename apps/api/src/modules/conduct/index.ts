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
import type { ResourceRules } from '../../platform/crud/registry.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ApiModule } from '../../platform/module.ts';
import { attendanceRules, reconciledEffect, sheetRules } from './attendance-store.ts';
import { conductOpenApi, conductRoutes } from './conduct-routes.ts';
import { finalizeEffect, seatingJob } from './seating-store.ts';
import { ufmCaseEffects, ufmCaseRules } from './ufm-store.ts';

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

/** Seating plans are made by their generation job and finalized by their workflow, never written by hand. */
const seatingRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(
      rows.map((_, i) => [
        i,
        {
          slot_id: [
            'Seating plans are generated (POST /api/seating/{slot_id}/{centre_id}/generate), not added ' +
              'by hand.',
          ],
        },
      ]),
    );
  },
  async beforeDelete(_tx, row) {
    if (row.status === 'FINAL')
      throw new AppError(
        'LOCKED',
        `The seating plan of slot ${String(row.slot_id)} at centre ${String(row.centre_id)} is FINAL: ` +
          `generate it again to make a new revision.`,
      );
  },
};

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
