// The JavaScript a first visit loads before any route code: the built index.html's module script and
// modulepreload links.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The budget of issue 6: initial JavaScript under 200 KB gzipped. */
export const INITIAL_JS_BUDGET_BYTES = 200 * 1024;

export interface ScriptSize {
  /** Path as the page asks for it (`/assets/index-….js`). */
  url: string;
  bytes: number;
  gzip: number;
}

/** Sizes of one built file, gzipped at zlib's default level (what a compressing server sends). */
export function scriptSize(dist: string, url: string): ScriptSize {
  const body = fs.readFileSync(path.join(dist, url.replace(/^\//, '')));
  return { url, bytes: body.length, gzip: zlib.gzipSync(body).length };
}

/** Scripts that index.html loads or preloads, in document order. */
export function initialScriptUrls(indexHtml: string): string[] {
  const urls: string[] = [];
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModule || isPreload) && url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

export function initialJs(dist: string) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = initialScriptUrls(html).map((url) => scriptSize(dist, url));
  return {
    scripts,
    bytes: scripts.reduce((n, s) => n + s.bytes, 0),
    gzip: scripts.reduce((n, s) => n + s.gzip, 0),
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
