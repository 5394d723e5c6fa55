// Text shaping with HarfBuzz (WebAssembly), handed to pdfkit in place of fontkit's own layout.
// Both produce the same glyphs for Noto Sans (checked glyph by glyph against HarfBuzz in the evaluation), but
// fontkit takes 2-7 ms per word on this font and HarfBuzz 0.05-0.3 ms, and a batch meets new words (roll
// numbers, names) on every page. pdfkit caches each word's layout per document (document.ts empties that
// cache every few hundred pages so that it cannot grow with the batch); the shaper keeps a bounded cache
// across documents for the words every document repeats.
import * as fontkit from 'fontkit';
import * as hb from 'harfbuzzjs';

interface ShapedGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface ShapedPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** The part of fontkit's GlyphRun that pdfkit reads (EmbeddedFont.layoutRun, encode and _fragment). */
export interface ShapedRun {
  glyphs: ShapedGlyph[];
  positions: ShapedPosition[];
  readonly advanceWidth: number;
}

/** What pdfkit's font object needs from its fontkit font: metrics, subsetting and layout(). */
export type ShapingFont = fontkit.Font & { layout: (text: string) => ShapedRun };

const shared = new Map<Buffer, ShapingFont>();

/**
 * The font parsed once for the whole process, its layout() done by HarfBuzz. pdfkit would parse the file
 * again for every document (about 30 ms of table decoding per font, most of the cost of a one-card PDF).
 */
export function sharedFont(data: Buffer): ShapingFont {
  let font = shared.get(data);
  if (!font) {
    const parsed = fontkit.create(data);
    if (!('createSubset' in parsed)) throw new Error('expected a single font, not a collection');
    const shaper = new Shaper(data);
    font = Object.assign(parsed, { layout: (text: string) => shaper.layout(text) });
    shared.set(data, font);
  }
  return font;
}

const CACHE_LIMIT = 8192;

export class Shaper {
  private readonly font: hb.Font;
  private readonly buffer = new hb.Buffer();
  // Words repeat across documents (labels, paper names, colleges): shaped once per process, bounded.
  private readonly cache = new Map<string, { glyphs: ShapedGlyph[]; positions: ShapedPosition[] }>();
  private readonly advances = new Map<number, number>();

  constructor(data: Uint8Array) {
    this.font = new hb.Font(new hb.Face(new hb.Blob(data)));
  }

  /**
   * Shapes `text` (pdfkit passes one word at a time) into a new run; pdfkit scales the positions in place.
   */
  layout(text: string): ShapedRun {
    let shaped = this.cache.get(text);
    if (!shaped) {
      shaped = this.shape(text);
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(text, shaped);
    }
    const positions = shaped.positions.map((p) => ({ ...p }));
    return {
      glyphs: shaped.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + p.xAdvance, 0);
      },
    };
  }

  private shape(text: string): { glyphs: ShapedGlyph[]; positions: ShapedPosition[] } {
    const glyphs: ShapedGlyph[] = [];
    const positions: ShapedPosition[] = [];
    for (const run of scriptRuns(text)) {
      this.buffer.reset();
      this.buffer.addText(run);
      this.buffer.guessSegmentProperties();
      // Marks and matras keep clusters of their own (the default merges them into their consonant's), so that
      // each glyph can name the characters it draws, whatever word it stands in (below).
      this.buffer.setClusterLevel(hb.ClusterLevel.CHARACTERS);
      hb.shape(this.font, this.buffer);
      const infos = this.buffer.getGlyphInfos();
      const places = this.buffer.getGlyphPositions();
      const starts = [...new Set(infos.map((info) => info.cluster)), run.length].sort((a, b) => a - b);
      infos.forEach((info, i) => {
        // pdfkit's ToUnicode map gives a glyph id the characters of its first use in the document, for every
        // use (copy, search, text extraction): those must be the glyph's own characters, from its cluster to
        // the next one (a conjunct: all of its letters), not its word's. A second glyph of one cluster names
        // none.
        const first = !infos.slice(0, i).some((other) => other.cluster === info.cluster);
        const end = starts.find((start) => start > info.cluster) ?? run.length;
        const codePoints = first ? [...run.slice(info.cluster, end)].map((c) => c.codePointAt(0) ?? 0) : [];
        glyphs.push({ id: info.codepoint, advanceWidth: this.advance(info.codepoint), codePoints });
        const p = places[i];
        positions.push({
          xAdvance: p.xAdvance,
          yAdvance: p.yAdvance,
          xOffset: p.xOffset,
          yOffset: p.yOffset,
        });
      });
    }
    return { glyphs, positions };
  }

  private advance(glyph: number): number {
    let advance = this.advances.get(glyph);
    if (advance === undefined) {
      advance = this.font.glyphHAdvance(glyph);
      this.advances.set(glyph, advance);
    }
    return advance;
  }
}

const devanagari = /\p{Script=Devanagari}/u;
const latin = /\p{Script=Latin}/u;

/**
 * Cuts text where the script changes (HarfBuzz shapes one script at a time, as a browser's itemizer would
 * feed it); spaces, digits and punctuation stay with the run before them, ZWJ/ZWNJ with the Devanagari around
 * them.
 */
export function scriptRuns(text: string): string[] {
  const runs: string[] = [];
  let current = '';
  let script: 'deva' | 'latn' | undefined;
  for (const ch of text) {
    const s = devanagari.test(ch) ? 'deva' : latin.test(ch) ? 'latn' : undefined;
    if (s && script && s !== script) {
      runs.push(current);
      current = '';
    }
    if (s) script = s;
    current += ch;
  }
  if (current) runs.push(current);
  return runs;
}
