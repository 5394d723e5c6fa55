import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { contractResolver } from '../../lib/form.ts';
import type { ResourceRecord } from '../../lib/resource-api.ts';
import { FormFooter, listFormErrors } from '../form-parts.tsx';
import type { ResourceScreens } from './declaration.ts';
import { OptionSelect } from './option-select.tsx';

type FormValues = Record<string, string>;
type Parsed = Record<string, unknown>;

export interface FormOutcome {
  success?: string;
  message?: string;
  errors?: Record<string, string[]>;
}

interface ResourceFormProps {
  screens: ResourceScreens;
  mode: 'add' | 'edit';
  fields: string[];
  record?: ResourceRecord;
  submitLabel: string;
  outcome: FormOutcome;
  /** Receives the values as the contracts parsed them: trimmed, empty text as null, enumerations typed. */
  onSubmit: (values: Parsed) => Promise<void>;
}

const asText = (value: unknown) => (value == null ? '' : String(value));

/**
 * The add and edit form of any resource. Validation is the resource's own create schema (edit: its updatable
 * fields), so the browser refuses exactly what the API would, before sending.
 */
export function ResourceForm({ screens, mode, fields, record, submitLabel, outcome, onSubmit }: ResourceFormProps) {
  const { resource, labels } = screens;
  const keyFields = resource.keyFields as readonly string[];
  const updatable = resource.updatable as readonly string[];
  const readOnly = (field: string) => mode === 'edit' && !updatable.includes(field);
  const editable = fields.filter((field) => !readOnly(field));

  // An edit validates the fields it may change, and the resource's cross-field rule over the record as it will be.
  const schema = (mode === 'add' ? resource.createSchema : resource.editSchema(record ?? {}, editable)) as unknown as z.ZodType<Parsed>;

  const form = useForm<FormValues, unknown, Parsed>({
    resolver: contractResolver(schema),
    defaultValues: Object.fromEntries(editable.map((field) => [field, asText(record?.[field])])),
  });
  const values = useWatch({ control: form.control }) as FormValues;
  const idOf = (field: string) => `${resource.name}-${field}`;

  const listed = listFormErrors(form.formState.errors, labels, outcome);

  const control = (field: string): ReactNode => {
    const id = idOf(field);
    const common = { id, ...listed.describe(field) };
    if (readOnly(field)) {
      return <input {...common} value={asText(record?.[field])} readOnly className="read-only" />;
    }
    const def = screens.enums?.[field];
    const lookup = screens.lookups?.[field];
    if (def || lookup) {
      return (
        <Controller
          name={field}
          control={form.control}
          render={({ field: bound }) => (
            <OptionSelect
              {...common}
              name={bound.name}
              ref={bound.ref}
              onBlur={bound.onBlur}
              value={bound.value ?? ''}
              onChange={bound.onChange}
              values={values}
              source={lookup ?? { kind: 'enum', def: def! }}
            />
          )}
        />
      );
    }
    return <input {...common} type="text" autoComplete="off" {...form.register(field)} />;
  };

  return (
    <form className="resource-form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <div className="form-grid">
        {fields.map((field) => (
          <div className="field" key={field}>
            <label htmlFor={idOf(field)}>{labels[field] ?? field}</label>
            {control(field)}
            {readOnly(field) && keyFields.includes(field) && <span className="field-hint">Part of the key: cannot change.</span>}
          </div>
        ))}
      </div>
      <FormFooter submitLabel={submitLabel} submitting={form.formState.isSubmitting} message={listed.message} errors={listed.errors} />
      {outcome.success && (
        <p className="notice success" role="status">
          {outcome.success}
        </p>
      )}
    </form>
  );
}
