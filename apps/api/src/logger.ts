import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
  child(fields: object): Logger;
}

/** One JSON object per line on stdout. Callers never pass headers, bodies or tokens. */
export function createLogger(
  minLevel: Level | 'silent' = 'info',
  base: object = {},
  write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
): Logger {
  const emit = (level: Level) => (fields: object, msg: string) => {
    if (minLevel === 'silent' || order[level] < order[minLevel]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...base, ...fields }));
  };
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    child: (fields) => createLogger(minLevel, { ...base, ...fields }, write),
  };
}

declare global {
  namespace Express {
    interface Request {
      id: string;
      log: Logger;
    }
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Gives each request an id (a sane incoming X-Request-Id is kept), echoes it, and logs method, path, status and duration. */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    req.id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ request_id: req.id });
    res.set('X-Request-Id', req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const duration_ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The path only: query strings may carry legacy ?token= values.
      req.log.info(
        { method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, duration_ms: Math.round(duration_ms * 10) / 10, user: res.locals.user?.id },
        'request',
      );
    });
    next();
  };
}
