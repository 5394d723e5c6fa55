import { explanationText, type ExplanationStep, type MarkCell, type ResultLine } from '@exam/contracts';
import { Fragment, useId, useState } from 'react';
import { intlLocale, renderMessage, useT } from '../../lib/i18n.ts';
import type { StudentResultRow } from './results-api.ts';
import { ScrollRegion } from './scroll-region.tsx';

/**
 * A student's result as the office and the student read it: every paper's line (internal, external,
 * practical, total, grade, grade point, result) with its explanation one click away, the student-level steps
 * (aggregate, grace, division or SGPA/CGPA), and the versions (a revised result names the version it
 * supersedes). A status (AB, RL, RW, UFM) is shown as its code and words, never as 0.
 */

export const paperResultWords: Record<string, string> = {
  P: 'Passed',
  F: 'Failed',
  AB: 'Absent',
  UFM: 'Unfair means',
  RW: 'Result withheld',
  RL: 'Result later',
  EX: 'Exempt',
  S: 'Satisfactory',
  U: 'Unsatisfactory',
};
export const studentResultWords: Record<string, string> = {
  PASS: 'Pass',
  PASS_GRACE: 'Pass by grace',
  PROMOTED: 'Promoted with back papers (ATKT)',
  FAIL: 'Fail',
  ABSENT: 'Absent',
  RL: 'Result later',
  RW: 'Result withheld',
  UFM: 'Unfair means',
  DETAINED: 'Detained',
};
const markStatusWords: Record<string, string> = {
  AB: 'Absent',
  UFM: 'Unfair means',
  RL: 'Result later',
  WH: 'Withheld',
  EX: 'Carried forward',
};
/** Paper results with no marks to print: the code stands where the total would be. */
const noMarks = ['AB', 'RL', 'RW', 'UFM'];

function Code({ code, words }: { code: string; words: string }) {
  const { t } = useT();
  return (
    <abbr title={t(words)} className="status-code">
      {code}
    </abbr>
  );
}

function Mark({ cell }: { cell: MarkCell }) {
  if (cell.status && cell.value !== null)
    return (
      <>
        {cell.value} <Code code={cell.status} words={markStatusWords[cell.status] ?? cell.status} />
      </>
    );
  if (cell.status) return <Code code={cell.status} words={markStatusWords[cell.status] ?? cell.status} />;
  return <>{cell.value ?? '—'}</>;
}

