// Files the product makes for a user to download (a job's PDF): kept in the database, served to their owner
// only (docs/decisions/0016-stored-files.md).
import type { ApiModule } from '../module.ts';
import { errors, pathParam, signedInErrors } from '../openapi/openapi.ts';
import { storedFileRoutes } from './stored-files.ts';

export { saveFile, type NewFile } from './stored-files.ts';

/**
 * `GET /api/file/{file_id}`, served like a module's own calls (app.ts mounts it before the product's
 * modules).
 */
export const storedFilesPlatform: ApiModule = {
  name: 'stored-files',
  routes: ({ db }) => storedFileRoutes(db),
  openapi: {
    '/file/{file_id}': {
      get: {
        tags: ['files'],
        summary: 'Download a file a job made for the caller (a PDF of letters, documents, ...)',
        description:
          'The `url` of a job result’s `file`. Only the user the file was made for downloads it, for 7 ' +
          'days; anyone else, or later, gets 404.',
        parameters: [pathParam('file_id', 'The file id (a UUID)')],
        responses: {
          200: {
            description: 'The file, as an attachment with its name',
            content: { 'application/pdf': { schema: { type: 'string', contentEncoding: 'binary' } } },
          },
          ...errors(...signedInErrors, 'NOT_FOUND'),
        },
      },
    },
  },
};
