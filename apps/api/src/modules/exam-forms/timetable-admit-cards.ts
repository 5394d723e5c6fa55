import { Router } from 'express';
import { admitCardResource, admitCardWorkflow, timetableResource } from '@exam/contracts';
import { dataDirFromEnv } from '@exam/db';
import { asDelegate } from '../../platform/crud/store.ts';
import { readyToEnqueue } from '../../platform/jobs/index.ts';
import type { ApiModule } from '../../platform/module.ts';
import type { ActionEffect, WorkflowEntry } from '../../platform/workflows/effects.ts';
import { admitCardEffects, admitCardOpenApi, admitCardRoutes } from './admit-card-routes.ts';
import { admitCardRules } from './admit-card-rules.ts';
import { allotRollsEffect, rollAllotmentJob } from './roll-allotment.ts';
import { timetableRules } from './timetable-service.ts';
import { timetableOpenApi, timetableRoutes } from './timetable-routes.ts';

/**
 * The timetable and admit-card half of the exam-forms module (lifecycle S4, roll numbers of S2): the module's
 * index.ts merges these parts with the exam set-up and forms half, and gives `examCcinfoEffects`
 * (allot-rolls: a job answered 202) to the exam course link's workflow.
 */
export const examCcinfoEffects: Partial<Record<string, ActionEffect>> = { 'allot-rolls': allotRollsEffect };

export const timetableAndAdmitCards = {
  resources: [
    {
      resource: timetableResource,
      store: { delegate: (c) => asDelegate(c.timetableSlot) },
      rules: timetableRules,
    },
    {
      resource: admitCardResource,
      store: { delegate: (c) => asDelegate(c.admitCard) },
      rules: admitCardRules,
    },
  ],
  workflows: [{ workflow: admitCardWorkflow, effects: admitCardEffects }] as WorkflowEntry[],
  jobs: [rollAllotmentJob],
  routes: ({ db, config }) =>
    Router()
      // allot-rolls queues its job inside the action's transaction: the queue's sender must be running before
      // it opens.
      .use(
        '/examccinfo/:exam_id/:session_id/:course_comb_id/:sem_id/allot-rolls',
        async (req, _res, next) => {
          if (req.method === 'POST') await readyToEnqueue(db);
          next();
        },
      )
      .use(
        timetableRoutes(db),
        admitCardRoutes(db, { secret: config.jwtSecret, dataDir: dataDirFromEnv(process.env) }),
      ),
  openapi: { ...timetableOpenApi, ...admitCardOpenApi },
} satisfies Omit<Required<ApiModule>, 'name' | 'publicRoutes' | 'leanRoutes' | 'wellKnownRoutes'>;
