// `pnpm --filter @exam/bench documents`: 10,000 students' marksheets drafted by the batch job and printed as
// one PDF through the API beside pdfkit alone, and GET /api/verify/{token} beside a node:http + pg verifier;
// writes the documents section of bench/RESULTS.md. Needs PostgreSQL (DATABASE_URL, default local) and
// pdfinfo (poppler-utils).
import { benchServerUrl, runSectionBench } from '../section-run.ts';
import { renderDocumentsSection, runDocumentsBench } from './documents-bench.ts';

await runSectionBench({
  name: 'documents',
  notes: new URL('./NOTES.md', import.meta.url),
  run: async (option, notes) =>
    renderDocumentsSection(
      await runDocumentsBench({
        serverUrl: benchServerUrl(),
        students: Number(option('--students') ?? 10_000),
        issue: Number(option('--issue') ?? 40),
        connections: Number(option('--connections') ?? 16),
        seconds: Number(option('--seconds') ?? 15),
      }),
      notes,
    ),
});
