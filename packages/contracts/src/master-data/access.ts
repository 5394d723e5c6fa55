import type { ResourceCapability } from '../identity/index.ts';

/** Every master-data resource is read and written with the same two capabilities; no row is scoped. */
export const masterDataAccess = {
  read: 'master-data.read',
  write: 'master-data.write',
} as const satisfies ResourceCapability;
