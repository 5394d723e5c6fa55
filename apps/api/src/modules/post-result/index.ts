/**
 * Post-result applications (lifecycle S9, state machine I of §2.3, §4.9): re-totalling, revaluation with
 * re-coding and another examiner, the outcome rule applied through a REVALUATION marks correction and a new
 * result version.
 */
export { postResultModule } from './post-result-module.ts';
