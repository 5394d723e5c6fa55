import { z } from 'zod';

/**
 * `GET /api/client-config` (no token): what the web app learns at run time instead of at build time, so one
 * build works on every address and port it is served from. The demo service is on the page's own host at this
 * port.
 */
export const clientConfig = z.object({ student_demo_port: z.number().int().min(1).max(65_535) });
export type ClientConfig = z.infer<typeof clientConfig>;
