import { Router } from 'express';
import { examinerResource, packetResource, packetWorkflow } from '@exam/contracts';
import { asDelegate } from '../../platform/crud/store.ts';
import type { ApiModule } from '../../platform/module.ts';
import type { WorkflowEntry } from '../../platform/workflows/effects.ts';
import { codingJobs, codingOpenApi, codingRoutes, packetEffects } from './coding-routes.ts';
import { marksForCoding } from './marks-binding.ts';
import { examinerRules, packetRules } from './rules.ts';

const jobs = codingJobs(marksForCoding);

/** Anonymous answer-book coding, packets, examiners and decode (lifecycle stage S6, §2.3 F). */
export const codingModule: ApiModule = {
  name: 'coding',
  resources: [
    { resource: packetResource, store: { delegate: (c) => asDelegate(c.packet) }, rules: packetRules },
    { resource: examinerResource, store: { delegate: (c) => asDelegate(c.examiner) }, rules: examinerRules },
  ],
  workflows: [{ workflow: packetWorkflow, effects: packetEffects }] as WorkflowEntry[],
  jobs: [jobs.decode, jobs.packets],
  routes: ({ db }) => Router().use(codingRoutes(db, marksForCoding, jobs)),
  openapi: codingOpenApi,
};
