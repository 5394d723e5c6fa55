import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import './record-history.css';
import { handleSaveFailure } from '../../../lib/failures.ts';
import { useUpdateRecord } from '../api/resource-hooks.ts';
import type { ResourceRecord } from '../api/resource-api.ts';
import { displayValue, type ResourceScreens } from '../declaration.ts';
import { ResourceForm, type FormOutcome } from './resource-form.tsx';
import { RecordState, ResourcePage, useKeyedRecord } from './resource-page.tsx';
import { WriteGuard } from './write-guard.tsx';
import { T } from '../../../components/ui/text.tsx';

/**
 * An edit refused as stale (409 STALE_EDIT): what the user sent, kept to compare with the record as it is
 * now.
 */
interface StaleEdit {
  mine: Record<string, unknown>;
}

/**
 * The edit screen of any resource: the key comes from the query and stays read-only; the edit carries the
 * updated_at it read, so a stale edit is refused (409); after any outcome the record is fetched again. A
 * stale edit raises the spec's alert, then shows the user's values beside the server's for each field that
 * differs, to apply the user's again (with the new updated_at) or keep the server's.
 */
export function ResourceEdit({ screens }: { screens: ResourceScreens }) {
  const { resource } = screens;
  const edit = screens.edit!;
  const { key, query } = useKeyedRecord(screens, screens.failures.load);
  const update = useUpdateRecord(resource, key);
  const [outcome, setOutcome] = useState<FormOutcome>({});
  const [stale, setStale] = useState<StaleEdit>();

  const save = async (values: Record<string, unknown>, updatedAt: unknown) => {
    setOutcome({});
    try {
      const result = await update.mutateAsync({ ...values, updated_at: updatedAt ?? null });
      // The mutation invalidates the record, so it is fetched again and the form shows what was stored.
      setOutcome({ success: edit.successMessage ?? (result.message || 'Update Successfully') });
      setStale(undefined);
    } catch (error) {
      const failure = handleSaveFailure(error, screens.failures.edit);
      setOutcome({ message: failure.message, errors: failure.errors });
      if (isApiError(error) && error.code === 'STALE_EDIT') setStale({ mine: values });
      if (failure.reload) void query.refetch();
    }
  };

  return (
    <ResourcePage screens={screens} title={edit.heading}>
      <WriteGuard>
        <RecordState recordKey={key} query={query}>
          {(record) => (
            <>
              {stale && !query.isFetching && (
                <StaleComparison
                  screens={screens}
                  mine={stale.mine}
                  current={record}
                  onApplyMine={() => void save(stale.mine, record.updated_at)}
                  onKeepTheirs={() => setStale(undefined)}
                  busy={update.isPending}
                />
              )}
              <ResourceForm
                // A fresh copy of the record (after a save or a conflict) starts the form again from it.
                key={String(record.updated_at)}
                screens={screens}
                mode="edit"
                fields={edit.fields}
                record={record}
                submitLabel={edit.submitLabel}
                outcome={outcome}
                onSubmit={(values) => save(values, query.data?.updated_at)}
              />
            </>
          )}
        </RecordState>
      </WriteGuard>
    </ResourcePage>
  );
}

const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '') || String(a ?? '') === String(b ?? '');

/** The user's values beside the stored ones, field by field where they differ, with the two ways on. */
function StaleComparison({
  screens,
  mine,
  current,
  onApplyMine,
  onKeepTheirs,
  busy,
}: {
  screens: ResourceScreens;
  mine: Record<string, unknown>;
  current: ResourceRecord;
  onApplyMine: () => void;
  onKeepTheirs: () => void;
  busy: boolean;
}) {
  const differing = Object.keys(mine).filter(
    (field) => field !== 'updated_at' && !same(mine[field], current[field]),
  );
  const show = (field: string, value: unknown) => displayValue(screens, field, value) || '(empty)';
  return (
    <section className="stale-edit notice error" aria-labelledby="stale-edit-heading">
      <h2 id="stale-edit-heading">Someone else changed this record while you were editing</h2>
      {differing.length ? (
        <>
          <p>Your values are kept below beside the ones now stored. The form shows the stored record.</p>
          <table className="history-changes">
            <caption className="visually-hidden">Your values and the stored values</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Your value</th>
                <th scope="col">Stored now</th>
              </tr>
            </thead>
            <tbody>
              {differing.map((field) => (
                <tr key={field}>
                  <th scope="row">
                    <T>{screens.labels[field] ?? field}</T>
                  </th>
                  <td>{show(field, mine[field])}</td>
                  <td>{show(field, current[field])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p>The stored record already has your values.</p>
      )}
      <p className="form-actions">
        {differing.length > 0 && (
          <button type="button" className="button primary" onClick={onApplyMine} disabled={busy}>
            Apply my values again
          </button>
        )}
        <button type="button" className="button secondary" onClick={onKeepTheirs}>
          Keep the stored values
        </button>
      </p>
    </section>
  );
}
