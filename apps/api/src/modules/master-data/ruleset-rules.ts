import { msg } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';

/** The rule sets' decisions. */

/**
 * A locked version (a published result used it) is never changed or deleted: 409 LOCKED names it. Make a new
 * version instead.
 */
export const refuseLockedRuleset = (locked: Readonly<Record<string, unknown>> | undefined) =>
  locked
    ? new AppError(
        'LOCKED',
        msg('masterData.rulesetLocked', {
          ruleset_id: String(locked.ruleset_id),
          version: String(locked.version),
        }),
      )
    : undefined;
