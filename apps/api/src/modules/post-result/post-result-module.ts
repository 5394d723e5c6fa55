import { Router } from 'express';
import { msg, postResultResource, postResultWorkflow } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { ApiModule } from '../../platform/module.ts';
import { postResultEffects } from './application-effects.ts';
import { postResultOpenApi } from './openapi.ts';
import { postResultRoutes } from './post-result-routes.ts';
import { postResultStore } from './store.ts';

/** Post-result applications (lifecycle S9, state machine I): re-totalling, revaluation and photocopy. */
export const postResultModule: ApiModule = {
  name: 'post-result',
  resources: [
    {
      resource: postResultResource,
      store: postResultStore,
      ownCalls: ['create'],
      rules: {
        async beforeCreate(_tx, rows) {
          return new Map(rows.map((_, i) => [i, { app_id: [msg('postResult.notImported')] }]));
        },
        async beforeUpdate(_tx, record) {
          throw new AppError('LOCKED', msg('postResult.notEditable', { app_id: String(record.app_id) }));
        },
        async beforeDelete(_tx, row) {
          throw new AppError('LOCKED', msg('postResult.notDeletable', { app_id: String(row.app_id) }));
        },
      },
    },
  ],
  workflows: [{ workflow: postResultWorkflow, effects: postResultEffects }],
  routes: ({ db }) => Router().use(postResultRoutes(db)),
  openapi: postResultOpenApi,
};
