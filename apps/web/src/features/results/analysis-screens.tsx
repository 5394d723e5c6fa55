import type { ResultCounts } from '@exam/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Loading, Notice, Page } from '../../components/ui/page.tsx';
import { useT } from '../../lib/i18n.ts';
import { studentResultWords } from './result-view.tsx';
import {
  courseKey,
  courseText,
  useAnalysis,
  useExamCourses,
  useMeritList,
  type CourseSem,
} from './results-api.ts';
import './results.css';
import { ScopePicker, useResultScope, type ResultScope } from './scope-picker.tsx';
import { ScrollRegion } from './scroll-region.tsx';

/**
 * Result analysis (lifecycle S8 step 6): registered, appeared, passed, pass %, the division or grade
 * distribution as plain CSS bars (each bar's number is text beside it: nothing is told by the picture alone),
 * per college, and the merit list. /ResultCourseDetail: every course-semester of an exam in one table;
 * /ResultCourseCombinationDetail: one course-semester in full.
 */

const countLabels: Array<[keyof ResultCounts, string]> = [
  ['registered', 'Registered'],
  ['appeared', 'Appeared'],
  ['passed', 'Passed'],
  ['pass_grace', 'Passed by grace'],
  ['promoted', 'ATKT'],
  ['failed', 'Failed'],
  ['absent', 'Absent'],
  ['rl', 'RL'],
  ['rw', 'RW'],
  ['ufm', 'UFM'],
  ['pass_percent', 'Pass %'],
];

