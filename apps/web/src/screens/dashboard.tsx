import { canReadMasterData, resources, type RoleName, type UserRole } from '@exam/contracts';
import { Link } from 'react-router-dom';
import { placeholderModules, resourcePaths } from '../app/route-table.ts';
import { Loading, Notice, Page } from '../components/page.tsx';
import { useCurrentUser } from '../lib/auth.ts';

/** Placeholder routes that belong to master data (DeleteSession, DeleteCourse) or to no role (Register). */
const masterDataModules = ['Sessions', 'Courses', 'Registration'];

/** The modules each role works in; each links to the module's first screen. */
const panelModules: Record<RoleName, { title: string; modules: string[] }> = {
  admin: { title: 'Admin', modules: Object.keys(placeholderModules).filter((m) => !masterDataModules.includes(m)) },
  office: { title: 'Office', modules: ['Students', 'Exam course links', 'Exam forms and admit cards', 'External marks'] },
  faculty: { title: 'Faculty', modules: ['Internal marks', 'External practicals'] },
  result: { title: 'Result', modules: ['Results'] },
  calculate: { title: 'Calculate', modules: ['Calculation'] },
  document: { title: 'Document', modules: ['Documents'] },
  document_admin: { title: 'Document Admin', modules: ['Document administration'] },
  student: { title: 'Student', modules: [] },
};

function MasterDataLinks() {
  return (
    <section className="panel-section" aria-labelledby="master-data">
      <h3 id="master-data">Master data</h3>
      <ul className="link-grid">
        {resources.map((resource) => (
          <li key={resource.name}>
            <Link to={resourcePaths[resource.name].list}>{resource.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FacultyDetails({ system, deptId, collegeId }: { system: UserRole['system']; deptId: string | null; collegeId?: string | null }) {
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
      {canReadMasterData(user.name) && <MasterDataLinks />}
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
      {user.name === 'student' && <Notice kind="info">Student services are not available yet.</Notice>}
    </article>
  );
}

export default function Dashboard() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <Page title="Dashboard">
      {isPending || !user ? <Loading /> : <RolePanel user={user} />}
    </Page>
  );
}
