// Cost of the logout check in the session lookup on PostgreSQL: the statement every authenticated
// request runs, with and without its NOT EXISTS probe of RevokedSession, run alternately on one
// connection (so machine load hits both alike).
// Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/session-lookup.bench.ts
// Its own database (absensi_bench_session, BENCH_DB to rename; dropped and created again) with
// BENCH_USERS users (default 10,000) and BENCH_REVOKED revoked sessions (default 100,000).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { benchDatabaseUrl, median } from './bench-db';
import { SESSION_COLUMNS, notRevoked } from '@/lib/server/auth/session';

process.env.BENCH_DB ||= 'absensi_bench_session';
const { url, serverUrl, name } = benchDatabaseUrl();
const USERS = Number(process.env.BENCH_USERS || 10_000);
const REVOKED = Number(process.env.BENCH_REVOKED || 100_000);
const ROUNDS = 10;
const PER_ROUND = 2_000;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
await admin.query(`CREATE DATABASE "${name}"`);
await admin.end();
const migrated = spawnSync('npx', ['tsx', 'scripts/migrate.ts', 'apply'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
if (migrated.status !== 0) throw new Error('migration failed');

const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query(
  `INSERT INTO "User" (id, name, email, position, "passwordHash", "updatedAt")
  SELECT gen_random_uuid(), 'U' || g, 'u' || g || '@bench.local', 'Staf', 'x', now() FROM generate_series(1, $1::int) g`,
  [USERS],
);
await client.query(
  `INSERT INTO "RevokedSession" (id, "userId", "expiresAt")
  SELECT gen_random_uuid(), gen_random_uuid(), now() + interval '12 hours' FROM generate_series(1, $1::int) g`,
  [REVOKED],
);
await client.query('ANALYZE');
const ids = (await client.query<{ id: string }>('SELECT id FROM "User"')).rows.map((r) => r.id);

const withCheck = { name: 'with_check', text: `SELECT ${SESSION_COLUMNS} FROM "User" u WHERE u.id = $1::uuid AND ${notRevoked(2)}` };
const without = { name: 'without_check', text: `SELECT ${SESSION_COLUMNS} FROM "User" u WHERE u.id = $1::uuid` };

async function round(statement: { name: string; text: string }, withSession: boolean): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < PER_ROUND; i++) {
    const id = ids[i % ids.length]!;
    await client.query({ ...statement, values: withSession ? [id, randomUUID()] : [id] });
  }
  return Number(process.hrtime.bigint() - started) / 1e3 / PER_ROUND; // µs per lookup
}

await round(withCheck, true);
await round(without, false);
const a: number[] = [];
const b: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  b.push(await round(without, false));
  a.push(await round(withCheck, true));
}
const plan = (
  await client.query(`EXPLAIN ${withCheck.text.replace('$1::uuid', `'${ids[0]}'::uuid`).replace('$2::uuid', `'${randomUUID()}'::uuid`)}`)
).rows.map((r) => r['QUERY PLAN']);
console.log(plan.join('\n'));
console.log(
  `session lookup, median of ${ROUNDS} rounds × ${PER_ROUND}: without the logout check ${median(b).toFixed(1)} µs, with it ${median(a).toFixed(1)} µs (${USERS} users, ${REVOKED} revoked sessions)`,
);
await client.end();
