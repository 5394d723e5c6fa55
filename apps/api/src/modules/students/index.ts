import { Router } from 'express';
import {
  studentAcademicResource,
  studentCcinfoResource,
  studentPaperResource,
  studentResource,
} from '@exam/contracts';
import { dataDirFromEnv } from '@exam/db';
import { asDelegate } from '../../platform/crud/store.ts';
import type { ApiModule } from '../../platform/module.ts';
import { academicDelegate } from './academic-store.ts';
import { choicesRoutes } from './choices-routes.ts';
import { enrolmentRules, studentPaperRules, studentRules } from './enrolment-service.ts';

/** For exam forms: submitting a form closes the semester's paper choices, returning it reopens them. */
export { setPaperChoicesLock } from './enrolment-store.ts';
/** For printouts (exam forms, admit cards): a student's photo or signature. */
export { readStudentImage } from './image-store.ts';
import { studentImageRoutes } from './image-routes.ts';
import { studentsOpenApi } from './openapi.ts';

/**
 * Students and enrolment (lifecycle stage S1): the engine serves the register, enrolments, academic records
 * and paper choices with the module's rules (enrolment-rules.ts); photos, signatures and changes of elective
 * choices are the module's own calls.
 */
export const studentsModule: ApiModule = {
  name: 'students',
  resources: [
    { resource: studentResource, store: { delegate: (c) => asDelegate(c.student) }, rules: studentRules },
    {
      resource: studentCcinfoResource,
      store: {
        delegate: (c) => asDelegate(c.studentCcinfo),
        include: { student: { select: { name_en: true } } },
      },
      rules: enrolmentRules,
    },
    { resource: studentAcademicResource, store: { delegate: academicDelegate } },
    {
      resource: studentPaperResource,
      store: { delegate: (c) => asDelegate(c.studentPaper) },
      rules: studentPaperRules,
    },
  ],
  routes: ({ db }) => Router().use(studentImageRoutes(db, dataDirFromEnv(process.env)), choicesRoutes(db)),
  openapi: studentsOpenApi,
};
