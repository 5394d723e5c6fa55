import { asDelegate, type Store } from '../../platform/crud/store.ts';

/** Where applications live (the generic engine lists and reads them, and moves them by their workflow). */
export const postResultStore: Store = { delegate: (c) => asDelegate(c.postResultApplication) };
