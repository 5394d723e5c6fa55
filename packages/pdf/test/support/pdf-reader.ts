// Just enough of a PDF reader for the tests: objects, streams (FlateDecode), pages, embedded fonts and the
// glyph ids each text block shows. Written for pdfkit's output, kept generic enough to read another engine's.
import { inflateSync } from 'node:zlib';
import { openHbFont } from './harfbuzz.ts';

export interface PdfObject {
  num: number;
  dict: string;
  stream?: Buffer;
}

export function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\b/g;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const start = m.index + m[0].length;
    const next = /\bstream\r?\n|endobj/g;
    next.lastIndex = start;
    const found = next.exec(text);
    if (!found) break;
    const dict = text.slice(start, found.index);
    if (found[0] === 'endobj') {
      objects.set(Number(m[1]), { num: Number(m[1]), dict });
      continue;
    }
    const dataStart = found.index + found[0].length;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    let stream = pdf.subarray(dataStart, dataStart + length);
    if (/\/FlateDecode/.test(dict)) stream = inflateSync(stream);
    objects.set(Number(m[1]), { num: Number(m[1]), dict, stream });
    header.lastIndex = dataStart + length;
  }
  return objects;
}

const ref = (dict: string, key: string): number | undefined => {
  const m = new RegExp(`/${key}\\s*\\[?\\s*(\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : undefined;
};

export function pageObjects(objects: Map<number, PdfObject>): PdfObject[] {
  return [...objects.values()].filter((o) => /\/Type\s*\/Page\b(?!s)/.test(o.dict));
}

/** The embedded TrueType program (FontFile2) of each font resource name used on a page, e.g. F1 → bytes. */
export function embeddedFonts(
  objects: Map<number, PdfObject>,
  page: PdfObject,
): Map<string, { file: Buffer; identity: boolean }> {
  const fonts = new Map<string, { file: Buffer; identity: boolean }>();
  const resources = objects.get(ref(page.dict, 'Resources') ?? -1)?.dict ?? page.dict;
  const fontDict = /\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? '';
  for (const [, name, num] of fontDict.matchAll(/\/([\w+-]+)\s+(\d+) 0 R/g)) {
    const font = objects.get(Number(num));
    const descendant = objects.get(ref(font?.dict ?? '', 'DescendantFonts') ?? -1);
    const descriptor = objects.get(ref(descendant?.dict ?? '', 'FontDescriptor') ?? -1);
    const file = objects.get(ref(descriptor?.dict ?? '', 'FontFile2') ?? -1)?.stream;
    // Without a CIDToGIDMap (or with /Identity) a CID is the glyph id in the embedded font.
    const identity = !/\/CIDToGIDMap\s+\d+ 0 R/.test(descendant?.dict ?? '');
    if (file) fonts.set(name, { file, identity });
  }
  return fonts;
}

export interface ShownText {
  font: string;
  glyphs: number[];
}

/** The glyph ids of each BT…ET block of a page's content, in drawing order (two-byte CIDs, Identity-H). */
export function shownText(objects: Map<number, PdfObject>, page: PdfObject): ShownText[] {
  const contents = [...page.dict.matchAll(/\/Contents\s*\[?([^/>\]]*)/g)].flatMap((m) =>
    [...m[1].matchAll(/(\d+) 0 R/g)].map((r) => Number(r[1])),
  );
  const content = contents.map((n) => objects.get(n)?.stream?.toString('latin1') ?? '').join('\n');
  const blocks: ShownText[] = [];
  let font = '';
  for (const block of content.split(/\bBT\b/).slice(1)) {
    const body = block.split(/\bET\b/)[0];
    font = /\/([\w+-]+)\s+[\d.]+\s+Tf/.exec(body)?.[1] ?? font;
    const glyphs: number[] = [];
    for (const [, hex] of body.matchAll(/<([0-9a-fA-F\s]*)>/g)) {
      const digits = hex.replace(/\s/g, '');
      for (let i = 0; i + 4 <= digits.length; i += 4) glyphs.push(parseInt(digits.slice(i, i + 4), 16));
    }
    if (glyphs.length > 0) blocks.push({ font, glyphs });
  }
  return blocks;
}

/** For each text block of the PDF's first page: the outlines of the glyphs it draws, in order. */
export function shownOutlines(pdf: Buffer): string[][] {
  const objects = readObjects(pdf);
  const [page] = pageObjects(objects);
  const fonts = new Map(
    [...embeddedFonts(objects, page)].map(([name, f]) => {
      if (!f.identity)
        throw new Error(`font ${name} maps CIDs through a CIDToGIDMap this reader does not follow`);
      return [name, openHbFont(f.file)] as const;
    }),
  );
  return shownText(objects, page).map((block) => {
    const font = fonts.get(block.font);
    if (!font) throw new Error(`no embedded font ${block.font}`);
    return block.glyphs.map((g) => font.outline(g));
  });
}
