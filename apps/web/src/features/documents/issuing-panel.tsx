import {
  documentIssuingResource,
  issuingDetailInEnglishOnly,
  issuingDetailKey,
  type CapabilityKey,
  type IssuingDetailKey,
} from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog } from '../../components/ui/dialog.tsx';
import {
  FormFooter,
  listFormErrors,
  TextField,
  type ServerFailure,
} from '../../components/ui/form-parts.tsx';
import { Loading, Notice } from '../../components/ui/page.tsx';
import { isApiError } from '../../lib/api.ts';
import { usePermissions } from '../../lib/auth.ts';
import { contractResolver } from '../../lib/form.ts';
import { useT } from '../../lib/i18n.ts';
import {
  fetchIssuingDetail,
  invalidateIssuing,
  saveIssuingDetail,
  useIssuingDetails,
  type IssuingDetail,
} from './documents-api.ts';

/**
 * Issuing details (documentissuing): the place of issue, the signatories' names, the NAD organisation code
 * and the convocation date that every document drafted from now on prints (a draft freezes them).
 * document_admin records a missing one or corrects one here; the document cell reads them, so a clerk sees
 * what will be printed.
 */

/** The date and the NAD code are printed as written; the place and the names in English and Hindi. */
const hasHindi = (key: IssuingDetailKey) => !issuingDetailInEnglishOnly(key);
const hints: Partial<Record<IssuingDetailKey, string>> = {
  CONVOCATION_DATE: 'As YYYY-MM-DD, e.g. 2025-02-12.',
  NAD_ORG_CODE: 'As NAD issued it: letters, digits or dashes.',
};

