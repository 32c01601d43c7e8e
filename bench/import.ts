// Import benchmark (docs/onboarding.md): a CSV of IMPORT_ROWS (5,000) people — NIK, email, phone, division
// (20), a supervisor for each (the first 50 lead the rest), join date, opening balance — dry run, then commit,
// then the same file again (nothing changes), with wall time and the process's peak RSS and heap.
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/import.ts
// Builds its own database (absensi_import_bench; BENCH_DB overrides). Targets: dry run < 10 s, commit < 30 s.
// The opening balances are written in the commit's transaction (everyone's automatic ledger rows in one batch,
// then one opening_balance row per person); IMPORT_BALANCES=0 leaves the column out to time the people alone.
import { benchDatabaseUrl, freshMigratedDatabase } from './bench-db';

const ROWS = Number(process.env.IMPORT_ROWS || 5000);
const BALANCES = process.env.IMPORT_BALANCES !== '0';

async function main() {
  process.env.BENCH_DB ||= 'absensi_import_bench';
  const { url, serverUrl, name } = benchDatabaseUrl();
  await freshMigratedDatabase(url, serverUrl, name);
  process.env.DATABASE_URL = url;
  const { db } = await import('@/lib/server/db');
  const { importUsers } = await import('@/features/employees/server/import/import');
  const admin = await db.user.create({
    data: { name: 'Admin Bench', email: 'admin@bench.local', position: 'Admin', role: 'admin', passwordHash: 'x', onPayroll: false },
  });
  const actor = { id: admin.id, name: admin.name, role: admin.role, email: admin.email } as never;
  const header = [
    'NIK',
    'Nama',
    'Email',
    'No. HP',
    'Jabatan',
    'Divisi',
    'Atasan (NIK)',
    'Tanggal Bergabung',
    ...(BALANCES ? ['Saldo Awal Cuti Tahunan'] : []),
  ];
  const lines = [header.join(';')];
  for (let i = 1; i <= ROWS; i++) {
    const nik = `B${String(i).padStart(5, '0')}`;
    const sup = i > 50 ? `B${String((i % 50) + 1).padStart(5, '0')}` : '';
    const row = [
      nik,
      `Karyawan ${i}`,
      `k${i}@bench.local`,
      `0812${String(10_000_000 + i)}`,
      'Staf',
      `Divisi ${i % 20}`,
      sup,
      `2023-${String((i % 12) + 1).padStart(2, '0')}-15`,
    ];
    if (BALANCES) row.push(String((i % 24) / 2).replace('.', ','));
    lines.push(row.join(';'));
  }
  const csv = `\ufeff${lines.join('\r\n')}\r\n`;
  const file = `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`;
  console.log(`file: ${ROWS} rows, ${(csv.length / 1024).toFixed(0)} KB CSV, ${(file.length / 1024).toFixed(0)} KB as a data URL`);
  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const run = async (label: string, dryRun: boolean) => {
    peakRss = 0;
    peakHeap = 0;
    const t = performance.now();
    const r = await importUsers(actor, { filename: 'bench.csv', file }, dryRun);
    const s = (performance.now() - t) / 1000;
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `${label}: ${s.toFixed(2)} s; ${JSON.stringify(r.counts)}; errors ${r.errors.length}; peak RSS ${mb(peakRss)}, heap ${mb(peakHeap)}`,
    );
  };
  await run('dry run', true);
  await run('commit', false);
  await run('same file again', false);
  clearInterval(sampler);
  console.log(
    `load average: ${(await import('node:os'))
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `users: ${await db.user.count()}, opening_balance rows: ${await db.leaveLedgerEntry.count({ where: { kind: 'opening_balance' } })}`,
  );
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
