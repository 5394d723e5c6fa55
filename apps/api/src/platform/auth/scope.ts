import type { Scope, ScopeFields } from '@exam/contracts';

/** What scoping needs of the caller: its own user row (never anything of the request). */
export interface ScopedUser {
  college_id: string | null;
  dept_id: string | null;
  student_id: string | null;
}

type Where = Record<string, unknown>;

/** `paper.dept_id` = X as a Prisma filter through the relation: `{ paper: { dept_id: X } }`. */
function fieldEquals(path: string, value: string): Where {
  return path.split('.').reduceRight<unknown>((inner, part) => ({ [part]: inner }), value) as Where;
}

/**
 * The filter that limits a resource's rows to the caller's scope (identity/capabilities.ts says what each
 * scope means): `{}` for `any`, `null` when the caller reaches no row at all (no college of its own, or a
 * resource that keeps no field for the scope: fail closed).
 */
export function scopeWhere(scope: Scope, user: ScopedUser, fields: ScopeFields): Where | null {
  const conditions: Where[] = [];
  const require = (field: string | undefined, value: string | null) => {
    if (!field || !value) return false;
    conditions.push(fieldEquals(field, value));
    return true;
  };
  switch (scope) {
    case 'any':
      return {};
    case 'college':
      if (!require(fields.college, user.college_id)) return null;
      break;
    case 'department':
      if (!require(fields.department, user.dept_id)) return null;
      // A college's faculty: its department's rows of its own college only.
      if (user.college_id && fields.college) require(fields.college, user.college_id);
      break;
    case 'own-student':
      if (!require(fields.student, user.student_id)) return null;
      break;
  }
  return conditions.length === 1 ? conditions[0]! : { AND: conditions };
}

/**
 * Values a write sends for the row's own scope fields (plain fields, not relation paths) that lie outside the
 * caller's scope, as `field -> the value the caller may use`. Checked before anything else about the row, so
 * the answer never depends on whether another college's records exist. Relation paths are checked by reading
 * the written row back through `scopeWhere`.
 */
export function valuesOutOfScope(
  scope: Scope,
  user: ScopedUser,
  fields: ScopeFields,
  values: Record<string, unknown>,
): Record<string, string | null> {
  const own: Array<[string | undefined, string | null]> =
    scope === 'college'
      ? [[fields.college, user.college_id]]
      : scope === 'department'
        ? [
            [fields.department, user.dept_id],
            ...(user.college_id
              ? [[fields.college, user.college_id] as [string | undefined, string | null]]
              : []),
          ]
        : scope === 'own-student'
          ? [[fields.student, user.student_id]]
          : [];
  const out: Record<string, string | null> = {};
  for (const [field, mine] of own) {
    if (!field || field.includes('.') || values[field] === undefined) continue;
    if (values[field] === null || String(values[field]) !== mine) out[field] = mine;
  }
  return out;
}
