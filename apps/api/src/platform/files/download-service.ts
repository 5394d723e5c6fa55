import type { Response } from 'express';
import type { FileColumn, FileFormat, Resource } from '@exam/contracts';
import type { Database } from '@exam/db';
import type { ListPlan } from '../crud/list-plan.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import { present } from '../crud/store.ts';
import { readInBatches } from './batches.ts';
import { sendExport } from './export.ts';

/** A list to download: its resource and columns, the list's rows (`where` null: none), the file's format. */
export interface Download {
  resource: Resource;
  columns: readonly FileColumn[];
  plan: Pick<ListPlan, 'where' | 'orderBy'>;
  format: FileFormat;
}

/**
 * Answers a list as a file: exactly the list's rows in the list's order, read in keyset batches and presented
 * as the list presents them (joined parent fields flattened), streamed as CSV or XLSX.
 */
export async function sendDownload(
  res: Response,
  db: Database,
  registry: ResourceRegistry,
  download: Download,
) {
  const { resource, columns, plan, format } = download;
  const store = registry.store(resource.name);
  const nullable = new Set(columns.filter((c) => !c.required && !c.readOnly).map((c) => c.field));
  const rows =
    plan.where === null
      ? (async function* () {})()
      : readInBatches(store.delegate(db.prisma), {
          where: plan.where,
          orderBy: plan.orderBy,
          nullable,
          extra: store.include ? { include: store.include } : {},
        });
  async function* presented() {
    for await (const row of rows) yield present(store, row);
  }
  await sendExport(res, { format, columns, rows: presented(), name: resource.name, title: resource.title });
}
