// The servers Playwright tests run against: the production build (`next build` + `next start`) on its
// own port, output folder and database. With DATABASE_URL=postgresql://… that database is used; otherwise a
// fresh embedded PGlite in .data/e2e-<port>. E2E_SKIP_BUILD=1 reuses a build.
//
// E2E_COMPANY_PORT starts a second server of the same build beside it, on a database of its own (PostgreSQL:
// the first one's name + `_company`, made afresh; PGlite: .data/e2e-<that port>), for the specs that change
// company-wide settings (playwright.config.ts): they run beside the others instead of after them. Its
// database is migrated and seeded while the build runs, and it starts once the first server answers, so
// Playwright, which waits for its address, finds both up.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const port = process.env.E2E_PORT || '3100';
const companyPort = process.env.E2E_COMPANY_PORT || '';
// The default port builds into .next (what CI runs); other ports get their own folder for parallel runs.
const distDir = process.env.NEXT_DIST_DIR || (port === '3100' ? '.next' : `.next-e2e-${port}`);

function envFor(p) {
  const smtpPort = p === port && process.env.E2E_SMTP_PORT ? process.env.E2E_SMTP_PORT : Number(p) + 1000;
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: '1',
    AUTH_SECRET: process.env.AUTH_SECRET || 'e2e-secret-e2e-secret-e2e-secret-0123456789',
    ADMIN_REGISTRATION_TOKEN: process.env.ADMIN_REGISTRATION_TOKEN || 'e2e-admin-token-8d2f6b1c9e4a7035',
    NEXTAUTH_URL: `http://127.0.0.1:${p}`,
    // Every spec registers its employees from this one address; the per-address limit has its own tests.
    SIGNUPS_PER_ADDRESS_PER_HOUR: process.env.SIGNUPS_PER_ADDRESS_PER_HOUR || '10000',
    // E-mail goes to an SMTP server that e2e/notifications.spec.ts starts on this port (E2E_SMTP_PORT, default
    // the app's port + 1000) while it runs; at other times a delivery finds nobody listening and is retried.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Absensi E2E <no-reply@absensi.test>',
    APP_BASE_URL: `http://127.0.0.1:${p}`,
    // Notifications are delivered within a second or two of their event, not the default 5 s.
    JOB_POLL_SECONDS: process.env.JOB_POLL_SECONDS || '1',
  };
}

/** The database of the server on port `p`: PostgreSQL's is made afresh for the second server. */
async function databaseFor(p, env) {
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL || '')) {
    const dir = `.data/e2e-${p}`;
    rmSync(dir, { recursive: true, force: true });
    return `pglite:${dir}`;
  }
  if (p === port) return env.DATABASE_URL;
  const url = new URL(env.DATABASE_URL);
  const name = `${decodeURIComponent(url.pathname.slice(1))}_company`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const quoted = `"${name.replaceAll('"', '""')}"`;
  await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${quoted}`);
  await client.end();
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

const env = envFor(port);
env.DATABASE_URL = await databaseFor(port, env);

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Runs a command beside this script; resolves when it ends well, exits the script when it fails. */
function runBeside(cmd, args, runEnv) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: runEnv });
    child.on('exit', (code) => (code === 0 ? resolve() : process.exit(code ?? 1)));
  });
}

// The second server's database is migrated and seeded while the build runs (the Prisma client is already
// generated: the build needs it as well).
let companyEnv = null;
let companyReady = Promise.resolve();
if (companyPort) {
  companyEnv = envFor(companyPort);
  companyEnv.DATABASE_URL = await databaseFor(companyPort, companyEnv);
  companyReady = runBeside('node_modules/.bin/tsx', ['scripts/migrate.ts'], companyEnv).then(() =>
    runBeside('node_modules/.bin/tsx', ['prisma/seed.ts', '--if-empty'], companyEnv),
  );
}

// The build skips its type check (next.config.mjs): the test run's typecheck covers it. E2E_TYPECHECK=1 keeps it.
if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(`${distDir}/BUILD_ID`))
  run('node_modules/.bin/next', ['build'], process.env.E2E_TYPECHECK === '1' ? {} : { NEXT_SKIP_TYPECHECK: '1' });
run(process.execPath, ['scripts/prepare.mjs']);
await companyReady;

// Playwright's API client keeps idle connections open and reuses them without retrying: with Node's
// default 5 s keep-alive, a request sent after a longer pause (a spec's browser steps in between) could
// meet the server closing that socket and fail with ECONNRESET. Browsers retry such a request; this
// client does not, so the test server keeps idle connections for a minute.
const servers = [];
function start(p, serverEnv) {
  // As `npm start` runs the server (package.json, docs/deploy.md): 32 MB semi-spaces, so the tests and the
  // benchmarks that start it measure the server as it runs in production.
  const args = ['--max-semi-space-size=32', 'node_modules/next/dist/bin/next', 'start', '-p', p, '-H', '127.0.0.1'];
  const server = spawn(process.execPath, [...args, '--keepAliveTimeout', '60000'], {
    stdio: 'inherit',
    env: serverEnv,
  });
  // One server gone ends the run's servers: Playwright sees the script exit.
  server.on('exit', (code) => {
    for (const other of servers) if (other !== server) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  servers.push(server);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => servers.forEach((s) => s.kill(sig)));

start(port, env);
if (companyEnv) {
  // Playwright waits for the second server's address; the first must answer by then too.
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  start(companyPort, companyEnv);
}
