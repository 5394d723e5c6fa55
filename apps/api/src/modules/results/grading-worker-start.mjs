// The start of a grading thread (grading-pool.ts): the API runs TypeScript through tsx, which a worker thread
// does not inherit on Node 20, so the thread registers it before it loads the grading code.
import { register } from 'tsx/esm/api';

register();
await import('./grading-worker.ts');
