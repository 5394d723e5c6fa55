import type { LeanRoute } from './http/lean-routes.ts';
import type { Router } from 'express';
import type { Database } from '@exam/db';
import type { Config } from '../config.ts';
import type { ServedResource } from './crud/registry.ts';
import type { JobDefinition } from './jobs/define.ts';
import type { WorkflowEntry } from './workflows/effects.ts';

export interface ModuleContext {
  db: Database;
  config: Config;
}

/** An OpenAPI path item (`{get: {...}, post: {...}}`), keyed by its path under /api. */
export type OpenApiPaths = Record<string, Record<string, unknown>>;

/**
 * What a module adds to the API. `app.ts` builds the API from the list in `modules.ts`: every module's own
 * routes first (a lookup path such as `course/{offset}/{limit}` must not be read as a record key), then the
 * generic engine for every module's resources. Everything is behind sign-in.
 */
export interface ApiModule {
  name: string;
  /** Resources the generic engine serves at `/api/<path>` (list, one, create, update, delete). */
  resources?: readonly ServedResource[];
  /**
   * State machines of its resources (contracts' defineWorkflow): every action is served at `POST
   * /api/<resource path>/<key...>/<action>` by one mechanism (platform/workflows) and described in OpenAPI.
   * An entry `{workflow, effects}` adds the database rules of its actions (guards, rows they create, 202
   * jobs), run in the action's transaction (platform/workflows/effects.ts).
   */
  workflows?: readonly WorkflowEntry[];
  /**
   * Its kinds of long work (platform/jobs defineJob): the runners (worker process, or the API with
   * JOBS_IN_PROCESS) run jobs of every module's kinds; its routes start them with enqueueJob and answer 202
   * {job}.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- kinds with different data and results
  jobs?: readonly JobDefinition<any, any>[];
  /** The module's own calls (lookups, legacy paths). */
  routes?: (context: ModuleContext) => Router;
  /**
   * Calls under `/api` that need no sign-in (the spec names them: `GET /api/verify/{token}`), mounted before
   * sign-in is checked; each must limit its own abuse (rate limits) and reveal nothing a stranger may not
   * see.
   */
  publicRoutes?: (context: ModuleContext) => Router;
  /**
   * Public `GET`s served before the generic stack (platform/http/lean-routes): each also needs an ordinary
   * route in `publicRoutes` for what the lean route leaves to the full stack. The same context object is
   * passed to both.
   */
  leanRoutes?: (context: ModuleContext) => readonly LeanRoute[];
  /** Calls under `/.well-known` (outside `/api`, no sign-in): published keys. */
  wellKnownRoutes?: (context: ModuleContext) => Router;
  /**
   * The OpenAPI description of those own calls; the engine's resources are described from their contracts.
   */
  openapi?: OpenApiPaths;
}
