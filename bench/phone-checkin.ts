// A first check-in on a phone: tap "Check-in dengan Wajah" → "Check-in Berhasil!", timed, with the
// bytes fetched after the tap, in Chromium on the production build.
// Run: npx tsx bench/phone-checkin.ts
//   Starts the production server (scripts/e2e-server.mjs: fresh embedded database with the demo data)
//   on PHONE_CHECKIN_PORT (default 3131) from the build in PHONE_CHECKIN_DIST (default .next-bench;
//   built when it has none); BASE_URL=http://host:port measures a server already running instead.
//   PHONE_CHECKIN_RUNS (default 3) rounds per condition, medians printed; PHONE_CHECKIN_CONDITIONS
//   (default "throttled,unthrottled"); PHONE_CHECKIN_ENGINES (default "worker,page"): where the face
//   engine runs (features/face/components/face-engine.ts; "page" is the path of browsers without
//   OffscreenCanvas, forced with its localStorage switch). Each round runs every engine, side by side in
//   time, and prints the load average beside each figure. PHONE_CHECKIN_KINDS (default
//   "cold,warm,idle"): which check-ins a round makes. The summary says, per line, whether the issue's
//   target is met (warm, tap at once: < 2.5 s throttled, < 1 s unthrottled; cold, throttled: < 10 s and
//   at most 2.5 MB received after the tap).
//
// Each run: a new browser with a fresh, empty profile (no cache, no service worker), a 360×740 touch
// screen, a fake camera showing fixture person A (e2e/support/camera.ts), a position inside the office
// radius, and, when throttled, slow 4G + 4× CPU on the page and on the service worker
// (bench/phone-throttle.ts). A new employee whose face is enrolled (fixture person A) logs in on the
// login page, opens Absensi from the menu and taps "Check-in dengan Wajah" as soon as it can be tapped;
// the bench then presses each button of the dialog as soon as it is there (Mulai Kamera, Ambil Foto,
// Ya, Check-in), checking for it at every animation frame. The time is the page's own: from the tap's
// pointerdown to the frame after "Check-in Berhasil!" is on the page; when the driver noticed it (its
// polling is up to 0.5 s late) is printed beside it. That is "cold". "Warm" is a second employee on the same phone later: same profile
// (the service worker's cache), a new page, the same steps, the tap as soon as the button can be tapped;
// "warm, idle" a third one who lets the page sit until its face engine is ready (the page's
// 'face:models' measure) and a second more before the tap. Each check-in's steps are printed as times
// after the tap: the press on "Masuk ke Sistem" (negative), the page's marks (the prefetch asked for,
// fetching, done; the engine starting; the photo; the request) and the driver's presses.
// Throttled, the page's thread runs 4× slower through the DevTools protocol, which cannot slow a worker:
// the face worker is told to answer as a 4× slower CPU would (features/face/components/engine.worker.ts).
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startBenchServer } from './bench-server';
import { FACE_FIXTURES, fakeCameraLaunchOptions } from '../e2e/support/camera';
import { NetworkMeter, SLOW_4G, throttlePage, throttleServiceWorkers, type Conditions } from './phone-throttle';

