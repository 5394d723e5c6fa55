import { describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { useTestApp } from './support/context.ts';
import { createApp } from '../src/app.ts';

const ctx = useTestApp({ seedMasterData: false });

interface Layer {
  rawPath?: string | string[];
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/**
 * Every method + path the Express app really serves under /api, read from its router, in OpenAPI spelling.
 */
function servedRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      const raw = typeof layer.rawPath === 'string' ? layer.rawPath : '';
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
          const full = (prefix + layer.route.path).replace(/\/$/, '').replace(/:(\w+)/g, '{$1}');
          found.push(`${method.toUpperCase()} ${full}`);
        }
      } else if (layer.handle.stack) {
        walk(layer.handle.stack, prefix + (raw === '/' ? '' : raw));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found
    .filter((r) => r.split(' ')[1]!.startsWith('/api/') && !r.includes('/api/docs'))
    .map((r) => r.replace(' /api/', ' /'))
    .sort();
}

describe('the OpenAPI document', () => {
  it('is served at /api/openapi.json without a token, as OpenAPI 3.1', async () => {
    const res = await ctx.api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.components.schemas.paperinfosem.properties.paper_type).toBeDefined();
  });

  it('documents exactly the routes the app serves, no more and no fewer', async () => {
    const doc = (await ctx.api.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((k) => k !== 'parameters')
          .map((m) => `${m.toUpperCase()} ${path}`),
      )
      .filter((r) => !r.startsWith('GET /openapi.json'))
      .sort();
    const served = servedRoutes(createApp({ db: ctx.db, config: ctx.config })).filter(
      (r) => r !== 'GET /openapi.json',
    );
    expect(served.length).toBeGreaterThan(40);
    expect(served).toContain('DELETE /paperinfosem/{session_id}/{course_comb_id}/{sem_id}/{paper_id}');
    expect(served).toContain('GET /course/{offset}/{limit}');
    expect(documented).toEqual(served);
  });

  it('has a browsable reference at /api/docs that loads without the network', async () => {
    const page = await ctx.api.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const bundle = await ctx.api.get('/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.text.length).toBeGreaterThan(100_000);
  });
});
