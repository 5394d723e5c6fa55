import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { StaffOnly } from '../../components/ui/staff-only.tsx';

const screens = () => import('./document-screens.tsx');
const DocumentsScreen = lazy(() => screens().then((m) => ({ default: m.DocumentsScreen })));
const VerifyScreen = lazy(() => import('./verify-screen.tsx').then((m) => ({ default: m.VerifyScreen })));

/**
 * The documents screens of the route table (lifecycle S10/S11): one list-and-detail screen for every type and
 * queue.
 */
export const documentsRoutes: FeatureRoutes = {
  public: [{ path: '/verify/:token', element: <VerifyScreen /> }],
  signedIn: [
    {
      path: '/DocumentOld',
      element: (
        <StaffOnly>
          <DocumentsScreen key="do" title="Document Old" scheme="OLD" />
        </StaffOnly>
      ),
    },
    {
      path: '/DocumentNew',
      element: (
        <StaffOnly>
          <DocumentsScreen key="dn" title="Document New" scheme="NEW" />
        </StaffOnly>
      ),
    },
    {
      path: '/DocsNewMarksheet',
      element: (
        <StaffOnly>
          <DocumentsScreen key="ms" title="Docs New Marksheet" docType="MARKSHEET" />
        </StaffOnly>
      ),
    },
    {
      path: '/DocsNewTranscript',
      element: (
        <StaffOnly>
          <DocumentsScreen key="tr" title="Docs New Transcript" docType="TRANSCRIPT" />
        </StaffOnly>
      ),
    },
    {
      path: '/DocsNewMigration',
      element: (
        <StaffOnly>
          <DocumentsScreen key="mg" title="Docs New Migration" docType="MIGRATION" />
        </StaffOnly>
      ),
    },
    {
      path: '/DocsNewProvisionalDegree',
      element: (
        <StaffOnly>
          <DocumentsScreen key="pd" title="Docs New Provisional Degree" docType="PROVISIONAL_DEGREE" />
        </StaffOnly>
      ),
    },
    {
      path: '/DocsNewDegree',
      element: (
        <StaffOnly>
          <DocumentsScreen key="dg" title="Docs New Degree" docType="DEGREE" />
        </StaffOnly>
      ),
    },
    {
      path: '/DocsNewCertificate',
      element: (
        <StaffOnly>
          <DocumentsScreen key="ct" title="Docs New Certificate" docType="CERTIFICATE" />
        </StaffOnly>
      ),
    },
    {
      path: '/DocumentAdminOld',
      element: (
        <StaffOnly>
          <DocumentsScreen key="ao" title="Document Admin Old" scheme="OLD" queue />
        </StaffOnly>
      ),
    },
    {
      path: '/DocumentAdminNew',
      element: (
        <StaffOnly>
          <DocumentsScreen key="an" title="Document Admin New" scheme="NEW" queue />
        </StaffOnly>
      ),
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
      element: (
        <StaffOnly>
          <DocumentsScreen key="act" title="Docs New Certificate Admin" docType="CERTIFICATE" queue />
        </StaffOnly>
      ),
    },
    {
      path: '/DocsNewDegreeAdmin',
      element: (
        <StaffOnly>
          <DocumentsScreen key="adg" title="Docs New Degree Admin" docType="DEGREE" queue />
        </StaffOnly>
      ),
    },
  ],
};
