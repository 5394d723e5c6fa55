import { z } from 'zod';
import { timestamp } from './fields.ts';

/**
 * A link from a resource to a resource it depends on: `fields` of the child name the parent's key, in key
 * order.
 */
export interface ParentLink {
  resource: string;
  fields: readonly string[];
}

/**
 * Which field of a row holds the value each scope compares with the caller's own (identity/capabilities.ts):
 * the row's college, department and student. A dotted path reaches through a relation (`paper.dept_id`). A
 * resource without a field for a scope is reached by a caller holding that scope nowhere (fail closed).
 */
export interface ScopeFields {
  college?: string;
  department?: string;
  student?: string;
}

export interface ResourceDefinition<
  Fields extends z.ZodRawShape = z.ZodRawShape,
  Key extends readonly string[] = readonly string[],
> {
  /** Registry name, also the base of the API path (`/api/<path>`). */
  name: string;
  path: string;
  /**
   * Key of the response body that carries the record or the list (legacy names: `ccinfo_sem` for path
   * `ccinfosem`).
   */
  responseKey: string;
  /** Singular noun staff read in messages: "Session", "Paper link". */
  title: string;
  keyFields: Key;
  /** The capabilities (keys of identity's catalogue) that read and that write it. */
  capability: { read: string; write: string };
  /** Where a row keeps its college, department and student, for scoped callers. */
  scopeFields: ScopeFields;
  /** Every writable field, keys included, as a create accepts them. */
  fields: Fields;
  /** Fields a PUT may change; key fields never change. */
  updatable: readonly (keyof Fields & string)[];
  parents: readonly ParentLink[];
  /** Fields a list searches with `q`; the first key field sorts by default. */
  searchFields: readonly string[];
  /** Fields joined from parents for display only (never written). */
  extras: z.ZodRawShape;
  /** Extra response keys that carry the created record, because legacy screens read them (spec section 7). */
  legacyCreateKeys: readonly string[];
  /**
   * Rules across fields of a whole record (after an edit is merged into the stored row): field -> messages.
   */
  check?: (record: Record<string, unknown>) => Record<string, string[]>;
}

export function defineResource<
  const Fields extends z.ZodRawShape,
  const Key extends readonly (keyof Fields & string)[],
>(
  definition: Omit<
    ResourceDefinition<Fields, Key>,
    'parents' | 'searchFields' | 'extras' | 'legacyCreateKeys' | 'path' | 'responseKey' | 'scopeFields'
  > &
    Partial<
      Pick<
        ResourceDefinition<Fields, Key>,
        'parents' | 'searchFields' | 'extras' | 'legacyCreateKeys' | 'path' | 'responseKey' | 'scopeFields'
      >
    >,
) {
  const full = {
    path: definition.name,
    responseKey: definition.name,
    scopeFields: {},
    parents: [],
    searchFields: definition.keyFields,
    extras: {},
    legacyCreateKeys: [],
    ...definition,
  };
  /** Adds the resource's cross-field rule over the record as it will be (`base` below the parsed values). */
  const withCheck = <S extends z.ZodObject>(schema: S, base: Record<string, unknown> = {}) =>
    schema.superRefine(
      (values, ctx) => {
        for (const [field, messages] of Object.entries(full.check?.({ ...base, ...values }) ?? {}))
          for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
      },
      // Run with the other fields' errors too, so one answer names every problem.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    );
  const createSchema = withCheck(z.object(full.fields));
  /**
   * An edit form's schema: the fields it may change (all updatable ones by default), checked against the
   * stored record.
   */
  const editSchema = (current: Record<string, unknown>, fields: readonly string[] = full.updatable) =>
    withCheck(
      z.object(
        Object.fromEntries(fields.filter((f) => full.updatable.includes(f)).map((f) => [f, full.fields[f]!])),
      ),
      current,
    );
  const keyShape = Object.fromEntries(full.keyFields.map((k) => [k, full.fields[k]])) as Pick<
    Fields,
    Key[number]
  >;
  const keySchema = z.object(keyShape);
  // An edit may repeat the key (it must then match the path) and carries the updated_at it read, to detect
  // lost updates.
  const updateSchema = z
    .object(full.fields)
    .partial()
    .extend({ updated_at: z.union([timestamp, z.null()]).optional() });
  const recordSchema = z.object({
    ...full.fields,
    ...full.extras,
    created_at: timestamp,
    updated_at: timestamp,
  });
  return { ...full, createSchema, editSchema, keySchema, updateSchema, recordSchema };
}

export type Resource = ReturnType<typeof defineResource>;
