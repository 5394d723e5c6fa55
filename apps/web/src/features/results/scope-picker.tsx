import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../lib/i18n.ts';
import { PickerField } from '../../components/ui/picker-field.tsx';
import { courseKey, courseText, useExamCourses, useExams } from './results-api.ts';

/**
 * The exam, course-semester and run a results screen shows, kept in the address so a link or reload keeps
 * them.
 */
export function useResultScope() {
  const [search, setSearch] = useSearchParams();
  const exam = search.get('exam_id') ?? '';
  const course = search.get('course') ?? '';
  const run = search.get('run_id') ?? '';
  const set = (next: { exam_id?: string; course?: string; run_id?: string }) => {
    const merged = { exam_id: exam, course, run_id: run, ...next };
    setSearch(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)));
  };
  return { exam, course, run, set };
}

export type ResultScope = ReturnType<typeof useResultScope>;

/**
 * Exam, then (unless `withCourse` is false) one of its course-semesters; `courseBlank` names the empty choice
 * ("All" where every course-semester is a valid answer). `children` follow the pickers inside the form.
 */
export function ScopePicker({
  scope,
  withCourse = true,
  courseBlank = '—',
  children,
}: {
  scope: ResultScope;
  withCourse?: boolean;
  courseBlank?: string;
  children?: ReactNode;
}) {
  const { t } = useT();
  const exams = useExams();
  const courses = useExamCourses(scope.exam);
  return (
    <form
      className="results-picker"
      onSubmit={(e) => e.preventDefault()}
      aria-label={t('Exam and course-semester')}
    >
      <PickerField label={t('Exam')}>
        {(id) => (
          <select
            id={id}
            value={scope.exam}
            onChange={(e) => scope.set({ exam_id: e.target.value, course: '', run_id: '' })}
          >
            <option value="">—</option>
            {(exams.data ?? []).map((x) => (
              <option key={x.exam_id} value={x.exam_id}>
                {x.exam_id}
                {x.exam_desc ? ` · ${x.exam_desc}` : ''}
              </option>
            ))}
          </select>
        )}
      </PickerField>
      {withCourse && (
        <PickerField label={t('Course-semester')}>
          {(id) => (
            <select
              id={id}
              value={scope.course}
              disabled={!scope.exam}
              onChange={(e) => scope.set({ course: e.target.value, run_id: '' })}
            >
              <option value="">{courseBlank}</option>
              {(courses.data ?? []).map((c) => (
                <option key={courseKey(c)} value={courseKey(c)}>
                  {courseText(c)}
                </option>
              ))}
            </select>
          )}
        </PickerField>
      )}
      {children}
    </form>
  );
}
