import type { ResourceName } from '@exam/contracts';

/**
 * The import screen of a resource (the spec's route table has none): `/Import/<resource name>`, e.g.
 * `/Import/paperinfosem`. By name, so the route table needs nothing of the contracts at run time (it is in
 * the first chunk).
 */
export const importPath = (name: ResourceName) => `/Import/${name}`;