export function Steps({ steps }: { steps: ExplanationStep[] }) {
  const { t } = useT();
  if (!steps.length) return <p>{t('No explanation was recorded.')}</p>;
  return (
    <ol className="explanation-steps">
      {steps.map((s, i) => (
        <li key={i}>
          {explanationText(s, renderMessage)}
          {s.rule_id && (
            <span className="rule-ref">
              {' '}
              [{t('rule')} {s.rule_id}]
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

function LinesTable({ result }: { result: StudentResultRow }) {
  const { t } = useT();
  const [open, setOpen] = useState<string | null>(null);
  const base = useId();
  const graded = result.scheme !== 'OLD';
  const cols = 9 + (graded ? 3 : 0);
  return (
    <ScrollRegion label={t('Papers')}>
      <table className="data-table result-lines">
        <caption>{t('Papers')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Paper')}</th>
            <th scope="col">{t('Internal')}</th>
            <th scope="col">{t('External')}</th>
            <th scope="col">{t('Practical')}</th>
            <th scope="col">{t('Grace')}</th>
            <th scope="col">{t('Total')}</th>
            <th scope="col">{t('Maximum')}</th>
            {graded && (
              <>
                <th scope="col">{t('Credit')}</th>
                <th scope="col">{t('Grade')}</th>
                <th scope="col">{t('Grade point')}</th>
              </>
            )}
            <th scope="col">{t('Result')}</th>
            <th scope="col">{t('Explanation')}</th>
          </tr>
        </thead>
        <tbody>
          {result.lines.map((line: ResultLine) => {
            const id = `${base}-${line.paper_id}`;
            const shown = open === line.paper_id;
            const withoutMarks =
              noMarks.includes(line.paper_result) && (line.total === null || Number(line.total) === 0);
            return (
              <Fragment key={line.paper_id}>
                <tr data-result={line.paper_result}>
                  <th scope="row">{line.paper_id}</th>
                  <td>
                    <Mark cell={line.int} />
                  </td>
                  <td>
                    <Mark cell={line.ext} />
                  </td>
                  <td>
                    <Mark cell={line.pr} />
                  </td>
                  <td>{line.grace ? `+${line.grace.marks} (${line.grace.rule_id})` : '—'}</td>
                  <td>
                    {withoutMarks ? (
                      <Code code={line.paper_result} words={paperResultWords[line.paper_result] ?? ''} />
                    ) : (
                      (line.total ?? '—')
                    )}
                  </td>
                  <td>{line.max}</td>
                  {graded && (
                    <>
                      <td>{line.credit}</td>
                      <td>{line.grade ?? '—'}</td>
                      <td>{line.grade_point ?? '—'}</td>
                    </>
                  )}
                  <td>
                    {line.paper_result} · {t(paperResultWords[line.paper_result] ?? line.paper_result)}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button link"
                      aria-expanded={shown}
                      aria-controls={id}
                      onClick={() => setOpen(shown ? null : line.paper_id)}
                    >
                      {t(shown ? 'Hide' : 'Why?')}
                      <span className="visually-hidden"> {line.paper_id}</span>
                    </button>
                  </td>
                </tr>
                <tr id={id} hidden={!shown} className="explanation-row">
                  <td colSpan={cols}>
                    <strong>{t('How {{paper}} was decided', { paper: line.paper_id })}</strong>
                    <Steps steps={line.explanation} />
                  </td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * The NEP exit check of a year-end result (§4.7): the awards the student may be issued on exit (UG
 * Certificate, Diploma, ...) and every level's outcome with its reason, as the run's explanation recorded
 * them.
 */
function ExitCheck({ result }: { result: StudentResultRow }) {
  const { t } = useT();
  const id = useId();
  const exit = result.exit;
  if (!exit) return null;
  return (
    <section className="exit-check" aria-labelledby={id}>
      <h3 id={id}>{t('Exit eligibility (NEP)')}</h3>
      <p className="exit-awards">
        {exit.awards.length
          ? t('Eligible on exit for: {{awards}}', { awards: exit.awards.join(', ') })
          : t('Not yet eligible for an exit award.')}
      </p>
      <ul className="exit-levels">
        {exit.levels.map((l) => (
          <li key={l.level} data-eligible={l.eligible}>
            <strong>{l.award}</strong>: {l.eligible ? t('eligible') : t('not eligible')}{' '}
            <span className="exit-reason">({l.text})</span>
          </li>
        ))}
      </ul>
      <p className="exit-basis">{exit.text}</p>
    </section>
  );
}

const fmt = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString(intlLocale(), { dateStyle: 'medium' }) : '—';

/** One version of one student's result for one exam and course-semester. */
export function StudentResultCard({
  result,
  heading = true,
}: {
  result: StudentResultRow;
  heading?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  const graded = result.scheme !== 'OLD';
  return (
    <article className="result-card" aria-labelledby={id} data-result={result.result}>
      {heading ? (
        <h2 id={id}>
          {result.student_id}
          {result.name_en ? ` ${result.name_en}` : ''} · {result.exam_id} · {result.course_comb_id}{' '}
          {t('semester')} {result.sem_id} · {t('version {{v}}', { v: result.version })}
        </h2>
      ) : (
        <h3 id={id}>{t('version {{v}}', { v: result.version })}</h3>
      )}
      <dl className="result-facts">
        <div>
          <dt>{t('Result')}</dt>
          <dd className="result-word">
            {result.result} · {t(studentResultWords[result.result] ?? result.result)}
          </dd>
        </div>
        {graded ? (
          <>
            <div>
              <dt>SGPA</dt>
              <dd>{result.sgpa ?? '—'}</dd>
            </div>
            <div>
              <dt>CGPA</dt>
              <dd>{result.cgpa ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('Credits earned')}</dt>
              <dd>
                {result.credits_earned ?? '—'} / {result.credits_registered ?? '—'}
              </dd>
            </div>
          </>
        ) : (
          <>
            <div>
              <dt>{t('Total')}</dt>
              <dd>
                {result.total ?? '—'} / {result.max_total ?? '—'}
              </dd>
            </div>
            <div>
              <dt>{t('Percentage')}</dt>
              <dd>{result.percentage ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('Division')}</dt>
              <dd>{result.division ?? '—'}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('Back papers')}</dt>
          <dd>{result.backlogs.length ? result.backlogs.join(', ') : t('none')}</dd>
        </div>
        <div>
          <dt>{t('Rule set')}</dt>
          <dd>
            {result.ruleset_id}@{result.ruleset_version}
          </dd>
        </div>
        <div>
          <dt>{t('Published')}</dt>
          <dd>
            {result.published_at
              ? `${fmt(result.published_at)} · ${t('notification')} ${result.notification_no ?? ''}`
              : t('Not published')}
          </dd>
        </div>
        {result.supersedes_version !== null && (
          <div>
            <dt>{t('Supersedes')}</dt>
            <dd>{t('version {{v}}', { v: result.supersedes_version })}</dd>
          </div>
        )}
      </dl>
      <LinesTable result={result} />
      <ExitCheck result={result} />
      <details className="student-steps">
        <summary>{t('How the result was worked out')}</summary>
        <Steps steps={result.explanation} />
      </details>
    </article>
  );
}

/** The newest version in full; earlier ones one click away, each marked as superseded. */
export function ResultVersions({ versions }: { versions: StudentResultRow[] }) {
  const { t } = useT();
  const [latest, ...earlier] = versions;
  if (!latest) return null;
  return (
    <div className="result-versions">
      <StudentResultCard result={latest} />
      {earlier.length > 0 && (
        <details className="earlier-versions">
          <summary>{t('Earlier versions ({{n}})', { n: earlier.length })}</summary>
          {earlier.map((v) => (
            <div key={v.version} className="superseded">
              <p className="superseded-note">
                {t('Version {{v}} was superseded by a later version.', { v: v.version })}
              </p>
              <StudentResultCard result={v} heading={false} />
            </div>
          ))}
        </details>
      )}
    </div>
  );
}
