import type { RequestHandler } from 'express';
import { AppError } from './errors.ts';

/** For `router.route(path).get(...).all(methodNotAllowed)`: answers 405 with the methods the path does support. */
export const methodNotAllowed: RequestHandler = (req) => {
  const methods = Object.keys((req.route as { methods?: Record<string, boolean> } | undefined)?.methods ?? {})
    .filter((m) => m !== '_all')
    .map((m) => m.toUpperCase());
  if (methods.includes('GET')) methods.push('HEAD');
  throw new AppError(405, `${req.method} is not supported here; use ${methods.join(', ')}.`, undefined, { Allow: methods.join(', ') });
};

/** API answers are about live data: never cached by browsers or proxies. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** Writes carry JSON; anything else is refused before it is parsed. */
export const jsonWrites: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (['POST', 'PUT', 'PATCH'].includes(req.method) && hasBody && !req.is('application/json')) {
    throw new AppError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  next();
};
