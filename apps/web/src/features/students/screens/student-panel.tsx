import { Notice } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useStudentPage } from '../api.ts';
import { studentScreens } from '../declarations.ts';
import { RecordTable, Related, StudentImages } from './student-view.tsx';

/**
 * The student role's dashboard panel: its own record, enrolments and papers, read-only (the API scopes every
 * list to it).
 */
export default function StudentPanel() {
  const screens = studentScreens.student;
  const own = useStudentPage(screens.resource, { offset: 0, limit: 1, filters: {} });
  return (
    <section className="panel-section" aria-labelledby="my-record">
      <h3 id="my-record">My record</h3>
      <QueryState query={own} failure={(error) => `Your record could not be loaded: ${error.message}`}>
        {({ rows }) =>
          rows[0] ? (
            <>
              <div className="record-view">
                <RecordTable
                  screens={screens}
                  record={rows[0]}
                  fields={screens.viewFields.filter((f) => !f.endsWith('_at'))}
                />
                <StudentImages record={rows[0]} canWrite={false} />
              </div>
              <Related studentId={String(rows[0].student_id)} canWrite={false} />
            </>
          ) : (
            <Notice kind="info">
              Your account is not linked to a student record yet; ask the exam office.
            </Notice>
          )
        }
      </QueryState>
    </section>
  );
}
