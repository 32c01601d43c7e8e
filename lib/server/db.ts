// One Prisma client per process: PGlite when DATABASE_URL is unset (or pglite:…), PostgreSQL otherwise.
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { mkdirSync } from 'node:fs';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { getEnv, type Env } from '@/lib/env';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

type Holder = { prisma?: PrismaClient; factory?: SqlMigrationAwareDriverAdapterFactory; pglite?: PGlite };
const holder = globalThis as typeof globalThis & { __absensiDb?: Holder };
const state: Holder = (holder.__absensiDb ??= {});

/** The app's queries give up before the browser's 10 s timeout, so a silent database never hangs a request. */
export const APP_QUERY_TIMEOUT_MS = 9_000;

export function createAdapterFactory(
  database: Env['database'],
  opts: { queryTimeoutMs?: number } = {},
): { factory: SqlMigrationAwareDriverAdapterFactory; pglite?: PGlite } {
  if (database.kind === 'postgres') {
    const timeout = opts.queryTimeoutMs ? { query_timeout: opts.queryTimeoutMs } : {};
    return { factory: new PrismaPg({ connectionString: database.url, max: 10, connectionTimeoutMillis: 5000, ...timeout }) };
  }
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  const pglite = new PGlite(database.dataDir ?? undefined);
  return { factory: new PrismaPGlite(pglite), pglite };
}

export function adapterFactory(): SqlMigrationAwareDriverAdapterFactory {
  if (!state.factory) {
    const made = createAdapterFactory(getEnv().database);
    state.factory = made.factory;
    state.pglite = made.pglite;
  }
  return state.factory;
}

function client(): PrismaClient {
  if (!state.prisma) {
    // PGlite is one in-process database: the client shares the migrations' factory. PostgreSQL gets
    // a pool of its own whose queries time out (migrations keep no limit).
    const database = getEnv().database;
    const adapter =
      database.kind === 'postgres' ? createAdapterFactory(database, { queryTimeoutMs: APP_QUERY_TIMEOUT_MS }).factory : adapterFactory();
    state.prisma = new PrismaClient({ adapter });
  }
  return state.prisma;
}

/** Lazily connected client: importing this module never opens the database (safe at build time). */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const c = client();
    const value = Reflect.get(c, prop, c);
    return typeof value === 'function' ? value.bind(c) : value;
  },
});

export async function disconnectDb(): Promise<void> {
  await state.prisma?.$disconnect();
  await state.pglite?.close();
  state.prisma = undefined;
  state.factory = undefined;
  state.pglite = undefined;
}
