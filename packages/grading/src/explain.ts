import type { ExplanationStep } from '@exam/contracts';

type Value = string | number | boolean | null;

/**
 * One explanation step; `rule` is a path in the rules ("grace.G1") made into `<ruleset>@<version>:<path>` by
 * the caller's prefix.
 */
export const step = (
  name: string,
  ruleId: string | undefined,
  inputs: Record<string, Value>,
  output: Record<string, Value>,
  text: string,
): ExplanationStep =>
  ruleId === undefined
    ? { step: name, inputs, output, text }
    : { step: name, rule_id: ruleId, inputs, output, text };
