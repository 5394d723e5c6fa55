import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, dropDatabase } from '@exam/db/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | undefined;
  }
}

/** On PostgreSQL, migrate one template database per run; each test file clones it. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('[api tests] DATABASE_URL not set: each test file runs on an in-memory PGlite database');
    project.provide('templateDatabase', undefined);
    return;
  }
  const template = await createTemplateDatabase(url, 'exam_api');
  console.log(`[api tests] PostgreSQL: test files clone the migrated template ${template}`);
  project.provide('templateDatabase', template);
  return () => dropDatabase(url, template);
}
