// Lighthouse performance and accessibility scores of /login, /employee, /employee/attendance,
// /employee/history and /admin (production build). Targets (mobile) on the three employee pages:
// performance ≥ 90, accessibility 100 (docs/quality.md).
// Run: npx tsx bench/lighthouse.ts
//   Starts the production server (scripts/e2e-server.mjs: fresh embedded database with the demo data)
//   on LIGHTHOUSE_PORT (default 3129) from the build in LIGHTHOUSE_DIST (default .next-bench); or
//   BASE_URL=http://host:port for a server already running. Chromium: CHROMIUM_PATH (default
//   /usr/bin/chromium), headless. LIGHTHOUSE_PRESET=desktop for the desktop preset (default: mobile,
//   Lighthouse's simulated slow 4G and 4× CPU slowdown). Logged-in pages get the session cookie.
//   LIGHTHOUSE_PAGES (default "login,employee,admin,attendance-worker,attendance-page,history") picks the rows.
// /employee/attendance is measured as a returning employee's phone opens it with a check-in still to
// make: the face engine's files already in the service worker's cache (fetched beforehand through the
// page, storage not reset by Lighthouse), so the page starts the engine while Lighthouse watches; once
// in the face worker, once in the page (features/face/components/engine-support.ts's switch).
import { startBenchServer } from './bench-server';
import { chromium } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import files from '../features/face/lib/model-files.json';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const PORT = Number(process.env.LIGHTHOUSE_PORT || 3129);
const BASE = process.env.BASE_URL || `http://127.0.0.1:${PORT}`;
const PASSWORD = process.env.SEED_PASSWORD || 'Absensi123';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 1);
type Target = { name: string; path: string; email?: string; engine?: 'worker' | 'page' };
const ALL: Target[] = [
  { name: 'login', path: '/login' },
  { name: 'employee', path: '/employee', email: 'budi@absensi.local' },
  { name: 'admin', path: '/admin', email: 'admin@absensi.local' },
  { name: 'attendance-worker', path: '/employee/attendance', engine: 'worker' },
  { name: 'attendance-page', path: '/employee/attendance', engine: 'page' },
  { name: 'history', path: '/employee/history', email: 'budi@absensi.local' },
];
const PICKED = (process.env.LIGHTHOUSE_PAGES || ALL.map((t) => t.name).join(',')).split(',');
const TARGETS = ALL.filter((t) => PICKED.includes(t.name));

/** A new employee (not checked in today: the page has a punch to make). */
async function newEmployee(): Promise<{ email: string; password: string }> {
  const creds = {
    name: 'Karyawan Lighthouse',
    email: `lh.${randomBytes(4).toString('hex')}@test.local`,
    position: 'Staf',
    password: 'rahasia123',
  };
  const res = await fetch(`${BASE}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status}`);
  return creds;
}

