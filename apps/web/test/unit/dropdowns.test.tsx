import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stamp } from './harness.tsx';

const sessions = [
  {
    session_id: '2023-24',
    session_format_1: '2023-2024',
    session_name: 'S',
    created_at: stamp,
    updated_at: stamp,
  },
  {
    session_id: '2024-25',
    session_format_1: '2024-2025',
    session_name: 'S',
    created_at: stamp,
    updated_at: stamp,
  },
];
const courses = [
  { course_comb_id: 'BA-HIN', course_comb_name4: 'B.A. Hindi', created_at: stamp, updated_at: stamp },
];
const sems = [
  { sem_id: '1', sem_name: 'Sem 1', sem_disc1: 'First Semester', created_at: stamp, updated_at: stamp },
];

describe('dropdowns', () => {
  it(
    'AddCCInfoSem: three dropdowns load on open, start on a disabled -select-, show labels and submit ' +
      'ids',
    async () => {
      const { api, user } = renderApp('/AddCCInfoSem', {
        setup: (a) =>
          a
            .on('GET', /^\/api\/session\?/, { body: { session: sessions, total: 2 } })
            .on('GET', /^\/api\/course\?/, { body: { course: courses, total: 1 } })
            .on('GET', /^\/api\/sempart\?/, { body: { sempart: sems, total: 1 } })
            .on('POST', /^\/api\/ccinfosem$/, (call) => ({
              status: 201,
              body: { ccinfo_sem: call.body, message: 'Created' },
            })),
      });
      const session = await screen.findByLabelText('Session');
      const course = screen.getByLabelText('Course combination');
      const semester = screen.getByLabelText('Semester');
      for (const select of [session, course, semester]) {
        const placeholder = within(select).getByRole('option', { name: '-select-' });
        expect(placeholder).toBeDisabled();
        expect(select).toHaveValue('');
      }
      await waitFor(() => expect(within(session).getAllByRole('option')).toHaveLength(3));
      expect(
        within(session)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['-select-', '2023-2024', '2024-2025']);
      await waitFor(() =>
        expect(within(course).getByRole('option', { name: 'B.A. Hindi' })).toBeInTheDocument(),
      );
      await waitFor(() =>
        expect(within(semester).getByRole('option', { name: 'First Semester' })).toBeInTheDocument(),
      );

      await user.selectOptions(session, '2024-2025');
      await user.selectOptions(course, 'B.A. Hindi');
      await user.selectOptions(semester, 'First Semester');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(await screen.findByText('Created')).toBeInTheDocument();
      expect(api.callsTo('POST', /ccinfosem/)[0].body).toEqual({
        session_id: '2024-25',
        course_comb_id: 'BA-HIN',
        sem_id: '1',
      });
    },
  );

  it(
    'enumerations offer only the contract values, with their labels; the course list follows the ' +
      'session',
    async () => {
      const { api, user } = renderApp('/AddPaperInfoSem', {
        setup: (a) =>
          a
            .on('GET', /^\/api\/session\?/, { body: { session: sessions, total: 2 } })
            .on('GET', /^\/api\/courses_by_session\/2024-25$/, { body: { courses } })
            .on('GET', /^\/api\/courses_by_session\/2023-24$/, { body: { courses: [] } })
            .on('GET', /^\/api\/sempart\?/, { body: { sempart: sems, total: 1 } })
            .on('GET', /^\/api\/paper\?/, {
              body: { paper: [{ paper_id: 'P1', paper_name: 'Hindi Poetry' }], total: 1 },
            }),
      });
      const group = await screen.findByLabelText('Group Code');
      expect(
        within(group)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['-select-', 'No Group', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8', 'G9', 'G10']);
      expect(
        within(screen.getByLabelText('Group Status'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['-select-', 'YES', 'NO']);
      expect(
        within(screen.getByLabelText('Paper Type'))
          .getAllByRole('option')
          .map((o) => o.getAttribute('value')),
      ).toEqual(['', '0', '1', '2']);

      expect(api.callsTo('GET', /courses_by_session/)).toHaveLength(0);
      await waitFor(() =>
        expect(within(screen.getByLabelText('Session Id')).getAllByRole('option')).toHaveLength(3),
      );
      await user.selectOptions(screen.getByLabelText('Session Id'), '2024-2025');
      const course = screen.getByLabelText('Course Comb Id');
      await waitFor(() =>
        expect(within(course).getByRole('option', { name: 'B.A. Hindi' })).toBeInTheDocument(),
      );
      await user.selectOptions(course, 'B.A. Hindi');
      expect(course).toHaveValue('BA-HIN');
      // Another session: the course chosen for the first one is dropped.
      await user.selectOptions(screen.getByLabelText('Session Id'), '2023-2024');
      await waitFor(() => expect(course).toHaveValue(''));
      expect(api.callsTo('GET', /courses_by_session\/2023-24/)).toHaveLength(1);
    },
  );
});
