import { Router } from 'express';
import { postResultResource, postResultWorkflow } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { ApiModule } from '../../platform/module.ts';
import { postResultEffects } from './effects.ts';
import { postResultOpenApi } from './openapi.ts';
import { postResultRoutes, postResultStore } from './routes.ts';

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
          return new Map(
            rows.map((_, i) => [
              i,
              {
                app_id: [
                  'Applications are made one by one (POST /api/postresult), checked against the window and the paper limit; they are not imported.',
                ],
              },
            ]),
          );
        },
        async beforeUpdate(_tx, record) {
          throw new AppError(
            'LOCKED',
            `Application ${String(record.app_id)} cannot be edited: move it with its actions (accept, reject, record marks, ...).`,
          );
        },
        async beforeDelete(_tx, row) {
          throw new AppError(
            'LOCKED',
            `Application ${String(row.app_id)} is kept: reject it (with a reason) instead of deleting it.`,
          );
        },
      },
    },
  ],
  workflows: [{ workflow: postResultWorkflow, effects: postResultEffects }],
  routes: ({ db }) => Router().use(postResultRoutes(db)),
  openapi: postResultOpenApi,
};
