import { asDelegate, type Store } from '../../platform/crud/store.ts';

/**
 * Where documents live (the generic engine lists and reads them; a student's scope is `holder_id`, set only
 * while ISSUED).
 */
export const documentStore: Store = { delegate: (c) => asDelegate(c.document) };