/** The face engine's files into the service worker's cache, through a page of the app in Lighthouse's own browser. */
async function cacheFaceEngine(port: number, cookie: string, engine: 'worker' | 'page') {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const at = cookie.indexOf('=');
    await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: BASE }]);
    const page = await context.newPage();
    await page.goto(`${BASE}/employee/attendance`);
    await page.evaluate(async (which) => {
      localStorage.setItem('absensi:face-engine', which);
      await navigator.serviceWorker.ready;
    }, engine);
    await page.reload();
    const urls = Object.values(files).map((f) => `/models/${f.file}`);
    const cached = await page.evaluate(async (list) => {
      for (const u of list) await (await fetch(u)).arrayBuffer();
      // The service worker stores each file after answering it: wait for the last one to land.
      const cache = await caches.open('absensi-models');
      for (let i = 0; i < 60 && (await cache.keys()).length < list.length; i++) await new Promise((r) => setTimeout(r, 250));
      return (await cache.keys()).length;
    }, urls);
    if (cached < urls.length) throw new Error(`only ${cached} of ${urls.length} face files cached`);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function sessionCookie(email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('absensi.session-token='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

const server = await startBenchServer({ port: PORT, base: BASE, distDir: process.env.LIGHTHOUSE_DIST || '.next-bench' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const preset = process.env.LIGHTHOUSE_PRESET === 'desktop' ? 'desktop' : 'mobile';
const config = preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
try {
  console.log(`[lighthouse] ${BASE}, preset ${preset}, ${RUNS} run(s) per page (median)`);
  for (const target of TARGETS) {
    let cookie = target.email ? await sessionCookie(target.email) : null;
    if (target.engine) {
      const emp = await newEmployee();
      cookie = await sessionCookie(emp.email, emp.password);
      await cacheFaceEngine(chrome.port, cookie, target.engine);
    }
    const headers = cookie ? { Cookie: cookie } : undefined;
    const perf: number[] = [];
    const a11y: number[] = [];
    let metrics = '';
    const tbt: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(
        `${BASE}${target.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(headers ? { extraHeaders: headers } : {}),
          ...(target.engine ? { disableStorageReset: true } : {}),
        },
        config,
      );
      if (!result) throw new Error('no result');
      const { lhr } = result;
      if (lhr.runtimeError) console.log(`[lighthouse]   ${target.path} run ${i + 1}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(target.path))
        throw new Error(`${target.path} ended at ${lhr.finalDisplayedUrl} (not logged in?)`);
      // Lighthouse's own CPU benchmark of this machine, and its warnings (e.g. a host slower than it expects).
      console.log(
        `[lighthouse]   ${target.name} run ${i + 1}: benchmark index ${Math.round(lhr.environment?.benchmarkIndex ?? 0)}${lhr.runWarnings?.length ? `; warnings: ${lhr.runWarnings.join(' | ')}` : ''}`,
      );
      perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      a11y.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
      const a = lhr.audits;
      tbt.push(Math.round(a['total-blocking-time']?.numericValue ?? NaN));
      // LIGHTHOUSE_DETAIL=1: where the blocking time comes from (the main thread's long tasks, by script).
      if (process.env.LIGHTHOUSE_DETAIL === '1') {
        type Item = { url?: string; duration?: number; startTime?: number; total?: number; scripting?: number };
        const items = (id: string) => ((a[id]?.details as { items?: Item[] } | undefined)?.items ?? []).slice(0, 8);
        const short = (u?: string) => (u ?? '?').replace(BASE, '');
        console.log(
          `[lighthouse]   ${target.name} run ${i + 1} long tasks: ${items('long-tasks')
            .map((t) => `${short(t.url)} ${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)}`)
            .join('; ')}`,
        );
        console.log(
          `[lighthouse]   ${target.name} run ${i + 1} scripts: ${items('bootup-time')
            .map((t) => `${short(t.url)} ${Math.round(t.total ?? 0)} ms (script ${Math.round(t.scripting ?? 0)})`)
            .join('; ')}`,
        );
        type Group = { groupLabel?: string; duration?: number };
        const groups = ((a['mainthread-work-breakdown']?.details as { items?: Group[] } | undefined)?.items ?? []).map(
          (g) => `${g.groupLabel} ${Math.round(g.duration ?? 0)} ms`,
        );
        console.log(`[lighthouse]   ${target.name} run ${i + 1} main thread: ${groups.join('; ')}`);
        type Shift = { score?: number; node?: { selector?: string; snippet?: string } };
        const shifts = ((a['layout-shifts']?.details as { items?: Shift[] } | undefined)?.items ?? []).map(
          (x) => `${(x.score ?? 0).toFixed(3)} ${x.node?.selector ?? '?'} ${(x.node?.snippet ?? '').slice(0, 120)}`,
        );
        if (shifts.length) console.log(`[lighthouse]   ${target.name} run ${i + 1} layout shifts: ${shifts.join(' | ')}`);
      }
      metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
        .map((id) => `${id.replace(/-/g, ' ')} ${a[id]?.displayValue ?? '?'}`)
        .join(', ');
      const failed = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
        .map((ref) => a[ref.id])
        .filter((x) => x && x.score !== null && x.score < 1 && x.scoreDisplayMode === 'binary')
        .map((x) => x!.id);
      if (failed.length) console.log(`[lighthouse]   ${target.path} accessibility audits not passed: ${failed.join(', ')}`);
    }
    const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    console.log(
      `[lighthouse] ${target.name.padEnd(17)} performance ${med(perf)} (${perf.join(', ')}), accessibility ${med(a11y)}, total blocking time ${tbt.join(', ')} ms (${metrics}; last run), load ${loadavg()[0]!.toFixed(1)}`,
    );
  }
} finally {
  await chrome.kill();
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
}
