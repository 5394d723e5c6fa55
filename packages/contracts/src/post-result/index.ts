// Post-result applications (lifecycle S9): re-totalling, revaluation and photocopy, state machine I.
export * from './post-result.ts';
