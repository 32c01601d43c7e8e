// The admin and HR lists at company scale, side by side with the same lists of a small company, in one run
// (docs/quality.md, "5,000 employees"): the server time of each list's API (first page, a filter, page 5)
// and, in Chromium on a laptop profile (1366×768), each page's time to interactive and one paging step.
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/lists.ts
// Data first, in two databases of the same server (bench/generate-data.ts):
//   BENCH_DB=absensi_small BENCH_EMPLOYEES=100 BENCH_DAYS=460 npx tsx bench/generate-data.ts
//   BENCH_DB=absensi_scale BENCH_EMPLOYEES=5000 BENCH_DAYS=460 npx tsx bench/generate-data.ts
// LISTS_SMALL_DB / LISTS_LARGE_DB name them (defaults above). The production build in LISTS_DIST (default
// .next-bench) is started once per database on LISTS_PORT (default 3131) by bench/bench-server.ts.
// Server time is the request's time from this process to the server on the same machine (median of
// LISTS_RUNS, default 5, after one warm-up). Interactive = the later of the first row (or the list's
// empty state) and the end of the last long task, from navigation start; a fresh browser context per page.
// Targets (large): first page < 300 ms, filters and paging < 500 ms, interactive < 2 s. Exit code 1 if missed.
// LISTS_ONLY (comma-separated list names, e.g. "Rekap Bulanan,Kelola Karyawan") measures only those lists.
// LISTS_PREFETCH=on|off: every page request passes through the browser's request hook, and with 'off' the
// router's prefetches (requests with a Next-Router-Prefetch header, e.g. the sidebar's links) are dropped in
// the browser, as prefetch={false} would leave them unsent: one build, the two ways side by side.
// LISTS_SIZES=small,large (default both) measures only those companies.
// Each page run prints its JSON bytes (the API answers it read) and how many prefetches it sent.
// The server runs without its daily-close worker (DAILY_CLOSE_WORKER=off unless set): started on a day the
// generated data has not closed yet, it closed 5,000 employees' days beside the measured requests.
import { chromium, type Page } from '@playwright/test';
import { loadavg } from 'node:os';
import pg from 'pg';
import { benchDatabaseUrl, median } from './bench-db';
import { startBenchServer } from './bench-server';

const PORT = Number(process.env.LISTS_PORT || 3131);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.LISTS_RUNS || 5);
const PAGE_RUNS = Number(process.env.LISTS_PAGE_RUNS || 1);
const DBS = { small: process.env.LISTS_SMALL_DB || 'absensi_small', large: process.env.LISTS_LARGE_DB || 'absensi_scale' };
const TIMEZONE = 'Asia/Jakarta';
const PREFETCH = process.env.LISTS_PREFETCH === 'off' ? 'off' : process.env.LISTS_PREFETCH === 'on' ? 'on' : '';
const SIZES = (process.env.LISTS_SIZES || 'small,large').split(',');

type Ctx = { month: string; lastMonth: string; monthFirst: string; monthLast: string; branch: string; someone: string };
type Api = { list: string; kind: 'first page' | 'filter' | 'page 5'; path: (c: Ctx) => string };
/** `ready`: the selectors that all show once the list is there (its first row, or its empty state). */
type PageCase = {
  name: string;
  path: string;
  ready: (c: Ctx) => string[];
  prepare?: (p: Page) => Promise<void>;
  next?: (p: Page) => Promise<void>;
};

