import { Router } from 'express';
import { documentResource, documentWorkflow } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { ApiModule } from '../../platform/module.ts';
import { documentBatchJob } from './batch-job.ts';
import { documentsOpenApi } from './openapi.ts';
import { documentPublicRoutes, signingKeyRoutes } from './public-routes.ts';
import { documentRoutes } from './routes.ts';
import { documentSettingsFromEnv, registerDocumentSettings } from './settings.ts';
import { documentStore } from './store.ts';
import { documentEffects } from './workflow.ts';

/** Documents (lifecycle S10/S11, §5; state machine J; ADR 0028): marksheets to degrees, numbered, signed, verifiable. */
export const documentsModule: ApiModule = {
  name: 'documents',
  resources: [
    {
      resource: documentResource,
      store: documentStore,
      ownCalls: ['create'],
      rules: {
        async beforeCreate(_tx, rows) {
          return new Map(rows.map((_, i) => [i, { doc_id: ['Documents are drafted one by one (POST /api/document) or by exam (POST /api/document/batch) from published results; they are not imported.'] }]));
        },
        async beforeUpdate(_tx, record) {
          throw new AppError('LOCKED', `Document ${String(record.doc_id)} cannot be edited: its payload is frozen at drafting. Cancel it and draft again, or issue a duplicate.`);
        },
        async beforeDelete(_tx, row) {
          throw new AppError('LOCKED', `Document ${String(row.doc_id)} is kept: cancel it (with a reason) instead; a number is never reused.`);
        },
      },
    },
  ],
  workflows: [{ workflow: documentWorkflow, effects: documentEffects }],
  jobs: [documentBatchJob],
  routes: ({ db, config }) => {
    registerDocumentSettings(db, documentSettingsFromEnv(process.env, config.port));
    return Router().use(documentRoutes(db));
  },
  publicRoutes: ({ db, config }) => {
    registerDocumentSettings(db, documentSettingsFromEnv(process.env, config.port));
    return documentPublicRoutes(db);
  },
  wellKnownRoutes: ({ db }) => signingKeyRoutes(db),
  openapi: documentsOpenApi,
};
