// Marks entry (lifecycle S3 internal, S6 award lists and external marks, S7 practicals): one grid for every
// entry screen.
import { marksRoutes } from './routes.tsx';

export { marksRoutes };

/** The placeholder paths this feature serves itself now. */
export const servedMarksPaths: string[] = (marksRoutes.signedIn ?? []).map((r) => r.path!);
