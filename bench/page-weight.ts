// First-load JavaScript of the employee pages, compressed, from the production build.
// Run: npx tsx bench/page-weight.ts
//   Starts the production server (scripts/e2e-server.mjs: fresh embedded database with the demo data)
//   on PAGE_WEIGHT_PORT (default 3128) from the build in PAGE_WEIGHT_DIST (default .next-bench; built
//   when it has none). BASE_URL=http://host:port measures a server that is already running instead.
// For each page, in a laptop and a phone viewport: log in as the demo employee, open the page in
// Chromium, wait until the network is idle, and add up every script: bytes on the wire (what the
// server sent, gzip) and, as a check, the gzip -6 size of each decoded script. Budget: 200 KB per page. The face
// libraries must not load before the camera opens. The face models (/models/*, not scripts) are fetched at low
// priority once an employee page is idle (features/face/components/FaceModelPrefetch.tsx); their requests are counted.
import { startBenchServer } from './bench-server';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.PAGE_WEIGHT_PORT || 3128);
const BASE = process.env.BASE_URL || `http://127.0.0.1:${PORT}`;
const BUDGET_KB = 200;
const PAGES = (process.env.PAGE_WEIGHT_PAGES || '/employee,/employee/attendance').split(',');
const EMAIL = process.env.PAGE_WEIGHT_EMAIL || 'budi@absensi.local';
const PASSWORD = process.env.SEED_PASSWORD || 'Absensi123';
// Employees open these pages on phones; HR on laptops. Both views are measured, each within budget.
const VIEWPORTS = [
  ['laptop', { width: 1280, height: 720 }],
  ['phone', { width: 390, height: 844 }],
] as const;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const server = await startBenchServer({ port: PORT, base: BASE, distDir: process.env.PAGE_WEIGHT_DIST || '.next-bench' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let over = false;
try {
  console.log(`[page-weight] ${BASE}, logged in as ${EMAIL}; budget ${BUDGET_KB} KB of compressed JavaScript per page`);
  for (const [viewportName, viewport] of VIEWPORTS)
    for (const url of PAGES) {
      // A fresh context per page: empty cache, like a first visit after login.
      const context = await browser.newContext({
        baseURL: BASE,
        viewport,
        isMobile: viewportName === 'phone',
        hasTouch: viewportName === 'phone',
      });
      const login = await context.request.post('/api/auth/login', { data: { email: EMAIL, password: PASSWORD } });
      if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
      const page = await context.newPage();
      const scripts: { url: string; wire: number; decoded: number; gzip: number; encoding: string }[] = [];
      const models: string[] = [];
      const pending: Promise<void>[] = [];
      page.on('requestfinished', (request) => {
        if (request.url().includes('/models/')) models.push(request.url());
        if (request.resourceType() !== 'script') return;
        pending.push(
          (async () => {
            const response = await request.response();
            if (!response) return;
            const body = await response.body();
            const sizes = await request.sizes();
            scripts.push({
              url: request.url(),
              wire: sizes.responseBodySize,
              decoded: body.length,
              gzip: gzipSync(body, { level: 6 }).length,
              encoding: (await response.headerValue('content-encoding')) || 'none',
            });
          })(),
        );
      });
      const document = await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      await Promise.all(pending);
      // Scripts named in the HTML are the first load proper; the rest are lazy chunks the page asked for.
      const html = (await document?.text()) ?? '';
      const inHtml = new Set(
        [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&'), BASE).pathname),
      );
      const initialGzip = scripts.filter((s) => inHtml.has(new URL(s.url).pathname)).reduce((sum, s) => sum + s.gzip, 0);
      const wire = scripts.reduce((s, x) => s + x.wire, 0);
      const gzip = scripts.reduce((s, x) => s + x.gzip, 0);
      const decoded = scripts.reduce((s, x) => s + x.decoded, 0);
      const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
      const verdict = Math.max(wire, gzip) <= BUDGET_KB * 1024 ? 'PASS' : 'FAIL';
      if (verdict === 'FAIL') over = true;
      console.log(
        `[page-weight] ${url} (${viewportName} ${viewport.width}×${viewport.height}): ${scripts.length} scripts, ${kb(wire)} on the wire (${encodings}), ${kb(gzip)} gzip -6, ${kb(decoded)} decoded; of which in the HTML ${kb(initialGzip)} gzip, loaded after ${kb(gzip - initialGzip)}; face model requests: ${models.length}; ${verdict}`,
      );
      for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, Number(process.env.PAGE_WEIGHT_TOP || 6)))
        console.log(
          `[page-weight]     ${kb(s.gzip).padStart(9)}  ${new URL(s.url).pathname}${inHtml.has(new URL(s.url).pathname) ? '' : ' (lazy)'}`,
        );
      await context.close();
    }
} finally {
  await browser.close();
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
}
process.exitCode = over ? 1 : 0;
