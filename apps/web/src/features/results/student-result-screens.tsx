import { studentResultCode } from '@exam/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Loading, Notice, Page } from '../../components/ui/page.tsx';
import { useT } from '../../lib/i18n.ts';
import { ResultVersions, studentResultWords } from './result-view.tsx';
import { groupVersions, useExams, useStudentResults, type StudentResultRow } from './results-api.ts';
import { PickerField } from '../../components/ui/picker-field.tsx';
import './results.css';
import { ScrollRegion } from './scroll-region.tsx';

const viewLink = (
  r: Pick<StudentResultRow, 'student_id' | 'exam_id' | 'session_id' | 'course_comb_id' | 'sem_id'>,
) => {
  const query = new URLSearchParams({
    student_id: r.student_id,
    exam_id: r.exam_id,
    session_id: r.session_id,
    course_comb_id: r.course_comb_id,
    sem_id: r.sem_id,
  });
  return `/ViewStudentResultDetail?${query}`;
};

const statusWords: Record<string, string> = {
  COMPUTED: 'Computed (not published)',
  PUBLISHED: 'Published',
  SUPERSEDED: 'Superseded',
  WITHDRAWN: 'Withdrawn',
};

/**
 * /ListStudentResultDetail: student results by exam, student, run or result; the newest version of each by
 * default.
 */
