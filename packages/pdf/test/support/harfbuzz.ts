// HarfBuzz (the shaper of Chromium, Firefox, LibreOffice) as the reference for what a correctly shaped string
// is.
import * as hb from 'harfbuzzjs';
import { scriptRuns } from '../../src/shaping.ts';

export interface HbFont {
  shape(text: string): number[];
  nominal(text: string): number[];
  outline(glyph: number): string;
}

export function openHbFont(data: Uint8Array): HbFont {
  const font = new hb.Font(new hb.Face(new hb.Blob(data)));
  return {
    // HarfBuzz shapes one script run at a time (an application itemizes first), so a line mixing English
    // and Hindi is cut where the script changes; spaces and punctuation stay with the run before them.
    shape(text) {
      return scriptRuns(text).flatMap((run) => {
        const buffer = new hb.Buffer();
        buffer.addText(run);
        buffer.guessSegmentProperties();
        hb.shape(font, buffer);
        return buffer.getGlyphInfos().map((g) => g.codepoint);
      });
    },
    // What an engine without shaping shows: one glyph per character from the cmap, in text order.
    nominal(text) {
      return [...text].map((ch) => font.glyph(ch.codePointAt(0) ?? 0) ?? 0);
    },
    outline: (glyph) => font.glyphToPath(glyph),
  };
}
