// Laporan & Analytics in Chromium: default period, figures equal to the report API, charts drawn,
// performance table, period change, invalid-period toasts, loading state and the JSON export.
import { test, expect, type Page, type Response } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN, loginUi } from './fixtures';
import { todayJakarta } from './admin-helpers';
import { containing, expectToast, recordPopups } from './support/toasts';
import { addDays, formatDateLong } from '../lib/dates';

type Report = {
  summary: {
    totalEmployees: number;
    totalPresent: number;
    totalAbsent: number;
    attendanceRate: number;
    totalDays: number;
    workingDays: { min: number; max: number };
    totalRecords: number;
  };
  dailyStats: { date: string }[];
  employeeStats: { name: string; attendanceRate: number }[];
};

/** The page's own request for the period's report, to be awaited once the load has been started. */
const reportAnswer = (page: Page, startDate: string, endDate: string) =>
  page.waitForResponse((r) => r.url().includes(`/api/reports/summary?startDate=${startDate}&endDate=${endDate}`) && r.status() === 200);

/**
 * The figures on the page equal the report the server answered to the page. Other specs add employees
 * and check-ins while this one runs, so a report fetched separately (before or after) can differ from
 * the one the page shows (seen in CI both ways: a new employee in the table; 30 employees shown, 32 in
 * a later answer); the page's own answer cannot.
 */
async function expectFigures(page: Page, startDate: string, endDate: string, answer: Promise<Response>): Promise<Report> {
  const r = (await (await answer).json()) as Report;
  await expect(page.getByTestId('period-text')).toHaveText(`Periode: ${formatDateLong(startDate)} - ${formatDateLong(endDate)}`);
  await expect(page.getByTestId('report-total-value')).toHaveText(String(r.summary.totalEmployees));
  await expect(page.getByTestId('report-present-value')).toHaveText(String(r.summary.totalPresent));
  await expect(page.getByTestId('report-absent-value')).toHaveText(String(r.summary.totalAbsent));
  await expect(page.getByTestId('report-rate-value')).toHaveText(`${r.summary.attendanceRate.toFixed(1)}%`);
  await expect(page.getByTestId('performance-table').locator('tbody tr')).toHaveCount(r.employeeStats.length);
  return r;
}

// Toasts are read from the page's record of popups (e2e/support/toasts.ts), started before each test.
test.beforeEach(async ({ page }) => {
  await recordPopups(page);
  await loginUi(page, ADMIN, /\/admin$/);
});

test('shows the month so far, with charts and the performance table', async ({ page }) => {
  const today = todayJakarta();
  const monthStart = `${today.slice(0, 8)}01`;
  const answer = reportAnswer(page, monthStart, today);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { name: 'Laporan & Analytics' })).toBeVisible();
  await expect(page.getByText('Analisis data absensi dan pengajuan cuti karyawan')).toBeVisible();
  await expect(page.getByLabel('Dari Tanggal').first()).toHaveValue(monthStart);
  await expect(page.getByLabel('Sampai Tanggal').first()).toHaveValue(today);
  const report = await expectFigures(page, monthStart, today, answer);

  // Trend: one green and one red bar series in an area 16rem (256 px) high.
  const trend = page.getByRole('region', { name: 'Trend Kehadiran Harian' });
  if (report.dailyStats.length > 0) {
    const chart = trend.getByTestId('trend-chart');
    expect((await chart.boundingBox())!.height).toBe(256);
    await expect(chart.locator('.recharts-bar-rectangle path[fill="#10b981"]').first()).toBeAttached();
    await expect(trend.locator('.recharts-legend-item-text')).toHaveText(['Hadir', 'Tidak Hadir']);
  }
  // Distribution: two sectors with percentage labels.
  const pie = page.getByRole('region', { name: 'Distribusi Kehadiran' });
  if (report.summary.totalPresent > 0 && report.summary.totalAbsent > 0) {
    await expect(pie.locator('.recharts-pie-sector')).toHaveCount(2);
    const pct = (n: number) => Math.round((n * 100) / (report.summary.totalPresent + report.summary.totalAbsent));
    await expect(pie.locator('.recharts-pie-label-text').first()).toContainText(`Hadir ${pct(report.summary.totalPresent)}%`);
    await expect(pie.locator('.recharts-pie-label-text').nth(1)).toContainText(`Tidak Hadir ${pct(report.summary.totalAbsent)}%`);
  }

  // Performance: rates coloured by the thresholds, footer with average, best and days.
  const rows = page.getByTestId('performance-table').locator('tbody tr');
  for (const [i, e] of report.employeeStats.slice(0, 5).entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(e.name);
    const rate = row.getByText(`${e.attendanceRate.toFixed(1)}%`, { exact: true });
    await expect(rate).toHaveClass(e.attendanceRate >= 80 ? /text-green-700/ : e.attendanceRate >= 60 ? /text-yellow-700/ : /text-red-700/);
  }
  const footer = page.getByTestId('performance-footer');
  await expect(footer).toContainText('Rata-rata Rate');
  await expect(footer).toContainText('Karyawan Terbaik');
  // The report's hari kerja: one figure, or a range when its employees' schedules differ.
  const { min, max } = report.summary.workingDays;
  await expect(footer).toContainText(`Total Hari Dianalisis${min === max ? min : `${min}–${max}`} hari kerja`);
  // The leave list stays on the page.
  await expect(page.getByText('Pengajuan Cuti').first()).toBeVisible();
});

