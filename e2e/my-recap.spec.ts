// Rekap Saya in Chromium: Budi opens his own month from the menu, the figures are his recap's (the API's
// answer for him), and a figure opens the days behind it.
import { test, expect } from '@playwright/test';
import { BUDI, loginUi } from './fixtures';
import { apiToken, bearer, todayJakarta } from './admin-helpers';

test('Budi sees his own month and the days behind a figure', async ({ page, request }) => {
  const token = await apiToken(request, BUDI);
  const me = (await (await request.get('/api/auth/me', { headers: bearer(token) })).json()).user as { id: string };
  const month = todayJakarta().slice(0, 7);
  const res = await request.get(`/api/recap/${me.id}?month=${month}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  const recap = (await res.json()) as { summary: { workDays: number; present: number } | null; days: { calendarStatus: string }[] };

  await loginUi(page, BUDI, /\/employee/);
  await page.getByRole('navigation').getByRole('link', { name: 'Rekap Saya' }).click();
  await expect(page.getByRole('heading', { name: 'Rekap Saya' })).toBeVisible();
  if (!recap.summary) {
    await expect(page.getByText('Tidak ada rekap Anda untuk bulan ini.')).toBeVisible();
    return;
  }
  await expect(page.getByTestId('my-recap-workDays-value')).toHaveText(String(recap.summary.workDays));
  await expect(page.getByTestId('my-recap-present-value')).toHaveText(String(recap.summary.present));
  await page.getByTestId('my-recap-workDays').click();
  await expect(page.getByTestId('my-recap-workDays')).toHaveAttribute('aria-expanded', 'true');
  const due = recap.days.filter((d) => d.calendarStatus === 'kerja').length;
  if (due > 0) await expect(page.getByTestId('my-recap-days').getByRole('listitem')).toHaveCount(due);
  else await expect(page.getByText('Tidak ada hari.')).toBeVisible();
});
