// The app behind PgBouncer in transaction mode (Debian's pgbouncer package). Before 1.21 PgBouncer
// cannot keep named prepared statements across the server connections it hands out per transaction,
// and the app's two hot statements are named (sql() in lib/server/db.ts). So: with them named, check-ins
// fail; with DATABASE_NAMED_STATEMENTS=off every request works. From 1.21 on, max_prepared_statements
// keeps them, and named statements must work too. See docs/deploy.md.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  attendanceOf,
  checkInCrew,
  createDatabase,
  dropDatabase,
  saveLogs,
  send,
  startServer,
  stopServer,
  type Server,
} from '../reliability/harness';
import { countBy, inParallel, PROXY_PORT, show, tag } from './setup';

const PGBOUNCER = process.env.PGBOUNCER_BIN || '/usr/sbin/pgbouncer';
const BOUNCER_PORT = Number(process.env.SCALE_PGBOUNCER_PORT || 6432);
const APP_PORT = PROXY_PORT + 4;
const version = (/PgBouncer (\d+)\.(\d+)/.exec(spawnSync(PGBOUNCER, ['--version'], { encoding: 'utf8' }).stdout ?? '') ?? [])
  .slice(1)
  .map(Number);
const keepsPrepared = version[0]! > 1 || (version[0] === 1 && version[1]! >= 21);

let database: { name: string; url: string };
let bouncer: { proc: ChildProcess; dir: string };
const servers: Server[] = [];

beforeAll(async () => {
  database = await createDatabase(`${process.env.SCALE_DB_PREFIX || 'absensi_scale'}_bouncer`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'absensi-pgbouncer-'));
  // Two server connections for the app's pool of ten: client connections must share them, as in production.
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    `[databases]\n${database.name} = host=127.0.0.1 port=5432 pool_size=2\n\n[pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = ${BOUNCER_PORT}\n` +
      `unix_socket_dir =\nauth_type = trust\nauth_file = ${dir}/userlist.txt\npool_mode = transaction\nmax_client_conn = 200\n` +
      `ignore_startup_parameters = extra_float_digits,options\nlogfile = ${dir}/pgbouncer.log\n` +
      (keepsPrepared ? 'max_prepared_statements = 100\n' : ''),
  );
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  // PgBouncer refuses to run as root: it drops to the postgres user, which must read its folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    for (const f of ['', 'pgbouncer.ini', 'userlist.txt'])
      chownSync(path.join(dir, f), Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout), 0);
  const proc = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  bouncer = { proc, dir };
  for (let i = 0; i < 100; i++) {
    const r = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', String(BOUNCER_PORT), '-d', database.name], { encoding: 'utf8' });
    if (r.status === 0) return;
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`pgbouncer did not start (${existsSync(path.join(dir, 'pgbouncer.log')) ? 'see its log' : 'no log'})`);
});

afterAll(async () => {
  servers.forEach((s, i) => saveLogs(s, `scale-pgbouncer-${i}`));
  await Promise.all(servers.map(stopServer));
  bouncer?.proc.kill('SIGINT');
  if (bouncer) rmSync(bouncer.dir, { recursive: true, force: true });
  if (database) await dropDatabase(database.name);
});

async function runThrough(named: 'on' | 'off') {
  const url = new URL(database.url);
  url.port = String(BOUNCER_PORT);
  const server = await startServer(APP_PORT, url.toString(), { DATABASE_NAMED_STATEMENTS: named });
  servers.push(server);
  const crew = await checkInCrew(database.name, 60, tag());
  const answers = await inParallel(crew.tokens, 8, async (token) => {
    const a = await send(APP_PORT, 'POST', '/api/attendance/check-in', { body: crew.body, token });
    const me = await send(APP_PORT, 'GET', '/api/auth/me', { token });
    return { checkIn: a, me };
  });
  const records = await attendanceOf(database.name, crew.ids);
  await stopServer(server);
  const label = (a: { status: number; body: any }) => `${a.status}${a.body?.code ? ` ${a.body.code}` : ''}`;
  return {
    checkIns: countBy(answers.map((x) => label(x.checkIn))),
    reads: countBy(answers.map((x) => label(x.me))),
    ok: answers.filter((x) => x.checkIn.status === 200).length,
    records: records.length,
    errors: [...new Set(server.logs.join('').match(/prepared statement "[^"]+" (does not exist|already exists)/g) ?? [])].length,
  };
}

it(`works behind PgBouncer ${version.join('.')} in transaction mode${keepsPrepared ? '' : ' with DATABASE_NAMED_STATEMENTS=off'}`, async () => {
  const named = await runThrough('on');
  const unnamed = await runThrough('off');
  console.log(
    `[scale] PgBouncer ${version.join('.')}, transaction mode, 2 server connections for a pool of 10, 60 check-ins + 60 session reads by 8 clients: ` +
      `named statements: check-ins ${show(named.checkIns)}, reads ${show(named.reads)}, records ${named.records} for ${named.ok} answers 200, kinds of prepared-statement error logged ${named.errors}; ` +
      `DATABASE_NAMED_STATEMENTS=off: check-ins ${show(unnamed.checkIns)}, reads ${show(unnamed.reads)}, records ${unnamed.records}`,
  );
  expect(unnamed.checkIns).toEqual(new Map([['200', 60]]));
  expect(unnamed.reads).toEqual(new Map([['200', 60]]));
  expect(unnamed.records).toBe(60);
  // Whatever the answers, the records are exactly the check-ins answered 200.
  expect(named.records).toBe(named.ok);
  if (keepsPrepared) expect(named.checkIns).toEqual(new Map([['200', 60]]));
  else expect(named.ok).toBeLessThan(60);
});
