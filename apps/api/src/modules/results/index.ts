/**
 * Results (lifecycle S8/S9, §4): result runs over LOCKED marks of record, versioned student results with their
 * explanations, exceptions, diffs, the tabulation register, analysis and the merit list.
 */
export { resultsModule } from './results-module.ts';
