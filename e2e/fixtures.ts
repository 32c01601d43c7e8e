// Shared e2e helpers: demo logins, a fresh employee per test, and UI login.
import { expect, type Page, type APIRequestContext, type Locator } from '@playwright/test';
import { randomBytes } from 'node:crypto';

export const DEMO_PASSWORD = process.env.SEED_PASSWORD || 'Absensi123';
export const ADMIN = { email: 'admin@absensi.local', password: DEMO_PASSWORD };
export const HR = { email: 'hr@absensi.local', password: DEMO_PASSWORD };
export const BUDI = { email: 'budi@absensi.local', password: DEMO_PASSWORD };
export const ADMIN_TOKEN = process.env.ADMIN_REGISTRATION_TOKEN || 'e2e-admin-token-8d2f6b1c9e4a7035';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@test.local`;
}

/** Registers a fresh employee through the API; returns its credentials and id. */
export async function registerEmployee(request: APIRequestContext, over: Partial<{ name: string; position: string }> = {}) {
  const creds = { name: over.name ?? 'Karyawan Uji', email: uniqueEmail(), position: over.position ?? 'Staf Uji', password: 'rahasia123' };
  const res = await request.post('/api/auth/register', { data: creds });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { ...creds, id: body.user.id as string, token: body.token as string };
}

/**
 * Waits until a form can be used: its submit button is enabled once React has hydrated the page
 * (hooks/useHydrated.ts). Typed before that, on a busy machine, a value can be lost to hydration;
 * the page's own sign that it is ready is this button.
 */
export async function formReady(submit: Locator) {
  await expect(submit).toBeEnabled({ timeout: 60_000 });
}

/**
 * Kelola Karyawan, loaded by a navigation: its rows come from the hydrated page's own request, so once
 * one shows, what is typed into the search box stays there.
 */
export async function employeeListReady(page: Page) {
  await expect(page.getByTestId('employee-row').first()).toBeVisible();
}

/**
 * Logs in through the login page and waits for the role's area: for the tests of the login itself
 * (e2e/auth.spec.ts, a must-change-password redirect, a new password, the welcome toast).
 */
export async function loginUi(page: Page, creds: { email: string; password: string }, area: RegExp) {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Masuk ke Sistem' });
  await formReady(submit);
  await page.getByLabel('Email', { exact: true }).fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await submit.click();
  await expect(page).toHaveURL(area, { timeout: 20_000 });
}

/**
 * Enrols the face of fixture person A (tests/fixtures/faces/person-a-{1,2,3}.jpg) for a user, as the
 * Akun Saya capture would: check-in with a camera showing person A then matches. Pass the user's token,
 * or none to use the request context's session cookie.
 */
export async function enrolFaceViaApi(request: APIRequestContext, token?: string) {
  const { readFileSync } = await import('node:fs');
  const dir = `${process.cwd()}/tests/fixtures/faces`;
  const descriptors = JSON.parse(readFileSync(`${dir}/descriptors.json`, 'utf8')) as Record<string, number[]>;
  const captures = ['person-a-1.jpg', 'person-a-2.jpg', 'person-a-3.jpg'].map((name) => ({
    image: `data:image/jpeg;base64,${readFileSync(`${dir}/${name}`).toString('base64')}`,
    descriptor: descriptors[name],
  }));
  const res = await request.post('/api/face/enrol', {
    data: { captures },
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    timeout: 60_000,
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Signs in through the login API without opening a page: for a test that first prepares its data or its
 * routes with the session (page.request shares the page's cookies) and then opens the page itself.
 */
export async function signInAs(page: Page, creds: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/login', { data: creds });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Signs in through the login API and opens `path`: for a test about a page behind the login, not about
 * the login. The form costs the login page's load, its 1.5 s welcome pause and the role's dashboard before
 * the page the test is about; the session is the same cookie either way.
 */
export async function openAs(page: Page, creds: { email: string; password: string }, path: string) {
  await signInAs(page, creds);
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === new URL(path, url).pathname);
}
