import { Router } from 'express';
import { clientConfig } from '@exam/contracts';
import type { Config } from '../../config.ts';
import { methodNotAllowed } from '../http/middleware.ts';

/**
 * Without a token: what the web app needs to know at run time (not baked into its build), so one build works
 * from every address and port it is served on. Nothing secret: the demo's port is visible to any port scan.
 */
export function clientConfigRoutes(config: Pick<Config, 'demoPort'>) {
  const router = Router();
  router
    .route('/client-config')
    .get((_req, res) => void res.json(clientConfig.parse({ student_demo_port: config.demoPort })))
    .all(methodNotAllowed);
  return router;
}
