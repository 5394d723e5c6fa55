import { can, type RoleName, type UserRole } from '@exam/contracts';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Loading, Page } from '../../components/ui/page.tsx';
import { useCurrentUser } from '../../lib/auth.ts';
import { MasterDataOverview } from './overview.tsx';
import { AdmitCardPanel } from '../exam-forms/index.ts';
import { StudentRevalLink } from '../post-result/index.ts';
import { StudentDocumentsPanel } from '../documents/index.ts';
import { StudentResultsPanel } from '../results/index.ts';
import { StudentPanel } from '../students/index.ts';
import { placeholderModules } from './modules.ts';

/** Placeholder routes that belong to no role (Register). */
const masterDataModules = ['Registration'];

/** The modules each role works in; each links to the module's first screen. */
const panelModules: Record<RoleName, { title: string; modules: string[] }> = {
  admin: {
    title: 'Admin',
    modules: Object.keys(placeholderModules).filter((m) => !masterDataModules.includes(m)),
  },
  office: {
    title: 'Office',
    modules: ['Students', 'Exam course links', 'Exam forms and admit cards', 'External marks'],
  },
  faculty: { title: 'Faculty', modules: ['Students', 'Internal marks', 'External practicals'] },
  result: { title: 'Result', modules: ['Results'] },
  calculate: { title: 'Calculate', modules: ['Calculation'] },
  document: { title: 'Document', modules: ['Documents'] },
  document_admin: { title: 'Document Admin', modules: ['Document administration'] },
  student: { title: 'Student', modules: [] },
};

function FacultyDetails({
  system,
  deptId,
  collegeId,
}: {
  system: UserRole['system'];
  deptId: string | null;
  collegeId?: string | null;
}) {
  return (
    <dl className="details">
      <dt>System</dt>
      <dd>{system ?? '—'}</dd>
      <dt>Department</dt>
      <dd>{deptId ?? '—'}</dd>
      {collegeId !== undefined && (
        <>
          <dt>College</dt>
          <dd>{collegeId ?? '—'}</dd>
        </>
      )}
    </dl>
  );
}

/** One panel per role (spec section 6); the faculty panel gets dept_id, and college_id for system college. */
export function RolePanel({ user }: { user: UserRole }) {
  const panel = panelModules[user.name];
  return (
    <article className="panel" aria-labelledby="panel-title" data-role={user.name}>
      <h2 id="panel-title">{panel.title} Dashboard</h2>
      {user.name === 'faculty' && (
        <FacultyDetails
          system={user.system}
          deptId={user.dept_id}
          collegeId={user.system === 'college' ? user.college_id : undefined}
        />
      )}
      {!!can(user.name, 'master-data.read') && <MasterDataOverview user={user} />}
      {user.name === 'student' && (
        <Suspense fallback={<Loading />}>
          <StudentPanel />
          <AdmitCardPanel />
          <StudentResultsPanel />
          <StudentRevalLink />
          <StudentDocumentsPanel />
        </Suspense>
      )}
      {panel.modules.length > 0 && (
        <section className="panel-section" aria-labelledby="modules">
          <h3 id="modules">Modules</h3>
          <ul className="link-grid">
            {panel.modules.map((module) => (
              <li key={module}>
                <Link to={placeholderModules[module][0]}>{module}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

export default function Dashboard() {
  const { data: user, isPending } = useCurrentUser();
  return <Page title="Dashboard">{isPending || !user ? <Loading /> : <RolePanel user={user} />}</Page>;
}
