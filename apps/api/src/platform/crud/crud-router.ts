import { Router } from 'express';
import { LIST_CAP, label, msg, type CapabilityKey, type Resource } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { recordChange } from '../audit/audit-trail.ts';
import { scopeOf } from '../auth/capabilities.ts';
import { scopeWhere, valuesOutOfScope } from '../auth/scope.ts';
import {
  AppError,
  duplicateKey,
  inUse,
  invalid,
  notFound,
  parseOr422,
  prismaCode,
  staleEdit,
  type FieldErrors,
} from '../http/errors.ts';
import { listPlan } from './list-plan.ts';
import { methodNotAllowed } from '../http/middleware.ts';
import { notice } from '../i18n/messages.ts';
import type { Response } from 'express';
import { dependents, missingParents } from './references.ts';
import type { ResourceRegistry } from './registry.ts';
import {
  describeKey,
  flatWhere,
  keyFromPath,
  keyString,
  present,
  uniqueWhere,
  type KeyValues,
} from './store.ts';

/** list, one, create, update and delete of one resource, entirely from its contract declaration. */
export function crudRouter(
  resource: Resource,
  { db, registry }: { db: Database; registry: ResourceRegistry },
) {
  const store = registry.store(resource.name);
  const rules = registry.rules(resource.name);
  const own = new Set(registry.ownCalls(resource.name));
  const model = store.delegate(db.prisma);
  const select = store.include ? { include: store.include } : {};
  const keyPath = '/' + resource.keyFields.map((f) => `:${f}`).join('/');
  const name = resource.title;
  /** The record a message is about: its type as the screens name it, and its key. */
  const about = (key: KeyValues) => ({ record: label(name), key: describeKey(resource, key) });
  const router = Router();

  /**
   * The rows the caller reaches with the resource's `read` or `write` capability: `{}` for all, a filter for
   * a scoped caller, `null` for none (403 without the capability at all). From the caller's user row, never
   * the request.
   */
  const reach = (res: Response, access: 'read' | 'write') => {
    const scope = scopeOf(res, resource.capability[access] as CapabilityKey);
    return { scope, where: scopeWhere(scope, res.locals.user!, resource.scopeFields) };
  };
  const missing = (key: KeyValues) => notFound(msg('records.notFound', about(key)));

  /** One row by key within the caller's reach; a row out of scope does not exist for the caller (404). */
  const findOne = async (
    client: Prisma.TransactionClient,
    key: KeyValues,
    within: Record<string, unknown> | null = {},
  ) => {
    if (within === null) throw missing(key);
    const row = Object.keys(within).length
      ? await store
          .delegate(client)
          .findMany({ where: { AND: [flatWhere(resource.keyFields, key), within] }, take: 1, ...select })
          .then((r) => r[0])
      : await store.delegate(client).findUnique({ where: uniqueWhere(resource, key), ...select });
    if (!row) throw missing(key);
    return row;
  };

  /**
   * A write naming another college's, department's or student's values is refused before anything else is
   * looked at.
   */
  const refuseOutOfScope = (
    res: Response,
    scope: ReturnType<typeof reach>['scope'],
    values: Record<string, unknown>,
  ) => {
    const out = valuesOutOfScope(scope, res.locals.user!, resource.scopeFields, values);
    if (Object.keys(out).length) {
      const [field, mine] = Object.entries(out)[0]!;
      throw new AppError(
        'OUT_OF_SCOPE',
        mine ? msg('records.onlyYourOwn', { field, value: mine }) : msg('records.accountLacks', { field }),
      );
    }
  };

  // A call the module serves itself (its own route, mounted first) is left out, so each call has one handler.
  const collection = router.route('/');
  collection.get(async (req, res) => {
    const { query, where, orderBy } = listPlan(resource, req.query, res);
    if (where === null) {
      res.json({ [resource.responseKey]: [], total: 0 });
      return;
    }
    const [total, rows] = await Promise.all([
      model.count({ where }),
      model.findMany({ where, orderBy, skip: query.offset, take: query.limit ?? LIST_CAP, ...select }),
    ]);
    res.json({ [resource.responseKey]: rows.map((r) => present(store, r)), total });
  });
  if (!own.has('create')) {
    collection.post(async (req, res) => {
      const { scope, where: within } = reach(res, 'write');
      const values = {
        ...(parseOr422(resource.createSchema, req.body ?? {}) as Record<string, unknown>),
        ...rules.generateKey?.(),
      };
      refuseOutOfScope(res, scope, values);
      const key = Object.fromEntries(resource.keyFields.map((f) => [f, String(values[f])]));
      const row = await db.prisma
        .$transaction(async (tx) => {
          const missing = await missingParents(tx, registry, resource, values);
          if (Object.keys(missing).length) throw invalid(missing);
          if (
            await store
              .delegate(tx)
              .findUnique({ where: uniqueWhere(resource, key), select: { created_at: true } })
          ) {
            throw duplicateKey(msg('records.exists', about(key)));
          }
          const refused = (await rules.beforeCreate?.(tx, [values]))?.get(0);
          if (refused && Object.keys(refused).length) throw invalid(refused);
          await store.delegate(tx).create({ data: values });
          await rules.afterCreate?.(tx, [values]);
          // Reached through a relation (paper.dept_id), the scope can only be checked on the row as written.
          const created = await findOne(tx, key, within).catch(() => {
            throw new AppError('OUT_OF_SCOPE', msg('records.outsideScope', about(key)));
          });
          await recordChange(tx, req, res, {
            action: 'create',
            entity: resource.name,
            key: keyString(resource, key),
            after: present(store, created),
          });
          return created;
        })
        .catch(async (error) => {
          // Lost a race with another writer: the constraint caught it; say which way.
          if (prismaCode(error) === 'P2002') throw duplicateKey(msg('records.exists', about(key)));
          if (prismaCode(error) === 'P2003') {
            const missing = await missingParents(db.prisma, registry, resource, values);
            throw Object.keys(missing).length ? invalid(missing) : error;
          }
          throw error;
        });
      const record = present(store, row);
      res.status(201).json({
        [resource.responseKey]: record,
        ...Object.fromEntries(resource.legacyCreateKeys.map((k) => [k, record])),
        ...notice(req, msg('records.created', { record: label(name) })),
      });
    });
  }
  collection.all(methodNotAllowed);

  const record = router.route(keyPath);
  if (!own.has('read')) {
    record.get(async (req, res) => {
      const { where: within } = reach(res, 'read');
      const row = await findOne(
        db.prisma,
        keyFromPath(resource, req.params as Record<string, string>),
        within,
      );
      res.json({ [resource.responseKey]: present(store, row) });
    });
  }
  if (!own.has('update')) {
    record.put(async (req, res) => {
      const { scope, where: within } = reach(res, 'write');
      const key = keyFromPath(resource, req.params as Record<string, string>);
      const body = parseOr422(resource.updateSchema, req.body ?? {}) as Record<string, unknown>;
      refuseOutOfScope(res, scope, body);
      const moved = resource.keyFields.filter((f) => body[f] !== undefined && String(body[f]) !== key[f]);
      const changes = Object.fromEntries(
        resource.updatable.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]),
      );
      const row = await db.prisma
        .$transaction(async (tx) => {
          const current = await findOne(tx, key, within);
          const readAt = body.updated_at as string | null | undefined;
          if (readAt && new Date(readAt).getTime() !== (current.updated_at as Date).getTime()) {
            throw staleEdit(msg('records.changedSinceOpened', about(key)));
          }
          const errors: FieldErrors = {
            ...Object.fromEntries(
              moved.map((f) => [f, [msg('records.keyNotChangeable', { field: f, value: key[f] })]]),
            ),
            ...resource.check?.({ ...current, ...changes }),
            ...(await missingParents(tx, registry, resource, changes)),
          };
          if (!Object.keys(errors).length && rules.beforeUpdate)
            Object.assign(errors, await rules.beforeUpdate(tx, { ...current, ...changes }, changes));
          if (Object.keys(errors).length) throw invalid(errors);
          // Guarded by the updated_at just read: a concurrent edit in between makes this match nothing.
          const { count } = await store.delegate(tx).updateMany({
            where: { ...flatWhere(resource.keyFields, key), updated_at: current.updated_at },
            data: { ...changes, updated_at: new Date() },
          });
          if (count !== 1) throw staleEdit(msg('records.changedJustNow', about(key)));
          const updated = await findOne(tx, key);
          await recordChange(tx, req, res, {
            action: 'update',
            entity: resource.name,
            key: keyString(resource, key),
            before: present(store, current),
            after: present(store, updated),
          });
          return updated;
        })
        .catch(async (error) => {
          if (prismaCode(error) === 'P2003') {
            const missing = await missingParents(db.prisma, registry, resource, changes);
            throw Object.keys(missing).length ? invalid(missing) : error;
          }
          throw error;
        });
      res.json({
        [resource.responseKey]: present(store, row),
        ...notice(req, msg('records.updated', { record: label(name) })),
      });
    });
  }
  record
    .delete(async (req, res) => {
      const { where: within } = reach(res, 'write');
      const key = keyFromPath(resource, req.params as Record<string, string>);
      const inTheWay = async (client: Prisma.TransactionClient) => {
        const users = await dependents(client, registry, resource, key);
        if (users.length) {
          return inUse(msg('records.usedBy', { ...about(key), users: users.join(', ') }));
        }
        return undefined;
      };
      const row = await db.prisma
        .$transaction(async (tx) => {
          const current = await findOne(tx, key, within);
          await rules.beforeDelete?.(tx, current);
          const blocked = await inTheWay(tx);
          if (blocked) throw blocked;
          const { count } = await store
            .delegate(tx)
            .deleteMany({ where: flatWhere(resource.keyFields, key) });
          if (count !== 1) throw notFound(msg('records.notFound', about(key)));
          await recordChange(tx, req, res, {
            action: 'delete',
            entity: resource.name,
            key: keyString(resource, key),
            before: present(store, current),
          });
          return current;
        })
        .catch(async (error) => {
          // A child was added between our check and the delete: the foreign key refused it.
          if (prismaCode(error) === 'P2003')
            throw (await inTheWay(db.prisma)) ?? inUse(msg('records.inUse', about(key)));
          throw error;
        });
      res.json({
        [resource.responseKey]: present(store, row),
        ...notice(req, msg('records.deleted', { record: label(name) })),
      });
    })
    .all(methodNotAllowed);

  return router;
}
