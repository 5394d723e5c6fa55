// Runs `prisma generate` without the network: the CLI wants a schema-engine binary it never starts
// during generate, and would download one from a host these machines cannot reach.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const schema = fileURLToPath(new URL('../../../prisma/schema.prisma', import.meta.url));
const result = spawnSync('prisma', ['generate', '--schema', schema], {
  stdio: 'inherit',
  env,
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);
