/**
 * Results (lifecycle S8/S9, §4): result runs over LOCKED marks of record, versioned student results with
 * their explanations, exceptions, diffs, the tabulation register, analysis and the merit list.
 */
export { resultsModule } from './results-module.ts';
/**
 * The result-run job, for a module that starts a run of a scope after changing a mark of record (post-result
 * revaluation).
 */
export { resultRunJob } from './run-job.ts';
/** Result versions for other modules (documents draft marksheets only from a PUBLISHED version). */
export {
  publishedResultFor,
  resultVersions,
  type ResultVersionFilter,
  type StoredResultVersion,
} from './published-results.ts';
