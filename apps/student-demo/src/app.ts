import cors from 'cors';
import express from 'express';
import type { Connection } from '@exam/db/connection';
import { errorHandler, methodNotAllowed, noStore, notFound } from './http.ts';
import { studentRepository } from './student-repository.ts';
import { studentRouter } from './student-router.ts';

export interface AppDeps {
  db: Connection;
  corsOrigins: readonly string[];
  log?: (message: string, error?: unknown) => void;
}

const defaultLog = (message: string, error?: unknown) => console.error(message, error ?? '');

/** Builds the demo service without listening, so tests drive it directly; the students table must exist. */
export function buildApp({ db, corsOrigins, log = defaultLog }: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(noStore);
  app.use(
    cors({
      origin: (origin, callback) => callback(null, origin !== undefined && corsOrigins.includes(origin)),
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Content-Type'],
      maxAge: 600,
    }),
  );
  app.use(express.json({ limit: '100kb' }));

  app
    .route('/health')
    .get(async (_req, res) => {
      await db.query('SELECT 1');
      res.json({ status: 'ok' });
    })
    .all(methodNotAllowed('GET', 'HEAD'));
  app.use('/students', studentRouter(studentRepository(db)));

  app.use(notFound);
  app.use(errorHandler(log));
  return app;
}
