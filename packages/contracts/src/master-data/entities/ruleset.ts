import { z } from 'zod';
import { defineEnum, keyText, requiredText, defineResource } from '../../kit/index.ts';
import { rulesetRules } from '../../results/index.ts';
import { defaultedEnum, optionalKey, wholeNumber } from '../fields.ts';

export const rulesetScheme = defineEnum([
  { value: 'OLD', label: 'Old (percentage and divisions)' },
  { value: 'NEW', label: 'New (CBCS grade points)' },
  { value: 'NEP', label: 'NEP (credit framework)' },
]);

export const rulesetStatus = defineEnum([
  { value: 'DRAFT', label: 'Draft' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'RETIRED', label: 'Retired' },
]);

/**
 * The rules as JSON (the API) or as JSON text (a form's text area, a file's cell): every number of the result
 * computation (lifecycle spec §4), checked by the results module's schema.
 */
const rulesField = z.preprocess((value, ctx) => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: 'Required', input: value });
    return value;
  }
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `Not valid JSON: ${(error as Error).message}`, input: value });
    return value;
  }
}, rulesetRules);

/** The scheme a rule set computes decides which parts of its rules must be there. */
function checkRuleset(record: Record<string, unknown>) {
  const errors: Record<string, string[]> = {};
  const parsed = rulesetRules.safeParse(record.rules);
  if (!parsed.success) return errors;
  const rules = parsed.data;
  if (record.scheme === 'OLD' && rules.divisions.length === 0) {
    errors.rules = ['An OLD-scheme rule set needs at least one division (rules.divisions).'];
  }
  if ((record.scheme === 'NEW' || record.scheme === 'NEP') && !rules.grading_bands.some((b) => b.is_pass)) {
    errors.rules = [
      `A ${String(record.scheme)}-scheme rule set needs grading bands with at least one pass grade ` +
        `(rules.grading_bands).`,
    ];
  }
  return errors;
}

/**
 * A version of a result rule set. Results record the (ruleset_id, version) they were computed with, so a
 * version that a published result used never changes (`locked`, set by the results module; the API answers
 * 409 LOCKED to an edit or a delete): a change is a new version.
 */
export const rulesetResource = defineResource({
  name: 'ruleset',
  title: 'Rule set',
  keyFields: ['ruleset_id', 'version'],
  capability: { read: 'master-data.read', write: 'rulesets.write' },
  fields: {
    ruleset_id: keyText(),
    version: wholeNumber(1, 999_999),
    scheme: rulesetScheme.schema,
    // The admission session from which it applies; empty for a ready-made rule set not yet adopted.
    wef_session_id: optionalKey(),
    title: requiredText(200),
    rules: rulesField,
    status: defaultedEnum(rulesetStatus),
  },
  updatable: ['scheme', 'wef_session_id', 'title', 'rules', 'status'],
  parents: [{ resource: 'session', fields: ['wef_session_id'] }],
  searchFields: ['ruleset_id', 'title'],
  extras: { locked: z.boolean() },
  check: checkRuleset,
});
