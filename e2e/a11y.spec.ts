// Accessibility (WCAG 2.1 A/AA rules of axe-core) on every page of every role, the main dialogs
// included: no serious or critical violation. And every page fits a 360 px wide phone screen.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, BUDI, HR, loginUi } from './fixtures';
import { NAVIGATION } from '../lib/navigation';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical violations, one line each (rule, impact, first targets). */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  await expect(page.locator('.animate-spin'))
    .toHaveCount(0, { timeout: 20_000 })
    .catch(() => undefined);
  // Close a sweetalert toast if one is showing, so it is not mistaken for page content.
  await page.waitForTimeout(300);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function checkPage(page: Page, url: string, problems: string[]) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  await settle(page);
  for (const v of await seriousViolations(page)) problems.push(`${url} (1280 px): ${v}`);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(300);
  const width = await horizontalOverflow(page);
  if (width > 360) problems.push(`${url} (360 px): scrollWidth ${width} > 360`);
  for (const v of await seriousViolations(page)) problems.push(`${url} (360 px): ${v}`);
}

test.describe('public pages', () => {
  test('login, register and offline: no serious or critical axe violation, no horizontal scroll at 360 px', async ({ page }) => {
    const problems: string[] = [];
    for (const url of ['/login', '/register', '/offline']) await checkPage(page, url, problems);
    expect(problems).toEqual([]);
  });
});

for (const [role, creds, area] of [
  ['admin', ADMIN, /\/admin/],
  ['hr', HR, /\/hr/],
  ['employee', BUDI, /\/employee/],
] as const) {
  test(`${role}: every page of the menu passes axe and fits 360 px`, async ({ page }) => {
    test.setTimeout(240_000);
    await loginUi(page, creds, area);
    const problems: string[] = [];
    for (const { href } of NAVIGATION[role]) await checkPage(page, href, problems);
    expect(problems).toEqual([]);
  });
}

test('dialogs: employee form, leave form and the phone menu drawer pass axe', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  await loginUi(page, ADMIN, /\/admin/);
  await page.goto('/admin/employees');
  await settle(page);
  await page
    .getByRole('button', { name: /^Tambah/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Tambah Karyawan' })).toBeVisible();
  for (const v of await seriousViolations(page, '[role="dialog"]')) problems.push(`employee form: ${v}`);
  await page.setViewportSize({ width: 360, height: 740 });
  const width = await horizontalOverflow(page);
  if (width > 360) problems.push(`employee form (360 px): scrollWidth ${width}`);

  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    baseURL: test.info().project.use.baseURL,
  });
  const employee = await phone.newPage();
  await loginUi(employee, BUDI, /\/employee/);
  await employee.goto('/employee/leave');
  await settle(employee);
  await employee.getByRole('button', { name: 'Ajukan Cuti', exact: true }).click();
  await expect(employee.getByRole('dialog')).toBeVisible();
  for (const v of await seriousViolations(employee, '[role="dialog"]')) problems.push(`leave form: ${v}`);
  const leaveWidth = await horizontalOverflow(employee);
  if (leaveWidth > 360) problems.push(`leave form (360 px): scrollWidth ${leaveWidth}`);
  await employee.keyboard.press('Escape');
  await employee.goto('/employee');
  await settle(employee);
  const menu = employee.getByRole('button', { name: 'Buka menu' });
  await menu.click();
  await employee.waitForTimeout(300);
  for (const v of await seriousViolations(employee)) problems.push(`menu drawer: ${v}`);
  await phone.close();
  expect(problems).toEqual([]);
});
