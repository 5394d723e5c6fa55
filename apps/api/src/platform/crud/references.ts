import { label, msg, type Message, type Resource } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import type { ResourceRegistry } from './registry.ts';
import { describeKey, flatWhere, uniqueWhere, type KeyValues } from './store.ts';

/**
 * Parents named by `values` that do not exist, as field errors: each missing parent names the last
 * field of its link (for a composite parent, the part that completes the combination).
 */
export async function missingParents(
  tx: Prisma.TransactionClient,
  registry: ResourceRegistry,
  resource: Resource,
  values: Record<string, unknown>,
) {
  const errors: Record<string, Message[]> = {};
  for (const link of resource.parents) {
    if (link.fields.some((f) => values[f] == null)) continue;
    // A combination is only checked when each of its parts exists on its own; one message per wrong part.
    if (link.fields.length > 1 && link.fields.some((f) => errors[f])) continue;
    const parent = registry.resource(link.resource);
    const key: KeyValues = Object.fromEntries(
      parent.keyFields.map((k, i) => [k, String(values[link.fields[i]!])]),
    );
    const found = await registry
      .store(parent.name)
      .delegate(tx)
      .findUnique({ where: uniqueWhere(parent, key), select: { created_at: true } });
    if (!found) {
      const field = link.fields[link.fields.length - 1]!;
      const described = describeKey(parent, key);
      (errors[field] ??= []).push(
        link.fields.length === 1
          ? msg('records.notFound', { record: label(parent.title), key: described })
          : msg('records.addFirst', { record: label(parent.title.toLowerCase()), key: described }),
      );
    }
  }
  return errors;
}

/** Rows of other resources that point at this one, described for a 409 ("used by 3 exams"). */
export async function dependents(
  tx: Prisma.TransactionClient,
  registry: ResourceRegistry,
  resource: Resource,
  key: KeyValues,
): Promise<string[]> {
  const found: string[] = [];
  for (const child of registry.childrenOf(resource.name)) {
    const values = Object.fromEntries(child.fields.map((f, i) => [f, key[resource.keyFields[i]!]]));
    const count = await registry
      .store(child.resource.name)
      .delegate(tx)
      .count({ where: flatWhere(child.fields, values) });
    if (count > 0) found.push(`${count} ${child.resource.title.toLowerCase()}${count === 1 ? '' : 's'}`);
  }
  return found;
}
