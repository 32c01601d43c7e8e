// Builds the production server once for the reliability and scale tests (unless a build exists and
// RELIABILITY_BUILD is not 1), and insists on a PostgreSQL server to create databases on.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DIST_DIR, serverEnv } from './harness';

export default function setup() {
  if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')) {
    throw new Error(
      'npm run test:reliability and test:scale need DATABASE_URL=postgresql://… (a server they may create databases on, e.g. postgresql://postgres@127.0.0.1:5432/postgres)',
    );
  }
  if (process.env.RELIABILITY_BUILD !== '1' && existsSync(`${DIST_DIR}/BUILD_ID`)) return;
  const r = spawnSync('node_modules/.bin/next', ['build'], { stdio: 'inherit', env: serverEnv(process.env.DATABASE_URL!) });
  if (r.status !== 0) throw new Error(`next build failed (${r.status})`);
}
