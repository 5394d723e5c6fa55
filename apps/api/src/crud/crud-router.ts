import { Router } from 'express';
import { KEY_PATTERN, KEY_MAX, LIST_CAP, listQuery, type AnyResource } from '@exam/contracts';
import type { Database, PrismaClient } from '@exam/db';
import { recordChange } from '../audit/audit-trail.ts';
import { requireMasterData } from '../auth/permissions.ts';
import { conflict, invalid, notFound, parseOr422, prismaCode } from '../errors.ts';
import { methodNotAllowed } from '../http.ts';
import { dependents, missingParents } from './references.ts';
import { describeKey, flatWhere, keyString, present, stores, uniqueWhere, type KeyValues } from './stores.ts';

export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

/** Reads the key from the path; a part that cannot be a key cannot name a record (404, not 500). */
function keyFromPath(resource: AnyResource, params: Record<string, string>): KeyValues {
  const key: KeyValues = {};
  for (const field of resource.keyFields) {
    const value = params[field] ?? '';
    if (value.length > KEY_MAX || !KEY_PATTERN.test(value)) {
      throw notFound(`No ${resource.title.toLowerCase()} has ${field} "${value.slice(0, 40)}".`);
    }
    key[field] = value;
  }
  return key;
}

const sortable = (resource: AnyResource) => [...Object.keys(resource.fields), 'created_at', 'updated_at'];

