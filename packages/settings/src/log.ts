/**
 * The log line every service writes: one JSON object per line on stdout (`time`, `level`, `msg`, the
 * service's fields), from LOG_LEVEL up. The API, the worker, the migrate command and the student demo all log
 * this way, so one collector reads every container. Callers never pass headers, bodies or tokens.
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
  child(fields: object): Logger;
}

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
