import { Loading, Notice } from '../../components/ui/page.tsx';
import { useT } from '../../lib/i18n.ts';
import { ResultVersions } from './result-view.tsx';
import { groupVersions, useStudentResults } from './results-api.ts';
import './results.css';

/**
 * The student's own published results on its dashboard (the API answers a student user only its own PUBLISHED
 * versions).
 */
export default function StudentResultsPanel() {
  const { t } = useT();
  const list = useStudentResults({});
  return (
    <section className="panel-section student-results" aria-labelledby="my-results">
      <h3 id="my-results">{t('My results')}</h3>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Notice kind="error">{list.error.message}</Notice>
      ) : list.data.studentresult.length === 0 ? (
        <Notice kind="info">{t('No result of yours has been published yet.')}</Notice>
      ) : (
        <>
          <p>{t('Press "Why?" beside a paper to see how its result was worked out.')}</p>
          {groupVersions(list.data.studentresult).map((versions) => (
            <ResultVersions key={`${versions[0]!.exam_id}/${versions[0]!.sem_id}`} versions={versions} />
          ))}
        </>
      )}
    </section>
  );
}
