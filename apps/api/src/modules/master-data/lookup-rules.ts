import { KEY_MAX, KEY_PATTERN, label, msg } from '@exam/contracts';
import { notFound } from '../../platform/http/errors.ts';

/** The lookups' decisions: what a path key may be, and the 404 of what is not there. */

/** Whether a path value can be a key at all (an impossible one names nothing: 404, never a failure). */
export const isKey = (value: string) => value.length <= KEY_MAX && KEY_PATTERN.test(value);

/** A session named by a path must exist. */
export const refuseMissingSession = (sessionId: string, session: unknown) =>
  session ? undefined : notFound(msg('masterData.noSuchSession', { session_id: sessionId.slice(0, 40) }));

/** A record named by its key parts must exist ("Paper-semester link 2024-25 / BA01 / 1 / ENG101"). */
export const refuseMissingRecord = (title: string, key: readonly string[], record: unknown) =>
  record
    ? undefined
    : notFound(
        msg('masterData.noSuchRecord', {
          title: label(title),
          key: key.map((v) => v.slice(0, 40)).join(' / '),
        }),
      );
