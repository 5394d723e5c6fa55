import { Router } from 'express';
import { masterDataWorkflows, resources } from '@exam/contracts';
import type { ApiModule } from '../../platform/module.ts';
import {
  affiliationLetterRoutes,
  affiliationLettersJob,
  affiliationLettersOpenApi,
} from './affiliation-letters.ts';
import { sessionLookupRoutes } from './lookup-routes.ts';
import { masterDataOpenApi } from './openapi.ts';
import { schemeCheckRoutes } from './scheme-check-routes.ts';
import { sessionCopyOpenApi, sessionCopyRoutes } from './session-copy-routes.ts';
import { masterDataStores } from './stores.ts';

/**
 * Master data: the generic engine serves its resources and the workflow mechanism a college's suspend and
 * reinstate; the legacy lookups, the scheme check and the letters of affiliation (a job) are the module's own
 * calls.
 */
export const masterDataModule: ApiModule = {
  name: 'master-data',
  resources: resources.map((resource) => ({ resource, store: masterDataStores[resource.name] })),
  workflows: masterDataWorkflows,
  jobs: [affiliationLettersJob],
  routes: ({ db }) =>
    Router().use(
      sessionLookupRoutes(db),
      schemeCheckRoutes(db),
      affiliationLetterRoutes(db),
      sessionCopyRoutes(db),
    ),
  openapi: { ...masterDataOpenApi, ...affiliationLettersOpenApi, ...sessionCopyOpenApi },
};
