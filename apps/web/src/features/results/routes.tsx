import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { staffOnly } from '../../components/ui/staff-only.tsx';

const runs = () => import('./run-screens.tsx');
const students = () => import('./student-result-screens.tsx');
const analysis = () => import('./analysis-screens.tsx');
const rulesets = () => import('./ruleset-screens.tsx');
const RunsScreen = lazy(() => runs().then((m) => ({ default: m.RunsScreen })));
const StudentResultListScreen = lazy(() => students().then((m) => ({ default: m.StudentResultListScreen })));
const StudentResultViewScreen = lazy(() => students().then((m) => ({ default: m.StudentResultViewScreen })));
const NoResultEntryScreen = lazy(() => students().then((m) => ({ default: m.NoResultEntryScreen })));
const ResultCourseScreen = lazy(() => analysis().then((m) => ({ default: m.ResultCourseScreen })));
const ResultCombinationScreen = lazy(() => analysis().then((m) => ({ default: m.ResultCombinationScreen })));
const RuleSetRulesScreen = lazy(() => rulesets().then((m) => ({ default: m.RuleSetRulesScreen })));
const CompareRuleSetsScreen = lazy(() => rulesets().then((m) => ({ default: m.CompareRuleSetsScreen })));

/**
 * The results screens of the route table (lifecycle S8): runs, student results with explanations, analysis,
 * rule sets.
 */
export const resultsRoutes: FeatureRoutes = {
  // Every screen here is the staff's: a student who opens one is sent to its dashboard.
  signedIn: staffOnly([
    {
      path: '/CalculateOld',
      element: <RunsScreen key="co" title="Calculate Old" schemes={['OLD']} compute />,
    },
    {
      path: '/CalculateNew',
      element: <RunsScreen key="cn" title="Calculate New" schemes={['NEW', 'NEP']} compute />,
    },
    {
      path: '/ResultOld',
      element: <RunsScreen key="ro" title="Result Old" schemes={['OLD']} compute={false} />,
    },
    {
      path: '/ResultNew',
      element: <RunsScreen key="rn" title="Result New" schemes={['NEW']} compute={false} />,
    },
    {
      path: '/ResultNep',
      element: <RunsScreen key="rp" title="Result Nep" schemes={['NEP']} compute={false} />,
    },
    { path: '/ListStudentResultDetail', element: <StudentResultListScreen /> },
    { path: '/ViewStudentResultDetail', element: <StudentResultViewScreen /> },
    { path: '/AddStudentResultDetail', element: <NoResultEntryScreen title="Add Student Result Detail" /> },
    { path: '/EditStudentResultDetail', element: <NoResultEntryScreen title="Edit Student Result Detail" /> },
    { path: '/ResultCourseDetail', element: <ResultCourseScreen /> },
    { path: '/ResultCourseCombinationDetail', element: <ResultCombinationScreen /> },
    { path: '/RuleSetRules', element: <RuleSetRulesScreen /> },
    { path: '/CompareRuleSets', element: <CompareRuleSetsScreen /> },
  ]),
};
