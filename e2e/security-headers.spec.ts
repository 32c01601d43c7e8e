// Security headers on pages and API answers, a nonce CSP the browser actually enforces without
// breaking any page, and stored markup rendered as text.
import { watchCsp } from './support/csp';
import { test, expect, type APIResponse } from '@playwright/test';
import { ADMIN, BUDI, HR, loginUi, registerEmployee } from './fixtures';
import { readFileSync } from 'node:fs';

const MODEL_FILES = JSON.parse(readFileSync('features/face/lib/model-files.json', 'utf8')) as { detector: { file: string } };

function expectCommonHeaders(res: APIResponse, what: string) {
  const h = res.headers();
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(h['x-frame-options'], what).toBe('DENY');
  const permissions = h['permissions-policy'] ?? '';
  expect(permissions, what).toContain('camera=(self)');
  expect(permissions, what).toContain('geolocation=(self)');
  expect(permissions, what).toContain('microphone=()');
  const csp = h['content-security-policy'] ?? '';
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).not.toContain("'unsafe-eval'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  return csp;
}

async function expectPageHeaders(res: APIResponse, what: string) {
  const csp = expectCommonHeaders(res, what);
  expect(res.headers()['content-type'], what).toContain('text/html');
  const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce, `${what}: script-src nonce`).toBeTruthy();
  expect(csp, what).toContain("'strict-dynamic'");
  expect(csp, what).toContain("object-src 'none'");
  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length, `${what}: has scripts`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, what).toContain(`nonce="${nonce}"`);
  return nonce!;
}

test('every page answer carries a per-request nonce CSP and the security headers', async ({ request }) => {
  const first = await expectPageHeaders(await request.get('/login'), '/login');
  const second = await expectPageHeaders(await request.get('/login'), '/login again');
  expect(second).not.toBe(first);
  await expectPageHeaders(await request.get('/register'), '/register');
  await expectPageHeaders(await request.get('/offline'), '/offline');
  const missing = await request.get('/halaman-yang-tidak-ada');
  expect(missing.status()).toBe(404);
  await expectPageHeaders(missing, 'not found page');

  for (const [creds, home] of [
    [ADMIN, '/admin'],
    [HR, '/hr'],
    [BUDI, '/employee'],
  ] as const) {
    const login = await request.post('/api/auth/login', { data: creds });
    expect(login.status()).toBe(200);
    const page = await request.get(home, { maxRedirects: 0 });
    expect(page.status(), home).toBe(200);
    await expectPageHeaders(page, home);
    await request.post('/api/auth/logout');
  }
});

test('every API answer carries a deny-all CSP and the security headers', async ({ request }) => {
  const answers: [string, APIResponse, number][] = [
    ['GET /api/health', await request.get('/api/health'), 200],
    ['GET /api/auth/me (anonymous)', await request.get('/api/auth/me'), 401],
    [
      'POST /api/auth/login (bad JSON)',
      await request.post('/api/auth/login', { headers: { 'content-type': 'application/json' }, data: '{"email":' }),
      400,
    ],
    [
      'POST /api/auth/login (wrong password)',
      await request.post('/api/auth/login', { data: { email: ADMIN.email, password: 'salah-sekali' } }),
      401,
    ],
    ['GET /api/tidak-ada', await request.get('/api/tidak-ada'), 404],
  ];
  for (const [what, res, status] of answers) {
    expect(res.status(), what).toBe(status);
    const csp = expectCommonHeaders(res, what);
    expect(csp, what).toContain("default-src 'none'");
  }
  const health = await request.get('/api/health');
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
  expect(health.headers()['cache-control']).toBe('no-store');
});

// Every menu page of admin, HR and employee loads with zero CSP violation reports, at 1366 px and on a
// 360 px phone: e2e/layout.spec.ts, in the one visit per page and size that also runs its other checks.

test('the browser enforces the policy: no eval, no inline handlers, WebAssembly and the face models allowed', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Masuk ke Akun' })).toBeVisible();
  const result = await page.evaluate(async (detectorFile: string) => {
    const w = window as unknown as { __eval?: number; __xss?: number };
    // A string timer is compiled by the page itself (code run by the test harness is exempt from CSP).
    (setTimeout as unknown as (code: string, ms: number) => void)('window.__eval = 1', 0);
    const div = document.createElement('div');
    div.innerHTML = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onerror="window.__xss=1" onload="window.__xss=2">';
    document.body.appendChild(div);
    await new Promise((r) => setTimeout(r, 300));
    // The smallest valid module: magic + version.
    const wasm = await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
      () => true,
      () => false,
    );
    const model = await fetch(`/models/${detectorFile}`).then((r) => r.ok);
    return { evalRan: w.__eval !== undefined, inlineHandlerRan: w.__xss !== undefined, wasm, model };
  }, MODEL_FILES.detector.file);
  expect(result).toEqual({ evalRan: false, inlineHandlerRan: false, wasm: true, model: true });
  // The browser reported exactly the two things we tried.
  const reported = violations.filter((v) => !v.startsWith('console:'));
  expect(reported).toHaveLength(2);
  expect(reported).toEqual(
    expect.arrayContaining([expect.stringMatching(/^script-src eval /), expect.stringMatching(/^script-src(-attr)? inline /)]),
  );
});

test('a stored name with markup renders as text and never runs', async ({ page, request }) => {
  const name = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
  const emp = await registerEmployee(request, { name });
  await loginUi(page, emp, /\/employee$/);
  await expect(page.getByText(`Selamat Datang, ${name}!`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('header script, header img').count()).toBe(0);
});
