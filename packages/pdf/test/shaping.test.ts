// Hindi must print shaped: conjuncts (क्ष, ज्ञ, श्र, द्व, त्र), reph, half forms and the i-matra drawn before
// its consonant cluster. The PDF is read back and every glyph it shows is compared, by outline, with what
// HarfBuzz produces for the same string and font. An engine that places one glyph per character fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontFiles, hindiTestNames, hindiTestStrings, renderPdfToBuffer } from '../src/index.ts';
import { openHbFont } from './support/harfbuzz.ts';
import { shownOutlines } from './support/pdf-reader.ts';

const reference = openHbFont(readFileSync(fontFiles.regular));
const expected = (text: string) => reference.shape(text).map((g) => reference.outline(g));
const strings = [...hindiTestStrings, ...hindiTestNames, 'B.A. Part II (द्वितीय वर्ष)'];

describe('Hindi shaping in the PDF', () => {
  it('uses test strings that shaping changes (otherwise this test could not fail)', () => {
    for (const s of hindiTestStrings) expect(reference.shape(s), s).not.toEqual(reference.nominal(s));
  });

  it('draws the glyphs HarfBuzz chooses, in HarfBuzz order, for every test string and name', async () => {
    const pdf = await renderPdfToBuffer(
      async (doc) => {
        await doc.addPage();
        for (const s of strings) doc.text(s, { size: 14 });
      },
      { compress: false },
    );
    const shown = shownOutlines(pdf);
    expect(shown).toHaveLength(strings.length);
    strings.forEach((s, i) => expect(shown[i], s).toEqual(expected(s)));
  });

  it('reads compressed output the same way (what modules ship)', async () => {
    const pdf = await renderPdfToBuffer(async (doc) => {
      await doc.addPage();
      for (const s of hindiTestStrings) doc.text(s, { size: 14, bold: false });
    });
    expect(shownOutlines(pdf)).toEqual(hindiTestStrings.map(expected));
  });
});
