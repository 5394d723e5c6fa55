import { useLocation } from 'react-router-dom';
import { moduleOfPath, titleOfPath } from './modules.ts';
import { Notice, Page } from '../../components/ui/page.tsx';

/**
 * A route of the table whose contents the spec does not show: its title, Back to Previous, Logout, and a
 * plain note.
 */
export default function Placeholder() {
  const { pathname } = useLocation();
  const module = moduleOfPath(pathname);
  return (
    <Page title={titleOfPath(pathname)}>
      <Notice kind="info">
        {module ? `The ${module} module is not available yet.` : 'This module is not available yet.'}
      </Notice>
    </Page>
  );
}
