// Anonymous answer-book coding, packets, examiners and decode (lifecycle S6): /FlapStickers, /FlapEntry,
// /Examiners.
import { codingRoutes } from './routes.tsx';

export { codingRoutes };

/** The placeholder paths this feature serves itself now. */
export const servedCodingPaths: string[] = (codingRoutes.signedIn ?? []).map((r) => r.path!);
