import { Router } from 'express';
import {
  ciaPatternResource,
  entryBatchResource,
  entryBatchWorkflow,
  markCorrectionResource,
  markCorrectionWorkflow,
} from '@exam/contracts';
import { asDelegate } from '../../platform/crud/store.ts';
import type { ApiModule } from '../../platform/module.ts';
import {
  approveCorrection,
  correctionRoutes,
  markCorrectionRules,
  markCorrectionStore,
} from './corrections.ts';
import { batchNotImported, refuseDeleteOfStarted, refuseDetailsOfLocked } from './batch-rules.ts';
import { entryBatchEffects } from './entry-workflow.ts';
import { entryRoutes } from './entry-routes.ts';
import { entryBatchStore } from './entry-service.ts';
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
          return new Map(rows.map((_, i) => [i, batchNotImported()]));
        },
        async beforeUpdate(_tx, record) {
          const refusal = refuseDetailsOfLocked(record);
          if (refusal) throw refusal;
          return {};
        },
        async beforeDelete(_tx, row) {
          const refusal = refuseDeleteOfStarted(row);
          if (refusal) throw refusal;
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
