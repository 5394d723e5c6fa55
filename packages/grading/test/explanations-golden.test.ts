// The golden file of explanations: every explanation the public vectors (spec §4.10: T1–T12, in the files
// imported below, which run again here) produce, rendered in English, must read exactly as the stored file
// (test/golden/explanations.en.json, written from the engine's texts before they became data). Nothing a
// student or an auditor reads may change. `GOLDEN_WRITE=1` rewrites the file (only for a wording change
// that is meant, reviewed in the diff).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { explanationText, type ExplanationStep } from '@exam/contracts';
import { afterAll, expect, vi } from 'vitest';

interface Recorded {
  test: string;
  call: string;
  texts: string[];
}
const recorded: Recorded[] = vi.hoisted(() => []);

vi.mock('../src/index.ts', async (importOriginal) => {
  const original = await importOriginal<Record<string, unknown>>();
  const steps = (value: unknown, out: ExplanationStep[]): ExplanationStep[] => {
    if (Array.isArray(value)) for (const item of value) steps(item, out);
    else if (typeof value === 'object' && value !== null) {
      if (typeof (value as ExplanationStep).step === 'string' && 'inputs' in value) {
        out.push(value as ExplanationStep);
      } else for (const inner of Object.values(value)) steps(inner, out);
    }
    return out;
  };
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(original)) {
    wrapped[name] =
      typeof value === 'function' && !/^[A-Z]/.test(name)
        ? (...args: unknown[]) => {
            const result = (value as (...a: unknown[]) => unknown)(...args);
            const found = steps(result, []);
            if (found.length) {
              recorded.push({
                test: expect.getState().currentTestName ?? '',
                call: name,
                texts: found.map((s) => explanationText(s)),
              });
            }
            return result;
          }
        : value;
  }
  return wrapped;
});

await import('./vectors-old.test.ts');
await import('./vectors-cbcs.test.ts');
await import('./revaluation-exit-internal.test.ts');
await import('./grace-and-policies.test.ts');

const file = new URL('./golden/explanations.en.json', import.meta.url);

afterAll(() => {
  const text = `${JSON.stringify(recorded, null, 1)}\n`;
  if (process.env.GOLDEN_WRITE === '1' || !existsSync(file)) {
    if (process.env.GOLDEN_WRITE !== '1') throw new Error(`${file.pathname} is missing: GOLDEN_WRITE=1`);
    writeFileSync(file, text);
  }
  expect(recorded.length).toBeGreaterThan(50);
  expect(recorded).toEqual(JSON.parse(readFileSync(file, 'utf8')));
});
