// A fingerprint of the whole database: row count and an MD5 of every row's text per table. Two equal
// snapshots mean nothing was inserted, updated or deleted in between (used by the access matrix and fuzz tests).
// Every table of the schema is included, so a new table is covered without touching this file.
import { db } from '@/lib/server/db';

// The schema does not change while a file's tests run: its tables are read once per file (each test file
// runs in a process of its own), not at every snapshot.
let known: Promise<string[]> | null = null;

/** The schema's tables (not Prisma's migration log), read once per file. */
export function schemaTables(): Promise<string[]> {
  known ??= db.$queryRaw<{ t: string }[]>`
    SELECT table_name::text AS t FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1`.then((rows) =>
    rows.map((r) => r.t),
  );
  return known;
}

export async function dbSnapshot(): Promise<Record<string, string>> {
  const parts = (await schemaTables()).map(
    (t) => `SELECT '${t}' AS t, count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t}" x`,
  );
  const rows = await db.$queryRawUnsafe<{ t: string; n: number; h: string }[]>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}
