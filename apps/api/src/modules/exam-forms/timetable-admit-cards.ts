import { Router } from 'express';
import { timetableResource } from '@exam/contracts';
import { asDelegate } from '../../platform/crud/store.ts';
import type { ApiModule } from '../../platform/module.ts';
import { timetableRules } from './timetable-rules.ts';
import { timetableOpenApi, timetableRoutes } from './timetable-routes.ts';

/**
 * The timetable and admit-card half of the exam-forms module (lifecycle S4, roll numbers of S2): the module's
 * index.ts merges these parts with the exam set-up and forms half.
 */
export const timetableAndAdmitCards = {
  resources: [{ resource: timetableResource, store: { delegate: (c) => asDelegate(c.timetableSlot) }, rules: timetableRules }],
  workflows: [],
  jobs: [],
  routes: ({ db }) => Router().use(timetableRoutes(db)),
  openapi: { ...timetableOpenApi },
} satisfies Omit<Required<ApiModule>, 'name'>;
