// Conduct of the examination (lifecycle S5): seating, stickers, attendance, present/absent, UFM.
import { conductRoutes } from './routes.tsx';

export { conductRoutes };

/** The placeholder paths this feature serves itself now. */
export const servedConductPaths: string[] = (conductRoutes.signedIn ?? []).map((r) => r.path!);