const APIS: Api[] = [
  { list: 'Kelola Karyawan', kind: 'first page', path: () => '/api/users?status=aktif&page=1&limit=10' },
  { list: 'Kelola Karyawan', kind: 'filter', path: () => '/api/users?status=aktif&page=1&limit=10&search=karyawan%20004' },
  { list: 'Kelola Karyawan', kind: 'page 5', path: () => '/api/users?status=aktif&page=5&limit=10' },
  { list: 'Riwayat Absensi', kind: 'first page', path: () => '/api/attendance/all?page=1&limit=10' },
  {
    list: 'Riwayat Absensi',
    kind: 'filter',
    path: (c) => `/api/attendance/all?page=1&limit=10&faceStatus=flagged&startDate=${c.monthFirst}&endDate=${c.monthLast}`,
  },
  { list: 'Riwayat Absensi', kind: 'page 5', path: () => '/api/attendance/all?page=5&limit=10' },
  { list: 'Persetujuan: Cuti', kind: 'first page', path: () => '/api/leaves/all?page=1&limit=10&status=pending' },
  { list: 'Persetujuan: Cuti', kind: 'filter', path: (c) => `/api/leaves/all?page=1&limit=10&status=approved&month=${c.lastMonth}` },
  { list: 'Persetujuan: Cuti', kind: 'page 5', path: () => '/api/leaves/all?page=5&limit=10&status=pending' },
  { list: 'Persetujuan: Lembur', kind: 'first page', path: () => '/api/overtime?page=1&limit=10&status=pending' },
  { list: 'Persetujuan: Lembur', kind: 'filter', path: (c) => `/api/overtime?page=1&limit=10&month=${c.lastMonth}` },
  { list: 'Persetujuan: Lembur', kind: 'page 5', path: () => '/api/overtime?page=5&limit=10' },
  { list: 'Persetujuan: Koreksi', kind: 'first page', path: () => '/api/corrections?page=1&limit=10&status=pending' },
  { list: 'Persetujuan: Koreksi', kind: 'filter', path: (c) => `/api/corrections?page=1&limit=10&month=${c.lastMonth}` },
  { list: 'Persetujuan: Koreksi', kind: 'page 5', path: () => '/api/corrections?page=5&limit=10' },
  { list: 'Persetujuan: Perlu Tinjauan', kind: 'first page', path: () => '/api/attendance/all?page=1&limit=10&review=perlu' },
  {
    list: 'Persetujuan: Perlu Tinjauan',
    kind: 'filter',
    path: (c) => `/api/attendance/all?page=1&limit=10&review=perlu&startDate=${c.monthFirst}&endDate=${c.monthLast}`,
  },
  { list: 'Persetujuan: Perlu Tinjauan', kind: 'page 5', path: () => '/api/attendance/all?page=5&limit=10&review=perlu' },
  {
    list: 'Roster (month)',
    kind: 'first page',
    path: (c) => `/api/roster?startDate=${c.monthFirst}&endDate=${c.monthLast}&page=1&limit=50`,
  },
  {
    list: 'Roster (month)',
    kind: 'filter',
    path: (c) => `/api/roster?startDate=${c.monthFirst}&endDate=${c.monthLast}&officeId=${c.branch}&page=1&limit=50`,
  },
  { list: 'Roster (month)', kind: 'page 5', path: (c) => `/api/roster?startDate=${c.monthFirst}&endDate=${c.monthLast}&page=5&limit=50` },
  { list: 'Rekap Bulanan', kind: 'first page', path: (c) => `/api/recap?month=${c.lastMonth}&page=1&limit=20` },
  { list: 'Rekap Bulanan', kind: 'filter', path: (c) => `/api/recap?month=${c.lastMonth}&officeId=${c.branch}&page=1&limit=20` },
  { list: 'Rekap Bulanan', kind: 'page 5', path: (c) => `/api/recap?month=${c.lastMonth}&page=5&limit=20` },
  { list: 'Log Audit', kind: 'first page', path: () => '/api/audit?page=1&limit=25' },
  { list: 'Log Audit', kind: 'filter', path: () => '/api/audit?page=1&limit=25&kind=auth.lockout' },
  { list: 'Log Audit', kind: 'page 5', path: () => '/api/audit?page=5&limit=25' },
  { list: 'Log Audit: kinds', kind: 'first page', path: () => '/api/audit/kinds' },
  // The person pickers (Riwayat Absensi's Karyawan and every other one): a page of names, searched on the server.
  { list: 'Pickers', kind: 'first page', path: () => '/api/users?view=names&role=employee&status=semua&limit=20' },
  { list: 'Pickers', kind: 'filter', path: () => '/api/users?view=names&role=employee&status=semua&limit=20&search=karyawan%20004' },
  { list: 'Pickers', kind: 'page 5', path: () => '/api/users?view=names&role=employee&status=semua&limit=20&page=5' },
  // What Riwayat Absensi's employee select read before the picker (the route stays for its other callers).
  { list: 'Old employee select', kind: 'first page', path: () => '/api/reports/employees' },
];

