import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type TableColumn } from '../../components/ui/data-table.tsx';
import { TextField } from '../../components/ui/form-parts.tsx';
import { Notice, Page } from '../../components/ui/page.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { usePermissions } from '../../lib/auth.ts';
import { isApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { addExaminer, deleteExaminer, useExaminers, type Examiner } from './coding-api.ts';
import './coding.css';

export const examinerTexts = [
  'Examiners',
  'Examiner Id',
  'Name',
  'College',
  'Institution',
  'Papers',
  'Phone',
  'Action',
  'Delete',
  'Add examiner',
  'Add',
  'No examiner yet.',
  'The examiners could not be loaded: {{message}}',
  'Delete examiner {{name}}',
];
const fields = ['examiner_id', 'name', 'college_id', 'institution', 'papers', 'phone'] as const;
const labels: Record<(typeof fields)[number], string> = {
  examiner_id: 'Examiner Id',
  name: 'Name',
  college_id: 'College',
  institution: 'Institution',
  papers: 'Papers',
  phone: 'Phone',
};

/**
 * Examiners (lifecycle S6): the office keeps the list packets are given to; an examiner's college decides
 * conflicts.
 */
export function ExaminerScreen() {
  const { t } = useT();
  const { holds } = usePermissions();
  const canWrite = holds('exam-setup.write');
  const examiners = useExaminers();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const act = (work: () => Promise<{ message: string }>) =>
    void work().then(
      async (a) => {
        setMessage({ kind: 'success', text: a.message });
        setDraft({});
        await client.invalidateQueries({ queryKey: ['examiner'] });
      },
      (e: Error) => {
        const errors = isApiError(e) ? e.fieldErrors : undefined;
        setMessage({
          kind: 'error',
          text: errors
            ? Object.entries(errors)
                .map(([f, m]) => `${t(labels[f as keyof typeof labels] ?? f)}: ${m.join(' ')}`)
                .join(' · ')
            : e.message,
        });
      },
    );
  const columns: TableColumn<Examiner>[] = [
    ...fields.map((f) => ({ id: f, header: labels[f], cell: (x: Examiner) => x[f] ?? '—' })),
    ...(canWrite
      ? [
          {
            id: 'actions',
            header: 'Action',
            cell: (x: Examiner) => (
              <button
                type="button"
                className="button secondary"
                aria-label={t('Delete examiner {{name}}', { name: x.name })}
                onClick={() => act(() => deleteExaminer(x))}
              >
                {t('Delete')}
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Page title="Examiners">
      {canWrite && (
        <form
          className="examiner-form"
          aria-label={t('Add examiner')}
          onSubmit={(e) => {
            e.preventDefault();
            act(() => addExaminer(draft));
          }}
        >
          {fields.map((f) => (
            <TextField
              key={f}
              id={`examiner-${f}`}
              label={t(labels[f])}
              value={draft[f] ?? ''}
              onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
            />
          ))}
          <button type="submit" className="button">
            {t('Add')}
          </button>
        </form>
      )}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <QueryState
        query={examiners}
        failure={(e) => t('The examiners could not be loaded: {{message}}', { message: e.message })}
      >
        {(rows) => (
          <DataTable
            caption={t('Examiners')}
            columns={columns}
            rows={rows}
            rowKey={(x) => x.examiner_id}
            emptyText="No examiner yet."
          />
        )}
      </QueryState>
    </Page>
  );
}
