import { rulesetResource, rulesetRules, rulesetScheme, rulesetStatus } from '@exam/contracts';
import { defineScreens } from '../declaration.ts';
import { sessionOptions } from './lookups.ts';

const fields = ['ruleset_id', 'version', 'scheme', 'title', 'wef_session_id', 'status', 'rules'];

/** The numbers staff look for first, in words, above the full rules. */
function rulesSummary(record: Record<string, unknown>) {
  const parsed = rulesetRules.safeParse(record.rules);
  if (!parsed.success) return 'The rules are incomplete; edit them to see a summary.';
  const r = parsed.data;
  const parts: string[] = [];
  if (r.divisions.length)
    parts.push(`Divisions: ${r.divisions.map((d) => `${d.label} ≥ ${d.min_percent} %`).join(', ')}`);
  if (r.distinction.aggregate_min_percent)
    parts.push(`${r.distinction.label} ≥ ${r.distinction.aggregate_min_percent} %`);
  if (r.pass.aggregate_min_percent) parts.push(`Aggregate to pass ≥ ${r.pass.aggregate_min_percent} %`);
  const band = (b: (typeof r.grading_bands)[number]) => `${b.grade} ≥ ${b.min_percent} % (${b.grade_point})`;
  if (r.grading_bands.length) parts.push(`Grades: ${r.grading_bands.map(band).join(', ')}`);
  const grace = r.grace.filter((g) => g.enabled).map((g) => g.rule_id);
  parts.push(`Grace: ${grace.length ? grace.join(', ') : 'none'}`);
  const atkt =
    r.atkt.max_failed_papers_percent !== null
      ? `${r.atkt.max_failed_papers_percent} % of the papers`
      : `${r.atkt.max_failed_papers_count} papers`;
  parts.push(`ATKT: at most ${atkt}, ${r.atkt.max_attempts_per_paper} attempts per paper`);
  if (r.exit.length)
    parts.push(`Exits: ${r.exit.map((e) => `${e.award} (${e.min_credits} credits)`).join(', ')}`);
  parts.push(`Revaluation: ${r.reval.window_days} days, outcome ${r.reval.result_rule}`);
  return `${parts.join('. ')}.`;
}

export const screens = defineScreens({
  resource: rulesetResource,
  labels: {
    ruleset_id: 'Rule Set Id',
    version: 'Version',
    scheme: 'Scheme',
    title: 'Title',
    wef_session_id: 'With Effect From Session',
    status: 'Status',
    // Every number of the result computation (lifecycle spec §4), as JSON.
    rules: 'Rules (JSON)',
    locked: 'Locked (used by a published result)',
    rules_summary: 'Summary',
  },
  computed: { rules_summary: rulesSummary },
  enums: { scheme: rulesetScheme, status: rulesetStatus },
  lookups: { wef_session_id: sessionOptions },
  multiline: ['rules'],
  failures: { load: 'record', add: 'show', edit: 'show' },
  list: {
    heading: 'List Rule Sets',
    addLabel: 'Add New',
    columns: ['ruleset_id', 'version', 'scheme', 'title', 'wef_session_id', 'status', 'locked', 'updated_at'],
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to delete this version of the Rule Set',
  },
  view: {
    heading: 'View Rule Set',
    layout: 'record',
    loadFailure: 'record',
    columns: [...fields.slice(0, -1), 'rules_summary', 'rules', 'locked', 'created_at', 'updated_at'],
    // The results feature reads the rules as tables and compares versions.
    links: [
      {
        label: 'Rules as tables',
        to: (r) =>
          `/RuleSetRules?ruleset_id=${encodeURIComponent(String(r.ruleset_id))}` +
          `&version=${encodeURIComponent(String(r.version))}`,
      },
    ],
  },
  add: { heading: 'Add Rule Set', fields, submitLabel: 'Add' },
  // A locked version refuses any change (409); a change is a new version, added with the next number.
  edit: { heading: 'Edit Rule Set', fields, submitLabel: 'Update' },
});
