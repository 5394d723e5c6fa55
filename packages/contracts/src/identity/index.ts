// Who a caller is: roles, sign-in shapes, and what each role may do (capabilities with scope).
export * from './roles.ts';
export * from './auth.ts';
export * from './capabilities.ts';
export * from './workflow-access.ts';
