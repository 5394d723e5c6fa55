import { Router, type Request, type Response } from 'express';
import {
  examFormCreate,
  examFormEdit,
  examFormResource,
  studentResource,
  type CapabilityKey,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { recordChanges } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { languageOf, notice, renderMessage } from '../../platform/i18n/messages.ts';
import { examFormPdf } from './exam-form-pdf.ts';
import {
  createForm,
  editForm,
  eligibleFor,
  formForPrint,
  formWithFee,
  type RecordChanges,
} from './exam-form-service.ts';

export { examFormStore } from './exam-form-store.ts';

const formIdOf = (req: Request) =>
  keyFromPath(examFormResource, req.params as Record<string, string>).form_id as string;
const auditOf =
  (req: Request, res: Response): RecordChanges =>
  (tx, changes) =>
    recordChanges(tx, req, res, changes);

/**
 * The module's own calls for exam forms (the engine lists them, with filters `status`, `college_id`,
 * `exam_id`, ...):
 * - `POST /api/examform` creates a DRAFT (student: its own; office: any) with its papers and fee;
 * - `PUT /api/examform/{form_id}` changes the chosen papers of a DRAFT or RETURNED form (a RETURNED one is
 *   DRAFT again);
 * - `GET /api/examform/{form_id}` answers the form with its papers and fee lines;
 * - `GET /api/examform-eligible/{student_id}` the back/improvement papers the student may choose, and the
 *   exam course links open for forms now in its enrolments' and backlogs' semesters (a student reads no
 *   course link otherwise);
 * - `GET /api/examform/{form_id}/pdf` the filled form with photo and fee computation.
 */
export function examFormRoutes(db: Database) {
  const router = Router();
  const reach = (res: Response, capability: 'read' | 'write') => {
    const scope = scopeOf(res, examFormResource.capability[capability] as CapabilityKey);
    return { scope, within: scopeWhere(scope, res.locals.user!, examFormResource.scopeFields) };
  };

  router
    .route('/examform')
    .post(async (req, res) => {
      const { scope } = reach(res, 'write');
      const input = parseOr422(examFormCreate, req.body ?? {});
      const { form, notice: saved } = await createForm(
        db,
        input,
        { scope, user: res.locals.user! },
        auditOf(req, res),
      );
      res.status(201).json({ ...form, ...notice(req, saved) });
    })
    .all((req, res, next) => (req.method === 'GET' ? next() : methodNotAllowed(req, res, next)));

  router
    .route('/examform/:form_id')
    .get(async (req, res) => {
      const { within } = reach(res, 'read');
      res.json(await formWithFee(db, formIdOf(req), within));
    })
    .put(async (req, res) => {
      const { within } = reach(res, 'write');
      const formId = formIdOf(req);
      const input = parseOr422(examFormEdit, req.body ?? {});
      const { answer, notice: saved } = await editForm(db, formId, input, within, auditOf(req, res));
      res.json({ ...answer, ...notice(req, saved) });
    })
    .all((req, res, next) => (req.method === 'DELETE' ? next() : methodNotAllowed(req, res, next)));

  router
    .route('/examform/:form_id/pdf')
    .get(async (req, res) => {
      const { within } = reach(res, 'read');
      const { form, fee } = await formForPrint(db, formIdOf(req), within);
      await examFormPdf(db, form, fee, res);
    })
    .all(methodNotAllowed);

  router
    .route('/examform-eligible/:student_id')
    .get(async (req, res) => {
      const { within } = reach(res, 'read');
      // Read as every key is read: an impossible one (a NUL, too long) is a missing student, not a database
      // error.
      const { student_id } = keyFromPath(studentResource, req.params as Record<string, string>);
      const { papers, links } = await eligibleFor(db, String(student_id), within);
      const language = languageOf(req);
      res.json({
        papers: papers.map((p) => ({ ...p, why: p.why && renderMessage(p.why, language) })),
        links,
      });
    })
    .all(methodNotAllowed);

  return router;
}
