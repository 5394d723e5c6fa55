// Marks entry (lifecycle S3, S6 award lists, S7; state machine G, lock matrix §2.4).
export * from './mark-value.ts';
export * from './entry-batch.ts';
export * from './cia-pattern.ts';
export * from './mark-correction.ts';
import { ciaPatternResource } from './cia-pattern.ts';
import { entryBatchResource } from './entry-batch.ts';
import { markCorrectionResource } from './mark-correction.ts';

/** The marks module's engine resources, in the order its screens list them. */
export const marksResources = [entryBatchResource, ciaPatternResource, markCorrectionResource] as const;
