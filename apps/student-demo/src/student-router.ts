import { Router } from 'express';
import { studentIdParam, studentInput } from '@exam/contracts';
import { z } from 'zod';
import { HttpError, methodNotAllowed, parseAll, requireJson } from './http.ts';
import type { StudentRepository } from './student-repository.ts';

/** Texts the demo screens show; the create text keeps the spec's spelling (section 8). */
export const studentMessages = {
  created: 'Student Created Succesfully',
  updated: 'Student Updated Successfully',
  deleted: 'Student Deleted Successfully',
  notFound: 'Student not found',
} as const;

const listQuery = z.object({
  offset: z.coerce.number({ error: 'Offset must be a number' }).int().min(0).default(0),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1).max(1000).optional(),
});

const found = <T>(row: T | undefined): T => {
  if (!row) throw new HttpError('NOT_FOUND', studentMessages.notFound);
  return row;
};

/**
 * GET/POST /students and GET/PUT/DELETE /students/:id; trailing slashes match because routing is not strict.
 */
export function studentRouter(students: StudentRepository): Router {
  const router = Router();
  router
    .route('/')
    .get(async (req, res) => {
      const { query } = parseAll({ query: listQuery }, { query: req.query });
      const { rows, total } = await students.list(query);
      res.json({ data: rows, total });
    })
    .post(requireJson, async (req, res) => {
      const { body } = parseAll({ body: studentInput }, { body: req.body });
      res.status(201).json({ data: await students.create(body), message: studentMessages.created });
    })
    .all(methodNotAllowed('GET', 'HEAD', 'POST'));

  router
    .route('/:id')
    .get(async (req, res) => {
      const { id } = parseAll({ id: studentIdParam }, { id: req.params.id });
      res.json({ data: found(await students.get(id)) });
    })
    .put(requireJson, async (req, res) => {
      const { id, body } = parseAll(
        { id: studentIdParam, body: studentInput },
        { id: req.params.id, body: req.body },
      );
      res.json({ data: found(await students.update(id, body)), message: studentMessages.updated });
    })
    .delete(async (req, res) => {
      const { id } = parseAll({ id: studentIdParam }, { id: req.params.id });
      res.json({ data: found(await students.remove(id)), message: studentMessages.deleted });
    })
    .all(methodNotAllowed('GET', 'HEAD', 'PUT', 'DELETE'));

  return router;
}
