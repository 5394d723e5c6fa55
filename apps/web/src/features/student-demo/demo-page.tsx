import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { demoPaths } from './paths.ts';
import { Page } from '../../components/ui/page.tsx';
import { isApiError } from '../../lib/api.ts';
import type { StudentFailure } from './student-form.tsx';

/** Demo screens return to the list with Back to Home (the legacy route named List). */
export function DemoPage({
  title,
  children,
  home = true,
}: {
  title: string;
  children: ReactNode;
  home?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Page
      title={title}
      nav={false}
      actions={
        home && (
          <button type="button" className="button secondary" onClick={() => navigate(demoPaths.list)}>
            Back to Home
          </button>
        )
      }
    >
      {children}
    </Page>
  );
}

/** A failed demo call: the error code and message in a red banner, and the field errors as bullets. */
export const demoFailure = (error: unknown): StudentFailure =>
  isApiError(error)
    ? {
        banner: `Error ${error.status || ''}: ${error.message}`.replace('Error : ', 'Error: '),
        errors: error.fieldErrors,
      }
    : { banner: `Error: ${error instanceof Error ? error.message : String(error)}` };
