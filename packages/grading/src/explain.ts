import type { ExplanationStep, Message, MessageParam } from '@exam/contracts';

type Value = string | number | boolean | null;

/** An explanation template of the catalogue (packages/contracts/src/i18n/messages/explanations.en.ts). */
export type ExplainCode = Extract<Message['code'], `explain.${string}`>;

/** A part of an explanation's sentence, rendered in the reader's language (a nested template). */
export const part = (code: ExplainCode, params?: Record<string, MessageParam>): Message =>
  params === undefined ? { code } : { code, params };

/**
 * One explanation step as data: what was decided (`step`), the rule that decided it, its inputs and outputs
 * (numbers and codes), and the template its sentence is written from (`t`) with the few values the sentence
 * needs that are not already inputs or outputs (`p`). The sentence is written only when it is read
 * (`explanationText`), in the reader's language. `rule` is a path in the rules ("grace.G1") made into
 * `<ruleset>@<version>:<path>` by the caller's prefix.
 */
export const step = (
  name: string,
  ruleId: string | undefined,
  inputs: Record<string, Value>,
  output: Record<string, Value>,
  template: ExplainCode,
  params?: Record<string, MessageParam>,
): ExplanationStep => {
  const out: ExplanationStep =
    ruleId === undefined
      ? { step: name, inputs, output, t: template }
      : { step: name, rule_id: ruleId, inputs, output, t: template };
  if (params !== undefined) out.p = params as ExplanationStep['p'];
  return out;
};
