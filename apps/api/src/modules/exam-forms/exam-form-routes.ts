import { Router, type Request, type Response } from 'express';
import {
  examFormCreate,
  examFormEdit,
  examFormResource,
  studentResource,
  type CapabilityKey,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { scopeWhere, valuesOutOfScope } from '../../platform/auth/scope.ts';
import { asDelegate, keyFromPath, present, type Store } from '../../platform/crud/store.ts';
import {
  AppError,
  duplicateKey,
  invalid,
  notFound,
  parseOr422,
  prismaCode,
  staleEdit,
} from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { storePapers } from './exam-form-effects.ts';
import {
  editableStatuses,
  eligiblePapers,
  examLink,
  feeOf,
  formPapers,
  newId,
  openLinks,
  refuseOutsideWindow,
  refuseType,
} from './exam-form-rules.ts';
import { examFormPdf } from './exam-form-pdf.ts';
import { formClashes } from './timetable-routes.ts';

type Tx = Prisma.TransactionClient;

/**
 * A form's rows come with their papers (in paper order) and the student's name, for lists, views and the
 * audit trail.
 */
export const examFormStore: Store = {
  include: { student: { select: { name_en: true } } },
  delegate: (client) => {
    const forms = client.examForm;
    const papers = {
      papers: {
        orderBy: [{ sem_id: 'asc' as const }, { paper_id: 'asc' as const }],
        omit: { form_id: true, created_at: true },
      },
    };
    // A call that selects its own columns (existence checks, history) gets just those.
    const withPapers = (args: Record<string, unknown>) =>
      (args.select ? args : { ...args, include: { ...(args.include as object), ...papers } }) as never;
    return asDelegate({
      findMany: (args: Record<string, unknown>) => forms.findMany(withPapers(args)),
      findUnique: (args: Record<string, unknown>) => forms.findUnique(withPapers(args)),
      count: (args: Record<string, unknown>) => forms.count(args as never),
      create: (args: Record<string, unknown>) => forms.create(args as never),
      updateMany: (args: Record<string, unknown>) => forms.updateMany(args as never),
      deleteMany: (args: Record<string, unknown>) => forms.deleteMany(args as never),
    });
  },
};

/** One form within the caller's reach (404 otherwise), presented. */
async function findForm(tx: Tx, formId: string, within: Record<string, unknown> | null) {
  const row =
    within &&
    (
      await examFormStore
        .delegate(tx)
        .findMany({ where: { AND: [{ form_id: formId }, within] }, take: 1, include: examFormStore.include })
    )[0];
  if (!row) throw notFound(`Exam form ${formId} does not exist.`);
  return present(examFormStore, row);
}

/**
 * The form with its fee computation (recomputed from the settings, as of its submission for a submitted
 * form).
 */
async function detail(tx: Tx, form: Record<string, unknown>) {
  const link = await examLink(tx, form as never);
  const at = form.submitted_at ? new Date(String(form.submitted_at)) : new Date();
  const fee = await feeOf(tx, link, String(form.student_id), (form.papers ?? []) as never, at);
  return {
    examform: form,
    fee: fee.lines,
    phase: link.phase,
    clashes: await formClashes(tx, String(form.form_id)),
  };
}

/**
 * The module's own calls for exam forms (the engine lists them, with filters `status`, `college_id`,
 * `exam_id`, ...):
 * - `POST /api/examform` creates a DRAFT (student: its own; office: any) with its papers and fee;
 * - `PUT /api/examform/{form_id}` changes the chosen papers of a DRAFT or RETURNED form (a RETURNED one is
 *   DRAFT again);
 * - `GET /api/examform/{form_id}` answers the form with its papers and fee lines;
 * - `GET /api/examform-eligible/{student_id}` the back/improvement papers the student may choose, and the
 *   exam course
 *   links open for forms now in its enrolments' and backlogs' semesters (a student reads no course link
 *   otherwise);
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
      const out = valuesOutOfScope(scope, res.locals.user!, examFormResource.scopeFields, input);
      if (Object.keys(out).length)
        throw new AppError(
          'OUT_OF_SCOPE',
          `You may fill only your own exam form (student ${out.student_id ?? 'none'}).`,
        );
      const form = await db.prisma
        .$transaction(async (tx) => {
          const student = await tx.student.findUnique({
            where: { student_id: input.student_id },
            select: { college_id: true },
          });
          if (!student) throw invalid({ student_id: [`Student ${input.student_id} does not exist.`] });
          const link = await examLink(tx, input);
          refuseOutsideWindow(link);
          refuseType(link, input.candidate_type);
          const existing = await tx.examForm.findFirst({
            where: {
              exam_id: input.exam_id,
              student_id: input.student_id,
              session_id: input.session_id,
              course_comb_id: input.course_comb_id,
              sem_id: input.sem_id,
            },
            select: { form_id: true, status: true },
          });
          if (existing)
            throw duplicateKey(
              `Student ${input.student_id} already has exam form ${existing.form_id} (${existing.status}) for ${input.course_comb_id} ${input.sem_id} in ${input.exam_id}; one form per semester.`,
            );
          const papers = await formPapers(tx, input, input.candidate_type, input.extra_papers ?? []);
          const fee = await feeOf(tx, link, input.student_id, papers);
          const form_id = newId('F');
          const enrolment = await tx.studentCcinfo.findUnique({
            where: {
              key: {
                student_id: input.student_id,
                session_id: input.session_id,
                course_comb_id: input.course_comb_id,
                sem_id: input.sem_id,
              },
            },
            select: { college_id: true },
          });
          await tx.examForm.create({
            data: {
              form_id,
              exam_id: input.exam_id,
              student_id: input.student_id,
              session_id: input.session_id,
              course_comb_id: input.course_comb_id,
              sem_id: input.sem_id,
              college_id: enrolment?.college_id ?? student.college_id,
              candidate_type: input.candidate_type,
              remarks: input.remarks ?? null,
              fee_amount: fee.total,
              late_fee: fee.late,
            },
          });
          await storePapers(tx, form_id, papers);
          const created = await findForm(tx, form_id, {});
          await recordChange(tx, req, res, {
            action: 'create',
            entity: 'examform',
            key: form_id,
            after: created,
          });
          return detail(tx, created);
        })
        .catch((error) => {
          if (prismaCode(error) === 'P2002')
            throw duplicateKey(
              `Student ${input.student_id} already has an exam form for ${input.course_comb_id} ${input.sem_id} in ${input.exam_id}; one form per semester.`,
            );
          throw error;
        });
      res.status(201).json({
        ...form,
        message: `Exam form ${String(form.examform.form_id)} saved as a draft; submit it to lock the papers.`,
      });
    })
    .all((req, res, next) => (req.method === 'GET' ? next() : methodNotAllowed(req, res, next)));

  const edit = async (req: Request, res: Response) => {
    const { within } = reach(res, 'write');
    const { form_id } = keyFromPath(examFormResource, req.params as Record<string, string>);
    const input = parseOr422(examFormEdit, req.body ?? {});
    const answer = await db.prisma.$transaction(async (tx) => {
      const current = await findForm(tx, form_id, within);
      if (
        input.updated_at &&
        new Date(input.updated_at).getTime() !== new Date(String(current.updated_at)).getTime()
      ) {
        throw staleEdit(
          `Exam form ${form_id} was changed by someone else after you opened it. Reload it and make your change again.`,
        );
      }
      if (!editableStatuses.includes(String(current.status))) {
        throw new AppError(
          'LOCKED',
          `Exam form ${form_id} is ${String(current.status)}; only a draft or a returned form can be changed (the exam office corrects later ones with a reason).`,
        );
      }
      const target = current as never as Parameters<typeof formPapers>[1];
      const link = await examLink(tx, target);
      refuseOutsideWindow(link);
      const candidate = input.candidate_type ?? (current.candidate_type as never);
      refuseType(link, candidate);
      const chosen =
        input.extra_papers ??
        ((current.papers as Array<Record<string, unknown>>).filter(
          (p) => p.attempt_type !== 'REGULAR',
        ) as never);
      const papers = await formPapers(tx, target, candidate, chosen);
      const fee = await feeOf(tx, link, String(current.student_id), papers);
      await storePapers(tx, form_id, papers);
      // A returned form that is edited is a draft again (state machine A).
      await tx.examForm.update({
        where: { form_id },
        data: {
          candidate_type: candidate,
          remarks: input.remarks === undefined ? undefined : input.remarks,
          fee_amount: fee.total,
          late_fee: fee.late,
          status: 'DRAFT',
          updated_at: new Date(),
        },
      });
      const updated = await findForm(tx, form_id, {});
      await recordChange(tx, req, res, {
        action: 'update',
        entity: 'examform',
        key: form_id,
        before: current,
        after: updated,
      });
      return detail(tx, updated);
    });
    res.json({ ...answer, message: `Exam form ${form_id} saved.` });
  };

  router
    .route('/examform/:form_id')
    .get(async (req, res) => {
      const { within } = reach(res, 'read');
      const { form_id } = keyFromPath(examFormResource, req.params as Record<string, string>);
      res.json(await db.prisma.$transaction(async (tx) => detail(tx, await findForm(tx, form_id, within))));
    })
    .put(edit)
    .all((req, res, next) => (req.method === 'DELETE' ? next() : methodNotAllowed(req, res, next)));

  router
    .route('/examform/:form_id/pdf')
    .get(async (req, res) => {
      const { within } = reach(res, 'read');
      const { form_id } = keyFromPath(examFormResource, req.params as Record<string, string>);
      const data = await db.prisma.$transaction(async (tx) => {
        const form = await findForm(tx, form_id, within);
        const { fee } = await detail(tx, form);
        return { form, fee };
      });
      await examFormPdf(db, data.form, data.fee, res);
    })
    .all(methodNotAllowed);

  router
    .route('/examform-eligible/:student_id')
    .get(async (req, res) => {
      const { within } = reach(res, 'read');
      // Read as every key is read: an impossible one (a NUL, too long) is a missing student, not a database
      // error.
      const { student_id: studentId } = keyFromPath(
        studentResource,
        req.params as Record<string, string>,
      ) as { student_id: string };
      const scoped =
        within &&
        (await db.prisma.student.findFirst({
          where: { AND: [{ student_id: studentId }, within] },
          select: { student_id: true },
        }));
      if (!scoped) throw notFound(`Student ${studentId} does not exist.`);
      res.json(
        await db.prisma.$transaction(async (tx) => ({
          papers: await eligiblePapers(tx, studentId),
          links: await openLinks(tx, studentId),
        })),
      );
    })
    .all(methodNotAllowed);

  return router;
}
