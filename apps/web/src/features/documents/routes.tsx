import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { staffOnly } from '../../components/ui/staff-only.tsx';

const screens = () => import('./document-screens.tsx');
const DocumentsScreen = lazy(() => screens().then((m) => ({ default: m.DocumentsScreen })));
const VerifyScreen = lazy(() => import('./verify-screen.tsx').then((m) => ({ default: m.VerifyScreen })));

/**
 * The documents screens of the route table (lifecycle S10/S11): one list-and-detail screen for every type and
 * queue.
 */
export const documentsRoutes: FeatureRoutes = {
  public: [{ path: '/verify/:token', element: <VerifyScreen /> }],
  // Every screen here is the staff's: a student who opens one is sent to its dashboard.
  signedIn: staffOnly([
    { path: '/DocumentOld', element: <DocumentsScreen key="do" title="Document Old" scheme="OLD" /> },
    { path: '/DocumentNew', element: <DocumentsScreen key="dn" title="Document New" scheme="NEW" /> },
    {
      path: '/DocsNewMarksheet',
      element: <DocumentsScreen key="ms" title="Docs New Marksheet" docType="MARKSHEET" />,
    },
    {
      path: '/DocsNewTranscript',
      element: <DocumentsScreen key="tr" title="Docs New Transcript" docType="TRANSCRIPT" />,
    },
    {
      path: '/DocsNewMigration',
      element: <DocumentsScreen key="mg" title="Docs New Migration" docType="MIGRATION" />,
    },
    {
      path: '/DocsNewProvisionalDegree',
      element: <DocumentsScreen key="pd" title="Docs New Provisional Degree" docType="PROVISIONAL_DEGREE" />,
    },
    {
      path: '/DocsNewDegree',
      element: <DocumentsScreen key="dg" title="Docs New Degree" docType="DEGREE" />,
    },
    {
      path: '/DocsNewCertificate',
      element: <DocumentsScreen key="ct" title="Docs New Certificate" docType="CERTIFICATE" />,
    },
    {
      path: '/DocumentAdminOld',
      element: <DocumentsScreen key="ao" title="Document Admin Old" scheme="OLD" queue />,
    },
    {
      path: '/DocumentAdminNew',
      element: <DocumentsScreen key="an" title="Document Admin New" scheme="NEW" queue />,
    },
    {
      path: '/DocsNewProvisionalDegreeAdmin',
      element: (
        <DocumentsScreen
          key="apd"
          title="Docs New Provisional Degree Admin"
          docType="PROVISIONAL_DEGREE"
          queue
        />
      ),
    },
    {
      path: '/DocsNewCertificateAdmin',
      element: <DocumentsScreen key="act" title="Docs New Certificate Admin" docType="CERTIFICATE" queue />,
    },
    {
      path: '/DocsNewDegreeAdmin',
      element: <DocumentsScreen key="adg" title="Docs New Degree Admin" docType="DEGREE" queue />,
    },
  ]),
};
