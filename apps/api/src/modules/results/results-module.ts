import { Router } from 'express';
import { msg, resultRunResource, resultRunWorkflow } from '@exam/contracts';
import { asDelegate } from '../../platform/crud/store.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ApiModule } from '../../platform/module.ts';
import { resultsOpenApi } from './results-openapi.ts';
import { resultRunJob } from './run-job.ts';
import { runRoutes } from './run-routes.ts';
import { resultRunEffects } from './run-workflow.ts';
import { studentResultRoutes } from './result-read-routes.ts';

/**
 * Results (lifecycle S8/S9, §4; state machine H): result runs, versioned student results, analysis, merit
 * list.
 */
export const resultsModule: ApiModule = {
  name: 'results',
  resources: [
    {
      resource: resultRunResource,
      store: { delegate: (c) => asDelegate(c.resultRun) },
      ownCalls: ['create'],
      rules: {
        async beforeCreate(_tx, rows) {
          return new Map(rows.map((_, i) => [i, { run_id: [msg('results.runNotImported')] }]));
        },
        async beforeUpdate(_tx, record) {
          throw new AppError('LOCKED', msg('results.runNotEditable', { run_id: String(record.run_id) }));
        },
        async beforeDelete(_tx, row) {
          throw new AppError('LOCKED', msg('results.runNotDeletable', { run_id: String(row.run_id) }));
        },
      },
    },
  ],
  workflows: [{ workflow: resultRunWorkflow, effects: resultRunEffects }],
  jobs: [resultRunJob],
  routes: ({ db }) => Router().use(runRoutes(db), studentResultRoutes(db)),
  openapi: resultsOpenApi,
};
