// Lighthouse performance and accessibility scores of /login, /employee and /admin (production build).
// Run: npx tsx bench/lighthouse.ts
//   Starts the production server (scripts/e2e-server.mjs: fresh embedded database with the demo data)
//   on LIGHTHOUSE_PORT (default 3129) from the build in LIGHTHOUSE_DIST (default .next-bench); or
//   BASE_URL=http://host:port for a server already running. Chromium: CHROMIUM_PATH (default
//   /usr/bin/chromium), headless. LIGHTHOUSE_PRESET=desktop for the desktop preset (default: mobile,
//   Lighthouse's simulated slow 4G and 4× CPU slowdown). Logged-in pages get the session cookie.
import { startBenchServer } from './bench-server';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const PORT = Number(process.env.LIGHTHOUSE_PORT || 3129);
const BASE = process.env.BASE_URL || `http://127.0.0.1:${PORT}`;
const PASSWORD = process.env.SEED_PASSWORD || 'Absensi123';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 1);
const TARGETS: { path: string; email?: string }[] = [
  { path: '/login' },
  { path: '/employee', email: 'budi@absensi.local' },
  { path: '/admin', email: 'admin@absensi.local' },
];

async function sessionCookie(email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
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
    const headers = target.email ? { Cookie: await sessionCookie(target.email) } : undefined;
    const perf: number[] = [];
    const a11y: number[] = [];
    let metrics = '';
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(
        `${BASE}${target.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(headers ? { extraHeaders: headers } : {}),
        },
        config,
      );
      if (!result) throw new Error('no result');
      const { lhr } = result;
      if (lhr.runtimeError) console.log(`[lighthouse]   ${target.path} run ${i + 1}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(target.path))
        throw new Error(`${target.path} ended at ${lhr.finalDisplayedUrl} (not logged in?)`);
      perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      a11y.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
      const a = lhr.audits;
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
    console.log(`[lighthouse] ${target.path.padEnd(10)} performance ${med(perf)}, accessibility ${med(a11y)} (${metrics})`);
  }
} finally {
  await chrome.kill();
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
}
