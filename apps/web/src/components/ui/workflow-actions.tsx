import { allowedActions, confirmText, type KeyedAction, type Workflow } from '@exam/contracts';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { Dialog } from './dialog.tsx';
import { ErrorList, errorItemId, listServerErrors } from './error-list.tsx';
import { Notice } from './page.tsx';

interface WorkflowActionsProps {
  workflow: Workflow;
  record: Record<string, unknown>;
  /**
   * The signed-in user's role: the buttons are the actions it may take now (the API decides the same way).
   */
  role: string | undefined;
  /** Takes the action; answers the server's message, or throws its error (shown in the dialog). */
  onAct: (action: string, reason: string | undefined) => Promise<string>;
}

/**
 * A record's status and the workflow actions the user may take now, as buttons, from the contracts'
 * declaration. Each asks in a dialog first: the declared sentence, and a reason where the action wants one
 * (required on backward moves). A refusal (409: someone moved the record first) is shown in the dialog.
 */
export function WorkflowActions({ workflow, record, role, onAct }: WorkflowActionsProps) {
  const [open, setOpen] = useState<KeyedAction | null>(null);
  const [done, setDone] = useState<{ message: string; expected: unknown } | null>(null);
  const { t } = useT();
  const allowed = allowedActions(workflow, record, role);
  return (
    <>
      <div className="workflow-bar" role="group" aria-label={t('Status and actions')}>
        <span className="status-label">{t('Status:')}</span>
        <span className="status-badge" data-status={String(record[workflow.field] ?? '')}>
          {t(workflow.labelOf(record[workflow.field]))}
        </span>
        {allowed.map((action) => (
          <button
            key={action.key}
            type="button"
            className="button secondary"
            onClick={() => {
              setDone(null);
              setOpen(action);
            }}
          >
            {t(action.label)}
          </button>
        ))}
      </div>
      {/* An effect may send the record elsewhere than the action's target (double entries that differ go
          back to DRAFT): that answer is news to act on, not a success. */}
      {done && (
        <Notice kind={record[workflow.field] === done.expected ? 'success' : 'info'}>{done.message}</Notice>
      )}
      {open && (
        <ActionDialog
          action={open}
          record={record}
          onAct={onAct}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setDone({ message, expected: open.to });
            setOpen(null);
          }}
        />
      )}
    </>
  );
}

function ActionDialog({
  action,
  record,
  onAct,
  onClose,
  onDone,
}: {
  action: KeyedAction;
  record: Record<string, unknown>;
  onAct: WorkflowActionsProps['onAct'];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message?: string; errors?: Record<string, string[]> }>({});
  const errors = listServerErrors(failure.errors, { reason: 'Reason' });
  const reasonInvalid = errors.some((e) => e.field === 'reason');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = reason.trim() || undefined;
    if (action.reason === 'required' && !given) {
      setFailure({ errors: { reason: ['Required: say why.'] } });
      return;
    }
    setBusy(true);
    setFailure({});
    try {
      onDone(await onAct(action.key, action.reason === 'none' ? undefined : given));
    } catch (error) {
      setFailure(
        isApiError(error)
          ? { message: error.message, errors: error.fieldErrors }
          : { message: 'The action failed; please try again.' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t(action.label)} description={<p>{confirmText(action, record)}</p>} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {action.reason !== 'none' && (
          <div className="field">
            <label htmlFor={reasonId}>
              {t('Reason')}{' '}
              <span className="field-note">
                ({t(action.reason === 'required' ? 'required' : 'optional')})
              </span>
            </label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={500}
              onChange={(event) => {
                setReason(event.target.value);
                if (reasonInvalid) setFailure({});
              }}
              aria-invalid={reasonInvalid || undefined}
              aria-describedby={reasonInvalid ? errorItemId('reason') : undefined}
            />
          </div>
        )}
        <ErrorList message={failure.message} errors={errors} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={busy}>
            {t(action.label)}
          </button>
          <button type="button" className="button secondary" onClick={onClose}>
            {t('Cancel')}
          </button>
          {busy && <span className="loading">{t('Working…')}</span>}
        </div>
      </form>
    </Dialog>
  );
}
