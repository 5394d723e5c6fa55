import { useState } from 'react';
import { handleSaveFailure } from '../../lib/failures.ts';
import { useUpdateRecord } from '../../lib/resource-hooks.ts';
import type { ResourceScreens } from './declaration.ts';
import { ResourceForm, type FormOutcome } from './resource-form.tsx';
import { RecordState, ResourcePage, useKeyedRecord } from './resource-page.tsx';
import { WriteGuard } from './write-guard.tsx';

/**
 * The edit screen of any resource: the key comes from the query and stays read-only; the edit carries the
 * updated_at it read, so a stale edit is refused (409); after any outcome the record is fetched again.
 */
export function ResourceEdit({ screens }: { screens: ResourceScreens }) {
  const { resource } = screens;
  const edit = screens.edit!;
  const { key, query } = useKeyedRecord(screens, screens.failures.load);
  const update = useUpdateRecord(resource, key);
  const [outcome, setOutcome] = useState<FormOutcome>({});

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
    <ResourcePage screens={screens} title={edit.heading}>
      <WriteGuard>
        <RecordState recordKey={key} query={query}>
          {(record) => (
            <ResourceForm
              // A fresh copy of the record (after a save or a conflict) starts the form again from it.
              key={String(record.updated_at)}
              screens={screens}
              mode="edit"
              fields={edit.fields}
              record={record}
              submitLabel={edit.submitLabel}
              outcome={outcome}
              onSubmit={onSubmit}
            />
          )}
        </RecordState>
      </WriteGuard>
    </ResourcePage>
  );
}