export function IssuingPanel({ collapsible = false }: { collapsible?: boolean }) {
  const { t } = useT();
  const { holds } = usePermissions();
  const canEdit = holds(documentIssuingResource.capability.write as CapabilityKey);
  const details = useIssuingDetails();
  const [open, setOpen] = useState<{ key: IssuingDetailKey; current: IssuingDetail | null } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const rows = details.data ?? [];
  const recorded = issuingDetailKey.values.filter((key) => rows.some((r) => r.detail_key === key)).length;

  const body = details.isPending ? (
    <Loading />
  ) : details.isError ? (
    <Notice kind="error">{details.error.message}</Notice>
  ) : (
    <>
      <p className="hint">
        {t(
          'Every document drafted from now on prints these; a document already drafted keeps the ' +
            'values of its day.',
        )}
      </p>
      <div className="table-scroll" role="region" aria-label={t('Issuing details')} tabIndex={0}>
        <table className="data-table doc-issuing">
          <thead>
            <tr>
              <th scope="col">{t('Detail')}</th>
              <th scope="col">{t('English')}</th>
              <th scope="col">{t('Hindi')}</th>
              {canEdit && <th scope="col">{t('Action')}</th>}
            </tr>
          </thead>
          <tbody>
            {issuingDetailKey.values.map((key) => {
              const row = rows.find((r) => r.detail_key === key) ?? null;
              return (
                <tr key={key}>
                  <th scope="row">{t(issuingDetailKey.labelOf(key))}</th>
                  <td>{row ? row.value_en : <em className="doc-missing">{t('Not recorded')}</em>}</td>
                  <td lang={row?.value_hi ? 'hi' : undefined}>{row?.value_hi ?? '—'}</td>
                  {canEdit && (
                    <td>
                      <button
                        type="button"
                        className="button small secondary"
                        onClick={() => {
                          setSaved(null);
                          setOpen({ key, current: row });
                        }}
                      >
                        {t(row ? 'Edit…' : 'Record…')}
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {saved && <Notice kind="success">{saved}</Notice>}
      {open && (
        <IssuingDialog
          key={open.key}
          detailKey={open.key}
          current={open.current}
          onClose={() => setOpen(null)}
          onSaved={(message) => {
            setOpen(null);
            setSaved(message);
          }}
        />
      )}
    </>
  );
  const heading = (
    <>
      {t('Issuing details')}{' '}
      <span className="field-note">
        ({t('{{n}} of {{total}} recorded', { n: recorded, total: issuingDetailKey.values.length })})
      </span>
    </>
  );
  // The document cell reads them on its drafting screens folded away; document_admin's queues show them open.
  if (collapsible) {
    return (
      <details className="doc-panel doc-issuing-panel">
        <summary>
          <h2 className="doc-summary-heading">{heading}</h2>
        </summary>
        {body}
      </details>
    );
  }
  return (
    <section aria-labelledby="doc-issuing" className="doc-panel doc-issuing-panel">
      <h2 id="doc-issuing">{heading}</h2>
      {body}
    </section>
  );
}

type Values = Record<string, string>;
type Parsed = Record<string, unknown>;

/**
 * Records or corrects one detail in a dialog. The form is the contract's (its updatable fields, checked by
 * its own rule for the key), so the browser refuses what the API would; a server refusal is listed under the
 * form with the field marked, and what was typed stays. A stale edit (someone saved first) shows their value
 * and keeps this one to save over it.
 */
function IssuingDialog({
  detailKey,
  current,
  onClose,
  onSaved,
}: {
  detailKey: IssuingDetailKey;
  current: IssuingDetail | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(current);
  const [failure, setFailure] = useState<ServerFailure>({});
  const [stale, setStale] = useState<IssuingDetail | null>(null);
  const fields = (documentIssuingResource.updatable as readonly string[]).filter(
    (f) => f === 'value_en' || hasHindi(detailKey),
  );
  const schema = documentIssuingResource.editSchema(
    { detail_key: detailKey },
    fields,
  ) as unknown as z.ZodType<Parsed>;
  const form = useForm<Values, unknown, Parsed>({
    resolver: contractResolver(schema),
    defaultValues: { value_en: current?.value_en ?? '', value_hi: current?.value_hi ?? '' },
  });
  const label = t(issuingDetailKey.labelOf(detailKey));
  // A detail printed in both languages names its two values; a date or a code is the detail itself.
  const labels: Record<string, string> = hasHindi(detailKey)
    ? { value_en: `${label} · ${t('English')}`, value_hi: `${label} · ${t('Hindi')}` }
    : { value_en: label };
  const listed = listFormErrors(form.formState.errors, labels, failure);
  const hint = hints[detailKey];

  const submit = async (values: Parsed) => {
    setFailure({});
    const hindi = hasHindi(detailKey)
      ? { value_hi: (values.value_hi as string | null | undefined) ?? null }
      : {};
    try {
      await saveIssuingDetail(detailKey, { value_en: String(values.value_en), ...hindi }, base);
      await invalidateIssuing(queryClient);
      // Named here: the API's message is the same for every detail.
      onSaved(t('{{detail}} is recorded.', { detail: label }));
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Saved by someone else after it was read here (or recorded meanwhile): show theirs, keep what was
        // typed, and let the next save go over theirs as read now.
        const now = await fetchIssuingDetail(detailKey).catch(() => null);
        void invalidateIssuing(queryClient);
        setBase(now);
        setStale(now);
        if (!now) setFailure({ message: error.message });
        return;
      }
      setFailure(
        isApiError(error)
          ? { message: error.message, errors: error.fieldErrors }
          : { message: t('The detail could not be saved; please try again.') },
      );
    }
  };

  return (
    <Dialog
      title={t(current ? 'Edit {{detail}}' : 'Record {{detail}}', { detail: label })}
      description={
        <p>{t('Documents drafted from now on print it; those already drafted keep what they froze.')}</p>
      }
      onClose={onClose}
    >
      {stale && (
        <Notice kind="info">
          {t(
            'Someone else saved this detail after you opened it; it now reads "{{value}}". What ' +
              'you typed is still here: save again to put yours in its place, or Cancel to keep ' +
              'theirs.',
            { value: stale.value_hi ? `${stale.value_en} · ${stale.value_hi}` : stale.value_en },
          )}
        </Notice>
      )}
      <form className="resource-form" noValidate onSubmit={form.handleSubmit(submit)}>
        {fields.map((field) => {
          const described = listed.describe(field);
          const hintId = field === 'value_en' && hint ? `issuing-${field}-hint` : undefined;
          return (
            <TextField
              key={field}
              id={`issuing-${field}`}
              label={labels[field]!}
              lang={field === 'value_hi' ? 'hi' : undefined}
              autoComplete="off"
              hint={
                hintId ? (
                  <span id={hintId} className="field-hint">
                    {t(hint!)}
                  </span>
                ) : undefined
              }
              {...described}
              aria-describedby={
                [hintId, described['aria-describedby']].filter(Boolean).join(' ') || undefined
              }
              {...form.register(field)}
            />
          );
        })}
        <FormFooter
          submitLabel="Save"
          submitting={form.formState.isSubmitting}
          message={listed.message}
          errors={listed.errors}
          more={
            <button type="button" className="button secondary" onClick={onClose}>
              {t('Cancel')}
            </button>
          }
        />
      </form>
    </Dialog>
  );
}

/** What a degree drafted now prints as its convocation date, or a warning that it prints a blank. */
export function ConvocationNote() {
  const { t } = useT();
  const details = useIssuingDetails();
  if (!details.data) return null;
  const date = details.data.find((d) => d.detail_key === 'CONVOCATION_DATE')?.value_en;
  return date ? (
    <p className="hint">{t('Convocation date printed on the degree: {{date}}', { date })}</p>
  ) : (
    <p className="notice doc-warning" role="status">
      {t(
        'No convocation date recorded: the degree will print a blank. document_admin records it ' +
          'under Issuing details.',
      )}
    </p>
  );
}
