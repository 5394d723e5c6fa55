import { auditReaders, extraEndpoints, masterDataPermissions, resources, type AnyResource, type RoleName } from '@exam/contracts';

/**
 * Every operation the API serves, derived from the contracts registry and the extra routes, each with
 * the rule that decides who may call it. The rule only points into the one permission table
 * (`masterDataPermissions`, `auditReaders`), so a change there changes every expectation built on it.
 * roles.test.ts checks that this list and the OpenAPI document (itself checked against the served
 * routes by openapi.test.ts) name exactly the same operations.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'master-data'; access: 'read' | 'write' }
  | { kind: 'audit' };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** OpenAPI spelling, under /api: `/ccinfosem/{session_id}/{course_comb_id}/{sem_id}`. */
  path: string;
  access: Access;
  /** The resource for CRUD operations; `keyed` when the path names one record. */
  resource?: AnyResource;
  keyed?: boolean;
}

const read = { kind: 'master-data', access: 'read' } as const;
const write = { kind: 'master-data', access: 'write' } as const;

export const keyPathOf = (resource: AnyResource) => `/${resource.path}/${resource.keyFields.map((f) => `{${f}}`).join('/')}`;

export const endpoints: Endpoint[] = [
  { method: 'GET', path: '/health', access: { kind: 'public' } },
  { method: 'GET', path: '/ready', access: { kind: 'public' } },
  { method: 'GET', path: '/openapi.json', access: { kind: 'public' } },
  { method: 'POST', path: '/login', access: { kind: 'public' } },
  { method: 'GET', path: '/check-user', access: { kind: 'signed-in' } },
  { method: 'POST', path: '/logout', access: { kind: 'signed-in' } },
  { method: 'GET', path: '/course/{offset}/{limit}', access: read },
  ...extraEndpoints.map((e) => ({ method: e.method.toUpperCase() as Method, path: e.path, access: read })),
  { method: 'GET', path: '/audit', access: { kind: 'audit' } },
  ...resources.flatMap((resource): Endpoint[] => [
    { method: 'GET', path: `/${resource.path}`, access: read, resource },
    { method: 'POST', path: `/${resource.path}`, access: write, resource },
    { method: 'GET', path: keyPathOf(resource), access: read, resource, keyed: true },
    { method: 'PUT', path: keyPathOf(resource), access: write, resource, keyed: true },
    { method: 'DELETE', path: keyPathOf(resource), access: write, resource, keyed: true },
  ]),
];

/** What the permission table says about a role (undefined: no token at all). */
export function mayCall(role: RoleName | undefined, endpoint: Endpoint): boolean {
  const access = endpoint.access;
  switch (access.kind) {
    case 'public':
      return true;
    case 'signed-in':
      return role !== undefined;
    case 'master-data':
      return role !== undefined && masterDataPermissions[role][access.access];
    case 'audit':
      return role !== undefined && auditReaders.includes(role);
  }
}

/** Fills `{name}` placeholders with already-encoded path segments. */
export const fillPath = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!(name in values)) throw new Error(`no value for {${name}} in ${template}`);
    return values[name]!;
  });

export const paramsOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Distinct paths (templates), each with the methods served on it. */
export function pathsWithMethods(): Map<string, Method[]> {
  const paths = new Map<string, Method[]>();
  for (const e of endpoints) paths.set(e.path, [...(paths.get(e.path) ?? []), e.method]);
  return paths;
}
