import { Router } from 'express';
import {
  attemptResource,
  backlogResource,
  examCcinfoResource,
  examCcinfoWorkflow,
  examFormResource,
  examFormWorkflow,
} from '@exam/contracts';
import { asDelegate } from '../../platform/crud/store.ts';
import type { ApiModule } from '../../platform/module.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { examCcinfoRules, examFormEffects, readOnlyRules } from './exam-form-effects.ts';
import { examFormRoutes } from './exam-form-routes.ts';
import { formNotImported, refuseFormDelete } from './exam-form-rules.ts';
import { examFormStore } from './exam-form-store.ts';
import { examFormsOpenApi } from './exam-form-openapi.ts';

/**
 * The exam set-up and forms half of the module (lifecycle S2): exam course links and their phase, exam forms
 * and their workflow, attempts, backlogs. `index.ts` merges it with the timetable and admit-card half;
 * `examCcinfoEffects` takes the effects of phase actions that half provides (allot-rolls: a job, answered
 * 202).
 */
export const setupAndForms = (examCcinfoEffects: Partial<Record<string, ActionEffect>> = {}) =>
  ({
    resources: [
      {
        resource: examCcinfoResource,
        store: { delegate: (c) => asDelegate(c.examCcinfo) },
        rules: examCcinfoRules,
      },
      {
        resource: examFormResource,
        store: examFormStore,
        // Created, read and edited by the module's own calls (papers and fee); the engine lists, exports and
        // deletes.
        ownCalls: ['create', 'read', 'update'],
        rules: {
          // An import would skip the papers and the rules of a form: refused row by row, so nothing is
          // stored.
          async beforeCreate(_tx, rows) {
            return new Map(rows.map((_, i) => [i, formNotImported()]));
          },
          async beforeDelete(_tx, row) {
            const refusal = refuseFormDelete(row);
            if (refusal) throw refusal;
          },
        },
      },
      { resource: attemptResource, store: { delegate: (c) => asDelegate(c.attempt) }, rules: readOnlyRules },
      {
        resource: backlogResource,
        store: {
          delegate: (c) => asDelegate(c.backlog),
          include: { student: { select: { name_en: true } } },
        },
      },
    ],
    workflows: [
      { workflow: examCcinfoWorkflow, effects: examCcinfoEffects },
      { workflow: examFormWorkflow, effects: examFormEffects },
    ],
    routes: ({ db }) => Router().use(examFormRoutes(db)),
    openapi: examFormsOpenApi,
  }) satisfies Pick<Required<ApiModule>, 'resources' | 'workflows' | 'routes' | 'openapi'>;
