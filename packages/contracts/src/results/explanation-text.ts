import type { ExplanationStep } from './student-result.ts';

/** The sentence of an explanation step, in the reader's language. */
export function explanationText(step: ExplanationStep): string {
  return step.text;
}