const ONLY = (process.env.LISTS_ONLY || '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const chosen = (name: string) => !ONLY.length || ONLY.includes(name);

const nextButton = (p: Page) => p.getByRole('button', { name: /^(Next|Berikutnya)$/ }).first();
/** The next page until its rows show: the page number changes at once, the first row when the answer is in. */
const clickNextAndWait = (indicator: string, rows: string) => async (p: Page) => {
  const [before, first] = [await p.locator(indicator).first().innerText(), await p.locator(rows).first().innerText()];
  await nextButton(p).click();
  await p.waitForFunction(
    ([sel, text, rowSel, row]) =>
      document.querySelector(sel!)?.textContent !== text && (document.querySelector(rowSel!) as HTMLElement | null)?.innerText !== row,
    [indicator, before, rows, first] as const,
  );
};

const PAGES: PageCase[] = [
  {
    name: 'Kelola Karyawan',
    path: '/admin/employees',
    ready: () => ['[data-testid=employee-row]'],
    next: clickNextAndWait('[data-testid=page-info]', '[data-testid=employee-row]'),
  },
  {
    name: 'Riwayat Absensi',
    path: '/admin/attendance',
    ready: () => ['table tbody tr'],
    next: clickNextAndWait('[data-testid=page-info]', 'table tbody tr'),
  },
  { name: 'Persetujuan: Cuti', path: '/admin/approvals', ready: () => ['[data-testid=inbox-leave], [role=tabpanel] p.text-center'] },
  {
    name: 'Persetujuan: Perlu Tinjauan',
    path: '/admin/approvals',
    prepare: (p) => p.getByRole('tab', { name: 'Perlu Tinjauan' }).click(),
    ready: () => ['[data-testid=inbox-review], [role=tabpanel] p.text-center'],
  },
  {
    name: 'Roster (month)',
    path: '/admin/schedules',
    prepare: (p) => p.getByRole('button', { name: 'Bulan', exact: true }).click(),
    // The month view: a row with the month's first and last day (no week has both).
    ready: (c) => [
      `[data-testid=roster-row] [data-testid$='-${c.monthFirst}']`,
      `[data-testid=roster-row] [data-testid$='-${c.monthLast}']`,
    ],
    next: clickNextAndWait('[data-testid=page-info]', '[data-testid=roster-row]'),
  },
  {
    name: 'Rekap Bulanan',
    path: '/admin/recap',
    ready: () => ['[data-testid^=recap-row-], [aria-label="Rekap per karyawan"] td[colspan]'],
    next: clickNextAndWait('[data-testid=page-info]', '[data-testid^=recap-row-]'),
  },
  {
    name: 'Log Audit',
    path: '/admin/audit',
    ready: () => ['[data-testid=audit-row]'],
    next: clickNextAndWait('[data-testid=audit-page]', '[data-testid=audit-row]'),
  },
];

async function context(dbName: string): Promise<Ctx> {
  const url = new URL(benchDatabaseUrl().url);
  url.pathname = `/${dbName}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  const { rows } = await c.query(
    `SELECT to_char(now() AT TIME ZONE $1, 'YYYY-MM') AS month, to_char((now() AT TIME ZONE $1) - interval '1 month', 'YYYY-MM') AS "lastMonth",
            (SELECT id::text FROM "Office" WHERE name = 'Cabang Denpasar') AS branch,
            (SELECT id::text FROM "User" WHERE email = 'karyawan42@bench.local') AS someone`,
    [TIMEZONE],
  );
  await c.end();
  const r = rows[0] as { month: string; lastMonth: string; branch: string; someone: string };
  const [y, m] = r.month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { ...r, monthFirst: `${r.month}-01`, monthLast: `${r.month}-${String(last).padStart(2, '0')}` };
}

async function login(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench.local', password: 'Absensi123' }),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('absensi.session-token='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

type ApiResult = { ms: number; bytes: number; rows: string };
async function timeApi(cookie: string, path: string): Promise<ApiResult> {
  const ms: number[] = [];
  let bytes = 0;
  let rows = '';
  for (let i = 0; i <= RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${BASE}${path}`, { headers: { cookie } });
    const text = await res.text();
    if (i > 0) ms.push(performance.now() - t);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    bytes = text.length;
    const body = JSON.parse(text) as unknown;
    const n = Array.isArray(body)
      ? body.length
      : ((body as { rows?: unknown[]; items?: unknown[] }).rows ?? (body as { items?: unknown[] }).items ?? []).length;
    const total = res.headers.get('X-Total-Count') ?? (body as { total?: number }).total;
    rows = total !== undefined && total !== null ? `${n} of ${total}` : String(n);
  }
  return { ms: median(ms), bytes, rows };
}

