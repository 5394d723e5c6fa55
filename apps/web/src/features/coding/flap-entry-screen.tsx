import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TextField } from '../../components/ui/form-parts.tsx';
import { Notice, Page } from '../../components/ui/page.tsx';
import { isApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { captureFlaps } from './coding-api.ts';
import { SecrecyGate } from './secrecy-gate.tsx';
import './coding.css';

export const flapEntryTexts = [
  'Flap Entry',
  'Exam',
  'Paper',
  'Flap number and roll number, one pair a line',
  'Save flap numbers',
  'Saving…',
  'Line {{line}}: write a flap number and a roll number.',
  'Line {{line}}: {{message}}',
];

/**
 * /FlapEntry (lifecycle S6 method (a); secrecy cell only): the flaps detached at the secrecy cell keyed as
 * "flap number, roll number" lines; a duplicate, an unknown or an absent roll number refuses the whole list
 * and each bad line is named.
 */
export function FlapEntryScreen() {
  const [search] = useSearchParams();
  const [exam, setExam] = useState(search.get('exam_id') ?? 'MAIN-DEC-2024');
  const [paper, setPaper] = useState(search.get('paper_id') ?? '');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; lines: string[] } | null>(null);
  const { t } = useT();
  const client = useQueryClient();
  const submit = async () => {
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const pairs = lines.map((l) => l.split(/[\s,;]+/));
    const broken = pairs
      .map((p, i) =>
        p.length !== 2 ? t('Line {{line}}: write a flap number and a roll number.', { line: i + 1 }) : '',
      )
      .filter(Boolean);
    if (broken.length) {
      setResult({ kind: 'error', lines: broken });
      return;
    }
    setBusy(true);
    try {
      const answer = await captureFlaps(
        exam.trim(),
        paper.trim(),
        pairs.map(([flap_no, roll_no]) => ({ flap_no: flap_no!, roll_no: roll_no! })),
      );
      setResult({ kind: 'success', lines: [answer.message] });
      setText('');
      await client.invalidateQueries({ queryKey: ['coding'] });
    } catch (error) {
      const errors = isApiError(error) ? error.fieldErrors : undefined;
      const named = errors
        ? Object.entries(errors).flatMap(([field, messages]) => {
            const line = /^pairs\.(\d+)\./.exec(field);
            return messages.map((m) =>
              line ? t('Line {{line}}: {{message}}', { line: Number(line[1]) + 1, message: m }) : m,
            );
          })
        : [];
      setResult({
        kind: 'error',
        lines: named.length ? named : [error instanceof Error ? error.message : String(error)],
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <SecrecyGate title="Flap Entry">
      <Page title="Flap Entry">
        <form
          className="flap-entry"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            id="flap-exam"
            label={t('Exam')}
            value={exam}
            onChange={(e) => setExam(e.target.value)}
          />
          <TextField
            id="flap-paper"
            label={t('Paper')}
            value={paper}
            onChange={(e) => setPaper(e.target.value)}
          />
          <label htmlFor="flap-pairs">{t('Flap number and roll number, one pair a line')}</label>
          <textarea
            id="flap-pairs"
            rows={12}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('Saving…') : t('Save flap numbers')}
          </button>
        </form>
        {result && (
          <Notice kind={result.kind}>
            <ul className="flap-result">
              {result.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </Notice>
        )}
      </Page>
    </SecrecyGate>
  );
}
