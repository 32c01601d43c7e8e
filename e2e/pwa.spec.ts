// Phone-ready: installable (manifest, icons, service worker), honest when offline (attendance needs a
// connection, the API is never answered from a cache), and every page fits a 360 px wide screen.
import { test, expect, type Page } from '@playwright/test';
import { ADMIN, BUDI, HR, formReady, loginUi } from './fixtures';
import { readFileSync } from 'node:fs';
import { NAVIGATION } from '../lib/navigation';
import { documentWidth, settle, test as walk } from './support/pages';

// The face engine's files, named after their content (scripts/build-face-models.mjs).
const FILES = JSON.parse(readFileSync('features/face/lib/model-files.json', 'utf8')) as Record<string, { file: string; bytes: number }>;
const MODEL = `/models/${FILES.detector!.file}`;

function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('the manifest and icons make the app installable', async ({ request, page }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining('Absensi'),
    short_name: 'Absensi',
    start_url: '/login',
    display: 'standalone',
    lang: 'id',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
    const img = await request.get(icon.src);
    expect(img.status(), icon.src).toBe(200);
    expect(img.headers()['content-type']).toBe('image/png');
    expect(pngSize(await img.body()).join('x')).toBe(icon.sizes);
  }
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d4ed8');
});

async function controlledBySw(page: Page) {
  await page.goto('/login');
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(script).toMatch(/\/sw\.js$/);
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('the service worker caches the shell and the face models, never the API, and offline says attendance needs a connection', async ({
  page,
  context,
}) => {
  await controlledBySw(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain('/offline');
  expect(cached).toContain('/manifest.webmanifest');
  expect(cached.some((u) => u.startsWith('/_next/static/'))).toBe(true);
  expect(cached.some((u) => u.startsWith('/api/'))).toBe(false);
  // Models are cached on first use (the camera dialog or the prefetch after login loads them).
  expect(await page.evaluate((m) => fetch(m).then(async (r) => (await r.arrayBuffer(), r.status)), MODEL)).toBe(200);
  expect(await page.evaluate(() => fetch('/api/health').then((r) => r.status))).toBe(200);

  await context.setOffline(true);
  await page.goto('/employee/attendance');
  await expect(page.getByRole('heading', { name: 'Anda sedang offline' })).toBeVisible();
  await expect(page.getByText('Absensi memerlukan koneksi internet.', { exact: false })).toBeVisible();
  await expect(page.getByText('Tidak ada absensi yang dicatat selama offline.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/employee\/attendance$/);
  const offline = await page.evaluate(
    async (m) => ({
      model: await fetch(m).then(
        (r) => r.status,
        () => 'failed',
      ),
      api: await fetch('/api/health').then(
        (r) => r.status,
        () => 'failed',
      ),
      checkIn: await fetch('/api/attendance/check-in', { method: 'POST', body: '{}' }).then(
        (r) => r.status,
        () => 'failed',
      ),
    }),
    MODEL,
  );
  expect(offline).toEqual({ model: 200, api: 'failed', checkIn: 'failed' });
  await page.screenshot({ path: test.info().outputPath('offline.png') });

  // Back online, the page the user asked for loads by itself (anonymous here, so the login page).
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Masuk ke Akun' })).toBeVisible({ timeout: 20_000 });
});

test('after login the face files download ahead of need, under URLs that never change meaning', async ({ page, request }) => {
  const res = await request.get(MODEL);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await res.body()).length).toBe(FILES.detector!.bytes);
  await controlledBySw(page);
  // On a computer (a mouse, not a touch screen) nothing is fetched before the login says who signed in.
  const order: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/models/') || path === '/api/auth/login') order.push(path);
  });
  await loginUi(page, BUDI, /\/employee$/);
  // Nothing opened the camera: the employee pages fetch the models (and, on this software-rendered
  // WebGL, the WebAssembly engine) at low priority once idle, into the service worker's model cache.
  const wanted = ['detector', 'landmarks', 'recognition'].map((k) => `/models/${FILES[k]!.file}`);
  await expect
    .poll(
      async () =>
        page.evaluate(async (urls) => {
          const cache = await caches.open('absensi-models');
          const have = (await cache.keys()).map((r) => new URL(r.url).pathname);
          return urls.filter((u) => !have.includes(u));
        }, wanted),
      { timeout: 60_000 },
    )
    .toEqual([]);
  expect(order[0]).toBe('/api/auth/login');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the login page fetches the face files into the model cache while the form is being filled in', async ({ page }) => {
    // A first visit: nothing cached, the service worker only installing. The files must be kept all the
    // same (features/face/components/model-download.ts stores them itself until the worker controls the page).
    const order: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/models/') || path === '/api/auth/login') order.push(path);
    });
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Masuk ke Sistem' });
    await formReady(submit);
    await page.getByLabel('Email', { exact: true }).fill(BUDI.email);
    // Headless Chromium renders WebGL in software: the WebAssembly engine is needed too.
    const needed = [/\/face-api\./, /\/tfjs-backend-wasm/, /\/tiny_face_detector\./, /\/face_landmark_68_tiny\./, /\/face_recognition\./];
    const missing = () =>
      page.evaluate(
        async (patterns) => {
          const cache = await caches.open('absensi-models');
          const have = (await cache.keys()).map((r) => new URL(r.url).pathname);
          return patterns.filter((p) => !have.some((f) => new RegExp(p).test(f)));
        },
        needed.map((n) => n.source),
      );
    await expect.poll(missing, { timeout: 60_000 }).toEqual([]);
    expect(order).not.toContain('/api/auth/login');
    await page.getByLabel('Password', { exact: true }).fill(BUDI.password);
    await submit.click();
    await expect(page).toHaveURL(/\/employee$/, { timeout: 20_000 });
  });
});

test('a signed-in page shows an offline notice while the connection is gone', async ({ page, context }) => {
  await loginUi(page, BUDI, /\/employee$/);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Anda sedang offline. Absensi memerlukan koneksi internet');
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

async function expectNoHorizontalScroll(page: Page, what: string) {
  await settle(page);
  const innerWidth = await page.evaluate(() => window.innerWidth);
  const scrollWidth = await documentWidth(page);
  expect(scrollWidth, `${what} is ${scrollWidth}px wide`).toBeLessThanOrEqual(innerWidth);
}

// Every page (from the menus) at 360 px, one test per page: e2e/layout.spec.ts, which checks the document is
// no wider than 360 px in the same visit as its other checks. Here the menu drawer.
test.describe('at 360 px wide', () => {
  test.describe.configure({ mode: 'parallel' });
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  for (const [role, creds] of [
    ['admin', ADMIN],
    ['hr', HR],
    ['employee', BUDI],
  ] as const) {
    walk(`the ${role} menu opens as a drawer on a phone and fits`, async ({ signedIn }) => {
      const page = await signedIn(creds);
      await page.goto(NAVIGATION[role][0]!.href);
      await settle(page);
      await page.getByRole('button', { name: 'Buka menu' }).click();
      await expect(page.getByRole('navigation')).toBeVisible();
      const drawer = page.getByRole('complementary', { name: 'Menu utama' });
      await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
      await expectNoHorizontalScroll(page, `${role} menu`);
    });
  }
});