const PORT = Number(process.env.PHONE_CHECKIN_PORT || 3131);
const BASE = process.env.BASE_URL || `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.PHONE_CHECKIN_RUNS || 3);
const CONDITIONS = (process.env.PHONE_CHECKIN_CONDITIONS || 'throttled,unthrottled').split(',');
// The seeded office is Monas (-6.175392, 106.827153), radius 100 m; this is 30 m from it.
const INSIDE = { latitude: -6.175122, longitude: 106.827153, accuracy: 8 };

type Result = {
  /** The page's tap → "Check-in Berhasil!" on the page (the figure). */
  ms: number;
  /** Until the driver noticed it (its polling adds to this). */
  driverMs: number;
  received: number;
  sent: number;
  requests: number;
  marks: Record<string, number>;
  /** When each step of the way was reached, ms after the tap. */
  steps: Record<string, number>;
  top: [string, number][];
};

async function enrolledEmployee(): Promise<{ email: string; password: string }> {
  const creds = {
    name: 'Karyawan Ponsel',
    email: `phone.${randomBytes(4).toString('hex')}@test.local`,
    position: 'Staf',
    password: 'rahasia123',
  };
  const res = await fetch(`${BASE}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const descriptors = JSON.parse(readFileSync(path.join(FACE_FIXTURES, 'descriptors.json'), 'utf8')) as Record<string, number[]>;
  const captures = ['person-a-1.jpg', 'person-a-2.jpg', 'person-a-3.jpg'].map((name) => ({
    image: `data:image/jpeg;base64,${readFileSync(path.join(FACE_FIXTURES, name)).toString('base64')}`,
    descriptor: descriptors[name],
  }));
  const enrol = await fetch(`${BASE}/api/face/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ captures }),
  });
  if (enrol.status !== 201) throw new Error(`enrol: ${enrol.status} ${await enrol.text()}`);
  return creds;
}

type Engine = 'worker' | 'page';
type Tap = 'asap' | 'idle';
const ENGINES = (process.env.PHONE_CHECKIN_ENGINES || 'worker,page').split(',') as Engine[];
const load = () => loadavg()[0]!.toFixed(1);

/** The page's face engine ready (its 'face:models' measure), then a second more: the page has sat idle. */
async function sitIdle(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('face:models').length > 0, undefined, { timeout: 60_000, polling: 100 });
  await page.waitForTimeout(1000);
}

const consoleOf = new WeakMap<Page, string[]>();

async function newPhonePage(context: BrowserContext, conditions: Conditions, meter: NetworkMeter): Promise<Page> {
  const page = await context.newPage();
  // The page's last words, for a run that fails (whenReady prints them).
  const said: string[] = [];
  page.on('console', (m) => said.push(`${m.type()}: ${m.text()}`.slice(0, 300)) > 20 && said.shift());
  page.on('pageerror', (e) => said.push(`pageerror: ${e.message}`.slice(0, 300)));
  consoleOf.set(page, said);
  await throttlePage(page, conditions, meter);
  return page;
}

/** Login page → Absensi (from the menu) → ready to tap. Returns when (Date.now()) the login was pressed. */
async function openAttendance(page: Page, creds: { email: string; password: string }): Promise<number> {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email', { exact: true }).fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  const loginAt = Date.now();
  await page.getByRole('button', { name: 'Masuk ke Sistem' }).click();
  await page.waitForURL(/\/employee$/, { timeout: 120_000 });
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Absensi', exact: true }).click();
  await page.waitForURL(/\/employee\/attendance$/);
  await page.getByTestId('location-status').filter({ hasText: 'Dalam Radius Kantor' }).waitFor({ timeout: 120_000 });
  await page.getByTestId('attendance-status').filter({ hasText: 'Belum Check-in' }).waitFor({ timeout: 120_000 });
  return loginAt;
}

/**
 * Resolves once a button whose text contains `label` is on the page, shown and enabled, checked at every
 * animation frame. Playwright's own waiting (a click or waitFor on something not there yet) retries
 * after 0, 20, 50, 100, 100 ms and then every 500 ms: it would add up to half a second to each step that
 * the phone did not spend.
 */
async function whenReady(page: Page, label: string) {
  // A function, not a string: the page's CSP refuses a predicate given as a string (eval).
  await page
    .waitForFunction(
      (text) =>
        [...document.querySelectorAll('button')].some(
          (b) => (b.textContent || '').includes(text) && !(b as HTMLButtonElement).disabled && b.getClientRects().length > 0,
        ),
      label,
      { polling: 'raf', timeout: 180_000 },
    )
    .catch(async (e: unknown) => {
      // Say what the phone showed instead: the dialog's text, or the page's when there is no dialog.
      const shown = await page
        .evaluate(() => (document.querySelector('[role="dialog"]') ?? document.body).textContent?.replace(/\s+/g, ' ').slice(0, 600))
        .catch(() => '(page gone)');
      const said = (consoleOf.get(page) ?? []).join('\n  ');
      throw new Error(`"${label}" never became usable; the page showed: ${shown}\nits console:\n  ${said}`, { cause: e });
    });
}

/**
 * Records in the page when the tap on "Check-in dengan Wajah" happened (its pointerdown) and when
 * "Check-in Berhasil!" was first on the page (at the next frame after it was inserted): the times the
 * phone's user sees, not when the driver noticed them.
 */
const PAGE_CLOCK = `(() => {
  window.__bench = { tap: 0, done: 0 };
  document.addEventListener('pointerdown', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    if (!window.__bench.tap && b && (b.textContent || '').includes('Check-in dengan Wajah')) window.__bench.tap = e.timeStamp;
  }, true);
  const seen = () => [...document.querySelectorAll('h1, h2, h3')].some((h) => h.textContent === 'Check-in Berhasil!');
  const watch = new MutationObserver(() => {
    if (window.__bench.done || !seen()) return;
    watch.disconnect();
    requestAnimationFrame((t) => (window.__bench.done = t));
  });
  watch.observe(document.body, { childList: true, subtree: true, characterData: true });
})()`;

/** Tap → "Check-in Berhasil!", pressing each button of the way as soon as it can be pressed. */
async function checkIn(page: Page, meter: NetworkMeter, loginAt: number, tap: Tap = 'asap'): Promise<Result> {
  const button = page.getByRole('button', { name: 'Check-in dengan Wajah' });
  await button.waitFor();
  await whenReady(page, 'Check-in dengan Wajah');
  if (tap === 'idle') await sitIdle(page);
  await page.evaluate(PAGE_CLOCK);
  meter.tap();
  const started = Date.now();
  // The press on "Masuk ke Sistem", before the tap (negative).
  const steps: Record<string, number> = { login: loginAt - started };
  const step = (name: string) => (steps[name] = Date.now() - started);
  await button.click();
  const dialog = page.getByRole('dialog', { name: /Verifikasi Wajah · Check-in/ });
  await whenReady(page, 'Mulai Kamera');
  await dialog.getByRole('button', { name: 'Mulai Kamera' }).click();
  step('camera');
  await page.waitForFunction(
    () => ((document.querySelector('[data-testid="face-video"]') as HTMLVideoElement | null)?.readyState ?? 0) >= 2,
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
  step('video');
  await whenReady(page, 'Ambil Foto');
  await dialog.getByRole('button', { name: 'Ambil Foto' }).click();
  step('photo');
  await whenReady(page, 'Ya, Check-in');
  await page.getByRole('button', { name: 'Ya, Check-in' }).click();
  step('confirm');
  await page.getByRole('heading', { name: 'Check-in Berhasil!' }).waitFor({ timeout: 120_000 });
  const seenByDriver = Date.now() - started;
  await page.waitForFunction(() => ((window as unknown as { __bench?: { done: number } }).__bench?.done ?? 0) > 0, undefined, {
    timeout: 10_000,
  });
  const clock = (await page.evaluate('({ ...window.__bench, origin: performance.timeOrigin })')) as {
    tap: number;
    done: number;
    origin: number;
  };
  if (!clock.tap) throw new Error('the tap on "Check-in dengan Wajah" was not seen by the page');
  const ms = clock.done - clock.tap;
  // The driver's steps, from its clock to the page's tap.
  const lead = clock.origin + clock.tap - started;
  for (const name of Object.keys(steps)) steps[name] = Math.round(steps[name]! - lead);
  const driverMs = Math.round(seenByDriver - lead);
  const marks = await page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('measure')
        .filter((m) => m.name.startsWith('face:'))
        .map((m) => [m.name, Math.round(m.duration)]),
    ),
  );
  // The page's own marks (the engine starting, the photo button handled), as times after the tap.
  const pageMarks = await page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('face:'))
      .map((m) => [m.name, m.startTime] as const),
  );
  for (const [name, at] of pageMarks) steps[`page ${name.slice(5)}`] = Math.round(at - clock.tap);
  const f = meter.figures;
  const top = [...f.urls.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return { ms, driverMs, received: f.received, sent: f.sent, requests: f.requests, marks, steps, top };
}

type Kind = 'cold' | 'warm' | 'idle';
/** PHONE_CHECKIN_KINDS (default all three): which check-ins of a round are made, in this order. */
const KINDS = (process.env.PHONE_CHECKIN_KINDS || 'cold,warm,idle').split(',') as Kind[];
type Round = { results: Partial<Record<Kind, Result>>; load: string };

async function oneRun(conditions: Conditions, engine: Engine): Promise<Round> {
  const browser: Browser = await chromium.launch({
    ...fakeCameraLaunchOptions(path.join(FACE_FIXTURES, 'person-a-1.jpg')),
    headless: true,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'id-ID',
      timezoneId: 'Asia/Jakarta',
      geolocation: INSIDE,
      permissions: ['geolocation', 'camera'],
    });
    // Before any page script: where the face engine runs, and how slow the worker's CPU is.
    await context.addInitScript(
      ({ engine, slowdown }) => {
        localStorage.setItem('absensi:face-engine', engine);
        localStorage.setItem('absensi:face-engine:slowdown', String(slowdown));
      },
      { engine, slowdown: conditions?.cpu ?? 1 },
    );
    const meter = new NetworkMeter();
    const stopSw = await throttleServiceWorkers(browser, conditions, meter);
    const results: Round['results'] = {};
    // A new employee each time, on the same phone: the first (cold) finds an empty profile, the next
    // ones the service worker's cache the first filled. A warm check-in without a cold one before it
    // fills the cache first, with a login and the prefetch, untimed.
    if (!KINDS.includes('cold')) {
      const page = await newPhonePage(context, conditions, meter);
      await openAttendance(page, await enrolledEmployee());
      await page.waitForFunction(() => performance.getEntriesByName('face:prefetch-done').length > 0, undefined, { timeout: 180_000 });
      await page.close();
      await context.clearCookies();
    }
    for (const kind of KINDS) {
      const page = await newPhonePage(context, conditions, meter);
      results[kind] = await checkIn(page, meter, await openAttendance(page, await enrolledEmployee()), kind === 'idle' ? 'idle' : 'asap');
      await page.close();
      await context.clearCookies();
    }
    await stopSw().catch(() => undefined);
    return { results, load: load() };
  } finally {
    await browser.close();
  }
}

/** The issue's targets (docs/face.md, "Where the engine runs"): warm tap at once < 2.5 s throttled, < 1 s unthrottled; cold < 10 s with ≤ 2.5 MB after the tap. */
function target(kind: Kind, throttled: boolean, ms: number, received: number): string {
  if (kind === 'cold')
    return throttled ? `target < 10 s and ≤ 2.5 MB: ${ms < 10_000 && received <= 2.5 * 1024 * 1024 ? 'met' : 'NOT met'}` : '';
  if (kind === 'warm') return `target < ${throttled ? '2.5' : '1'} s: ${ms < (throttled ? 2500 : 1000) ? 'met' : 'NOT met'}`;
  return '';
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`);

