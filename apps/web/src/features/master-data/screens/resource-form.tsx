import { useEffect, useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { contractResolver } from '../../../lib/form.ts';
import type { ResourceRecord } from '../api/resource-api.ts';
import { FormFooter, listFormErrors } from '../../../components/ui/form-parts.tsx';
import type { ResourceScreens } from '../declaration.ts';
import { OptionSelect } from './option-select.tsx';
import { dropDraft, onSessionEnd, pageKey, readDraft, saveDraft } from '../../../lib/drafts.ts';
import { useT } from '../../../lib/i18n.ts';

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
  onSubmit: (values: Parsed, how: { another: boolean; typed: FormValues }) => Promise<void>;
  /** Values to start from instead of the record's (the fields an "Add and add another" carries over). */
  initial?: FormValues;
  /** A second submit button (add screens: "Add and add another"). */
  anotherLabel?: string;
}

export type { FormValues };

/** What an input holds for a stored value: JSON (a rule set's rules) as indented text. */
const saveDraftOf = (page: string, values: FormValues) => saveDraft(page, values);

const asText = (value: unknown) =>
  value == null ? '' : typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value);

/**
 * The add and edit form of any resource. Validation is the resource's own create schema (edit: its updatable
 * fields), so the browser refuses exactly what the API would, before sending.
 */
export function ResourceForm({
  screens,
  mode,
  fields,
  record,
  submitLabel,
  outcome,
  onSubmit,
  initial,
  anotherLabel,
}: ResourceFormProps) {
  const { resource, labels } = screens;
  const { t } = useT();
  const keyFields = resource.keyFields as readonly string[];
  const updatable = resource.updatable as readonly string[];
  const readOnly = (field: string) => mode === 'edit' && !updatable.includes(field);
  const editable = fields.filter((field) => !readOnly(field));

  // An edit validates the fields it may change, and the resource's cross-field rule over the record as it
  // will be.
  const schema = (mode === 'add'
    ? resource.createSchema
    : resource.editSchema(record ?? {}, editable)) as unknown as z.ZodType<Parsed>;

  // What was typed here when the last session ended comes back once, after signing in again (lib/drafts.ts).
  const [page] = useState(pageKey);
  const [draft] = useState(() => readDraft(page));
  const form = useForm<FormValues, unknown, Parsed>({
    resolver: contractResolver(schema),
    defaultValues: {
      ...Object.fromEntries(editable.map((field) => [field, asText(record?.[field])])),
      ...initial,
      ...draft,
    },
  });
  useEffect(() => {
    if (draft) dropDraft(page);
    return onSessionEnd(() => saveDraftOf(page, form.getValues()));
  }, [draft, page, form]);
  const values = useWatch({ control: form.control }) as FormValues;
  const idOf = (field: string) => `${resource.name}-${field}`;
  const helpId = (field: string) => `${idOf(field)}-help`;
  const isOptional = (field: string) =>
    (resource.fields as Record<string, z.ZodType | undefined>)[field]?.safeParse('').success ?? false;
  const submit = (values: Parsed, event?: BaseSyntheticEvent) => {
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
    return onSubmit(values, { another: submitter?.dataset.another === 'true', typed: form.getValues() });
  };

  const listed = listFormErrors(form.formState.errors, labels, outcome);

  const control = (field: string): ReactNode => {
    const id = idOf(field);
    const described = listed.describe(field) as { 'aria-describedby'?: string };
    // A help text (a label that is a column name) is read after the label, before any error.
    const describedBy =
      [screens.help?.[field] ? helpId(field) : undefined, described['aria-describedby']]
        .filter(Boolean)
        .join(' ') || undefined;
    const common = {
      id,
      lang: screens.lang?.[field],
      ...listed.describe(field),
      'aria-describedby': describedBy,
    };
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
              // An optional reference can be cleared again by choosing the placeholder.
              clearable={isOptional(field)}
            />
          )}
        />
      );
    }
    if (screens.multiline?.includes(field))
      return <textarea {...common} rows={16} spellCheck={false} {...form.register(field)} />;
    return <input {...common} type="text" autoComplete="off" {...form.register(field)} />;
  };

  return (
    <form className="resource-form" noValidate onSubmit={form.handleSubmit(submit)}>
      <div className="form-grid">
        {fields.map((field) => (
          <div className="field" key={field}>
            <label htmlFor={idOf(field)}>{t(labels[field] ?? field)}</label>
            {screens.help?.[field] && (
              <span id={helpId(field)} className="field-hint">
                {t(screens.help[field])}
              </span>
            )}
            {control(field)}
            {readOnly(field) && keyFields.includes(field) && (
              <span className="field-hint">{t('Part of the key: cannot change.')}</span>
            )}
          </div>
        ))}
      </div>
      <FormFooter
        submitLabel={submitLabel}
        submitting={form.formState.isSubmitting}
        message={listed.message}
        errors={listed.errors}
        more={
          anotherLabel && (
            <button
              type="submit"
              className="button secondary"
              data-another="true"
              disabled={form.formState.isSubmitting}
            >
              {anotherLabel}
            </button>
          )
        }
      />
      {draft && (
        <p className="notice info" role="status">
          What you typed before signing in again is back in the form. Check it and save.
        </p>
      )}
      {outcome.success && (
        <p className="notice success" role="status">
          {outcome.success}
        </p>
      )}
    </form>
  );
}
