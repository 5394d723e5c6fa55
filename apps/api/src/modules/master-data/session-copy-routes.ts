import { Router } from 'express';
import {
  sessionCopyPath,
  sessionCopyQuery,
  sessionCopyReport,
  sessionResource,
  type CapabilityKey,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { recordChanges } from '../../platform/audit/audit-trail.ts';
import { requireCapability } from '../../platform/auth/capabilities.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { notice } from '../../platform/i18n/messages.ts';
import { errors, json, pathParam, schema, signedInErrors } from '../../platform/openapi/openapi.ts';
import type { OpenApiPaths } from '../../platform/module.ts';
import { copySession } from './session-copy-service.ts';

/**
 * `POST /api/session/{session_id}/copy-from/{from_session_id}[?dry_run=1]`: the yearly chore of carrying one
 * session's course-semester links and paper schemes into the next. A dry run only answers the preview;
 * otherwise every missing row is created in one transaction, each with its audit entry, plus one `copy-from`
 * entry on the target session.
 */
export function sessionCopyRoutes(db: Database) {
  const router = Router();
  router
    .route('/session/:session_id/copy-from/:from_session_id')
    .post(requireCapability(sessionResource.capability.write as CapabilityKey), async (req, res) => {
      const { session_id: to, from_session_id: from } = req.params as Record<string, string>;
      const dryRun = ['1', 'true'].includes(parseOr422(sessionCopyQuery, req.query).dry_run ?? '0');
      const { message, ...report } = await copySession(db, from!, to!, dryRun, (tx, changes) =>
        recordChanges(tx, req, res, changes),
      );
      const { dry_run, from: source, to: target, ...rows } = report;
      res.json({ dry_run, from: source, to: target, ...notice(req, message), ...rows });
    })
    .all(methodNotAllowed);
  return router;
}

export const sessionCopyOpenApi: OpenApiPaths = {
  [sessionCopyPath]: {
    parameters: [
      pathParam('session_id', 'The session copied into'),
      pathParam('from_session_id', 'The session copied from'),
    ],
    post: {
      tags: [sessionResource.name],
      summary: "Copy a session's course-semester links and paper schemes into this session",
      description:
        'Every ccinfo_sem and paperinfosem row of `from_session_id` whose key (course_comb_id, sem_id, ' +
        'paper_id) is not yet in `session_id` is created there with the same values; rows already there ' +
        'are left as they are. ' +
        'With `dry_run=1` nothing is stored and the answer is the preview (what would be created, what ' +
        'exists already). Without it, all rows are created in one transaction and each is recorded in ' +
        'the audit trail (action create, reason naming the source), plus one entry on the target session ' +
        '(action transition, `copy-from`). Running it again creates nothing. Needs master-data.write.',
      parameters: [
        {
          name: 'dry_run',
          in: 'query',
          schema: { type: 'string', enum: ['0', '1', 'true', 'false'] },
          description: '1: only preview',
        },
      ],
      responses: {
        200: json(
          schema(sessionCopyReport),
          'The preview (dry run) or what was done: counts and every row with its status',
        ),
        ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'DUPLICATE_KEY'),
      },
    },
  },
};
