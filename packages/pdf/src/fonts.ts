// The fonts every document uses, shipped as an npm package so that a machine with only Node can print. Google
// Fonts' Noto Sans (OFL-1.1) carries Latin and Devanagari (with its dev2/deva OpenType tables) in one file,
// so English and Hindi need no font switching inside a line; fontkit (pdfkit's shaper) produces the same
// glyphs and positions as HarfBuzz for it (test/shaping.test.ts checks the PDF against HarfBuzz).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export type FontWeight = 'regular' | 'bold';

/** Absolute paths of the TrueType files, e.g. for a test that shapes with HarfBuzz. */
export const fontFiles: Record<FontWeight, string> = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

/** The name each weight is registered under in a document. */
export const fontName: Record<FontWeight, string> = { regular: 'noto-sans', bold: 'noto-sans-bold' };

let loaded: Record<FontWeight, Buffer> | undefined;

/** The font files' bytes, read once per process (about 0.6 MB each). */
export function fontData(): Record<FontWeight, Buffer> {
  loaded ??= { regular: readFileSync(fontFiles.regular), bold: readFileSync(fontFiles.bold) };
  return loaded;
}
