// The errors the PostgreSQL driver adapter really throws when the database is unreachable, silent
// or too slow to hand out a connection all become 503 UNAVAILABLE (never a generic 500).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { toAppError } from '@/lib/server/errors';

// Each case starts a Prisma client and its driver: under a second alone, 6-10 s on two busy cores.
vi.setConfig({ testTimeout: 60_000 });

let silent: Server;
const sockets: Socket[] = [];
let silentPort = 0;
let closedPort = 0;

beforeAll(async () => {
  // Accepts connections and never answers: a database behind a dead network path.
  silent = createServer((s) => sockets.push(s));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  silentPort = (silent.address() as { port: number }).port;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => silent.close(r));
});

async function failuresOf(port: number, concurrent = 1): Promise<unknown[]> {
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: `postgresql://u:p@127.0.0.1:${port}/db`, max: 1, connectionTimeoutMillis: 300 }),
  });
  try {
    const outcomes = await Promise.allSettled(Array.from({ length: concurrent }, () => prisma.$queryRaw`SELECT 1`));
    return outcomes.map((o) => (o.status === 'rejected' ? o.reason : new Error('expected a failure')));
  } finally {
    await prisma.$disconnect().catch(() => undefined);
  }
}

async function failureOf(port: number): Promise<unknown> {
  return (await failuresOf(port))[0];
}

describe('database outage errors map to 503', () => {
  it('connection refused (database down)', async () => {
    const mapped = toAppError(await failureOf(closedPort));
    expect([mapped.status, mapped.code]).toEqual([503, 'UNAVAILABLE']);
  });

  it('connection timeout (database silent)', async () => {
    const mapped = toAppError(await failureOf(silentPort));
    expect([mapped.status, mapped.code]).toEqual([503, 'UNAVAILABLE']);
  });

  it('pool timeout (waiting for the one connection, itself stuck)', async () => {
    const errors = await failuresOf(silentPort, 3);
    const messages = errors.map((e) => String((e as Error).message));
    expect(messages.some((m) => /timeout exceeded when trying to connect/.test(m))).toBe(true);
    for (const e of errors) expect([toAppError(e).status, toAppError(e).code]).toEqual([503, 'UNAVAILABLE']);
  });

  it('a programming error stays a generic 500', () => {
    expect(toAppError(new TypeError('x is undefined')).status).toBe(500);
  });
});
