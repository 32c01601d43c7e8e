// Runs before `npm run dev` / `npm start`: applies migrations and seeds an empty database,
// so a fresh clone works with no setup. `--generate-only` (before `next build`) only
// regenerates the Prisma client.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('.env') && typeof process.loadEnvFile === 'function') process.loadEnvFile('.env');

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(process.execPath, ['scripts/prisma-generate.mjs']);
run(process.execPath, ['scripts/build-face-models.mjs']);
if (!process.argv.includes('--generate-only')) {
  run('node_modules/.bin/tsx', ['scripts/migrate.ts']);
  run('node_modules/.bin/tsx', ['prisma/seed.ts', '--if-empty']);
}
