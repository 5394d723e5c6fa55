import type { BilingualText, DocumentPayload, DocumentTotals, MarksheetLine } from '@exam/contracts';
import { useT } from '../../lib/i18n.ts';

/** A value printed in English and Hindi. */
export function Both({ text }: { text: BilingualText | null | undefined }) {
  if (!text) return <>—</>;
  return (
    <>
      {text.en}
      {text.hi && (
        <>
          {' '}
          · <span lang="hi">{text.hi}</span>
        </>
      )}
    </>
  );
}

const mark = (m: { value: string | null; status: string | null }) => m.status ?? m.value ?? '—';

function Lines({ lines, caption }: { lines: MarksheetLine[]; caption: string }) {
  const { t } = useT();
  const graded = lines.some((l) => l.grade !== null);
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table doc-lines">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Paper')}</th>
            <th scope="col">{t('Maximum')}</th>
            <th scope="col">{t('Internal')}</th>
            <th scope="col">{t('External')}</th>
            <th scope="col">{t('Practical')}</th>
            <th scope="col">{t('Total')}</th>
            {graded && (
              <>
                <th scope="col">{t('Credit')}</th>
                <th scope="col">{t('Grade')}</th>
                <th scope="col">{t('Grade point')}</th>
              </>
            )}
            <th scope="col">{t('Result')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.paper_id}>
              <th scope="row">
                {l.paper_code} · <Both text={l.paper_name} />
              </th>
              <td>{l.max ?? '—'}</td>
              <td>{mark(l.int)}</td>
              <td>{mark(l.ext)}</td>
              <td>{mark(l.pr)}</td>
              <td>
                {l.total ?? '—'}
                {l.grace ? ` ${l.grace.marker}` : ''}
              </td>
              {graded && (
                <>
                  <td>{l.credit ?? '—'}</td>
                  <td>{l.grade ?? '—'}</td>
                  <td>{l.grade_point ?? '—'}</td>
                </>
              )}
              <td>{l.paper_result}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Totals({ totals }: { totals: DocumentTotals }) {
  const { t } = useT();
  return (
    <p className="doc-totals">
      <strong>
        <Both text={totals.result} />
      </strong>
      {totals.total !== null && (
        <>
          {' '}
          · {t('Total')} {totals.total}/{totals.max_total ?? '—'}
        </>
      )}
      {totals.percentage !== null && <> · {totals.percentage} %</>}
      {totals.division && (
        <>
          {' '}
          · <Both text={totals.division} />
        </>
      )}
      {totals.sgpa !== null && <> · SGPA {totals.sgpa}</>}
      {totals.cgpa !== null && <> · CGPA {totals.cgpa}</>}
      {totals.equivalent_percentage !== null && (
        <>
          {' '}
          · {t('Equivalent percentage')} {totals.equivalent_percentage}
        </>
      )}
      {totals.backlogs.length > 0 && (
        <>
          {' '}
          · {t('Back papers')}: {totals.backlogs.join(', ')}
        </>
      )}
    </p>
  );
}

/** The frozen values a document prints (its payload), as they were snapshotted at drafting. */
export function DocumentValues({ payload }: { payload: DocumentPayload }) {
  const { t } = useT();
  const p = payload;
  return (
    <section className="doc-values" aria-label={t('Frozen values')}>
      <h3>
        {t('Frozen values')} · <Both text={p.title} />
      </h3>
      <dl className="doc-facts">
        <div>
          <dt>{t('Student')}</dt>
          <dd>
            <Both text={p.student.name} /> · {p.student.student_id}
          </dd>
        </div>
        {p.student.father_name && (
          <div>
            <dt>{t('Father')}</dt>
            <dd>
              <Both text={p.student.father_name} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('Roll / enrolment')}</dt>
          <dd>
            {p.student.roll_no ?? '—'} / {p.student.enrolment_no ?? '—'}
          </dd>
        </div>
        <div>
          <dt>{t('College')}</dt>
          <dd>
            <Both text={p.student.college.name} />
          </dd>
        </div>
        {'programme' in p && p.programme && (
          <div>
            <dt>{t('Programme')}</dt>
            <dd>
              <Both text={p.programme.name} />
            </dd>
          </div>
        )}
        {'exam' in p && p.exam && (
          <div>
            <dt>{t('Exam')}</dt>
            <dd>
              <Both text={p.exam.name} />
              {p.exam.cycle ? ` · ${p.exam.cycle}` : ''}
            </dd>
          </div>
        )}
        {'basis' in p && p.basis && (
          <div>
            <dt>{t('Result version')}</dt>
            <dd>
              {p.basis.version}
              {p.basis.notification_no ? ` · ${p.basis.notification_no}` : ''}
              {p.basis.published_on ? ` · ${p.basis.published_on}` : ''}
            </dd>
          </div>
        )}
        {(p.kind === 'DEGREE' || p.kind === 'PROVISIONAL_DEGREE') && (
          <div>
            <dt>{t('Result')}</dt>
            <dd>
              <Both text={p.result} />
              {p.division ? (
                <>
                  {' '}
                  · <Both text={p.division} />
                </>
              ) : null}
              {p.cgpa ? ` · CGPA ${p.cgpa}` : ''}
            </dd>
          </div>
        )}
        {p.kind === 'DEGREE' && (
          <div>
            <dt>{t('Convocation date')}</dt>
            <dd>{p.convocation_date ?? t('Not recorded: printed blank')}</dd>
          </div>
        )}
        <div>
          <dt>{t('Place of issue')}</dt>
          <dd>{p.university.place ?? t('Not recorded: printed blank')}</dd>
        </div>
        {p.signatories.map((s) => (
          <div key={s.title.en}>
            <dt>
              <Both text={s.title} />
            </dt>
            <dd>{s.name ?? t('Not recorded: printed blank')}</dd>
          </div>
        ))}
        {p.kind === 'MIGRATION' && (
          <div>
            <dt>{t('Last examination')}</dt>
            <dd>
              <Both text={p.last_exam} /> {p.last_exam_year ?? ''}
            </dd>
          </div>
        )}
        {p.kind === 'CERTIFICATE' && (
          <div>
            <dt>{t('Certificate')}</dt>
            <dd>
              <Both text={p.body} />
            </dd>
          </div>
        )}
      </dl>
      {p.kind === 'MARKSHEET' && (
        <>
          <Lines lines={p.lines} caption={t('Papers as printed')} />
          <Totals totals={p.totals} />
        </>
      )}
      {(p.kind === 'CONSOLIDATED_MARKSHEET' || p.kind === 'TRANSCRIPT') && (
        <>
          {p.terms.map((term) => (
            <div key={`${term.exam.exam_id}/${term.basis.sem_id}`}>
              <Lines
                lines={term.lines}
                caption={`${term.exam.name.en} · ${term.exam.semester?.en ?? term.basis.sem_id}`}
              />
              <Totals totals={term.totals} />
            </div>
          ))}
          <Totals totals={p.final} />
        </>
      )}
      {p.remarks.length > 0 && (
        <ul>
          {p.remarks.map((r, i) => (
            <li key={i}>
              <Both text={r} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
