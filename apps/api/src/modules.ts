import type { ApiModule } from './platform/module.ts';
import { fileJobsModule } from './platform/files/import-job.ts';
import { workflowJobsModule } from './platform/workflows/workflow-bulk.ts';
import { masterDataModule } from './modules/master-data/index.ts';
import { studentsModule } from './modules/students/index.ts';
import { examFormsModule } from './modules/exam-forms/index.ts';
import { conductModule } from './modules/conduct/index.ts';
import { codingModule } from './modules/coding/index.ts';
import { marksModule } from './modules/marks/index.ts';
import { resultsModule } from './modules/results/index.ts';
import { postResultModule } from './modules/post-result/index.ts';
import { documentsModule } from './modules/documents/index.ts';

/** The product's modules, in mounting order. Adding a module: one folder under modules/ and one line here. */
const productModules: readonly ApiModule[] = [
  masterDataModule,
  studentsModule,
  examFormsModule,
  conductModule,
  codingModule,
  marksModule,
  resultsModule,
  postResultModule,
  documentsModule,
];

/**
 * What the API serves, and the job kinds its runners know: the product's modules, the import jobs of their
 * resources and the bulk jobs of their workflows.
 */
export const apiModules: readonly ApiModule[] = [
  ...productModules,
  fileJobsModule(productModules),
  workflowJobsModule(productModules),
];
