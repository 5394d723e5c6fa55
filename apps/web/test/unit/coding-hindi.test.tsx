import { codingMethod, codingStatus, decodeExceptionKind, packetWorkflow } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { examinerTexts } from '../../src/features/coding/examiner-screen.tsx';
import { flapEntryTexts } from '../../src/features/coding/flap-entry-screen.tsx';
import { flapStickerTexts } from '../../src/features/coding/flap-stickers-screen.tsx';
import hindi from '@exam/contracts/i18n/screens-hi';

/**
 * Every text of the coding screens (S6) has its Hindi: headings, buttons, inline texts, statuses, exception
 * kinds.
 */
describe('Hindi catalogue: coding screens', () => {
  it('covers the coding screens, their status and exception labels and the packet workflow', () => {
    const catalogue = hindi as Record<string, string>;
    const texts = [
      ...flapStickerTexts,
      ...flapEntryTexts,
      ...examinerTexts,
      ...[codingStatus, codingMethod, decodeExceptionKind].flatMap((e) => e.options.map((o) => o.label)),
      ...packetWorkflow.states.map((s) => s.label),
      ...Object.values(packetWorkflow.actions).map((a) => a.label),
      'Only the secrecy cell may see or change the answer-book coding: admin, or an office user with the ' +
        'secrecy flag.',
    ];
    expect(texts.filter((text) => !catalogue[text])).toEqual([]);
  });
});
