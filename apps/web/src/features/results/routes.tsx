import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { StaffOnly } from '../../components/ui/staff-only.tsx';

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
  signedIn: [
    {
      path: '/CalculateOld',
      element: (
        <StaffOnly>
          <RunsScreen key="co" title="Calculate Old" schemes={['OLD']} compute />
        </StaffOnly>
      ),
    },
    {
      path: '/CalculateNew',
      element: (
        <StaffOnly>
          <RunsScreen key="cn" title="Calculate New" schemes={['NEW', 'NEP']} compute />
        </StaffOnly>
      ),
    },
    {
      path: '/ResultOld',
      element: (
        <StaffOnly>
          <RunsScreen key="ro" title="Result Old" schemes={['OLD']} compute={false} />
        </StaffOnly>
      ),
    },
    {
      path: '/ResultNew',
      element: (
        <StaffOnly>
          <RunsScreen key="rn" title="Result New" schemes={['NEW']} compute={false} />
        </StaffOnly>
      ),
    },
    {
      path: '/ResultNep',
      element: (
        <StaffOnly>
          <RunsScreen key="rp" title="Result Nep" schemes={['NEP']} compute={false} />
        </StaffOnly>
      ),
    },
    {
      path: '/ListStudentResultDetail',
      element: (
        <StaffOnly>
          <StudentResultListScreen />
        </StaffOnly>
      ),
    },
    {
      path: '/ViewStudentResultDetail',
      element: (
        <StaffOnly>
          <StudentResultViewScreen />
        </StaffOnly>
      ),
    },
    {
      path: '/AddStudentResultDetail',
      element: (
        <StaffOnly>
          <NoResultEntryScreen title="Add Student Result Detail" />
        </StaffOnly>
      ),
    },
    {
      path: '/EditStudentResultDetail',
      element: (
        <StaffOnly>
          <NoResultEntryScreen title="Edit Student Result Detail" />
        </StaffOnly>
      ),
    },
    {
      path: '/ResultCourseDetail',
      element: (
        <StaffOnly>
          <ResultCourseScreen />
        </StaffOnly>
      ),
    },
    {
      path: '/ResultCourseCombinationDetail',
      element: (
        <StaffOnly>
          <ResultCombinationScreen />
        </StaffOnly>
      ),
    },
    {
      path: '/RuleSetRules',
      element: (
        <StaffOnly>
          <RuleSetRulesScreen />
        </StaffOnly>
      ),
    },
    {
      path: '/CompareRuleSets',
      element: (
        <StaffOnly>
          <CompareRuleSetsScreen />
        </StaffOnly>
      ),
    },
  ],
};
