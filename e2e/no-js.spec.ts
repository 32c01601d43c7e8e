// Forms are safe before the page's JavaScript runs: with JavaScript off (a slow phone before
// hydration), the login and registration forms cannot be sent, and no field ever lands in a URL.
import { test, expect, type Page } from '@playwright/test';

test.use({ javaScriptEnabled: false });

const SECRET = 'RahasiaSekali-123';

// Each test watches a second after Enter for a submission that must not come: a window of observation
// for something that does not happen (nothing on the page can say so sooner), not a wait for the page.
const WINDOW_MS = 1000;

function watch(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

test('the login form cannot be submitted before hydration and never puts the password in a URL', async ({ page }) => {
  const urls = watch(page);
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Masuk ke Sistem' });
  await expect(submit).toBeDisabled();
  await expect(page.locator('form')).toHaveAttribute('method', 'post');
  await page.getByLabel('Email', { exact: true }).fill('budi@absensi.local');
  await page.getByLabel('Password', { exact: true }).fill(SECRET);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForTimeout(WINDOW_MS);
  await expect(page).toHaveURL(/\/login$/);
  expect(urls.filter((u) => u.includes(SECRET) || u.includes('password='))).toEqual([]);
});

test('the registration form cannot be submitted before hydration either', async ({ page }) => {
  const urls = watch(page);
  await page.goto('/register');
  await expect(page.getByRole('button', { name: /Daftar/ })).toBeDisabled();
  await expect(page.locator('form')).toHaveAttribute('method', 'post');
  await page.getByLabel('Password', { exact: true }).fill(SECRET);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForTimeout(WINDOW_MS);
  await expect(page).toHaveURL(/\/register$/);
  expect(urls.filter((u) => u.includes(SECRET) || u.includes('password='))).toEqual([]);
});
