// Gives this test file a database of its own (see global-setup.ts) before any app module opens it.
import { afterAll, inject } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

const info = inject('testDb');
let ownDir: string | undefined;
process.env.AUTH_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';
process.env.ADMIN_REGISTRATION_TOKEN ??= 'admin-token-for-tests-5c1e9a7f3b2d8064';
process.env.FACE_WORKER = 'off';

if (info.kind === 'postgres') {
  const name = `${info.prefix}${randomBytes(6).toString('hex')}`;
  const base = new URL(info.serverUrl);
  base.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  // The global setup's migration connection may still be closing when the first files start: a template
  // in use cannot be copied (55006), so wait for it briefly.
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${info.template}"`);
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await admin.end();
  const url = new URL(info.serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  // A copy of the migrated template folder, this file's own (removed after its tests).
  ownDir = path.join(info.dir, randomBytes(6).toString('hex'));
  cpSync(info.template, ownDir, { recursive: true });
  process.env.DATABASE_URL = `pglite:${ownDir}`;
}

// As the server process does (instrumentation.ts): tests give each request's address with call({ ip }).
(await import('@/lib/server/client-ip')).stampPeerAddresses();

afterAll(async () => {
  const { disconnectDb } = await import('@/lib/server/db');
  await disconnectDb();
  if (ownDir) rmSync(ownDir, { recursive: true, force: true });
});
