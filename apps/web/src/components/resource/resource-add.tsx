import { useState } from 'react';
import { handleSaveFailure } from '../../lib/failures.ts';
import { useCreateRecord } from '../../lib/resource-hooks.ts';
import type { ResourceScreens } from './declaration.ts';
import { ResourceForm, type FormOutcome } from './resource-form.tsx';
import { ResourcePage } from './resource-page.tsx';
import { WriteGuard } from './write-guard.tsx';

/** The add screen of any resource: after a create the server's message shows and the form starts empty again. */
export function ResourceAdd({ screens }: { screens: ResourceScreens }) {
  const { resource, add } = screens;
  const create = useCreateRecord(resource);
  const [outcome, setOutcome] = useState<FormOutcome>({});
  const [generation, setGeneration] = useState(0);

  const onSubmit = async (values: Record<string, unknown>) => {
    setOutcome({});
    try {
      const result = await create.mutateAsync(values);
      setOutcome({ success: result.message || `${resource.title} added` });
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
          outcome={outcome}
          onSubmit={onSubmit}
        />
      </WriteGuard>
    </ResourcePage>
  );
}
