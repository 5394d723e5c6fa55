import type { RequestHandler } from 'express';
import { masterDataPermissions, type RoleName } from '@exam/contracts';
import { forbidden } from '../errors.ts';

export type Access = 'read' | 'write';

/** Master data: the one permission table lives in the contracts, so the web app hides what the API refuses. */
export const requireMasterData =
  (access: Access): RequestHandler =>
  (_req, res, next) => {
    const role = res.locals.user?.role as RoleName | undefined;
    if (!role || !masterDataPermissions[role]?.[access]) {
      throw forbidden(
        access === 'write'
          ? `The ${role} role may view master data but not change it; ask the exam office.`
          : `The ${role} role has no access to master data.`,
      );
    }
    next();
  };
