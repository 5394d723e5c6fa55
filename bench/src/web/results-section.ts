// bench/RESULTS.md holds several reports: the API table (`pnpm bench`), the web section (`pnpm --filter
// @exam/bench lighthouse`) and the files section (`pnpm --filter @exam/bench files`). Each writer replaces
// only its own part; the other commands' parts sit between `<!-- name:start -->` and `<!-- name:end -->`
// markers.

const markers = (name: string) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`] as const;

/** The named section of a RESULTS.md, markers included, or '' when there is none. */
export function section(markdown: string, name: string): string {
  const [startMark, endMark] = markers(name);
  const start = markdown.indexOf(startMark);
  const end = markdown.indexOf(endMark, start);
  return start < 0 || end < 0 ? '' : markdown.slice(start, end + endMark.length);
}

/**
 * `markdown` with its named section replaced by `content` (or `content` appended when it has none; '' removes
 * it).
 */
export function withSection(markdown: string, name: string, content: string): string {
  const old = section(markdown, name);
  if (!content) return old ? markdown.replace(old, '').trimEnd() + '\n' : markdown;
  if (old) return markdown.replace(old, () => content);
  return `${markdown.trimEnd()}\n\n${content}\n`;
}

/**
 * The sections that commands other than `pnpm bench` write, which `pnpm bench` keeps when it rewrites the
 * file.
 */
export const KEPT_SECTIONS = [
  'web',
  'files',
  'students',
  'exam-forms',
  'coding',
  'conduct',
  'marks',
  'results',
  'documents',
  'first-start',
  // Written by the docker deploy test (deploy/test/docker-report.ts), which keeps the markers.
  'deploy',
] as const;

export const WEB_START = markers('web')[0];
export const WEB_END = markers('web')[1];
export const webSection = (markdown: string) => section(markdown, 'web');
export const withWebSection = (markdown: string, content: string) => withSection(markdown, 'web', content);
