import { postResultStatus, postResultType, postResultWorkflow } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import hindi from '@exam/contracts/i18n/screens-hi';
import screen from '../../src/features/post-result/reval-screens.tsx?raw';
import link from '../../src/features/post-result/student-link.tsx?raw';

/**
 * /RevalEntry in Hindi: its types, statuses, actions and the texts its screen writes inline have their Hindi.
 */
describe('the Hindi of the post-result screen', () => {
  it('covers the application types, statuses, workflow actions and the screen texts', () => {
    const inline = [...`${screen}\n${link}`.matchAll(/\bt\('((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!);
    const texts = [
      ...postResultType.options.map((o) => o.label),
      ...postResultStatus.options.map((o) => o.label),
      ...Object.values(postResultWorkflow.actions).map((a) => a.label),
      ...inline,
      'Revaluation Entry',
    ];
    expect([...new Set(texts)].filter((text) => !(text in hindi)).sort()).toEqual([]);
  });
});
