/**
 * Every value this repository has ever shown for JWT_SECRET or ADMIN_PASSWORD: examples and placeholders
 * (.env.example, README), the old development secret, the demo password, the literals tests used. Anyone
 * can read them, so no service accepts them, whatever NODE_ENV says. The catalogue's schemas for both
 * settings refuse them; `test/published-secrets.test.ts` greps the repository so that a new literal
 * cannot appear without being added here (tests generate their secrets instead).
 */
export const publishedSecrets: readonly string[] = [
  // .env.example and README placeholders
  'replace-with-at-least-32-random-characters',
  'replace-with-a-long-password',
  // the development signing secret the API once fell back to
  'dev-only-secret-change-me-in-production-0123456789',
  // the demo users' password (packages/db/src/seed/users.ts)
  'Demo@12345',
  // literals the API tests once used
  'test-secret-that-is-long-enough-for-hs256-0123456789',
  'production-secret-for-the-start-path-test-0123456789',
  'a-production-secret-that-is-long-enough-0123456789',
  'a-long-admin-password',
  'long-enough-password',
  'Registrar#2025!',
  'Another#Pass1',
  // deploy/test/compose.test.ts (renders compose's configuration with it)
  'long-password-0123',
];

const published = new Set(publishedSecrets);
/** Values that say "put yours here" rather than being one. */
const placeholder = /replace[-_ ]?with|change[-_ ]?me|your[-_ ]?(own[-_ ]?)?(secret|password)|^<.*>$/i;

/** True for a value shown in this repository, or one that is plainly a placeholder. */
export function isPublishedSecret(value: string): boolean {
  return published.has(value.trim()) || placeholder.test(value);
}

export const publishedSecretMessage =
  'is published in this repository (an example, placeholder, test or demo value); choose your own';
