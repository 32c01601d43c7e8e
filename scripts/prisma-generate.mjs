// Generates the Prisma client without a network.
// Prisma 7's CLI fetches a native schema-engine binary before `generate` unless
// PRISMA_SCHEMA_ENGINE_BINARY names an existing file; `generate` never runs it,
// so any file will do. Migrations use the WebAssembly engine (scripts/migrate.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
if (!existsSync(new URL('../prisma/schema.prisma', import.meta.url))) process.exit(0);
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || here,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const r = spawnSync('npx', ['--no-install', 'prisma', 'generate'], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
