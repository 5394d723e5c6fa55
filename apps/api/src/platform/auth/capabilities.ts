import type { RequestHandler, Response } from 'express';
import { can, refusalMessageOf, type CapabilityKey, type Scope } from '@exam/contracts';
import { forbidden } from '../http/errors.ts';

/**
 * The scope in which the signed-in caller holds `capability`, read from the one grants table in the contracts
 * (so the web app hides what the API refuses); a caller without it gets 403 FORBIDDEN.
 */
export function scopeOf(res: Response, capability: CapabilityKey): Scope {
  const role = res.locals.user?.role;
  const scope = can(role, capability);
  if (!scope) throw forbidden(refusalMessageOf(role, capability));
  return scope;
}

/** For calls that only need the capability (their rows are not scoped): 403 FORBIDDEN without it. */
export const requireCapability =
  (capability: CapabilityKey): RequestHandler =>
  (_req, res, next) => {
    scopeOf(res, capability);
    next();
  };
