/** What the server answers before it serves (start-up), in English: `server.<what>` codes. */
export const server = {
  'server.migrating':
    'The server is waiting for database migrations to be applied; try again in a few seconds.',
  'server.starting': 'The server is starting; try again in a few seconds.',
  'server.readyMigrating': 'Waiting for database migrations.',
  'server.readyUnreachable': 'The database is not reachable right now.',
} as const;