type PageResult = { firstRow: number; interactive: number; next: number | null } | null;
async function timePage(cookie: string, c: PageCase, ctx: Ctx): Promise<PageResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const bctx = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'id-ID', timezoneId: TIMEZONE });
    const at = cookie.indexOf('=');
    await bctx.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: BASE }]);
    await bctx.addInitScript(() => {
      const w = window as unknown as { __longTaskEnd: number };
      w.__longTaskEnd = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTaskEnd = Math.max(w.__longTaskEnd, e.startTime + e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await bctx.newPage();
    let apiBytes = 0;
    let prefetches = 0;
    page.on('requestfinished', (r) => {
      if (r.url().includes('/api/'))
        void r.sizes().then(
          (z) => (apiBytes += z.responseBodySize),
          () => undefined,
        );
    });
    if (PREFETCH)
      await page.route('**/*', (route) => {
        if (!route.request().headers()['next-router-prefetch']) return route.continue();
        prefetches++;
        return PREFETCH === 'off' ? route.abort() : route.continue();
      });
    // LISTS_TRACE=1: each request of the page with its start and end (ms from the first request).
    const trace: string[] = [];
    let t0 = 0;
    if (process.env.LISTS_TRACE)
      page.on('requestfinished', (r) => {
        const t = r.timing();
        t0 ||= t.startTime;
        trace.push(`${(t.startTime - t0).toFixed(0)}+${t.responseEnd.toFixed(0)} ${r.url().replace(BASE, '').slice(0, 90)}`);
      });
    await page.goto(`${BASE}${c.path}`, { waitUntil: 'commit' });
    let base = 0;
    if (c.prepare) {
      // The step to reach the list (a tab, the month view) counts from the click.
      await page.waitForLoadState('load');
      await page.locator('main').waitFor();
      await c.prepare(page);
      base = await page.evaluate(() => performance.now());
    }
    for (const sel of c.ready(ctx)) await page.locator(sel).first().waitFor({ timeout: 60_000 });
    const firstRow = (await page.evaluate(() => performance.now())) - base;
    // Let the page settle so a long task right after the first row is counted.
    await page.waitForTimeout(1000);
    const lastTask = await page.evaluate(() => (window as unknown as { __longTaskEnd: number }).__longTaskEnd);
    let next: number | null = null;
    if (
      c.next &&
      (await nextButton(page)
        .isEnabled()
        .catch(() => false))
    ) {
      const t = performance.now();
      await c.next(page);
      next = performance.now() - t;
    }
    if (trace.length) console.log(`  ${c.name}: first row ${firstRow.toFixed(0)} ms\n    ${trace.join('\n    ')}`);
    console.log(
      `  ${c.name}: first row ${firstRow.toFixed(0)} ms, long tasks to ${(lastTask - base).toFixed(0)} ms, API JSON ${kb(apiBytes)}, prefetches ${PREFETCH ? `${prefetches} (${PREFETCH})` : 'not counted'}`,
    );
    return { firstRow, interactive: Math.max(firstRow, lastTask - base), next };
  } catch (err) {
    console.log(`  ${c.name}: ${(err as Error).message.split('\n')[0]}`);
    return null;
  } finally {
    await browser.close();
  }
}

const kb = (b: number) => (b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MB` : b >= 1024 ? `${(b / 1024).toFixed(0)} KB` : `${b} B`);

async function measure(label: 'small' | 'large') {
  const dbName = DBS[label];
  const url = new URL(benchDatabaseUrl().url);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
  process.env.DAILY_CLOSE_WORKER ||= 'off';
  const ctx = await context(dbName);
  const server = await startBenchServer({ port: PORT, base: BASE, distDir: process.env.LISTS_DIST || '.next-bench' });
  try {
    const cookie = await login();
    const apis = new Map<Api, ApiResult>();
    for (const a of APIS.filter((x) => chosen(x.list))) {
      const r = await timeApi(cookie, a.path(ctx)).catch((err: Error) => (console.log(`  ${a.list} ${a.kind}: ${err.message}`), null));
      if (r) apis.set(a, r);
      console.log(`  [${label}] ${a.list} ${a.kind}: ${r ? `${r.ms.toFixed(0)} ms, ${kb(r.bytes)}, ${r.rows} rows` : 'failed'}`);
    }
    const load1 = loadavg()[0]!;
    const pages = new Map<PageCase, PageResult>();
    for (const p of PAGES.filter((x) => chosen(x.name))) {
      // LISTS_PAGE_RUNS (default 1) fresh browsers per page: each figure is their median.
      const runs: NonNullable<PageResult>[] = [];
      for (let i = 0; i < PAGE_RUNS; i++) {
        const r = await timePage(cookie, p, ctx);
        if (r) runs.push(r);
      }
      const mid = (f: (r: NonNullable<PageResult>) => number | null) => {
        const v = runs.map(f).filter((x): x is number => x !== null);
        return v.length ? median(v) : null;
      };
      pages.set(
        p,
        runs.length ? { firstRow: mid((r) => r.firstRow)!, interactive: mid((r) => r.interactive)!, next: mid((r) => r.next) } : null,
      );
    }
    return { apis, pages, load1, load1Pages: loadavg()[0]! };
  } finally {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function main() {
  const skipped = { apis: new Map<Api, ApiResult>(), pages: new Map<PageCase, PageResult>(), load1: NaN, load1Pages: NaN };
  const small = SIZES.includes('small') ? await measure('small') : skipped;
  const large = SIZES.includes('large') ? await measure('large') : skipped;
  let missed = 0;
  console.log(`\nServer time per API (median of ${RUNS}, ms); small = ${DBS.small}, large = ${DBS.large}`);
  console.log(`| List | Request | Small ms | Large ms | Large bytes | Large rows | target |`);
  console.log(`|---|---|---:|---:|---:|---|---|`);
  for (const a of APIS.filter((x) => chosen(x.list))) {
    const s = small.apis.get(a) ?? { ms: NaN, bytes: 0, rows: '–' };
    const l = large.apis.get(a) ?? { ms: NaN, bytes: 0, rows: '–' };
    const target = a.kind === 'first page' ? 300 : 500;
    const ok = l.ms < target;
    if (!ok) missed++;
    console.log(
      `| ${a.list} | ${a.kind} | ${s.ms.toFixed(0)} | ${l.ms.toFixed(0)} | ${kb(l.bytes)} | ${l.rows} | < ${target} ${ok ? 'ok' : 'MISSED'} |`,
    );
  }
  console.log(`load1 during the API runs: small ${small.load1.toFixed(2)}, large ${large.load1.toFixed(2)}`);
  console.log(`\nPages in Chromium, 1366×768 (ms from navigation start, or from the click that opens the list)`);
  console.log(`| Page | first row S / L | interactive S / L | next page S / L | target |`);
  console.log(`|---|---|---|---|---|`);
  for (const p of PAGES.filter((x) => chosen(x.name))) {
    const none = { firstRow: NaN, interactive: NaN, next: null };
    const s = small.pages.get(p) ?? none;
    const l = large.pages.get(p) ?? none;
    const ok = l.interactive < 2000 && (l.next === null || l.next < 500);
    if (!ok) missed++;
    const f = (v: number | null) => (v === null ? '–' : v.toFixed(0));
    console.log(
      `| ${p.name} | ${f(s.firstRow)} / ${f(l.firstRow)} | ${f(s.interactive)} / ${f(l.interactive)} | ${f(s.next)} / ${f(l.next)} | ${ok ? 'ok' : 'MISSED'} |`,
    );
  }
  console.log(`load1 after the page runs: small ${small.load1Pages.toFixed(2)}, large ${large.load1Pages.toFixed(2)}`);
  if (missed) {
    console.log(`\n${missed} target(s) missed.`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
