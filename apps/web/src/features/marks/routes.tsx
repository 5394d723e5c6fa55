import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';

const screens = () => import('./marks-screens.tsx');
const BatchListScreen = lazy(() => screens().then((m) => ({ default: m.BatchListScreen })));
const BatchEntryScreen = lazy(() => screens().then((m) => ({ default: m.BatchEntryScreen })));
const PendingScreen = lazy(() => screens().then((m) => ({ default: m.PendingScreen })));
const CiaPatternScreen = lazy(() => screens().then((m) => ({ default: m.CiaPatternScreen })));

/**
 * The marks screens of the route table (lifecycle S3, S6, S7); old and new scheme screens are one
 * implementation each.
 */
export const marksRoutes: FeatureRoutes = {
  signedIn: [
    { path: '/CIAList', element: <CiaPatternScreen title="CIA patterns" /> },
    { path: '/OldSchemeCIA', element: <CiaPatternScreen scheme="OLD" title="Old Scheme CIA" /> },
    { path: '/NewSchemeCIA', element: <CiaPatternScreen scheme="NEW" title="New Scheme CIA" /> },
    {
      path: '/OldSchemeInternalEntry',
      element: (
        <BatchEntryScreen component="INT" title="Old Scheme Internal Entry" listPath="/ListInternal" />
      ),
    },
    {
      path: '/NewSchemeInternalEntry',
      element: (
        <BatchEntryScreen component="INT" title="New Scheme Internal Entry" listPath="/ListInternal" />
      ),
    },
    { path: '/InternalEntryList', element: <PendingScreen /> },
    {
      path: '/ListInternal',
      element: <BatchListScreen component="INT" title="Internal Marks" entryPath="/NewSchemeInternalEntry" />,
    },
    {
      path: '/ExtPracticalList',
      element: <BatchListScreen component="PR" title="Practical Batches" entryPath="/ExtPracticalEntry" />,
    },
    {
      path: '/OldSchemeExtPracticalList',
      element: (
        <BatchListScreen
          component="PR"
          title="Old Scheme Practical Batches"
          entryPath="/OldSchemeExtPracticalEntry"
        />
      ),
    },
    {
      path: '/NewSchemeExtPracticalList',
      element: (
        <BatchListScreen
          component="PR"
          title="New Scheme Practical Batches"
          entryPath="/NewSchemeExtPracticalEntry"
        />
      ),
    },
    {
      path: '/ExtPracticalEntry',
      element: <BatchEntryScreen component="PR" title="Practical Marks Entry" listPath="/ExtPracticalList" />,
    },
    {
      path: '/OldSchemeExtPracticalEntry',
      element: (
        <BatchEntryScreen
          component="PR"
          title="Old Scheme Practical Marks Entry"
          listPath="/OldSchemeExtPracticalList"
        />
      ),
    },
    {
      path: '/NewSchemeExtPracticalEntry',
      element: (
        <BatchEntryScreen
          component="PR"
          title="New Scheme Practical Marks Entry"
          listPath="/NewSchemeExtPracticalList"
        />
      ),
    },
    {
      path: '/AwardList',
      element: <BatchListScreen component="EXT" coded title="Award Lists" entryPath="/ExternalMarksEntry" />,
    },
    {
      path: '/ExternalMarksEntry',
      element: <BatchEntryScreen component="EXT" title="External Marks Entry" listPath="/ListExternal" />,
    },
    {
      path: '/ListExternal',
      element: <BatchListScreen component="EXT" title="External Marks" entryPath="/ExternalMarksEntry" />,
    },
  ],
};
