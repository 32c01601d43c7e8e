// The benchmark's own PostgreSQL database (default absensi_bench) on the server DATABASE_URL points at.
// BENCH_DATABASE_URL overrides it. Shared databases (postgres, root, test) are never touched.
const PROTECTED = new Set(['postgres', 'root', 'test', 'template0', 'template1']);

export function benchDatabaseUrl(): { url: string; serverUrl: string; name: string } {
  const raw = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!raw || !/^postgres(ql)?:\/\//.test(raw)) {
    throw new Error('Set DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server, e.g. postgresql://postgres@127.0.0.1:5432/postgres');
  }
  const url = new URL(raw);
  if (!process.env.BENCH_DATABASE_URL) url.pathname = `/${process.env.BENCH_DB || 'absensi_bench'}`;
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || PROTECTED.has(name)) throw new Error(`Refusing to use database "${name}" for the benchmark.`);
  const server = new URL(url);
  server.pathname = '/postgres';
  return { url: url.toString(), serverUrl: server.toString(), name };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Drops and creates the benchmark's database, then applies every migration to it. */
export async function freshMigratedDatabase(url: string, serverUrl: string, name: string): Promise<void> {
  const [{ default: pg }, { PrismaPg }, { applyMigrations }] = await Promise.all([
    import('pg'),
    import('@prisma/adapter-pg'),
    import('@/lib/server/migrations'),
  ]);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  await applyMigrations(new PrismaPg({ connectionString: url, max: 2 }));
}
