import { isMessage, type Message, type MessageCode, type MessageParams } from '../i18n/message.ts';
import { createMessageRenderer, type MessageRenderer } from '../i18n/render.ts';
import type { ExplanationStep } from './student-result.ts';

/**
 * The version of the explanation templates (`explain.*` in messages/explanations.en.ts and .hi.ts) the engine
 * writes; the RULESET step of every result records it beside the rule set's own id and version. A template's
 * wording never changes under its code: a new wording is a new code (and a new version here), and the old
 * code stays in the catalogue, so a result computed earlier reads as it did.
 */
export const EXPLANATION_TEMPLATES_VERSION = 1;

/**
 * The message of a step stored as data: its template with the step's inputs and outputs and its own values
 * (`p`, which win on a name both have). Null for a step stored before templates (it carries `text`).
 */
export function explanationMessage(step: ExplanationStep): Message | null {
  if (step.t === undefined) return null;
  // A nested template (a part of the sentence) reads the step's plain values as well as its own.
  const base: Record<string, unknown> = { ...step.inputs, ...step.output };
  const parts: Array<[string, unknown]> = [];
  for (const [name, value] of Object.entries(step.p ?? {})) {
    if (isMessage(value) || Array.isArray(value)) parts.push([name, value]);
    else base[name] = value;
  }
  for (const [name, value] of Object.entries(derived[step.t]?.(base) ?? {})) {
    if (!parts.some(([own]) => own === name)) parts.push([name, value]);
  }
  const nested = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(nested);
    if (!isMessage(value)) return value;
    const params: Record<string, unknown> = { ...base };
    for (const [name, inner] of Object.entries(value.params ?? {})) params[name] = nested(inner);
    return { code: value.code, params };
  };
  const values: Record<string, unknown> = { ...base };
  for (const [name, value] of parts) values[name] = nested(value);
  return { code: step.t as MessageCode, params: values as MessageParams };
}

type Values = Record<string, unknown>;
const part = (code: string): Message => ({ code: code as MessageCode });

/** A paper's components' words: "int 18 ≥ min 9: passed", "ext 20 < min 27: failed", "pr 41: no minimum". */
function componentParts(v: Values): Message[] {
  const out: Message[] = [];
  if (v.int !== undefined && v.int !== null) {
    const verdict = v.int_min === null || v.int_min === undefined ? 'NoMin' : v.int_passed ? 'Met' : 'Failed';
    out.push(part(`explain.int${v.int === 'AB' ? 'Ab' : ''}${verdict}`));
  }
  for (const key of ['ext', 'pr']) {
    if (v[key] === undefined || v[key] === null) continue;
    const min = v[`${key}_min`];
    const verdict = min === null || min === undefined ? 'NoMin' : v[`${key}_passed`] ? 'Met' : 'Failed';
    out.push(part(`explain.${key}${verdict}`));
  }
  return out;
}

const POLICY: Record<string, string> = {
  ALL_ATTEMPTED: 'explain.policyAllAttempted',
  EARNED_ONLY: 'explain.policyEarnedOnly',
  WITHHOLD_IF_FAIL: 'explain.policyWithholdIfFail',
};
const gpaParts = (v: Values) => ({
  rounding: part(v.mode === 'HALF_UP' ? 'explain.halfUp' : 'explain.truncated'),
  policy_text: part(POLICY[String(v.policy)] ?? 'explain.policyAllAttempted'),
  basis: '',
});
const paperResultParts = (v: Values) => ({
  with_grade: v.grade ? part('explain.withGrade') : '',
  by: v.by_rules ? part('explain.byGrace') : '',
});

/**
 * The parts of a sentence that follow from its step's inputs and outputs, so the most frequent steps (every
 * paper's components, total and result; the SGPA and the result) store none of them: a part the step stores
 * itself (`p`) wins.
 */
const derived: Record<string, (v: Values) => Values> = {
  'explain.components': (v) => ({ parts: componentParts(v) }),
  'explain.total': (v) => ({
    to_min: part(v.min === null ? 'explain.noPaperMin' : v.below ? 'explain.belowMin' : 'explain.atLeastMin'),
    component: !v.below && v.passed === false ? part('explain.componentFailed') : '',
    verdict: part(v.passed ? 'explain.passed' : 'explain.failed'),
  }),
  'explain.sgpa': gpaParts,
  'explain.cgpa': gpaParts,
  'explain.gpaWithheld': (v) => ({ policy_text: gpaParts(v).policy_text }),
  'explain.result': (v) => ({
    words: part(`explain.student${v.result === 'PASS_GRACE' ? 'PassGrace' : String(v.result)}`),
    division_label: v.division_name ? part('explain.withDivision') : '',
    back: v.back_papers ? part('explain.backIn') : '',
  }),
  ...Object.fromEntries(
    ['P', 'F', 'AB', 'UFM', 'RW', 'RL', 'EX', 'S', 'U'].map((code) => [
      `explain.result${code}`,
      paperResultParts,
    ]),
  ),
};

let english: MessageRenderer | undefined;

/**
 * The sentence of an explanation step: written from its template by `render` (the reader's language; English
 * when not given), or the English sentence a result stored before templates carries.
 */
export function explanationText(step: ExplanationStep, render?: (message: Message) => string): string {
  const message = explanationMessage(step);
  if (message === null) return step.text ?? '';
  if (render) return render(message);
  english ??= createMessageRenderer();
  return english.render(message, 'en');
}
