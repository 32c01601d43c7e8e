// Tukar Jadwal in Chromium: Budi asks for another shift of his own for a day on his Tukar Jadwal page; HR
// approves it on theirs, and Budi's list shows it approved.
import { test, expect } from '@playwright/test';
import { BUDI, HR, formReady, openAs } from './fixtures';
import { todayJakarta } from './admin-helpers';
import { addDays } from '../lib/dates';

test('an own shift change: asked by Budi, approved by HR', async ({ page, browser }) => {
  const date = addDays(todayJakarta(), 20 + Math.floor(Math.random() * 40));
  const reason = `Antar anak sekolah ${Math.random().toString(36).slice(2, 7)}`;
  await openAs(page, BUDI, '/employee/swaps');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Tukar Jadwal' })).toHaveAttribute('href', '/employee/swaps');
  await expect(page.getByRole('heading', { name: 'Ajukan Tukar Jadwal' })).toBeVisible();
  // Opened straight from the server: the form's button is enabled once React has hydrated it.
  await formReady(page.getByRole('button', { name: 'Kirim Permintaan' }));
  await page.getByLabel('Jenis').selectOption('sendiri');
  await page.getByLabel('Tanggal').fill(date);
  await page.getByLabel('Jam mulai').fill('10:00');
  await page.getByLabel('Jam selesai').fill('19:00');
  await page.getByLabel('Alasan').fill(reason);
  await page.getByRole('button', { name: 'Kirim Permintaan' }).click();
  const mine = page.getByTestId('swap-row').filter({ hasText: reason });
  await expect(mine).toContainText('ganti shift ke 10:00–19:00');
  await expect(mine).toContainText('Menunggu persetujuan atasan/HR');

  const hrContext = await browser.newContext({ locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const hrPage = await hrContext.newPage();
  // The rows come from the hydrated page's own request: a row's button acts once it shows.
  await openAs(hrPage, HR, '/hr/swaps');
  await expect(hrPage.getByRole('navigation').getByRole('link', { name: 'Tukar Jadwal' })).toHaveAttribute('href', '/hr/swaps');
  const row = hrPage.getByTestId('swap-row').filter({ hasText: reason });
  await row.getByRole('button', { name: 'Setujui' }).click();
  await hrPage.getByRole('button', { name: 'Ya, Setuju' }).click();
  await expect(row).toContainText('Disetujui oleh');
  await hrContext.close();

  await page.reload();
  await expect(page.getByTestId('swap-row').filter({ hasText: reason })).toContainText('Disetujui');
});
