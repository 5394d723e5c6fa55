// Every explanation step the engine writes has its template in English and in Hindi: the steps of the public
// vectors, the grace and policy tests and the property runs (run again here) are each rendered in both
// languages with a strict renderer (a parameter a template names but the step lacks throws), and every
// template a step or one of its parts names is in both catalogues. A result stored before templates (its
// steps carry `text`) reads as it was stored.
import {
  createMessageRenderer,
  englishMessages,
  explanationMessage,
  explanationText,
  isMessage,
  type ExplanationStep,
  type Message,
} from '@exam/contracts';
import hindiMessages from '@exam/contracts/i18n/messages-hi';
import hindiScreens from '@exam/contracts/i18n/screens-hi';
import { afterAll, describe, expect, it, vi } from 'vitest';

const collected: ExplanationStep[] = vi.hoisted(() => []);

vi.mock('../src/index.ts', async (importOriginal) => {
  const original = await importOriginal<Record<string, unknown>>();
  const steps = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) steps(item);
    else if (typeof value === 'object' && value !== null) {
      if (typeof (value as ExplanationStep).step === 'string' && 'inputs' in value) {
        collected.push(value as ExplanationStep);
      } else for (const inner of Object.values(value)) steps(inner);
    }
  };
  return Object.fromEntries(
    Object.entries(original).map(([name, value]) => [
      name,
      typeof value === 'function' && !/^[A-Z]/.test(name)
        ? (...args: unknown[]) => {
            const result = (value as (...a: unknown[]) => unknown)(...args);
            steps(result);
            return result;
          }
        : value,
    ]),
  );
});

await import('./vectors-old.test.ts');
await import('./vectors-cbcs.test.ts');
await import('./revaluation-exit-internal.test.ts');
await import('./grace-and-policies.test.ts');
await import('./properties.test.ts');

const renderer = createMessageRenderer({ strict: true });
renderer.addLanguage('hi', hindiMessages, hindiScreens);
const has = (catalogue: Record<string, string>, code: string) =>
  code in catalogue || (`${code}_one` in catalogue && `${code}_other` in catalogue);

const codesOf = (message: Message, out: Set<string>): Set<string> => {
  out.add(message.code);
  for (const value of Object.values(message.params ?? {})) {
    for (const inner of Array.isArray(value) ? value : [value]) if (isMessage(inner)) codesOf(inner, out);
  }
  return out;
};

afterAll(() => {
  expect(collected.length).toBeGreaterThan(1000);
  const kinds = new Set<string>();
  // Every combination of templates (a step's and its parts') is rendered, a few steps of each.
  const seen = new Map<string, number>();
  for (const step of collected) {
    const message = explanationMessage(step);
    expect(message, `${step.step} is stored without a template`).not.toBeNull();
    expect(step.text, 'a step carries no sentence of its own').toBeUndefined();
    const codes = codesOf(message!, new Set());
    const signature = [...codes].join(' ');
    const count = seen.get(signature) ?? 0;
    if (count >= 3) continue;
    seen.set(signature, count + 1);
    for (const code of codes) {
      kinds.add(code);
      expect(has(englishMessages, code), `${code} in English`).toBe(true);
      expect(has(hindiMessages, code), `${code} in Hindi`).toBe(true);
    }
    const english = renderer.render(message!, 'en');
    const hindi = renderer.render(message!, 'hi');
    expect(english).not.toMatch(/\{\{|\}\}|explain\./);
    expect(hindi).not.toMatch(/\{\{|\}\}|explain\./);
    expect(hindi, english).toMatch(/[\u0900-\u097F]|^[^A-Za-z]*$|^[\d\s.,:;×≥<>=/()+−→…%-]*[A-Za-z ]+$/);
    expect(explanationText(step)).toBe(english);
  }
  expect(kinds.size).toBeGreaterThan(60);
}, 60_000);

describe('a result stored before explanation templates', () => {
  it('reads its stored English sentence in every language', () => {
    const old: ExplanationStep = {
      step: 'TOTAL',
      rule_id: 'OLD-A@1:pass',
      inputs: { total: '70', max: '100', min: '36' },
      output: { percentage: '70.00', passed: true },
      text: 'total 70 of 100 (70.00 %) ≥ min 36: passed',
    };
    expect(explanationText(old)).toBe('total 70 of 100 (70.00 %) ≥ min 36: passed');
    expect(explanationText(old, (m) => renderer.render(m, 'hi'))).toBe(
      'total 70 of 100 (70.00 %) ≥ min 36: passed',
    );
    // A step as data that lacks a value its template names is refused, not shown with a gap.
    const bare: ExplanationStep = { step: 'TOTAL', inputs: {}, output: { passed: true }, t: 'explain.total' };
    expect(() => explanationText(bare, (m) => renderer.render(m, 'hi'))).toThrow(/missing/);
  });
});
