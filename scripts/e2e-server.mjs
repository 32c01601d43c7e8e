// The server Playwright tests run against: the production build (`next build` + `next start`)
// on its own port, output folder and database. With DATABASE_URL=postgresql://… that database is
// used; otherwise a fresh embedded PGlite in .data/e2e-<port>. E2E_SKIP_BUILD=1 reuses a build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const port = process.env.E2E_PORT || '3100';
// The default port builds into .next (what CI runs); other ports get their own folder for parallel runs.
const distDir = process.env.NEXT_DIST_DIR || (port === '3100' ? '.next' : `.next-e2e-${port}`);
const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_DIST_DIR: distDir,
  NEXT_TELEMETRY_DISABLED: '1',
  AUTH_SECRET: process.env.AUTH_SECRET || 'e2e-secret-e2e-secret-e2e-secret-0123456789',
  ADMIN_REGISTRATION_TOKEN: process.env.ADMIN_REGISTRATION_TOKEN || 'e2e-admin-token-8d2f6b1c9e4a7035',
  NEXTAUTH_URL: `http://127.0.0.1:${port}`,
  // Every spec registers its employees from this one address; the per-address limit has its own tests.
  SIGNUPS_PER_ADDRESS_PER_HOUR: process.env.SIGNUPS_PER_ADDRESS_PER_HOUR || '10000',
  // E-mail goes to an SMTP server that e2e/notifications.spec.ts starts on this port (E2E_SMTP_PORT, default
  // the app's port + 1000) while it runs; at other times a delivery finds nobody listening and is retried.
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT || Number(port) + 1000}`,
  MAIL_FROM: 'Absensi E2E <no-reply@absensi.test>',
  APP_BASE_URL: `http://127.0.0.1:${port}`,
  // Notifications are delivered within a second or two of their event, not the default 5 s.
  JOB_POLL_SECONDS: process.env.JOB_POLL_SECONDS || '1',
};
if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL || '')) {
  const dir = `.data/e2e-${port}`;
  rmSync(dir, { recursive: true, force: true });
  env.DATABASE_URL = `pglite:${dir}`;
}

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The build skips its type check (next.config.mjs): the test run's typecheck covers it. E2E_TYPECHECK=1 keeps it.
if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(`${distDir}/BUILD_ID`))
  run('node_modules/.bin/next', ['build'], process.env.E2E_TYPECHECK === '1' ? {} : { NEXT_SKIP_TYPECHECK: '1' });
run(process.execPath, ['scripts/prepare.mjs']);
// Playwright's API client keeps idle connections open and reuses them without retrying: with Node's
// default 5 s keep-alive, a request sent after a longer pause (a spec's browser steps in between) could
// meet the server closing that socket and fail with ECONNRESET. Browsers retry such a request; this
// client does not, so the test server keeps idle connections for a minute.
const server = spawn('node_modules/.bin/next', ['start', '-p', port, '-H', '127.0.0.1', '--keepAliveTimeout', '60000'], {
  stdio: 'inherit',
  env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