export function StudentResultListScreen() {
  const { t } = useT();
  const [search, setSearch] = useSearchParams();
  const exams = useExams();
  const filters = {
    exam_id: search.get('exam_id') ?? '',
    student_id: search.get('student_id') ?? '',
    run_id: search.get('run_id') ?? '',
    result: search.get('result') ?? '',
    latest: search.get('all') ? '' : '1',
  };
  const [student, setStudent] = useState(filters.student_id);
  const set = (next: Record<string, string>) =>
    setSearch(
      Object.fromEntries(Object.entries({ ...Object.fromEntries(search), ...next }).filter(([, v]) => v)),
    );
  const any = !!(filters.exam_id || filters.student_id || filters.run_id);
  const list = useStudentResults(
    {
      exam_id: filters.exam_id,
      student_id: filters.student_id,
      run_id: filters.run_id,
      result: filters.result,
      latest: filters.latest,
    },
    any,
  );
  const rows = list.data?.studentresult ?? [];
  return (
    <Page title="List Student Result Detail">
      <form
        className="results-picker"
        onSubmit={(e) => {
          e.preventDefault();
          set({ student_id: student.trim() });
        }}
        aria-label={t('Find results')}
      >
        <PickerField label={t('Exam')}>
          {(id) => (
            <select id={id} value={filters.exam_id} onChange={(e) => set({ exam_id: e.target.value })}>
              <option value="">—</option>
              {(exams.data ?? []).map((x) => (
                <option key={x.exam_id} value={x.exam_id}>
                  {x.exam_id}
                </option>
              ))}
            </select>
          )}
        </PickerField>
        <PickerField label={t('Student')}>
          {(id) => <input id={id} value={student} onChange={(e) => setStudent(e.target.value)} />}
        </PickerField>
        <PickerField label={t('Result')}>
          {(id) => (
            <select id={id} value={filters.result} onChange={(e) => set({ result: e.target.value })}>
              <option value="">{t('All')}</option>
              {studentResultCode.options.map((c) => (
                <option key={c} value={c}>
                  {t(studentResultWords[c] ?? c)}
                </option>
              ))}
            </select>
          )}
        </PickerField>
        {filters.run_id && (
          <p>
            {t('Run')}: {filters.run_id}{' '}
            <button type="button" className="button small secondary" onClick={() => set({ run_id: '' })}>
              {t('Clear')}
            </button>
          </p>
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={!filters.latest}
            onChange={(e) => set({ all: e.target.checked ? '1' : '' })}
          />{' '}
          {t('Every version')}
        </label>
        <button type="submit" className="button secondary">
          {t('Show')}
        </button>
      </form>
      {!any && <p>{t('Pick an exam or type a student id.')}</p>}
      {any &&
        (list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <Notice kind="error">{list.error.message}</Notice>
        ) : rows.length === 0 ? (
          <p>{t('No results found.')}</p>
        ) : (
          <ScrollRegion label={t('Results')}>
            <table className="data-table">
              <caption>{t('{{n}} results', { n: list.data.total })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Student')}</th>
                  <th scope="col">{t('Name')}</th>
                  <th scope="col">{t('Exam')}</th>
                  <th scope="col">{t('Course-semester')}</th>
                  <th scope="col">{t('Version')}</th>
                  <th scope="col">{t('Status')}</th>
                  <th scope="col">{t('Result')}</th>
                  <th scope="col">{t('Marks')}</th>
                  <th scope="col">{t('Action')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr
                    key={[r.student_id, r.exam_id, r.session_id, r.course_comb_id, r.sem_id, r.version].join(
                      '/',
                    )}
                  >
                    <th scope="row">{r.student_id}</th>
                    <td>{r.name_en ?? ''}</td>
                    <td>{r.exam_id}</td>
                    <td>
                      {r.course_comb_id} · {r.sem_id} ({r.session_id})
                    </td>
                    <td>
                      {r.version}
                      {r.supersedes_version !== null
                        ? ` (${t('supersedes {{v}}', { v: r.supersedes_version })})`
                        : ''}
                    </td>
                    <td>{t(statusWords[r.status] ?? r.status)}</td>
                    <td>
                      {r.result} · {t(studentResultWords[r.result] ?? r.result)}
                    </td>
                    <td>
                      {r.scheme === 'OLD'
                        ? `${r.total ?? '—'}/${r.max_total ?? '—'} · ` +
                          `${r.percentage ?? '—'} % · ${r.division ?? '—'}`
                        : `SGPA ${r.sgpa ?? '—'} · CGPA ${r.cgpa ?? '—'}`}
                    </td>
                    <td>
                      <Link to={viewLink(r)} aria-label={`${t('View')} ${r.student_id} ${r.exam_id}`}>
                        {t('View')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ))}
    </Page>
  );
}

/**
 * /ViewStudentResultDetail?student_id=[&exam_id&session_id&course_comb_id&sem_id]: every version, lines with
 * explanations.
 */
export function StudentResultViewScreen() {
  const { t } = useT();
  const [search] = useSearchParams();
  const filters = Object.fromEntries(
    ['student_id', 'exam_id', 'session_id', 'course_comb_id', 'sem_id'].map((k) => [k, search.get(k) ?? '']),
  );
  const list = useStudentResults(filters, !!filters.student_id);
  return (
    <Page
      title="View Student Result Detail"
      actions={
        <Link className="button secondary" to="/ListStudentResultDetail">
          {t('List Student Result Detail')}
        </Link>
      }
    >
      {!filters.student_id ? (
        <p>{t('Pick an exam or type a student id.')}</p>
      ) : list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Notice kind="error">{list.error.message}</Notice>
      ) : list.data.studentresult.length === 0 ? (
        <p>{t('No results found.')}</p>
      ) : (
        groupVersions(list.data.studentresult).map((versions) => (
          <ResultVersions key={versions[0]!.run_id + versions[0]!.exam_id} versions={versions} />
        ))
      )}
    </Page>
  );
}

/** /AddStudentResultDetail, /EditStudentResultDetail: a result is computed, never typed in. */
export function NoResultEntryScreen({ title }: { title: string }) {
  const { t } = useT();
  return (
    <Page title={title}>
      <Notice kind="info">
        {t(
          'A student result is computed by a result run and never typed in; a change after publication ' +
            'is a new version (revaluation, UFM decision, correction).',
        )}
      </Notice>
      <p>
        <Link to="/ListStudentResultDetail">{t('List Student Result Detail')}</Link> ·{' '}
        <Link to="/CalculateNew">{t('Calculate New')}</Link>
      </p>
    </Page>
  );
}
