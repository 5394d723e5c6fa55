import { documentStatus, documentType, documentWorkflow, issuingDetailKey } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import hindi from '@exam/contracts/i18n/screens-hi';
import screens from '../../src/features/documents/document-screens.tsx?raw';
import values from '../../src/features/documents/document-values.tsx?raw';
import issuing from '../../src/features/documents/issuing-panel.tsx?raw';
import verify from '../../src/features/documents/verify-screen.tsx?raw';
import panel from '../../src/features/documents/student-panel.tsx?raw';
import routes from '../../src/features/documents/routes.tsx?raw';

/**
 * The documents screens in Hindi: types, statuses, actions, page titles and every text the screens write
 * inline.
 */
describe('the Hindi of the documents screens', () => {
  it('covers the types, statuses, workflow actions, titles and the screen texts', () => {
    const source = [screens, values, verify, panel, issuing].join('\n');
    const inline = [...source.matchAll(/\bt\('((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!.replace(/\\'/g, "'"));
    const quoted = [...source.matchAll(/\b(?:title|text): '((?:[^'\\]|\\.)*)'/g)].map((m) =>
      m[1]!.replace(/\\'/g, "'"),
    );
    const doubleQuoted = [...source.matchAll(/\b(?:title|text): "([^"]*)"/g)].map((m) => m[1]!);
    const ternary = [...source.matchAll(/t\([^()]*\? '([^']*)' : '([^']*)'\)/g)].flatMap((m) => [
      m[1]!,
      m[2]!,
    ]);
    const ternary2 = [...source.matchAll(/t\([^()]*\? "([^"]*)" : "([^"]*)"\)/g)].flatMap((m) => [
      m[1]!,
      m[2]!,
    ]);
    const labels = [...source.matchAll(/^\s+[\w.'"]+: '([A-Z0-9][^']*)',?$/gm)].map((m) => m[1]!);
    const draftFields = new Set([
      'Document type',
      'Certificate',
      'Student',
      'Result',
      'Exam',
      'Session',
      'Course combination',
      'Semester',
      'Result version',
      'Purpose',
    ]);
    const draftLabels = [...screens.matchAll(/'([A-Z][a-z ]+)'/g)]
      .map((m) => m[1]!)
      .filter((x) => draftFields.has(x));
    const approval = [...screens.matchAll(/'((?:Approval|This type)[^']*)'/g)].map((m) => m[1]!);
    const titles = [...routes.matchAll(/title="([^"]+)"/g)].map((m) => m[1]!);
    const texts = [
      ...documentType.options.map((o) => o.label),
      ...documentStatus.options.map((o) => o.label),
      ...Object.values(documentWorkflow.actions).map((a) => a.label),
      ...inline,
      ...quoted,
      ...doubleQuoted,
      ...ternary,
      ...ternary2,
      ...labels,
      ...draftLabels,
      ...approval,
      ...titles,
      'Document verification',
      'Checking the document…',
      ...issuingDetailKey.options.map((o) => o.label),
      'Edit {{detail}}',
      'Record {{detail}}',
      'Edit…',
      'Record…',
    ];
    expect([...new Set(texts)].filter((text) => !(text in hindi)).sort()).toEqual([]);
  });
});
