// Accessibility (WCAG 2.1 A/AA rules of axe-core) of the main dialogs: no serious or critical violation,
// and they fit a 360 px wide phone screen. Every page of every role is checked (axe at any impact, 360 px,
// CSP) by e2e/layout.spec.ts, one visit per page and size.
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, BUDI } from './fixtures';
import { afterLayout, documentWidth, settle, signIn, test } from './support/pages';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical violations, one line each (rule, impact, first targets). */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  // Toasts come and go on their own schedule (a page's "data loaded"): whether one is caught would
  // depend on the machine's speed. They are not page content.
  else builder = builder.exclude('.swal2-toast');
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

test('dialogs: employee form, leave form and the phone menu drawer pass axe', async ({ page, browser }) => {
  const problems: string[] = [];
  // Signed in through the API: the login page has tests of its own.
  await signIn(page, ADMIN);
  await page.goto('/admin/employees');
  await settle(page);
  await page
    .getByRole('button', { name: /^Tambah/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Tambah Karyawan' })).toBeVisible();
  await settle(page);
  for (const v of await seriousViolations(page, '[role="dialog"]')) problems.push(`employee form: ${v}`);
  await page.setViewportSize({ width: 360, height: 740 });
  await afterLayout(page);
  const width = await documentWidth(page);
  if (width > 360) problems.push(`employee form (360 px): scrollWidth ${width}`);

  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    baseURL: test.info().project.use.baseURL,
  });
  const employee = await phone.newPage();
  await signIn(employee, BUDI);
  await employee.goto('/employee/leave');
  await settle(employee);
  await employee.getByRole('button', { name: 'Ajukan Cuti', exact: true }).click();
  await expect(employee.getByRole('dialog')).toBeVisible();
  await settle(employee);
  for (const v of await seriousViolations(employee, '[role="dialog"]')) problems.push(`leave form: ${v}`);
  const leaveWidth = await documentWidth(employee);
  if (leaveWidth > 360) problems.push(`leave form (360 px): scrollWidth ${leaveWidth}`);
  await employee.keyboard.press('Escape');
  await employee.goto('/employee');
  await settle(employee);
  await employee.getByRole('button', { name: 'Buka menu' }).click();
  // The drawer slides in: wait until it is in place.
  const drawer = employee.getByRole('complementary', { name: 'Menu utama' });
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  await settle(employee);
  for (const v of await seriousViolations(employee)) problems.push(`menu drawer: ${v}`);
  await phone.close();
  expect(problems).toEqual([]);
});
