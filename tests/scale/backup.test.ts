// Backup and restore as docs/deploy.md describes them: pg_dump (custom format) of a database the
// app has written to (accounts, check-ins with photos and re-check jobs, enrolment photos, failed
// logins), pg_restore into a new database, and the app started on the restored one: every table has
// the same rows, byte for byte, the app serves the same photos, logins and existing sessions work.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  adminQuery,
  checkInCrew,
  createDatabase,
  dropDatabase,
  saveLogs,
  send,
  startServer,
  stopServer,
  type Server,
} from '../reliability/harness';
import { PROXY_PORT, tag } from './setup';

const PORT = PROXY_PORT + 5;
const PASSWORD = process.env.SEED_PASSWORD || 'Absensi123';
let original: { name: string; url: string };
let restored: { name: string; url: string } | undefined;
const servers: Server[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'absensi-backup-'));

beforeAll(async () => {
  original = await createDatabase(`${process.env.SCALE_DB_PREFIX || 'absensi_scale'}_backup`);
});

afterAll(async () => {
  servers.forEach((s, i) => saveLogs(s, `scale-backup-${i}`));
  await Promise.all(servers.map(stopServer));
  rmSync(dir, { recursive: true, force: true });
  if (original) await dropDatabase(original.name);
  if (restored) await dropDatabase(restored.name);
});

/** Row count and an MD5 of every row's text, for every table of the schema (the migrations' table included). */
async function fingerprint(database: string): Promise<Record<string, string>> {
  const tables = await adminQuery<{ t: string }>(
    `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    [],
    database,
  );
  const parts = tables.map(
    ({ t }) => `SELECT '${t}' AS t, count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t}" x`,
  );
  const rows = await adminQuery<{ t: string; n: number; h: string }>(parts.join(' UNION ALL '), [], database);
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

const pgArgs = (url: string) => {
  const u = new URL(url);
  return ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
};

it('pg_dump, pg_restore into a new database, and the app runs on it with every record and photo', async () => {
  // Data written by the app itself: check-ins with photos (and their re-check jobs, some done).
  const server = await startServer(PORT, original.url);
  servers.push(server);
  const crew = await checkInCrew(original.name, 20, tag());
  for (const token of crew.tokens)
    expect((await send(PORT, 'POST', '/api/attendance/check-in', { body: crew.body, token })).status).toBe(200);
  const admin = await send(PORT, 'POST', '/api/auth/login', { body: { email: 'admin@absensi.local', password: PASSWORD } });
  expect((await send(PORT, 'POST', '/api/auth/login', { body: { email: 'admin@absensi.local', password: 'salah' } })).status).toBe(401);
  // An enrolment photo as well (stored as the enrolment route stores it; the route itself needs three live captures).
  await adminQuery(
    `INSERT INTO "FaceEnrolmentPhoto" (id, "userId", position, mime, size, data, descriptor)
     SELECT gen_random_uuid(), "userId", 1, 'image/jpeg', length($1::bytea), $1::bytea, descriptor FROM "FaceProfile" WHERE "userId" = $2::uuid`,
    [readFileSync('tests/fixtures/faces/person-a-2.jpg'), crew.ids[0]],
    original.name,
  );
  await stopServer(server);
  const before = await fingerprint(original.name);

  // The backup: what docs/deploy.md runs nightly.
  const file = path.join(dir, 'absensi.dump');
  const t0 = Date.now();
  execFileSync('pg_dump', [...pgArgs(original.url), '--format=custom', '--no-owner', `--file=${file}`, original.name]);
  const dumpMs = Date.now() - t0;
  // The restore into a new, empty database.
  restored = { name: `${original.name}_restored`, url: '' };
  await adminQuery(`CREATE DATABASE "${restored.name}"`);
  const u = new URL(original.url);
  u.pathname = `/${restored.name}`;
  restored.url = u.toString();
  const t1 = Date.now();
  execFileSync('pg_restore', [...pgArgs(original.url), '--no-owner', '--exit-on-error', `--dbname=${restored.name}`, file]);
  const restoreMs = Date.now() - t1;
  const after = await fingerprint(restored.name);

  // The app on the restored database: migrations have nothing to apply, logins and old sessions work, photos are the same bytes.
  const migrate = execFileSync('node_modules/.bin/tsx', ['scripts/migrate.ts'], {
    env: { ...process.env, DATABASE_URL: restored.url },
    encoding: 'utf8',
  });
  const again = await startServer(PORT, restored.url);
  servers.push(again);
  const login = await send(PORT, 'POST', '/api/auth/login', { body: { email: 'admin@absensi.local', password: PASSWORD } });
  const oldSession = await send(PORT, 'GET', '/api/auth/me', { token: admin.body.token });
  const [first] = await adminQuery<{ id: string }>(`SELECT id FROM "Attendance" WHERE "userId" = $1::uuid`, [crew.ids[0]], restored.name);
  const bytes = async (p: string) => {
    const r = await fetch(`http://127.0.0.1:${PORT}${p}`, { headers: { authorization: `Bearer ${login.body.token}` } });
    if (!r.ok) throw new Error(`${p}: ${r.status}`);
    return Buffer.from(await r.arrayBuffer());
  };
  const photo = await bytes(`/api/attendance/${first!.id}/photo/check-in`);
  const enrolment = await bytes(`/api/face/enrolment/${crew.ids[0]}/photo/1`);
  const fixture = readFileSync('tests/fixtures/faces/person-a-1.jpg');
  const counts = Object.entries(after)
    .map(([t, v]) => `${t} ${v.split(':')[0]}`)
    .join(', ');
  console.log(
    `[scale] backup: pg_dump --format=custom ${(statSync(file).size / 1024).toFixed(0)} KB in ${dumpMs} ms, pg_restore into a new database in ${restoreMs} ms; ` +
      `tables ${Object.keys(after).length}, identical: ${Object.keys(before).filter((t) => before[t] === after[t]).length} (${counts}); ` +
      `the app on the restored database: migrations "${migrate.trim().split('\n').at(-1)}", admin login ${login.status}, a session from before the backup ${oldSession.status}, ` +
      `check-in photo ${photo.length} bytes, same as sent: ${photo.equals(fixture)}; enrolment photo the same bytes: ${enrolment.equals(readFileSync('tests/fixtures/faces/person-a-2.jpg'))}`,
  );
  expect(after).toEqual(before);
  expect(Number(after.AttendancePhoto!.split(':')[0])).toBeGreaterThanOrEqual(20);
  expect(login.status).toBe(200);
  expect(oldSession.status).toBe(200);
  expect(photo.equals(fixture)).toBe(true);
  expect(enrolment.equals(readFileSync('tests/fixtures/faces/person-a-2.jpg'))).toBe(true);
});
