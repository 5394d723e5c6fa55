import { documentType } from '@exam/contracts';
import { useState } from 'react';
import { Loading, Notice } from '../../components/ui/page.tsx';
import { useT } from '../../lib/i18n.ts';
import { documentPdf, useDocuments } from './documents-api.ts';
import './documents.css';

/**
 * The student's own ISSUED documents on its dashboard (the API answers a student only the documents it
 * holds).
 */
export default function StudentDocumentsPanel() {
  const { t } = useT();
  const list = useDocuments({ status: 'ISSUED' });
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="panel-section student-documents" aria-labelledby="my-documents">
      <h3 id="my-documents">{t('My documents')}</h3>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Notice kind="error">{list.error.message}</Notice>
      ) : list.data.rows.length === 0 ? (
        <Notice kind="info">{t('No document has been issued to you yet.')}</Notice>
      ) : (
        <ul className="doc-mine">
          {list.data.rows.map((d) => (
            <li key={d.doc_id}>
              <span>
                {t(documentType.labelOf(d.doc_type))} {d.serial_no}
                {d.marker ? ` (${d.marker})` : ''} · {d.exam_id ?? ''} ·{' '}
                {t('issued {{day}}', { day: d.issued_at?.slice(0, 10) ?? '' })}
              </span>{' '}
              <button
                type="button"
                className="button small secondary"
                onClick={() => {
                  setFailure(null);
                  void documentPdf(d, 'save')?.catch((e: Error) => setFailure(e.message));
                }}
              >
                {t('Download {{serial}}', { serial: d.serial_no ?? d.doc_id })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {failure && <Notice kind="error">{failure}</Notice>}
    </section>
  );
}
