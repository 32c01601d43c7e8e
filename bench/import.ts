// Import benchmark (docs/onboarding.md): CSVs of 1,000, 2,500 and 5,000 people (IMPORT_SIZES overrides) — NIK,
// email, phone, division (20), a supervisor for each (the first 50 lead the rest), join date, opening balance —
// each dry run, committed, then the same file again (nothing changes). Every step runs in a process of its own,
// so its peak RSS (the kernel's high-water mark) is that step's alone; the table shows time and peak memory
// side by side: memory is flat when the figures do not grow with the rows.
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/import.ts
// Builds its own database (absensi_import_bench; BENCH_DB overrides), fresh for each size. Targets at 5,000
// rows: dry run < 10 s, commit < 30 s. IMPORT_BALANCES=0 leaves the balance column out to time the people alone.
import { fork } from 'node:child_process';
import os from 'node:os';
import { benchDatabaseUrl, freshMigratedDatabase } from './bench-db';

const SIZES = (process.env.IMPORT_SIZES || '1000,2500,5000').split(',').map(Number);
const BALANCES = process.env.IMPORT_BALANCES !== '0';
// IMPORT_HEAP_MB caps each step's V8 heap: V8 collects lazily, so a peak without a cap is partly garbage not
// yet collected; a step that finishes under the cap held at most that much at once.
const HEAP_MB = Number(process.env.IMPORT_HEAP_MB || 0);
const STEPS = [
  ['dry', 'dry run'],
  ['commit', 'commit'],
  ['again', 'same file again'],
] as const;
type Step = (typeof STEPS)[number][0];
type Figures = { step: Step; rows: number; seconds: number; rssStart: number; rssPeak: number; heapPeak: number; counts: unknown };

function csvOf(rows: number): string {
  const header = ['NIK', 'Nama', 'Email', 'No. HP', 'Jabatan', 'Divisi', 'Atasan (NIK)', 'Tanggal Bergabung'];
  if (BALANCES) header.push('Saldo Awal Cuti Tahunan');
  const lines = [header.join(';')];
  for (let i = 1; i <= rows; i++) {
    const sup = i > 50 ? `B${String((i % 50) + 1).padStart(5, '0')}` : '';
    const row = [
      `B${String(i).padStart(5, '0')}`,
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
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** One step in this process: the import as the route runs it, its time and peak memory sent to the parent. */
async function child(step: Step, rows: number) {
  const { db } = await import('@/lib/server/db');
  const { importUsers } = await import('@/features/employees/server/import/import');
  const admin =
    (await db.user.findUnique({ where: { email: 'admin@bench.local' } })) ??
    (await db.user.create({
      data: { name: 'Admin Bench', email: 'admin@bench.local', position: 'Admin', role: 'admin', passwordHash: 'x', onPayroll: false },
    }));
  const actor = { id: admin.id, name: admin.name, role: admin.role, email: admin.email } as never;
  await db.user.count(); // the connection open before the start figure
  global.gc?.();
  const rssStart = process.memoryUsage().rss;
  let heapPeak = 0;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 20);
  const t = performance.now();
  // The request body as the route receives it: the file as a data URL.
  const file = `data:text/csv;base64,${Buffer.from(csvOf(rows)).toString('base64')}`;
  const r = await importUsers(actor, { filename: 'bench.csv', file }, step === 'dry', 'https://absensi.test');
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  if (r.errors.length) throw new Error(`${r.errors.length} errors: ${JSON.stringify(r.errors.slice(0, 3))}`);
  const figures: Figures = {
    step,
    rows,
    seconds,
    rssStart,
    rssPeak: process.resourceUsage().maxRSS * 1024,
    heapPeak,
    counts: r.counts,
  };
  process.send!(figures);
  await db.$disconnect();
}

function runChild(step: Step, rows: number, url: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    let figures: Figures | undefined;
    const p = fork(process.argv[1]!, [], {
      execArgv: [...process.execArgv, '--expose-gc', ...(HEAP_MB ? [`--max-old-space-size=${HEAP_MB}`] : [])],
      env: { ...process.env, DATABASE_URL: url, IMPORT_CHILD: `${step}:${rows}` },
    });
    p.on('message', (m) => (figures = m as Figures));
    p.on('exit', (code) => (figures && code === 0 ? resolve(figures) : reject(new Error(`${step} ${rows}: exit ${code}`))));
  });
}

async function main() {
  process.env.BENCH_DB ||= 'absensi_import_bench';
  const { url, serverUrl, name } = benchDatabaseUrl();
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`.padStart(7);
  console.log(
    `import benchmark: ${SIZES.join(' / ')} rows${BALANCES ? ' with opening balances' : ''}; one process per step${HEAP_MB ? `, heap capped at ${HEAP_MB} MB` : ''}`,
  );
  console.log('rows   step             time      RSS start  RSS peak  peak-start  heap peak  counts');
  for (const rows of SIZES) {
    await freshMigratedDatabase(url, serverUrl, name);
    for (const [step, label] of STEPS) {
      const f = await runChild(step, rows, url).catch((err: Error) => {
        console.log(`${String(rows).padEnd(6)} ${label.padEnd(16)} failed: ${err.message}`);
        return null;
      });
      if (!f) break;

      console.log(
        `${String(rows).padEnd(6)} ${label.padEnd(16)} ${`${f.seconds.toFixed(2)} s`.padStart(8)}  ${mb(f.rssStart)}   ${mb(f.rssPeak)}  ${mb(f.rssPeak - f.rssStart)}    ${mb(f.heapPeak)}  ${JSON.stringify(f.counts)}`,
      );
    }
  }
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; ${os.cpus().length} CPUs`,
  );
}

const childArgs = process.env.IMPORT_CHILD?.split(':');
(childArgs ? child(childArgs[0] as Step, Number(childArgs[1])) : main()).then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