/** list, one, create, update and delete of one resource, entirely from its contract declaration. */
export function crudRouter(resource: AnyResource, db: Database) {
  const store = stores[resource.name];
  const model = store.delegate(db.prisma);
  const select = store.include ? { include: store.include } : {};
  const keyPath = '/' + resource.keyFields.map((f) => `:${f}`).join('/');
  const name = resource.title;
  const router = Router();

  const findOne = async (client: Tx, key: KeyValues) => {
    const row = await store.delegate(client).findUnique({ where: uniqueWhere(resource, key), ...select });
    if (!row) throw notFound(`${name} ${describeKey(resource, key)} does not exist.`);
    return row;
  };

  router
    .route('/')
    .get(requireMasterData('read'), async (req, res) => {
      const query = parseOr422(listQuery, req.query);
      const order = query.sort ?? resource.keyFields[0]!;
      const field = order.replace(/^-/, '');
      if (!sortable(resource).includes(field)) throw invalid({ sort: [`Sort by one of ${sortable(resource).join(', ')}`] });
      const direction = order.startsWith('-') ? 'desc' : 'asc';
      const where = query.q
        ? { OR: resource.searchFields.map((f) => ({ [f]: { contains: query.q, mode: 'insensitive' } })) }
        : {};
      const orderBy = [{ [field]: direction }, ...resource.keyFields.filter((k) => k !== field).map((k) => ({ [k]: 'asc' }))];
      const [total, rows] = await Promise.all([
        model.count({ where }),
        model.findMany({ where, orderBy, skip: query.offset, take: query.limit ?? LIST_CAP, ...select }),
      ]);
      res.json({ [resource.responseKey]: rows.map((r) => present(store, r)), total });
    })
    .post(requireMasterData('write'), async (req, res) => {
      const values = parseOr422(resource.createSchema, req.body ?? {}) as Record<string, unknown>;
      const key = Object.fromEntries(resource.keyFields.map((f) => [f, String(values[f])]));
      const row = await db.prisma.$transaction(async (tx) => {
        const missing = await missingParents(tx, resource, values);
        if (Object.keys(missing).length) throw invalid(missing);
        if (await store.delegate(tx).findUnique({ where: uniqueWhere(resource, key), select: { created_at: true } })) {
          throw conflict(`${name} ${describeKey(resource, key)} already exists.`);
        }
        await store.delegate(tx).create({ data: values });
        const created = await findOne(tx, key);
        await recordChange(tx, req, res, { action: 'create', entity: resource.name, key: keyString(resource, key), after: present(store, created) });
        return created;
      }).catch(async (error) => {
        // Lost a race with another writer: the constraint caught it; say which way.
        if (prismaCode(error) === 'P2002') throw conflict(`${name} ${describeKey(resource, key)} already exists.`);
        if (prismaCode(error) === 'P2003') {
          const missing = await missingParents(db.prisma, resource, values);
          throw Object.keys(missing).length ? invalid(missing) : error;
        }
        throw error;
      });
      const record = present(store, row);
      res.status(201).json({
        [resource.responseKey]: record,
        ...Object.fromEntries(resource.legacyCreateKeys.map((k) => [k, record])),
        message: `${name} created successfully.`,
      });
    })
    .all(methodNotAllowed);

  router
    .route(keyPath)
    .get(requireMasterData('read'), async (req, res) => {
      const row = await findOne(db.prisma, keyFromPath(resource, req.params as Record<string, string>));
      res.json({ [resource.responseKey]: present(store, row) });
    })
    .put(requireMasterData('write'), async (req, res) => {
      const key = keyFromPath(resource, req.params as Record<string, string>);
      const body = parseOr422(resource.updateSchema, req.body ?? {}) as Record<string, unknown>;
      const moved = resource.keyFields.filter((f) => body[f] !== undefined && String(body[f]) !== key[f]);
      const changes = Object.fromEntries(resource.updatable.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
      const row = await db.prisma.$transaction(async (tx) => {
        const current = await findOne(tx, key);
        const readAt = body.updated_at as string | null | undefined;
        if (readAt && new Date(readAt).getTime() !== (current.updated_at as Date).getTime()) {
          throw conflict(`${name} ${describeKey(resource, key)} was changed by someone else after you opened it. Reload it and make your change again.`);
        }
        const errors: Record<string, string[]> = {
          ...Object.fromEntries(moved.map((f) => [f, [`Cannot be changed here; this form edits ${f} ${key[f]}.`]])),
          ...resource.check?.({ ...current, ...changes }),
          ...(await missingParents(tx, resource, changes)),
        };
        if (Object.keys(errors).length) throw invalid(errors);
        // Guarded by the updated_at just read: a concurrent edit in between makes this match nothing.
        const { count } = await store.delegate(tx).updateMany({
          where: { ...flatWhere(resource.keyFields, key), updated_at: current.updated_at },
          data: { ...changes, updated_at: new Date() },
        });
        if (count !== 1) throw conflict(`${name} ${describeKey(resource, key)} was changed by someone else just now. Reload it and try again.`);
        const updated = await findOne(tx, key);
        await recordChange(tx, req, res, { action: 'update', entity: resource.name, key: keyString(resource, key), before: present(store, current), after: present(store, updated) });
        return updated;
      }).catch(async (error) => {
        if (prismaCode(error) === 'P2003') {
          const missing = await missingParents(db.prisma, resource, changes);
          throw Object.keys(missing).length ? invalid(missing) : error;
        }
        throw error;
      });
      res.json({ [resource.responseKey]: present(store, row), message: `${name} updated successfully.` });
    })
    .delete(requireMasterData('write'), async (req, res) => {
      const key = keyFromPath(resource, req.params as Record<string, string>);
      const inTheWay = async (client: Tx) => {
        const users = await dependents(client, resource, key);
        if (users.length) {
          return conflict(`${name} ${describeKey(resource, key)} cannot be deleted: it is used by ${users.join(', ')}. Delete or move those first.`);
        }
        return undefined;
      };
      const row = await db.prisma.$transaction(async (tx) => {
        const current = await findOne(tx, key);
        const blocked = await inTheWay(tx);
        if (blocked) throw blocked;
        const { count } = await store.delegate(tx).deleteMany({ where: flatWhere(resource.keyFields, key) });
        if (count !== 1) throw notFound(`${name} ${describeKey(resource, key)} does not exist.`);
        await recordChange(tx, req, res, { action: 'delete', entity: resource.name, key: keyString(resource, key), before: present(store, current) });
        return current;
      }).catch(async (error) => {
        // A child was added between our check and the delete: the foreign key refused it.
        if (prismaCode(error) === 'P2003') throw (await inTheWay(db.prisma)) ?? conflict(`${name} ${describeKey(resource, key)} is in use and cannot be deleted.`);
        throw error;
      });
      res.json({ [resource.responseKey]: present(store, row), message: `${name} deleted successfully.` });
    })
    .all(methodNotAllowed);

  return router;
}
