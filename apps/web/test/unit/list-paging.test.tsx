import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stamp } from './harness.tsx';

const courses = Array.from({ length: 23 }, (_, i) => ({
  course_comb_id: `C${String(i + 1).padStart(2, '0')}`,
  course_id: null,
  course_comb_code: `CODE${i + 1}`,
  course_comb_name1: null,
  course_comb_name2: null,
  course_comb_name3: null,
  course_comb_name4: `Course ${i + 1}`,
  th_pr_id: 'TH',
  remark: null,
  created_at: stamp,
  updated_at: stamp,
}));

function pagedCourses() {
  return (_call: unknown, match: RegExpMatchArray) => {
    const offset = Number(match[1]);
    const rows =
      match[2] === 'All' ? courses.slice(offset) : courses.slice(offset, offset + Number(match[2]));
    return { body: { course: rows, total: courses.length } };
  };
}

describe('course list paging', () => {
  it(
    'loads offset (page-1)*size from the first load on, resets to page 1 when the size ' + 'changes',
    async () => {
      const { api, user } = renderApp('/ListCourses', {
        setup: (a) => a.on('GET', /^\/api\/course\/(\d+)\/(\d+|All)$/, pagedCourses()),
      });
      expect(await screen.findByRole('heading', { name: 'List Courses' })).toBeInTheDocument();
      await screen.findByText('Course 1');
      // The first load asks for offset 0 (the legacy passed the page number here).
      expect(api.callsTo('GET', /^\/api\/course\//).map((c) => c.path)).toEqual(['/api/course/0/5']);
      expect(screen.getAllByRole('row')).toHaveLength(6);
      // The five columns of the spec, between S N and Action.
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers).toEqual(['S N', 'Id', 'Code', 'Name4', 'Th Pr Id', 'Remark', 'Action']);

      const sizes = within(screen.getByLabelText('Page size'))
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(sizes).toEqual(['5', '10', '20', '30', '40', '50', '100', '200', 'All']);
      expect(screen.getByLabelText('Page size')).toHaveValue('5');

      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      await screen.findByText('Course 6');
      expect(api.calls.at(-1)?.path).toBe('/api/course/5/5');
      await user.click(screen.getByRole('button', { name: 'Page 3' }));
      await screen.findByText('Course 11');
      expect(api.calls.at(-1)?.path).toBe('/api/course/10/5');
      expect(screen.getByRole('cell', { name: '11' })).toBeInTheDocument(); // S N continues across pages

      await user.selectOptions(screen.getByLabelText('Page size'), '10');
      await screen.findByText('Course 10');
      expect(api.calls.at(-1)?.path).toBe('/api/course/0/10');
      expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByText('Course 20');
      expect(api.calls.at(-1)?.path).toBe('/api/course/10/10');

      await user.selectOptions(screen.getByLabelText('Page size'), 'All');
      await screen.findByText('Course 23');
      expect(api.calls.at(-1)?.path).toBe('/api/course/0/All');
      expect(screen.getAllByRole('row')).toHaveLength(24);
    },
  );

  it('pages other lists with ?offset&limit and shows No Record Available when empty', async () => {
    const { api } = renderApp('/ListPapers', {
      setup: (a) => a.on('GET', /^\/api\/paper\?/, { body: { paper: [], total: 0 } }),
    });
    expect(await screen.findByText('No Record Available')).toBeInTheDocument();
    expect(api.callsTo('GET', /^\/api\/paper\?/)[0].path).toBe('/api/paper?offset=0&limit=5');
  });
});

describe('list order', () => {
  it('turns a quick second click on a header into descending, as two slow clicks would', async () => {
    const { api } = renderApp('/ListPapers', {
      setup: (a) => a.on('GET', /^\/api\/paper\?/, { body: { paper: [], total: 0 } }),
    });
    await screen.findByText('No Record Available');
    const header = screen.getByRole('button', { name: /^Paper Id/ });
    // Both clicks land before the first navigation renders (it runs in a transition).
    act(() => {
      header.click();
      header.click();
    });
    await waitFor(() => expect(api.calls.at(-1)?.path).toContain('sort=-paper_id'));
  });
});

describe('delete from a list', () => {
  it('asks the spec text first, then deletes, reloads and shows the server message', async () => {
    let rows = [
      {
        sem_id: 'S1',
        sem_name: 'Semester 1',
        sem_disc1: 'I',
        sem_disc2: null,
        sem_disc3: null,
        sem_disc4: null,
        created_at: stamp,
        updated_at: stamp,
      },
    ];
    const { api, user } = renderApp('/ListSems', {
      setup: (a) =>
        a
          .on('GET', /^\/api\/sempart\?/, () => ({ body: { sempart: rows, total: rows.length } }))
          .on('DELETE', /^\/api\/sempart\/S1$/, () => {
            const gone = rows[0];
            rows = [];
            return { body: { sempart: gone, message: 'SemPart deleted successfully' } };
          }),
    });
    expect(await screen.findByRole('heading', { name: 'List SemPart' })).toBeInTheDocument();
    await screen.findByText('Semester 1');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'S N',
      'Id',
      'Sem Name',
      'Sem Desc1',
      'Sem Desc2',
      'Sem Desc3',
      'Sem Desc4',
      'created_at',
      'updated_at',
      'Action',
    ]);
    expect(screen.getByRole('link', { name: 'Add New SemPart' })).toHaveAttribute('href', '/AddSem');

    // The spec's sentence in an in-page alert dialog naming the record; Cancel deletes nothing.
    await user.click(screen.getByRole('button', { name: 'Delete S1' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Do you want to delete the SemPart' });
    expect(dialog).toHaveAccessibleDescription('S1 Semester 1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('DELETE', /sempart/)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete S1' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Do you want to delete the SemPart' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('SemPart deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No Record Available')).toBeInTheDocument();
    expect(api.callsTo('GET', /^\/api\/sempart\?/).length).toBeGreaterThanOrEqual(2);
  });

  it('alerts a 409 with the catalogue text and reloads the list', async () => {
    const session = {
      session_id: '2023-24',
      session_name: 'Session 2023-24',
      current_status: 'Active',
      session_disc: null,
      session_short_disc: null,
      session_format_1: '2023-2024',
      session_format_2: null,
      session_format_3: null,
      created_at: stamp,
      updated_at: stamp,
    };
    const { api, user } = renderApp('/ListSession', {
      setup: (a) =>
        a
          .on('GET', /^\/api\/session\?/, { body: { session: [session], total: 1 } })
          .on('DELETE', /^\/api\/session\/2023-24$/, {
            status: 409,
            body: { message: 'Session is still used by exams', code: 'IN_USE' },
          }),
    });
    await screen.findByText('Session 2023-24');
    await user.click(screen.getByRole('button', { name: 'Delete 2023-24' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Do you want to Delete?' });
    expect(confirm).toHaveAccessibleDescription('2023-24 Session 2023-24');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alertdialog', {
      name: 'Error Code: 409 Error: Session is still used by exams',
    });
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo('GET', /^\/api\/session\?/)).toHaveLength(2));
  });
});
