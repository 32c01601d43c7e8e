// Integration tests run against a real database. With DATABASE_URL=postgresql://… a template database
// is migrated once and every test file gets its own copy (CREATE DATABASE … TEMPLATE), so files
// run in parallel without seeing each other's rows. Without it, the same with PGlite: one data folder is
// created and migrated once, and every test file opens a copy of its own (tests/setup-db.ts). Creating
// a PGlite database is most of the cost (its initdb: about 5 s on an idle core, 20 s on a busy one,
// against under a second to copy and open one), so it is paid once per run, not once per file.
import pg from 'pg';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

// TEST_DB_PREFIX: another name prefix for the databases made here (several runs on one server).
const PREFIX = `${process.env.TEST_DB_PREFIX ?? 'absensi_t'}${process.pid}_`;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    // Memory-backed where the system has it (/dev/shm): the copies are read and written like memory.
    const base = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'absensi-test-'));
    const template = path.join(base, 'template');
    const { applyMigrations } = await import('../lib/server/migrations');
    const { createAdapterFactory } = await import('../lib/server/db');
    const made = createAdapterFactory({ kind: 'pglite', dataDir: template });
    await applyMigrations(made.factory);
    await made.pglite!.close();
    project.provide('testDb', { kind: 'pglite', template, dir: base });
    return () => rmSync(base, { recursive: true, force: true });
  }
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  const template = `${PREFIX}template`;
  await admin.query(`DROP DATABASE IF EXISTS "${template}"`);
  await admin.query(`CREATE DATABASE "${template}"`);
  const { applyMigrations } = await import('../lib/server/migrations');
  const { createAdapterFactory } = await import('../lib/server/db');
  // The app's own PostgreSQL migration adapter: it sends each migration script whole (PL/pgSQL bodies).
  await applyMigrations(createAdapterFactory({ kind: 'postgres', url: withDatabase(url, template) }).factory);
  project.provide('testDb', { kind: 'postgres', serverUrl: url, template, prefix: PREFIX });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${PREFIX}%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite'; template: string; dir: string } | { kind: 'postgres'; serverUrl: string; template: string; prefix: string };
  }
}
