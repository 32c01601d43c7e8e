// Riwayat Absensi over any range: the page reads every page of GET /attendance/history/{userId}
// (forced here to 5 entries a page on the real server, so the seed's month spans several pages),
// exports every row of the range, and shows the server's reason for a refused request.
import { test, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, openAs, signInAs } from './fixtures';
import { todayJakarta } from './admin-helpers';
import { formatDateLong } from '../lib/dates';
import { expectToast, recordPopups } from './support/toasts';

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
});

const SITI = { email: 'siti@absensi.local', password: DEMO_PASSWORD };
const HISTORY = '**/api/attendance/history/**';
const LOAD_ERROR = 'Gagal memuat riwayat absensi. Silakan coba lagi.';

/** Rewrites the `limit` of every history request the page makes; the real server answers it. */
async function forceLimit(page: Page, limit: string, seen: URL[] = []) {
  await page.route(HISTORY, (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', limit);
    seen.push(url);
    return route.continue({ url: url.toString() });
  });
  return seen;
}

async function csvLines(page: Page): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n');
}

test('a range over one year loads every page; the CSV holds every row of the range', async ({ page }) => {
  await signInAs(page, SITI);
  const me = (await (await page.request.get('/api/auth/me')).json()).user as { id: string };
  const start = '2020-01-01'; // years before the seed's month: the old one-year limit answered 400
  const end = todayJakarta();
  const direct = await page.request.get(`/api/attendance/history/${me.id}?startDate=${start}&endDate=${end}`);
  expect(direct.status()).toBe(200);
  const truth = (await direct.json()) as { id: string; date: string }[];
  expect(direct.headers()['x-total-count']).toBe(String(truth.length));
  expect(direct.headers()['x-total-pages']).toBe('1');
  expect(truth.length).toBeGreaterThan(10);

  await page.goto('/employee/history');
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  const seen = await forceLimit(page, '5');
  await page.getByLabel('Dari Tanggal').fill(start);
  await page.getByLabel('Sampai Tanggal').fill(end);
  await page.getByRole('button', { name: 'Terapkan' }).click();

  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(truth.length);
  await expect(page.getByText(LOAD_ERROR)).toHaveCount(0);
  // Every page was read once, in order, each asked for the chosen range.
  expect(seen.map((u) => u.searchParams.get('page'))).toEqual(Array.from({ length: Math.ceil(truth.length / 5) }, (_, i) => String(i + 1)));
  expect(seen.every((u) => u.searchParams.get('startDate') === start && u.searchParams.get('endDate') === end)).toBe(true);
  // Newest first, every day once, as the server lists them.
  await expect(rows.first().locator('td').first()).toHaveText(formatDateLong(truth[0]!.date));
  await expect(rows.last().locator('td').first()).toHaveText(formatDateLong(truth.at(-1)!.date));
  await expect(rows.locator('td:first-child')).toHaveText(truth.map((e) => formatDateLong(e.date)));

  const lines = await csvLines(page);
  expect(lines[0]).toBe('"Tanggal";"Check-in";"Check-out";"Status";"Lokasi Check-in";"Lokasi Check-out"');
  expect(lines.slice(1).map((l) => l.split('";"')[0]!.replace(/^"/, ''))).toEqual(truth.map((e) => formatDateLong(e.date)));
});

test("a refused request shows the server's reason as a warning, not the load-failure banner", async ({ page }) => {
  await openAs(page, SITI, '/employee/history');
  const rows = page.getByTestId('history-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  // A page size over the server's limit (1,000 entries a page): the real server refuses it with its reason.
  await forceLimit(page, '5000');
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expectToast(page, 'Limit harus antara 1 dan 1000', { icon: 'warning' });
  await expect(page.getByText(LOAD_ERROR)).toHaveCount(0);
  await expect(rows).toHaveCount(before);

  // A real load failure (no answer at all) still shows the spec's banner, which can be dismissed.
  await page.unroute(HISTORY);
  await page.route(HISTORY, (route) => route.abort('connectionfailed'));
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('alert').filter({ hasText: LOAD_ERROR })).toBeVisible();
  await page.getByRole('button', { name: 'Tutup pesan kesalahan' }).click();
  await expect(page.getByText(LOAD_ERROR)).toHaveCount(0);
});
