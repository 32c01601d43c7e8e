// Helpers for the reliability tests: a private PostgreSQL database, the production server as a child
// process, and raw HTTP requests with a hard client timeout (a fresh TCP connection for each).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

export const DIST_DIR = process.env.RELIABILITY_DIST_DIR || '.next-reliability';
const AUTH_SECRET = 'reliability-secret-reliability-secret-0123456789';
export const CLIENT_TIMEOUT_MS = 10_000;
export const UNAVAILABLE_MESSAGE = 'Layanan sedang tidak tersedia. Silakan coba lagi sebentar lagi.';

export function serverEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...extra,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  sql: string,
  params: unknown[] = [],
  database = 'postgres',
) {
  const client = new pg.Client({ connectionString: withDatabase(process.env.DATABASE_URL!, database), connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh database with the migrations applied and the demo data seeded; returns its URL. */
export async function createDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = withDatabase(process.env.DATABASE_URL!, name);
  for (const args of [['scripts/migrate.ts'], ['prisma/seed.ts', '--if-empty']]) {
    const r = spawnSync('node_modules/.bin/tsx', args, { env: serverEnv(url), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${args[0]} failed:\n${r.stdout}\n${r.stderr}`);
  }
  return { name, url };
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

export type Answer = {
  status: number;
  body: any;
  ms: number;
  startedAt: number;
  error?: string;
  headers?: Record<string, string | string[] | undefined>;
};

type SendOptions = { body?: unknown; token?: string; timeoutMs?: number; headers?: Record<string, string> };

/**
 * One request on its own connection; never waits longer than the app's client timeout. A check-in or
 * check-out goes as the browser sends it: a one-time challenge first (docs/anti-fraud.md), unless the
 * body names one; the answer's `ms` and `startedAt` are those of the punch itself.
 */
export async function send(port: number, method: string, path: string, opts: SendOptions = {}): Promise<Answer> {
  const action = path === '/api/attendance/check-in' ? 'check-in' : path === '/api/attendance/check-out' ? 'check-out' : null;
  const body = opts.body as Record<string, unknown> | undefined;
  if (action && method === 'POST' && opts.token && body && typeof body === 'object' && !('challengeId' in body)) {
    const challenge = await sendOne(port, 'POST', '/api/attendance/challenge', {
      token: opts.token,
      body: { action },
      timeoutMs: opts.timeoutMs,
    });
    if (challenge.status !== 200) return challenge;
    return sendOne(port, method, path, { ...opts, body: { ...body, challengeId: challenge.body.id } });
  }
  return sendOne(port, method, path, opts);
}

function sendOne(port: number, method: string, path: string, opts: SendOptions = {}): Promise<Answer> {
  const startedAt = Date.now();
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => resolve({ status: 0, body: null, ms: Date.now() - startedAt, startedAt, error: err.message }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - startedAt, startedAt, headers: res.headers });
        });
      },
    );
    req.setTimeout(opts.timeoutMs ?? CLIENT_TIMEOUT_MS, () => req.destroy(new Error('client timeout')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, body: null, ms: Date.now() - startedAt, startedAt, error: err.code ?? err.message }),
    );
    if (payload) req.write(payload);
    req.end();
  });
}

export type Server = {
  proc: ChildProcess;
  port: number;
  logs: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** `next start` on the production build, ready once /api/health answers 200. */
export async function startServer(port: number, databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<Server> {
  const proc = spawn('node_modules/.bin/next', ['start', '-p', String(port), '-H', '127.0.0.1'], {
    env: serverEnv(databaseUrl, extraEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  proc.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('close', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    const res = await send(port, 'GET', '/api/health', { timeoutMs: 2000 });
    if (res.status === 200) return { proc, port, logs, exited };
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${logs.join('')}`);
}

/** Keeps the server's output for a look after the run (.data/ is ignored by git). */
export function saveLogs(server: Server | undefined, name: string): void {
  if (!server) return;
  mkdirSync('.data', { recursive: true });
  writeFileSync(`.data/reliability-${name}.log`, server.logs.join(''));
}

export async function stopServer(server: Server): Promise<void> {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  server.proc.kill('SIGTERM');
  const timer = setTimeout(() => server.proc.kill('SIGKILL'), 20_000);
  await server.exited;
  clearTimeout(timer);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export type CheckInCrew = { ids: string[]; tokens: string[]; body: Record<string, unknown> };

/**
 * `n` employees (tagged by name) enrolled with fixture person A's face, a session token for each,
 * and a check-in body from inside the seeded office's radius carrying that face: each employee can
 * check in once today, so "exactly the records answered 200" can be counted per employee.
 */
export async function checkInCrew(database: string, n: number, tag: string): Promise<CheckInCrew> {
  const descriptor = (JSON.parse(readFileSync('tests/fixtures/faces/descriptors.json', 'utf8')) as Record<string, number[]>)[
    'person-a-1.jpg'
  ]!;
  const users = await adminQuery<{ id: string }>(
    `INSERT INTO "User" (id, name, email, position, role, "passwordHash", "updatedAt")
     SELECT gen_random_uuid(), 'Karyawan ' || $2 || ' ' || g, 'crew' || g || '.' || $2 || '@rel.test', 'Staf', 'employee', 'x', now() FROM generate_series(1, $1) g
     RETURNING id`,
    [n, tag],
    database,
  );
  const ids = users.map((u) => u.id);
  await adminQuery(
    `INSERT INTO "FaceProfile" ("userId", descriptor, status, "updatedAt") SELECT unnest($1::uuid[]), $2::float8[], 'active', now()`,
    [ids, descriptor],
    database,
  );
  const [office] = await adminQuery<{ lat: number; lon: number }>(
    `SELECT o.latitude AS lat, o.longitude AS lon FROM "Settings" s JOIN "Office" o ON o.id = s."mainOfficeId" WHERE s.id = 1`,
    [],
    database,
  );
  process.env.AUTH_SECRET = AUTH_SECRET;
  const { signToken } = await import('@/lib/server/auth/token');
  const photo = readFileSync('tests/fixtures/faces/person-a-1.jpg').toString('base64');
  return {
    ids,
    tokens: ids.map((id) => signToken({ sub: id, role: 'employee', tv: 0 })),
    body: {
      latitude: office!.lat,
      longitude: office!.lon,
      accuracy: 10,
      faceImage: `data:image/jpeg;base64,${photo}`,
      faceDescriptor: descriptor,
      verificationMethod: 'face',
    },
  };
}

/** Employees of `ids` with an attendance record, and how many records each has. */
export async function attendanceOf(database: string, ids: string[]): Promise<{ userId: string; n: number }[]> {
  return adminQuery<{ userId: string; n: number }>(
    `SELECT "userId", count(*)::int AS n FROM "Attendance" WHERE "userId" = ANY($1::uuid[]) GROUP BY "userId"`,
    [ids],
    database,
  );
}
