// bench/RESULTS.md holds two reports: the API table (`pnpm bench`) and the web section (`pnpm --filter @exam/bench lighthouse`).
// Each writer replaces only its own part; the web section sits between these markers.

export const WEB_START = '<!-- web:start -->';
export const WEB_END = '<!-- web:end -->';

/** The web section of a RESULTS.md, markers included, or '' when there is none. */
export function webSection(markdown: string): string {
  const start = markdown.indexOf(WEB_START);
  const end = markdown.indexOf(WEB_END, start);
  return start < 0 || end < 0 ? '' : markdown.slice(start, end + WEB_END.length);
}

/** `markdown` with its web section replaced by `section` (or the section appended when it has none). */
export function withWebSection(markdown: string, section: string): string {
  const old = webSection(markdown);
  if (!section) return old ? markdown.replace(old, '').trimEnd() + '\n' : markdown;
  if (old) return markdown.replace(old, () => section);
  return `${markdown.trimEnd()}\n\n${section}\n`;
}
