import { Router } from 'express';
import { documentIssuingResource, documentResource, documentWorkflow, msg } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { LeanRoute } from '../../platform/http/lean-routes.ts';
import { asDelegate } from '../../platform/crud/store.ts';
import type { ApiModule, ModuleContext } from '../../platform/module.ts';
import { documentBatchJob } from './batch-job.ts';
import { documentsOpenApi } from './openapi.ts';
import { documentPublicRoutes, documentVerification, signingKeyRoutes } from './verification-routes.ts';
import { documentRoutes } from './documents-routes.ts';
import { documentSettingsFromEnv, registerDocumentSettings } from './settings.ts';
import { documentStore } from './store.ts';
import { documentEffects } from './workflow-effects.ts';

/**
 * The settings (signing key, auto-approve, verification limit, public address) of this app's database, before
 * any route reads them.
 */
const registerSettings = ({ db, config }: ModuleContext) =>
  registerDocumentSettings(db, documentSettingsFromEnv(process.env, config.port));

/** One verification (its rate limit and log writer) per app, whichever of its two routes serves a call. */
const verifications = new WeakMap<ModuleContext, LeanRoute>();
function verificationOf(context: ModuleContext): LeanRoute {
  let verification = verifications.get(context);
  if (!verification) {
    registerSettings(context);
    verification = documentVerification(context.db);
    verifications.set(context, verification);
  }
  return verification;
}

/**
 * Documents (lifecycle S10/S11, §5; state machine J; ADR 0028): marksheets to degrees, numbered, signed,
 * verifiable.
 */
export const documentsModule: ApiModule = {
  name: 'documents',
  resources: [
    {
      resource: documentResource,
      store: documentStore,
      ownCalls: ['create'],
      rules: {
        async beforeCreate(_tx, rows) {
          return new Map(rows.map((_, i) => [i, { doc_id: [msg('documents.notImported')] }]));
        },
        async beforeUpdate(_tx, record) {
          throw new AppError('LOCKED', msg('documents.notEditable', { doc_id: String(record.doc_id) }));
        },
        async beforeDelete(_tx, row) {
          throw new AppError('LOCKED', msg('documents.notDeletable', { doc_id: String(row.doc_id) }));
        },
      },
    },
    // Place of issue, signatories' names, NAD code, convocation date: recorded by document_admin, frozen into
    // each draft.
    { resource: documentIssuingResource, store: { delegate: (c) => asDelegate(c.documentIssuing) } },
  ],
  workflows: [{ workflow: documentWorkflow, effects: documentEffects }],
  jobs: [documentBatchJob],
  routes: (context) => {
    registerSettings(context);
    return Router().use(documentRoutes(context.db));
  },
  leanRoutes: (context) => [verificationOf(context)],
  publicRoutes: (context) => documentPublicRoutes(verificationOf(context)),
  wellKnownRoutes: ({ db }) => signingKeyRoutes(db),
  openapi: documentsOpenApi,
};