test('a new period reloads the figures; invalid periods only warn', async ({ page }) => {
  const today = todayJakarta();
  const lastMonthEnd = addDays(`${today.slice(0, 8)}01`, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
  await page.goto('/admin/reports');
  await expect(page.getByTestId('report-total-value')).toBeVisible();
  // Every load announces itself: the first, then the new period's.
  await expectToast(page, 'Data laporan berhasil dimuat', { icon: 'success' });
  await page.getByLabel('Dari Tanggal').first().fill(lastMonthStart);
  await page.getByLabel('Sampai Tanggal').first().fill(lastMonthEnd);
  const answer = reportAnswer(page, lastMonthStart, lastMonthEnd);
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expectToast(page, 'Data laporan berhasil dimuat', { icon: 'success' });
  await expectFigures(page, lastMonthStart, lastMonthEnd, answer);

  let requests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/reports/summary')) requests++;
  });
  await page.getByLabel('Dari Tanggal').first().fill(today);
  await page.getByLabel('Sampai Tanggal').first().fill(lastMonthStart);
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expectToast(page, containing('Tanggal mulai tidak boleh setelah tanggal selesai'), { icon: 'error' });
  await page.getByLabel('Dari Tanggal').first().fill(addDays(today, -366));
  await page.getByLabel('Sampai Tanggal').first().fill(today);
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expectToast(page, containing('Rentang waktu maksimal 1 tahun'), { icon: 'warning' });
  expect(requests).toBe(0);
  await expect(page.getByTestId('period-text')).toHaveText(`Periode: ${formatDateLong(lastMonthStart)} - ${formatDateLong(lastMonthEnd)}`);
});

test('shows the loading state while the report loads', async ({ page }) => {
  await page.route('**/api/reports/summary*', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/admin/reports');
  await expect(page.getByText('Memuat laporan...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Memuat...' })).toBeDisabled();
  await expect(page.getByTestId('report-total-value')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Terapkan' })).toBeEnabled();
});

test('exports the report as JSON after a confirmation', async ({ page }) => {
  const today = todayJakarta();
  await page.goto('/admin/reports');
  await expect(page.getByTestId('report-total-value')).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const clicked = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Ya, Export' }).click()]);
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(1000); // the spec's 1 s delay
  expect(download.suggestedFilename()).toBe(`laporan-absensi-${today}.json`);
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(Object.keys(file)).toEqual(['title', 'period', 'summary', 'employeeStats', 'exportDate', 'totalRecords']);
  expect(file.title).toBe('Laporan Absensi Karyawan');
  expect(file.period).toEqual({ startDate: `${today.slice(0, 8)}01`, endDate: today });
  expect(file.totalRecords).toBe(file.summary.totalPresent);
  expect(Array.isArray(file.employeeStats) && file.employeeStats.length).toBe(file.summary.totalEmployees);
  await expectToast(page, containing('Laporan berhasil diexport'));
});
