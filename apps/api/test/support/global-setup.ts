import type { TestProject } from 'vitest/node';
import { prepareTestTemplates, type TestTemplates } from '@exam/db/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

/**
 * Once per run: the migrated and the demo-seeded template (PostgreSQL databases, or PGlite dumps) every test
 * file copies.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const { templates, dispose } = await prepareTestTemplates({ url, prefix: 'exam_api' });
  const databases = Object.values(templates.kind === 'postgresql' ? templates.databases : {}).join(', ');
  console.log(
    url
      ? `[api tests] PostgreSQL: each test file clones a template database (${databases})`
      : '[api tests] DATABASE_URL not set: each test file loads its own in-memory PGlite from a template ' +
          'dump',
  );
  project.provide('testTemplates', templates);
  return dispose;
}
