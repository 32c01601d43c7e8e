// Integrasi (docs/integrations.md) against the production server: the admin creates an API key on the
// page and sees it once, the key reads what its scope opens and nothing else, the list then shows when
// it was last used, and revocation ends it at once (401). Dokumentasi API renders GET /api/openapi.json
// from the app's own bundle under the CSP (no violation), passes axe and fits 360 px.
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { ADMIN, loginUi } from './fixtures';
import { bearer, todayJakarta } from './admin-helpers';
import { watchCsp } from './support/csp';
import { afterLayout, documentWidth, settle, test } from './support/pages';

async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.swal2-toast')
    .analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test('an admin creates a key, it reads its scope only, shows when it was last used, and is revoked', async ({ page, request }) => {
  const name = `Penggajian ${randomBytes(3).toString('hex')}`;
  const csp = await watchCsp(page);
  await loginUi(page, ADMIN, /\/admin/);
  await page.getByRole('navigation').getByRole('link', { name: 'Integrasi' }).click();
  await expect(page).toHaveURL(/\/admin\/integrations$/);
  await settle(page);

  await page.getByRole('button', { name: 'Buat Kunci API' }).click();
  const form = page.getByRole('dialog', { name: 'Buat Kunci API' });
  await form.getByLabel('Nama integrasi').fill(name);
  await form.getByLabel('Baca rekap bulanan').check();
  await form.getByRole('button', { name: 'Buat Kunci' }).click();
  const shown = page.getByRole('dialog', { name: 'Kunci API Dibuat' });
  await expect(shown).toContainText('hanya ditampilkan sekali');
  const key = await shown.getByTestId('api-key-value').inputValue();
  expect(key).toMatch(/^absk_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Selesai' }).click();

  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 11)}…`);
  await expect(row).toContainText('Aktif');
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Belum pernah');
  // The page never shows the key again.
  await expect(page.locator('body')).not.toContainText(key.slice(11));

  // The key reads the recap (its scope) and nothing else.
  const month = todayJakarta().slice(0, 7);
  const recap = await request.get(`/api/recap?month=${month}`, { headers: bearer(key) });
  expect(recap.status(), await recap.text()).toBe(200);
  const users = await request.get('/api/users', { headers: bearer(key) });
  expect(users.status()).toBe(403);
  expect((await users.json()).code).toBe('API_KEY_SCOPE');

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Belum pernah');

  await row.getByRole('button', { name: `Cabut ${name}` }).click();
  await page.getByRole('button', { name: 'Ya, Hapus' }).click();
  await expect(page.getByRole('heading', { name: 'Kunci Dicabut' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(row).toContainText('Dicabut');
  expect((await request.get(`/api/recap?month=${month}`, { headers: bearer(key) })).status()).toBe(401);
  expect(csp).toEqual([]);
});

test('Dokumentasi API renders the OpenAPI document under the CSP, passes axe and fits 360 px', async ({ signedIn }) => {
  const page = await signedIn(ADMIN);
  const csp = await watchCsp(page);
  await page.goto('/admin/integrations');
  await settle(page);
  await page.getByRole('link', { name: 'Dokumentasi API' }).click();
  await expect(page).toHaveURL(/\/admin\/integrations\/api-docs$/);
  await settle(page);
  await expect(page.getByTestId('api-count')).toContainText(/^\d{3} operasi · Absensi API/);
  await page.getByLabel('Cari rute').fill('/api/recap');
  const recap = page
    .getByTestId('api-operation')
    .filter({ hasText: /get\s*\/api\/recap\b/i })
    .first();
  await recap.locator('summary').click();
  await expect(recap).toContainText('Baca rekap bulanan (recap:read)');
  await expect(recap.getByRole('table')).toContainText('month');
  await page.getByLabel('Cari rute').fill('/api/api-keys');
  const create = page.getByTestId('api-operation').filter({ hasText: /post\s*\/api\/api-keys/i });
  await create.locator('summary').click();
  await expect(create.locator('pre')).toContainText('"punches:write"');

  const problems = await serious(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await afterLayout(page);
  const width = await documentWidth(page);
  if (width > 360) problems.push(`360 px: scrollWidth ${width}`);
  problems.push(...(await serious(page)));
  expect(problems).toEqual([]);
  expect(csp).toEqual([]);
});
