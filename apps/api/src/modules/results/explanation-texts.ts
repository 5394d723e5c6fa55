import { explanationText, type ExplanationStep, type Language } from '@exam/contracts';
import { renderMessage } from '../../platform/i18n/messages.ts';

/**
 * Explanation steps as the API answers them: each step as stored (rule, inputs, outputs, its template `t` and
 * values `p`) with its sentence written in the reader's language (`text`). Stored results of both shapes read
 * the same way: a step stored as data is written from its template; a step stored before templates keeps the
 * English sentence it was computed with (no migration rewrites what a student was shown). One renderer for
 * every reader: `explanationText` of @exam/contracts, as the screens use it.
 */
export function explainedSteps(steps: unknown, language: Language): ExplanationStep[] {
  if (!Array.isArray(steps)) return [];
  return (steps as ExplanationStep[]).map((s) => ({
    ...s,
    text: explanationText(s, (message) => renderMessage(message, language)),
  }));
}

/** A result's lines with their explanations' sentences in the reader's language. */
export function explainedLines(lines: unknown, language: Language): unknown {
  if (!Array.isArray(lines)) return lines;
  return lines.map((line: { explanation?: unknown }) =>
    line && typeof line === 'object'
      ? { ...line, explanation: explainedSteps(line.explanation, language) }
      : line,
  );
}
