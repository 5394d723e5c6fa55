import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { resourcePaths } from '../../app/route-table.ts';
import { handleLoadFailure, handleSaveFailure } from '../../lib/failures.ts';
import { keyFromSearch } from '../../lib/key-query.ts';
import { isCompleteKey } from '../../lib/resource-api.ts';
import { useResourceRecord, useUpdateRecord } from '../../lib/resource-hooks.ts';
import { Loading, Notice, Page } from '../page.tsx';
import type { ResourceScreens } from './declaration.ts';
import { ResourceForm, type FormOutcome } from './resource-form.tsx';
import { WriteGuard } from './write-guard.tsx';

/**
 * The edit screen of any resource: the key comes from the query and stays read-only; the edit carries the
 * updated_at it read, so a stale edit is refused (409); after any outcome the record is fetched again.
 */
export function ResourceEdit({ screens }: { screens: ResourceScreens }) {
  const { resource } = screens;
  const edit = screens.edit!;
  const [search] = useSearchParams();
  const key = keyFromSearch(resource, search);
  const query = useResourceRecord(resource, key);
  const update = useUpdateRecord(resource, key);
  const [outcome, setOutcome] = useState<FormOutcome>({});

  useEffect(() => {
    if (query.error) handleLoadFailure(query.error, screens.failures.load);
  }, [query.error, screens.failures.load]);

  const onSubmit = async (values: Record<string, unknown>) => {
    setOutcome({});
    try {
      const result = await update.mutateAsync({ ...values, updated_at: query.data?.updated_at ?? null });
      // The mutation invalidates the record, so it is fetched again and the form shows what was stored.
      setOutcome({ success: edit.successMessage ?? (result.message || 'Update Successfully') });
    } catch (error) {
      const failure = handleSaveFailure(error, screens.failures.edit);
      setOutcome({ message: failure.message, errors: failure.errors });
      if (failure.reload) void query.refetch();
    }
  };

  return (
    <Page title={edit.heading}>
      <WriteGuard>
        {!isCompleteKey(key) ? (
          <Notice kind="error">No record was chosen. Open it from the list.</Notice>
        ) : query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <Notice kind="error">The record could not be loaded: {query.error.message}</Notice>
        ) : (
          <ResourceForm
            // A fresh copy of the record (after a save or a conflict) starts the form again from it.
            key={String(query.data.updated_at)}
            screens={screens}
            mode="edit"
            fields={edit.fields}
            record={query.data}
            submitLabel={edit.submitLabel}
            outcome={outcome}
            onSubmit={onSubmit}
          />
        )}
      </WriteGuard>
      <p>
        <Link to={resourcePaths[resource.name].list}>Back to the list</Link>
      </p>
    </Page>
  );
}
