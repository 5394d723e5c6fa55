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
