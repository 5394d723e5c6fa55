import { Router } from 'express';
import {
  ciaPatternResource,
  entryBatchResource,
  entryBatchWorkflow,
  markCorrectionResource,
  markCorrectionWorkflow,
} from '@exam/contracts';
import { asDelegate } from '../../platform/crud/store.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ApiModule } from '../../platform/module.ts';
import {
  approveCorrection,
  correctionRoutes,
  markCorrectionRules,
  markCorrectionStore,
} from './corrections.ts';
import { entryBatchEffects } from './entry-workflow.ts';
import { entryBatchStore, entryRoutes } from './entry-routes.ts';
import { markRecordRoutes } from './mark-records.ts';
import { marksOpenApi } from './marks-openapi.ts';

/**
 * The marks step [CFG]: two decimals by default (lifecycle-api "Marks values"); a university may use 0.5 or
 * 1.
 */
const MARKS_STEP = '0.01';

/** Marks entry (lifecycle S3, S6 award lists, S7): entry batches, CIA patterns, marks corrections. */
export const marksModule: ApiModule = {
  name: 'marks',
  resources: [
    {
      resource: entryBatchResource,
      store: entryBatchStore,
      ownCalls: ['create'],
      rules: {
        async beforeCreate(_tx, rows) {
          return new Map(
            rows.map((_, i) => [
              i,
              {
                batch_id: [
                  'Marks batches are opened by POST /api/entrybatch or /api/entrybatch-open, with their candidates; they are not imported.',
                ],
              },
            ]),
          );
        },
        async beforeUpdate(_tx, record) {
          if (record.status === 'LOCKED')
            throw new AppError(
              'LOCKED',
              `Marks batch ${String(record.batch_id)} is LOCKED; reopen it (admin, with a reason) to change its details.`,
            );
          return {};
        },
        async beforeDelete(_tx, row) {
          if (row.status !== 'OPEN')
            throw new AppError(
              'LOCKED',
              `Marks batch ${String(row.batch_id)} is ${String(row.status)}; only an OPEN batch with nothing entered can be deleted.`,
            );
        },
      },
    },
    { resource: ciaPatternResource, store: { delegate: (c) => asDelegate(c.ciaPattern) } },
    {
      resource: markCorrectionResource,
      store: markCorrectionStore,
      ownCalls: ['create'],
      rules: markCorrectionRules,
    },
  ],
  workflows: [
    { workflow: entryBatchWorkflow, effects: entryBatchEffects },
    { workflow: markCorrectionWorkflow, effects: { approve: approveCorrection } },
  ],
  routes: ({ db }) =>
    Router().use(entryRoutes(db, { step: MARKS_STEP }), correctionRoutes(db), markRecordRoutes(db)),
  openapi: marksOpenApi,
};
