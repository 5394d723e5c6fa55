import path from 'node:path';
import { createRequire } from 'node:module';
import express, { Router } from 'express';
import { buildOpenApiDocument } from './openapi.ts';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Exam administration API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger', deepLinking: true });`;

/** The generated OpenAPI document and a browsable reference (Swagger UI, served from the package: no CDN). */
export function docsRoutes() {
  const document = buildOpenApiDocument();
  const router = Router();
  router.get('/openapi.json', (_req, res) => void res.json(document));
  router.get('/docs', (_req, res) => void res.type('html').send(page));
  router.get('/docs/init.js', (_req, res) => void res.type('js').send(init));
  router.use('/docs/assets', express.static(swaggerDir, { index: false }));
  return router;
}
