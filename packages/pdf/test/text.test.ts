// The text behind the glyphs: what copying, searching and extraction (pdftotext) get out of a PDF. Shaped
// Hindi is drawn in visual order (the i-matra of "द्वितीय" before its consonant), so each line carries its
// text as ActualText; and every glyph's ToUnicode entry names that glyph's own characters, whichever word
// first used it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontFiles, hindiTestNames, hindiTestStrings, renderPdfToBuffer } from '../src/index.ts';
import { Shaper } from '../src/shaping.ts';

function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const lines = [
  ...hindiTestStrings,
  ...hindiTestNames,
  'B.A. Part II (द्वितीय वर्ष) Main Examination — Smt. (श्रीमती) Priyanka Thakur (प्रियंका ठाकुर)',
  'राजकीय महाविद्यालय, अजमेर',
  'शिक्षा भारती महाविद्यालय, भीलवाड़ा',
];

describe('text extraction', () => {
  const poppler = hasPdftotext();
  if (!poppler && process.env.CI === 'true')
    it('needs pdftotext on CI', () => {
      throw new Error('pdftotext (poppler-utils) is not installed');
    });

  it.runIf(poppler)(
    'gives every line as written, Hindi included, and a justified paragraph word for word',
    async () => {
      const paragraph =
        'प्रमाणित किया जाता है कि राजकीय महाविद्यालय, अजमेर राज्य विश्वविद्यालय से संबद्ध राजकीय ' +
        'महाविद्यालय है। दिनांक 23/11/2026 को विश्वविद्यालय के अभिलेखों के अनुसार इसकी संबद्धता सक्रिय है।';
      const pdf = await renderPdfToBuffer(async (doc) => {
        await doc.addPage();
        for (const line of lines) doc.text(line, { size: 12 });
        doc.moveDown(10);
        doc.text(paragraph, { size: 11, align: 'justify', width: 300 });
      });
      const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
      const extracted = text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      expect(extracted.slice(0, lines.length)).toEqual(lines);
      expect(extracted.slice(lines.length).join(' ').split(/\s+/)).toEqual(paragraph.split(' '));
    },
  );
});

describe('ToUnicode: the characters each glyph stands for', () => {
  it("are the same in every word the glyph appears in (its own letters, not its first word's)", () => {
    const shaper = new Shaper(readFileSync(fontFiles.regular));
    const words = [
      ...hindiTestStrings,
      ...hindiTestNames,
      'राजकीय',
      'महाविद्यालय',
      'अजमेर',
      'रामायण',
      'मेरा',
      'प्राचार्य',
      'संबद्धता',
    ].flatMap((w) => w.split(' '));
    const named = new Map<number, string>();
    for (const word of words) {
      const { glyphs } = shaper.layout(word);
      // Every character of the word is named by exactly one glyph.
      expect(glyphs.flatMap((g) => g.codePoints).sort(), word).toEqual(
        [...word].map((c) => c.codePointAt(0)).sort(),
      );
      for (const glyph of glyphs) {
        if (!glyph.codePoints.length) continue;
        const text = String.fromCodePoint(...glyph.codePoints);
        expect(named.get(glyph.id) ?? text, `glyph ${glyph.id} in ${word}`).toBe(text);
        named.set(glyph.id, text);
      }
    }
    // र alone, ा alone: "रा" is not one glyph's text (it was, so every later र read as "रा").
    const ra = shaper.layout('रा').glyphs.map((g) => String.fromCodePoint(...g.codePoints));
    expect(ra).toEqual(['र', 'ा']);
  });
});
