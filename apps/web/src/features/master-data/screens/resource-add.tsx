import { useState } from 'react';
import { handleSaveFailure } from '../../../lib/failures.ts';
import { useCreateRecord } from '../api/resource-hooks.ts';
import type { ResourceScreens } from '../declaration.ts';
import { ResourceForm, type FormOutcome, type FormValues } from './resource-form.tsx';
import { ResourcePage } from './resource-page.tsx';
import { WriteGuard } from './write-guard.tsx';

/**
 * The add screen of any resource: after a create the server's message shows and the form starts empty again,
 * or, by the "Add and add another" button, with the fields the declaration carries over.
 */
export function ResourceAdd({ screens }: { screens: ResourceScreens }) {
  const { resource, add } = screens;
  const create = useCreateRecord(resource);
  const [outcome, setOutcome] = useState<FormOutcome>({});
  const [generation, setGeneration] = useState(0);
  // "Add and add another": the next form starts with the declared fields of the record just added.
  const [carried, setCarried] = useState<FormValues>();

  const onSubmit = async (
    values: Record<string, unknown>,
    { another, typed }: { another: boolean; typed: FormValues },
  ) => {
    setOutcome({});
    try {
      const result = await create.mutateAsync(values);
      setOutcome({ success: result.message || `${resource.title} added` });
      setCarried(
        another
          ? Object.fromEntries((add.carryOver ?? []).map((field) => [field, typed[field] ?? '']))
          : undefined,
      );
      setGeneration((n) => n + 1);
    } catch (error) {
      const failure = handleSaveFailure(error, screens.failures.add);
      setOutcome({ message: failure.message, errors: failure.errors });
    }
  };

  return (
    <ResourcePage screens={screens} title={add.heading}>
      <WriteGuard>
        <ResourceForm
          key={generation}
          screens={screens}
          mode="add"
          fields={add.fields}
          submitLabel={add.submitLabel}
          anotherLabel={add.carryOver?.length ? (add.anotherLabel ?? 'Add and add another') : undefined}
          initial={carried}
          outcome={outcome}
          onSubmit={onSubmit}
        />
      </WriteGuard>
    </ResourcePage>
  );
}
