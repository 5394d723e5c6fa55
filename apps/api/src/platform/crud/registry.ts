import type { Resource } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import type { FieldErrors } from '../http/errors.ts';
import type { Store } from './store.ts';

type Values = Record<string, unknown>;
type Errors = FieldErrors;

/**
 * A module's rules that need the database, run by the engine inside the write's transaction, the same for a
 * form's write and for every row of an import (so a file cannot do what a form may not).
 */
export interface ResourceRules {
  /**
   * The key of a new record when the server generates it (a timetable's slot_id): it replaces whatever the
   * body said.
   */
  generateKey?(): Record<string, string>;
  /**
   * Before rows are created: completes them (values the server sets) and says what is wrong with each (index
   * -> field errors).
   */
  beforeCreate?(tx: Prisma.TransactionClient, rows: Values[]): Promise<Map<number, Errors>>;
  /** After they are created (rows the creation implies, e.g. an enrolment's compulsory papers). */
  afterCreate?(tx: Prisma.TransactionClient, rows: Values[]): Promise<void>;
  /** Before an update is stored, with the record as it will be: field errors, or a thrown refusal. */
  beforeUpdate?(tx: Prisma.TransactionClient, record: Values, changes: Values): Promise<Errors>;
  /** Before a delete, with the stored row: throws to refuse, or deletes the record's own parts. */
  beforeDelete?(tx: Prisma.TransactionClient, row: Values): Promise<void>;
}

/** A resource the generic engine serves, with where its rows live. */
export interface ServedResource {
  resource: Resource;
  store: Store;
  rules?: ResourceRules;
  /**
   * Engine calls the module serves itself (an exam form is created with its papers): the engine leaves them
   * out.
   */
  ownCalls?: readonly ('create' | 'read' | 'update')[];
}

export type ResourceRegistry = ReturnType<typeof resourceRegistry>;

/**
 * Every resource the API serves, across modules: a parent link may cross modules (a paper's department), so
 * existence checks and "in use by" answers look resources up here, not in one module's list.
 */
export function resourceRegistry(served: readonly ServedResource[]) {
  const byName = new Map(served.map((s) => [s.resource.name, s]));
  if (byName.size !== served.length) throw new Error('Two modules serve a resource of the same name.');
  const entry = (name: string) => {
    const found = byName.get(name);
    if (!found) throw new Error(`No module serves the resource ${name}.`);
    return found;
  };
  return {
    all: served,
    resource: (name: string) => entry(name).resource,
    store: (name: string) => entry(name).store,
    rules: (name: string): ResourceRules => entry(name).rules ?? {},
    ownCalls: (name: string) => entry(name).ownCalls ?? [],
    /**
     * Resources that point at `name`, and through which fields: derived from the parents, never declared
     * twice.
     */
    childrenOf: (name: string) =>
      served.flatMap(({ resource: child }) =>
        child.parents.filter((p) => p.resource === name).map((p) => ({ resource: child, fields: p.fields })),
      ),
  };
}