function describe(r: Result) {
  const marks = Object.entries(r.marks)
    .map(([k, v]) => `${k.slice(5)} ${s(v)}`)
    .join(', ');
  const steps = Object.entries(r.steps)
    .map(([k, v]) => `${k} ${s(v)}`)
    .join(', ');
  return `${s(r.ms)} (driver ${s(r.driverMs)}), ${kb(r.received)} received in ${r.requests} requests, ${kb(r.sent)} sent; steps reached: ${steps}${marks ? `; ${marks}` : ''}`;
}

const server = await startBenchServer({ port: PORT, base: BASE, distDir: process.env.PHONE_CHECKIN_DIST || '.next-bench' });
const summary: string[] = [];
try {
  console.log(
    `[phone-checkin] ${BASE}, ${RUNS} round(s) per condition, engines ${ENGINES.join(', ')}, 360×740 touch screen, fake camera (fixture person A)`,
  );
  for (const name of CONDITIONS) {
    const conditions = name === 'throttled' ? SLOW_4G : null;
    const label = conditions ? conditions.name : 'unthrottled';
    const runs = new Map<Engine, Round[]>(ENGINES.map((e) => [e, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const engine of ENGINES) {
        const r = await oneRun(conditions, engine);
        runs.get(engine)!.push(r);
        const tag = `${label} ${engine} round ${i + 1} (load ${r.load})`;
        for (const kind of KINDS) {
          const x = r.results[kind]!;
          console.log(`[phone-checkin] ${tag}: ${kind === 'idle' ? 'warm, idle' : kind} ${describe(x)}`);
          if (kind === 'cold')
            console.log(`[phone-checkin]     biggest after the tap: ${x.top.map(([u, n]) => `${u} ${kb(n)}`).join(', ')}`);
        }
      }
    }
    for (const engine of ENGINES) {
      const rounds = runs.get(engine)!;
      for (const kind of KINDS) {
        const xs = rounds.map((r) => r.results[kind]!);
        const ms = median(xs.map((x) => x.ms));
        const received = median(xs.map((x) => x.received));
        summary.push(
          `[phone-checkin] ${label.padEnd(16)} ${engine.padEnd(6)} ${(kind === 'idle' ? 'warm, idle' : kind).padEnd(10)}: tap → "Check-in Berhasil!" ${s(ms)} (median of ${xs.length}: ${xs.map((x) => s(x.ms)).join(', ')}; ${s(median(xs.map((x) => x.driverMs)))} until the driver saw it), received after the tap ${kb(received)}, sent ${kb(median(xs.map((x) => x.sent)))}; load ${rounds.map((r) => r.load).join(', ')}; ${target(kind, !!conditions, ms, received)}`,
        );
      }
    }
  }
  for (const line of summary) console.log(line);
} finally {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
}