/** `sgpaBands`: the codes are whole SGPA bands ("8" = 8.00–8.99), shown as ranges. */
export function BarChart({
  title,
  bars,
  sgpaBands = false,
}: {
  title: string;
  bars: Array<{ code: string; count: number }>;
  sgpaBands?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.count));
  const total = bars.reduce((s, b) => s + b.count, 0);
  return (
    <figure className="chart" aria-labelledby={id}>
      <figcaption id={id}>
        <strong>{t(title)}</strong>
      </figcaption>
      {bars.length === 0 ? (
        <p>{t('Nothing to count yet.')}</p>
      ) : (
        <ul className="bar-chart">
          {bars.map((b) => (
            <li key={b.code}>
              <span className="bar-label">
                {b.code === 'NONE'
                  ? t('no division')
                  : sgpaBands && /^\d+$/.test(b.code)
                    ? `${b.code}.00–${b.code}.99`
                    : b.code}
              </span>
              <span className="bar" aria-hidden="true">
                <span style={{ width: `${(b.count / max) * 100}%` }} />
              </span>
              <span className="bar-value">
                {b.count}
                {total ? (
                  <span className="visually-hidden"> ({Math.round((b.count / total) * 100)} %)</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** The run an analysis is narrowed to, with the way back to the published results. */
function RunNote({ scope }: { scope: ResultScope }) {
  const { t } = useT();
  return scope.run ? (
    <p>
      {t('Run')}: {scope.run}{' '}
      <button type="button" className="button small secondary" onClick={() => scope.set({ run_id: '' })}>
        {t('Published results')}
      </button>
    </p>
  ) : null;
}

const scopeFilters = (exam: string, course: string, run?: string) => {
  const [session_id = '', course_comb_id = '', sem_id = ''] = course.split('/');
  return { exam_id: exam, session_id, course_comb_id, sem_id, run_id: run || undefined };
};

function CountsRow({ exam, course }: { exam: string; course: CourseSem }) {
  const { t } = useT();
  const analysis = useAnalysis(scopeFilters(exam, courseKey(course)), true);
  const a = analysis.data?.totals;
  return (
    <tr>
      <th scope="row">
        <Link
          to={
            `/ResultCourseCombinationDetail?exam_id=${encodeURIComponent(exam)}` +
            `&course=${encodeURIComponent(courseKey(course))}`
          }
        >
          {courseText(course)}
        </Link>
      </th>
      {analysis.isError ? (
        <td colSpan={countLabels.length}>{analysis.error.message}</td>
      ) : (
        countLabels.map(([field, label]) => (
          <td key={label} className="num">
            {a ? String(a[field] ?? '—') : t('…')}
          </td>
        ))
      )}
    </tr>
  );
}

/** /ResultCourseDetail: an exam's course-semesters with their published counts and pass %. */
export function ResultCourseScreen() {
  const { t } = useT();
  const scope = useResultScope();
  const courses = useExamCourses(scope.exam);
  return (
    <Page title="Result Course Detail">
      <ScopePicker scope={scope} withCourse={false}>
        <RunNote scope={scope} />
      </ScopePicker>
      {!scope.exam ? (
        <p>{t('Pick the exam.')}</p>
      ) : courses.isPending ? (
        <Loading />
      ) : courses.isError ? (
        <Notice kind="error">{courses.error.message}</Notice>
      ) : (
        <ScrollRegion label={t('Published results by course-semester')}>
          <table className="data-table">
            <caption>{t('Published results by course-semester')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Course-semester')}</th>
                {countLabels.map(([, label]) => (
                  <th key={label} scope="col">
                    {t(label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {courses.data.map((c) => (
                <CountsRow key={courseKey(c)} exam={scope.exam} course={c} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Page>
  );
}

/** /ResultCourseCombinationDetail: one course-semester: totals, distributions, per college, merit list. */
export function ResultCombinationScreen() {
  const { t } = useT();
  const scope = useResultScope();
  const filters = scopeFilters(scope.exam, scope.course, scope.run);
  const ready = !!scope.exam && !!scope.course;
  const analysis = useAnalysis(filters, ready);
  const merit = useMeritList(filters, ready);
  const a = analysis.data;
  return (
    <Page title="Result Course Combination Detail">
      <ScopePicker scope={scope}>
        <RunNote scope={scope} />
      </ScopePicker>
      {!ready ? (
        <p>{t('Pick the exam, then its course-semester.')}</p>
      ) : analysis.isPending ? (
        <Loading />
      ) : analysis.isError ? (
        <Notice kind="error">{analysis.error.message}</Notice>
      ) : (
        a && (
          <>
            <p>
              {a.run_id
                ? t('Results of run {{run}} (not necessarily published).', { run: a.run_id })
                : t('The latest published version of each student.')}
            </p>
            <dl className="analysis-totals">
              {countLabels.map(([field, label]) => (
                <div key={label}>
                  <dt>{t(label)}</dt>
                  <dd>{String(a.totals[field] ?? '—')}</dd>
                </div>
              ))}
            </dl>
            <div className="charts">
              <BarChart
                title={a.scheme === 'OLD' ? 'Passed students by division' : 'Passed students by SGPA'}
                bars={a.division_distribution}
                sgpaBands={a.scheme !== 'OLD'}
              />
              <BarChart
                title={a.scheme === 'OLD' ? 'Papers by result' : 'Papers by grade'}
                bars={a.grade_distribution}
              />
            </div>
            <ScrollRegion label={t('By college')}>
              <table className="data-table">
                <caption>{t('By college')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('College')}</th>
                    {countLabels.map(([, label]) => (
                      <th key={label} scope="col">
                        {t(label)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {a.by_college.map((c) => (
                    <tr key={c.college_id}>
                      <th scope="row">
                        {c.college_id}
                        {c.college_name ? ` · ${c.college_name}` : ''}
                      </th>
                      {countLabels.map(([field, label]) => (
                        <td key={label} className="num">
                          {String(c[field] ?? '—')}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <h2>{t('Merit list')}</h2>
            {merit.isError ? (
              <Notice kind="error">{merit.error.message}</Notice>
            ) : !merit.data ? (
              <Loading />
            ) : merit.data.length === 0 ? (
              <p>{t('Nothing to count yet.')}</p>
            ) : (
              <ScrollRegion label={t('Merit list')}>
                <table className="data-table">
                  <caption>{t('Merit list (first attempt only)')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('Rank')}</th>
                      <th scope="col">{t('Student')}</th>
                      <th scope="col">{t('Name')}</th>
                      <th scope="col">{t('College')}</th>
                      <th scope="col">{t('Marks')}</th>
                      <th scope="col">{t('Result')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {merit.data.map((m) => (
                      <tr key={m.student_id}>
                        <td className="num">{m.rank}</td>
                        <th scope="row">{m.student_id}</th>
                        <td>{m.name_en ?? ''}</td>
                        <td>{m.college_id}</td>
                        <td>
                          {m.sgpa !== null
                            ? `SGPA ${m.sgpa}${m.cgpa ? ` · CGPA ${m.cgpa}` : ''}`
                            : `${m.total ?? '—'}/${m.max_total ?? '—'} · ` +
                              `${m.percentage ?? '—'} % · ${m.division ?? '—'}`}
                        </td>
                        <td>
                          {m.result} · {t(studentResultWords[m.result] ?? m.result)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </>
        )
      )}
    </Page>
  );
}
