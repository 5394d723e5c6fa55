import { documentType, type VerificationAnswer } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Loading, Page } from '../../components/ui/page.tsx';
import { isApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { verifyToken } from './documents-api.ts';
import './documents.css';

/** Why a code is not genuine, in words a reader of the document understands. */
const problemWords: Record<string, { title: string; text: string }> = {
  MALFORMED: {
    title: 'NOT A VERIFICATION CODE',
    text:
      'This is not a document verification code of this university. Check that the whole address was ' +
      'scanned or typed.',
  },
  BAD_SIGNATURE: {
    title: 'NOT GENUINE: ALTERED OR FORGED',
    text:
      "The code's signature does not match: it was altered or forged. The document that carries it " +
      'is not genuine.',
  },
  UNKNOWN_KEY: {
    title: 'NOT GENUINE: FORGED',
    text: "The code is not signed with the university's key: it is forged.",
  },
  MISMATCH: {
    title: 'NOT GENUINE: DOES NOT MATCH',
    text: "The code is signed, but it does not match the document the university's register holds.",
  },
};

const stateWords: Record<string, { title: string; text: string }> = {
  VALID: { title: 'VALID', text: 'This document was issued by the university and is valid.' },
  SUPERSEDED: {
    title: 'SUPERSEDED',
    text: 'This document was replaced by a revised one; it is no longer valid.',
  },
  CANCELLED: { title: 'CANCELLED', text: 'This document was cancelled by the university; it is not valid.' },
};

export type VerifyState =
  'VALID' | 'SUPERSEDED' | 'CANCELLED' | 'NOT_GENUINE' | 'NOT_ISSUED' | 'RATE_LIMITED' | 'UNAVAILABLE';

/**
 * /verify/:token (no sign-in; the QR of every issued document opens it): the document's type, serial, name in
 * English and Hindi, programme, exam, result and issue date under a large VALID / SUPERSEDED / CANCELLED; a
 * code that is not genuine (altered, forged, not a code) said as such; an unknown or not-issued document, and
 * the rate limit, said plainly.
 */
export function VerifyScreen() {
  const { t } = useT();
  const { token = '' } = useParams();
  const answer = useQuery({
    queryKey: ['verify', token],
    queryFn: ({ signal }) => verifyToken(token, signal),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <Page title="Document verification" nav={false}>
      {answer.isPending ? (
        <Loading what="Checking the document…" />
      ) : answer.isError ? (
        <Failure error={answer.error} />
      ) : (
        <Outcome answer={answer.data} />
      )}
      <p className="hint">
        {t(
          "The QR code carries a code signed with the university's key; the public key is " +
            'published at /.well-known/document-signing-key, so the code can also be checked offline.',
        )}
      </p>
    </Page>
  );
}

function Banner({
  state,
  title,
  children,
}: {
  state: VerifyState;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="verify-banner" data-state={state} role={state === 'VALID' ? 'status' : 'alert'}>
      <p className="verify-state">{title}</p>
      <p>{children}</p>
    </div>
  );
}

function Failure({ error }: { error: Error }) {
  const { t } = useT();
  if (isApiError(error) && error.status === 429)
    return (
      <Banner state="RATE_LIMITED" title={t('TOO MANY CHECKS')}>
        {error.message} {t('Nothing is wrong with the document; wait and try again.')}
      </Banner>
    );
  if (isApiError(error) && error.status === 404)
    return (
      <Banner state="NOT_ISSUED" title={t('NOT ON THE REGISTER')}>
        {error.message} {t('A genuine code of a document that is not issued cannot be verified.')}
      </Banner>
    );
  return (
    <Banner state="UNAVAILABLE" title={t('COULD NOT CHECK')}>
      {error.message}
    </Banner>
  );
}

function Outcome({ answer }: { answer: VerificationAnswer }) {
  const { t } = useT();
  const d = answer.document;
  if (!d) {
    const words = problemWords[answer.reason ?? 'BAD_SIGNATURE'] ?? problemWords.BAD_SIGNATURE!;
    return (
      <Banner state="NOT_GENUINE" title={t(words.title)}>
        {t(words.text)}
      </Banner>
    );
  }
  const words = stateWords[d.status]!;
  return (
    <>
      <Banner state={d.status} title={t(words.title)}>
        {t(words.text)}
        {d.status === 'SUPERSEDED' && d.superseded_by && (
          <> {t('Replaced by {{serial}}.', { serial: d.superseded_by })}</>
        )}
      </Banner>
      <dl className="verify-facts">
        <div>
          <dt>{t('Document')}</dt>
          <dd>
            {t(documentType.labelOf(d.doc_type))}
            {d.marker ? ` (${d.marker})` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('Serial')}</dt>
          <dd>{d.serial_no}</dd>
        </div>
        <div>
          <dt>{t('Name')}</dt>
          <dd>
            {d.name_en}
            {d.name_hi && (
              <>
                <br />
                <span lang="hi">{d.name_hi}</span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('Programme')}</dt>
          <dd>{d.programme ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('Exam')}</dt>
          <dd>{d.exam ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('Result')}</dt>
          <dd>{d.result ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('Issue date')}</dt>
          <dd>{d.issued_at ? d.issued_at.slice(0, 10) : '—'}</dd>
        </div>
      </dl>
    </>
  );
}
