import { z } from 'zod';
import { defineEnum, defineResource, keyText, optionalText } from '../kit/index.ts';
import { ciaComponent, internalRoundingMode } from '../results/index.ts';

/** Labels of the rounding modes of results' internalRoundingMode (the grading engine applies them). */
export const ciaRounding = defineEnum([
  { value: 'HALF_UP', label: 'Nearest (half up)' },
  { value: 'CEIL', label: 'Up' },
  { value: 'FLOOR', label: 'Down' },
  { value: 'NONE', label: 'No rounding (two decimals)' },
] as const satisfies ReadonlyArray<{ value: z.infer<typeof internalRoundingMode>; label: string }>);

export const ciaScheme = defineEnum([
  { value: 'OLD', label: 'Old scheme' },
  { value: 'NEW', label: 'New scheme (CBCS)' },
  { value: 'NEP', label: 'NEP' },
]);

const components = z
  .array(ciaComponent)
  .min(1, 'At least one component')
  .max(10)
  .refine(
    (list) =>
      list.reduce((sum, c) => {
        const [w = '0', f = ''] = c.weight_percent.split('.');
        return sum + Number(w) * 10_000 + Number(f.padEnd(4, '0'));
      }, 0) === 1_000_000,
    'The weights must add up to 100 %',
  )
  .refine((list) => new Set(list.map((c) => c.code)).size === list.length, 'Each component code once');

/**
 * A scheme's CIA pattern (lifecycle S3 cia_pattern), effective from a session: components (results'
 * ciaComponent: weight, maximum per entry, best-of, mandatory, attendance bands), rounding and decimals. The
 * grading engine's computeInternal turns a student's component marks into the internal mark with it.
 */
export const ciaPatternResource = defineResource({
  name: 'ciapattern',
  title: 'CIA pattern',
  keyFields: ['pattern_id'],
  capability: { read: 'marks.read', write: 'exam-setup.write' },
  fields: {
    pattern_id: keyText(),
    scheme: ciaScheme.schema,
    wef_session_id: keyText(),
    title: optionalText(200),
    rounding: ciaRounding.schema,
    decimals: z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z.number({ error: 'A whole number 0 to 2' }).int().min(0).max(2),
    ),
    components: z.preprocess((v) => (typeof v === 'string' ? safeJson(v) : v), components),
  },
  updatable: ['title', 'rounding', 'decimals', 'components'],
  parents: [{ resource: 'session', fields: ['wef_session_id'] }],
  searchFields: ['pattern_id', 'scheme', 'title'],
});

/** A components cell of an import file is JSON text. */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
