// Integration tests run against a real database. With DATABASE_URL=postgresql://… a template database
// is migrated once and every test file gets its own copy (CREATE DATABASE … TEMPLATE), so files
// run in parallel without seeing each other's rows. Without it, each file uses an in-memory PGlite.
import pg from 'pg';
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
    project.provide('testDb', { kind: 'pglite' });
    return;
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
    testDb: { kind: 'pglite' } | { kind: 'postgres'; serverUrl: string; template: string; prefix: string };
  }
}
