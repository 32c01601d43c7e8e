// One Prisma client per process: PGlite when DATABASE_URL is unset (or pglite:…), PostgreSQL otherwise.
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { mkdirSync } from 'node:fs';
import { PrismaClient, type Prisma } from '@/lib/generated/prisma/client';
import { getEnv, type Env } from '@/lib/env';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

type Holder = { prisma?: PrismaClient; factory?: SqlMigrationAwareDriverAdapterFactory; pglite?: PGlite; pool?: pg.Pool };
const holder = globalThis as typeof globalThis & { __absensiDb?: Holder };
const state: Holder = (holder.__absensiDb ??= {});

/** The app's queries give up before the browser's 10 s timeout, so a silent database never hangs a request. */
export const APP_QUERY_TIMEOUT_MS = 9_000;

/**
 * PrismaPg runs a migration script by splitting it at every ';', which breaks any statement with a
 * semicolon inside it (a PL/pgSQL function body between $$ … $$, as the append-only triggers have).
 * These adapters send the whole script as one simple query instead: PostgreSQL parses it itself and
 * runs it as one implicit transaction, so a migration applies completely or not at all.
 */
class WholeScriptPg extends PrismaPg {
  override async connect() {
    return wholeScript(await super.connect());
  }
  override async connectToShadowDb() {
    return wholeScript(await super.connectToShadowDb());
  }
}

function wholeScript<A extends { underlyingDriver(): unknown; executeScript(script: string): Promise<void> }>(adapter: A): A {
  const driver = adapter.underlyingDriver() as { query(text: string): Promise<unknown> };
  const onError = (adapter as unknown as { onError(err: unknown): never }).onError.bind(adapter);
  adapter.executeScript = async (script: string) => {
    await driver.query(script).catch(onError);
  };
  return adapter;
}

export function createAdapterFactory(database: Env['database']): { factory: SqlMigrationAwareDriverAdapterFactory; pglite?: PGlite } {
  if (database.kind === 'postgres')
    return { factory: new WholeScriptPg({ connectionString: database.url, max: 10, connectionTimeoutMillis: 5000 }) };
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
    // a pool of its own whose queries time out (migrations keep no limit); sql() below uses it too.
    const database = getEnv().database;
    let adapter: SqlMigrationAwareDriverAdapterFactory;
    if (database.kind === 'postgres') {
      const pool = new pg.Pool({
        connectionString: database.url,
        max: getEnv().DATABASE_POOL_SIZE,
        connectionTimeoutMillis: 5000,
        query_timeout: APP_QUERY_TIMEOUT_MS,
      });
      // An idle connection that breaks (database restarted) must not crash the process; the pool replaces it.
      pool.on('error', (err) => console.error('[db] idle connection error:', err.message));
      state.pool = pool;
      adapter = new PrismaPg(pool, { disposeExternalPool: true });
    } else {
      adapter = adapterFactory();
    }
    // An interactive transaction waits for a pooled connection as long as the pool's own connect timeout
    // (Prisma's default, 2 s, refused 20 parallel leave approvals with P2028 on a loaded 2-core machine);
    // its queries still give up at APP_QUERY_TIMEOUT_MS.
    state.prisma = new PrismaClient({ adapter, transactionOptions: { maxWait: 5_000 } });
  }
  return state.prisma;
}

/** A named SQL statement: prepared once per PostgreSQL connection, then only executed. */
export type Statement = { readonly name: string; readonly text: string };

/**
 * One plain SQL statement ($1, $2… parameters) on the app's own connections: the pool Prisma uses
 * on PostgreSQL, the same PGlite instance otherwise (whose transactions it waits for). Only for the
 * few paths where Prisma's per-query cost shows (session lookup, check-in/out, measured in
 * bench/checkin.bench.ts); everything else uses the typed client. On PostgreSQL the statement is
 * prepared by name, so the server parses and plans it once per connection (unless
 * DATABASE_NAMED_STATEMENTS=off, for a connection pooler that cannot keep them). Select only columns whose
 * JavaScript type is the same on both drivers: text, uuid, boolean, int4, float8 (and arrays of
 * them), json, timestamptz (Date), bytea (bytes); cast date and int8 to text.
 */
export async function sql<T>(statement: Statement, values: unknown[] = []): Promise<T[]> {
  client();
  if (state.pool) {
    const query =
      getEnv().DATABASE_NAMED_STATEMENTS === 'on'
        ? { name: statement.name, text: statement.text, values }
        : { text: statement.text, values };
    return (await state.pool.query(query)).rows as T[];
  }
  return (await state.pglite!.query<T>(statement.text, values)).rows;
}

/**
 * float8[] in and out as text for sql(): 128 numbers through one native JSON.parse or join instead
 * of the drivers' element-by-element array parsers. JavaScript prints finite numbers in a form
 * PostgreSQL reads, and PostgreSQL prints them in a form JSON reads (NaN/Infinity give null).
 */
export function floatArrayLiteral(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

export function parseFloatArray(text: string | null): number[] | null {
  if (text === null || text[0] !== '{' || text[text.length - 1] !== '}') return null;
  try {
    const values: unknown = JSON.parse(`[${text.slice(1, -1)}]`);
    return Array.isArray(values) && values.every((v) => typeof v === 'number') ? (values as number[]) : null;
  } catch {
    return null;
  }
}

/**
 * Locks one employee's "User" row until the transaction ends: the one lock that serialises a person's
 * writes which check-then-insert (a leave application's overlap and balance, overtime's caps, a face
 * enrolment, a device registration). A second writer waits here, then sees the first one's rows.
 */
export async function lockEmployee(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId}::uuid FOR UPDATE`;
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
  // Prisma ends the pool only if it ever connected; end it here when only sql() used it.
  if (state.pool && !state.pool.ended) await state.pool.end();
  await state.pglite?.close();
  state.pool = undefined;
  state.prisma = undefined;
  state.factory = undefined;
  state.pglite = undefined;
}
