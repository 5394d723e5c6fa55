import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * Routers tried in order, each only by the requests it may answer. Express tries every layer of every router
 * in turn: with a router per module and a history, list and workflow router per resource, a read of
 * `/api/paperinfosem/{4 keys}` walked 111 layers of /api and entered eleven module routers, each a regular
 * expression per route and, once a router has no more layers, a turn of the event loop (router 2's
 * setImmediate) before the next; the routing allocated about a quarter of that request's memory. Here a
 * router is asked only for paths whose first segment its routes start with and, where every route there is
 * made of fixed words and `:name` parameters, only for paths of as many segments; a router with a route or
 * middleware that may match anything is always asked. The routers still answer in the order given, as with
 * `use`, and match the request themselves.
 */
export interface RoutedHandler {
  /** Mounted at this path (`/paperinfosem`) as `router.use(path, handler)` would; at the root without. */
  path?: string;
  handler: RequestHandler;
}

type Layer = {
  rawPath?: unknown;
  route?: { path?: unknown };
  handle?: { stack?: Layer[] };
  slash?: boolean;
};

/**
 * What paths a handler may answer: per fixed first segment (lower case: routes match without regard to case),
 * the numbers of segments its routes there have, or `any` (a mount, or a route with a pattern or an optional
 * part). Undefined: any path at all (a plain middleware, a route or mount starting with a parameter).
 */
export type Reach = Map<string, Set<number> | 'any'>;

/** A route path's segments (a trailing slash ignored, as routes match with or without one). */
const segmentsIn = (path: string) => {
  const parts = path.split('/').slice(1);
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  return parts;
};

/**
 * A path's fixed first segment and, for a route made only of fixed words and `:name` parameters, its number
 * of segments; undefined when it starts with a parameter or a pattern and may match any first segment.
 */
export function reachOfPath(path: unknown, route: boolean): Reach | undefined {
  if (typeof path !== 'string' || !path.startsWith('/')) return undefined;
  const parts = segmentsIn(path);
  const first = parts[0] ?? '';
  if (!/^[A-Za-z0-9_.~-]+$/.test(first)) return undefined;
  const exact = route && parts.every((p) => /^(:[A-Za-z_$][\w$]*|[A-Za-z0-9_.~-]+)$/.test(p));
  return new Map([[first.toLowerCase(), exact ? new Set([parts.length]) : 'any']]);
}

/** What a handler (a router: the union of its layers') may answer; see Reach. */
export function reachOf(handler: RequestHandler, path?: string): Reach | undefined {
  if (path !== undefined) return reachOfPath(path, false);
  const stack = (handler as { stack?: Layer[] }).stack;
  if (!Array.isArray(stack)) return undefined;
  const reach: Reach = new Map();
  for (const layer of stack) {
    // A route: its own path. A router used at the root: what its layers reach. Any other use: its path.
    const found = layer.route
      ? reachOfPath(layer.route.path, true)
      : layer.slash
        ? reachOf(layer.handle as RequestHandler)
        : reachOfPath(layer.rawPath, false);
    if (!found) return undefined;
    for (const [segment, counts] of found) {
      const had = reach.get(segment);
      reach.set(segment, had === 'any' || counts === 'any' ? 'any' : new Set([...(had ?? []), ...counts]));
    }
  }
  return reach;
}

/** The first segment of a request's path (lower case) and its number of segments. */
const shapeOf = (path: string) => {
  const parts = segmentsIn(path);
  return { first: (parts[0] ?? '').toLowerCase(), count: parts.length };
};

export function segmentRouting(handlers: readonly RoutedHandler[]): RequestHandler {
  const entries = handlers.map(({ path, handler }) => ({
    reach: reachOf(handler, path),
    handle: path === undefined ? handler : Router().use(path, handler),
  }));
  const anySegment = entries.filter((e) => !e.reach).map((e) => e.handle);
  // Per first segment, the handlers that may answer a path of n segments (index n; the last entry: more
  // segments than any route names), in the order given. Any other first segment: the catch-alls.
  const longest = Math.max(
    0,
    ...entries.flatMap((e) => [...(e.reach?.values() ?? [])].flatMap((c) => (c === 'any' ? [] : [...c]))),
  );
  const chains = new Map<string, RequestHandler[][]>();
  for (const segment of new Set(entries.flatMap((e) => [...(e.reach?.keys() ?? [])]))) {
    const byCount: RequestHandler[][] = [];
    for (let n = 0; n <= longest + 1; n++) {
      byCount.push(
        entries
          .filter((e) => {
            const counts = e.reach?.get(segment);
            return !e.reach || counts === 'any' || counts?.has(n);
          })
          .map((e) => e.handle),
      );
    }
    chains.set(segment, byCount);
  }

  const dispatch = (req: Request, res: Response, next: NextFunction) => {
    // req.path: the path relative to where this is mounted, without the query (and without the scheme and
    // host of an absolute-form request line), as the routers match it.
    const { first, count } = shapeOf(req.path);
    const byCount = chains.get(first);
    const chain = byCount ? byCount[Math.min(count, longest + 1)]! : anySegment;
    let i = 0;
    const step = (error?: unknown) => {
      if (error !== undefined && error !== null) return next(error);
      const handle = chain[i++];
      if (!handle) return next();
      try {
        handle(req, res, step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
  // The handlers as the layers Express would have made of them with `use`, for whoever lists the routes an
  // app serves (the OpenAPI test walks `stack`).
  const stack: Layer[] = handlers.map(({ path, handler }) => ({
    rawPath: path ?? '/',
    slash: path === undefined,
    handle: handler as Layer['handle'],
  }));
  return Object.assign(dispatch, { stack });
}
