import type { Catalogue } from '../catalogue.ts';
import type { postResult as english } from './post-result.en.ts';

/** The post-result module's messages in Hindi (same codes and parameters as post-result.en.ts). */
export const postResult: Catalogue<typeof english> = {};
