import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import './dialog.css';
import { useT } from '../../lib/i18n.ts';

interface DialogProps {
  /** The heading, also the dialog's accessible name. */
  title: string;
  /** Said under the heading, and the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Escape, the Cancel button, or a click on the backdrop. */
  onClose: () => void;
  /**
   * `alertdialog` for a message or question that interrupts the user (a confirmation, an error); `dialog`
   * otherwise.
   */
  role?: 'dialog' | 'alertdialog';
  /** The element focused on opening (else the first field, else the first button). */
  initialFocus?: string;
}

/**
 * An in-page modal dialog (the browser's own `<dialog>` shown modal: focus stays inside, Escape closes it,
 * the page behind is inert), used instead of window.confirm so it can ask for a reason and show the server's
 * answer. Mount it to open it; focus goes to the first field, else the first button, and returns where it was
 * on close.
 */
export function Dialog({
  title,
  description,
  children,
  onClose,
  role = 'dialog',
  initialFocus,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    // jsdom has no showModal: there the dialog is simply open.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    (
      (initialFocus ? dialog.querySelector<HTMLElement>(initialFocus) : null) ??
      dialog.querySelector<HTMLElement>('textarea, input, select') ??
      dialog.querySelector<HTMLElement>('button')
    )?.focus();
    // Tab and Shift+Tab go round the dialog's own controls (the modal dialog already makes the page behind
    // inert).
    const trap = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = [
        ...dialog.querySelectorAll<HTMLElement>(
          'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])',
        ),
      ].filter((e) => !e.hasAttribute('disabled'));
      if (!focusable.length) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('keydown', trap);
    const cancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.removeEventListener('keydown', trap);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      opener?.focus?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opened once per mount
  }, []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClick={(event) => event.target === ref.current && onClose()}
    >
      <div className="dialog-body">
        <h2 id={titleId}>{title}</h2>
        {description && (
          <div id={descriptionId} className="dialog-description">
            {description}
          </div>
        )}
        {children}
      </div>
    </dialog>
  );
}

/**
 * A question or message the page asks in a dialog, from code that is not a component (failures.ts) or from a
 * handler.
 */
interface Request {
  kind: 'alert' | 'confirm';
  /** The spec's sentence, exactly ("Do you want to delete the Paper", "Error Code: 409 Error: ..."). */
  message: string;
  /** What it is about, named under the sentence ("ENG101 English Prose and Grammar"). */
  detail?: string;
  confirmLabel: string;
  resolve: (yes: boolean) => void;
}

let requests: Request[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

function request(
  kind: Request['kind'],
  message: string,
  options: { detail?: string; confirmLabel?: string },
): Promise<boolean> {
  return new Promise((resolve) => {
    const entry: Request = {
      kind,
      message,
      detail: options.detail,
      confirmLabel: options.confirmLabel ?? (kind === 'alert' ? 'OK' : 'Delete'),
      resolve: (yes) => {
        requests = requests.filter((r) => r !== entry);
        changed();
        resolve(yes);
      },
    };
    requests = [...requests, entry];
    changed();
  });
}

/** In place of window.confirm: answers true when the user confirms, false on Cancel or Escape. */
export const ask = (message: string, options: { detail?: string; confirmLabel?: string } = {}) =>
  request('confirm', message, options);
/** In place of window.alert: resolves when the user has closed it. */
export const tell = (message: string, options: { detail?: string } = {}) =>
  request('alert', message, options).then(() => undefined);
/**
 * The messages waiting to be read (oldest first), each with a way to answer it: for code and checks outside a
 * rendered page.
 */
export const pendingDialogs = () =>
  requests.map(({ kind, message, detail, resolve }) => ({ kind, message, detail, answer: resolve }));

/**
 * Shows the oldest waiting `ask`/`tell` as an alert dialog: the sentence is its name, the record its
 * description; Cancel (a question) or OK (a message) is focused first, so Enter never deletes by accident.
 */
export function DialogHost() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requests[0],
  );
  if (!current) return null;
  return <DialogOf current={current} index={requests.indexOf(current)} />;
}

function DialogOf({ current, index }: { current: Request; index: number }) {
  const { t } = useT();
  const { kind, message, detail, confirmLabel, resolve } = current;
  return (
    <Dialog
      key={index + message}
      role="alertdialog"
      title={t(message)}
      description={detail ? <p className="dialog-record">{detail}</p> : undefined}
      onClose={() => resolve(false)}
      initialFocus={kind === 'confirm' ? '[data-cancel]' : '[data-ok]'}
    >
      <div className="dialog-buttons">
        {kind === 'confirm' ? (
          <>
            <button type="button" className="button primary" onClick={() => resolve(true)}>
              {t(confirmLabel)}
            </button>
            <button type="button" className="button secondary" data-cancel onClick={() => resolve(false)}>
              {t('Cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="button primary" data-ok onClick={() => resolve(true)}>
            {t('OK')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
