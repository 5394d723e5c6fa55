import type { OriginRules } from './config.ts';

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

const parse = (text: string) => {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};

/**
 * Whether a browser page at `origin` is the web app's own: served from the host name this request was
 * addressed to (its Host header) on the app's port, or listed explicitly. The app is reached by many names
 * (localhost, 127.0.0.1, a LAN name or address), so a fixed list could never name them all; a page on any
 * other host or port (another site) gets no CORS grant, so its scripts cannot read the demo's answers.
 */
export function isAppOrigin(
  origin: string | undefined,
  host: string | undefined,
  rules: OriginRules,
): boolean {
  if (!origin) return false;
  const page = parse(origin);
  if (!page || (page.protocol !== 'http:' && page.protocol !== 'https:') || page.origin !== origin)
    return false;
  if (rules.extra.includes(page.origin)) return true;
  const self = host && /^[\w.:[\]-]+$/.test(host) ? parse(`http://${host}`) : undefined;
  if (!self || self.hostname !== page.hostname) return false;
  return (page.port || defaultPort(page.protocol)) === String(rules.appPort);
}
