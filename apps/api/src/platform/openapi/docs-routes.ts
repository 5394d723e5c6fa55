import path from 'node:path';
import { createRequire } from 'node:module';
import { Router } from 'express';
import type { ApiModule } from '../module.ts';
import { buildOpenApiDocument } from './openapi.ts';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Exam administration API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
const init =
  "window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger', deepLinking: true });";

/** The generated OpenAPI document and a browsable reference (Swagger UI, served from the package: no CDN). */
export function docsRoutes(modules: readonly ApiModule[]) {
  // Made on its first request, not at start: turning every contract into JSON Schema is a few hundred
  // milliseconds of a start's CPU that nobody waiting for the first page needs.
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const router = Router();
  router.get('/openapi.json', (_req, res) => void res.json((document ??= buildOpenApiDocument(modules))));
  router.get('/docs', (_req, res) => void res.type('html').send(page));
  router.get('/docs/init.js', (_req, res) => void res.type('js').send(init));
  // Only the two files the page loads: the rest of the package (package.json, READMEs) would show library
  // versions.
  for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
    router.get(
      `/docs/assets/${file}`,
      (_req, res) => void res.sendFile(file, { root: swaggerDir, maxAge: '1d' }),
    );
  }
  return router;
}
