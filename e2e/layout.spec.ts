// Every screen on the device its user holds (issue 35), and every page's accessibility, CSP and phone width
// (issue 36): one visit per page and size does all of it. Employee pages on a 360 × 740 phone (mobile,
// touch) and on a 1366 × 768 laptop, admin and HR pages on the laptop and on the phone, `/login`,
// `/register` and `/offline` on both. One test per page and size, generated from the menus
// (lib/navigation.ts): a longer menu adds tests, not time to one test, and the pages spread over the
// workers. Each test: a screenshot (kept in the test's output folder), zero CSP violation reports from the
// page's load to the end of its checks, no sideways scroll of the document, no action cell of a table cut
// off (outside the screen or its table's scroll box), no axe violation (WCAG 2.0/2.1 A/AA, any impact), and
// no English word of e2e/support/english.ts on the screen.
// On an admin page at 360 px a wide table may scroll inside its own box (the document does not): there the
// actions are checked on the laptop, where HR works.
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, BUDI, HR } from './fixtures';
import { NAVIGATION } from '../lib/navigation';
import { documentWidth, settle, test } from './support/pages';
import { englishIn } from './support/english';
import { watchCsp } from './support/csp';
import { axeRun } from './support/axe';

test.describe.configure({ mode: 'parallel' });

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 768 };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's findings on the page as it stands. Only violations are asked for: passes and 'incomplete' are never
 * read here, and gathering every passing node is work for nothing. A page without frames is checked in one
 * `axe.run` inside it, with axe's source injected once (e2e/support/axe.ts), instead of the builder's
 * default (partial runs frame by frame, put together on a blank page it opens for the purpose, with axe
 * loaded into both; docs/quality.md). A page with a frame keeps the builder's default, which also reaches
 * into the frame.
 */
async function axeViolations(page: Page): Promise<string[]> {
  // Toasts come and go on their own schedule: not page content.
  const EXCLUDE = ['.swal2-toast'];
  const found =
    page.frames().length === 1
      ? await axeRun(page, TAGS, EXCLUDE)
      : (
          await new AxeBuilder({ page })
            .options({ resultTypes: ['violations'] })
            .withTags(TAGS)
            .exclude(EXCLUDE[0]!)
            .analyze()
        ).violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  return found.map((v) => `axe ${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 3).join(' | ')}`);
}

/**
 * Table cells holding a control (button, link, input, select) that end outside the screen or outside the
 * box their table scrolls in, as the user sees the page without scrolling sideways.
 */
function cutActionCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const scrollBox = (el: Element): DOMRect | null => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return p.getBoundingClientRect();
      }
      return null;
    };
    for (const table of document.querySelectorAll('table')) {
      const box = scrollBox(table);
      const left = Math.max(0, box?.left ?? 0);
      const right = Math.min(window.innerWidth, box?.right ?? window.innerWidth);
      const name = table.closest('[aria-label]')?.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? 'tabel';
      table.querySelectorAll('td, th').forEach((cell) => {
        if (!cell.querySelector('button, a[href], input, select, [role="button"]')) return;
        const r = cell.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(cell).visibility === 'hidden') return;
        if (r.left < left - 1 || r.right > right + 1)
          out.push(
            `${name}: cell "${(cell.textContent ?? '').trim().slice(0, 40) || (cell.querySelector('[aria-label]')?.getAttribute('aria-label') ?? '')}" spans ${Math.round(r.left)}–${Math.round(r.right)} px, visible ${Math.round(left)}–${Math.round(right)} px`,
          );
      });
    }
    return [...new Set(out)].slice(0, 10);
  });
}

/** The words a user reads: the text on the screen, and the labels, placeholders and titles of visible elements. */
function screenText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lines = document.body.innerText.split('\n');
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!(el as HTMLElement).getClientRects().length) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(a);
        if (v) lines.push(v);
      }
    }
    return lines.map((l) => l.trim()).filter(Boolean);
  });
}

/**
 * One visit of `url`: the CSP reports are recorded from before the navigation, then, once the page shows
 * it has loaded (`settle`), every check runs on what it shows. Signed-in pages must stay where they were
 * asked for (no redirect to the login or another area) and show the app's header.
 */
async function checkPage(page: Page, url: string, size: { width: number; height: number }, actions: boolean, signedIn: boolean) {
  const csp = await watchCsp(page);
  await page.goto(url);
  if (signedIn) {
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByRole('banner')).toBeVisible();
  }
  // Loaded as it shows (its chunks, data and the map on Peta Kantor): any violation of the load has been reported.
  await settle(page);
  // The whole page as a JPEG: a PNG of a long page took twice as long to encode (docs/quality.md).
  const shot = `${url.replace(/\//g, '_') || '_'}-${size.width}.jpg`;
  await page.screenshot({ path: test.info().outputPath(shot), fullPage: true, type: 'jpeg', quality: 70 });
  const problems: string[] = [];
  const width = await documentWidth(page);
  if (width > size.width) problems.push(`document scrollWidth ${width} > ${size.width}`);
  if (actions) problems.push(...(await cutActionCells(page)));
  problems.push(...(await axeViolations(page)));
  for (const line of await screenText(page)) {
    const words = englishIn(line);
    if (words.length) problems.push(`English ${words.join(', ')}: "${line.slice(0, 80)}"`);
  }
  problems.push(...csp.map((v) => `CSP ${v}`));
  expect([...new Set(problems)], `${url} at ${size.width} × ${size.height}`).toEqual([]);
}

const PHONE_USE = { viewport: PHONE, isMobile: true, hasTouch: true };

test.describe('public pages', () => {
  for (const size of [PHONE, LAPTOP])
    test.describe(`${size.width} px`, () => {
      test.use(size === PHONE ? PHONE_USE : { viewport: size });
      for (const url of ['/login', '/register', '/offline'])
        test(`${url} at ${size.width} px`, async ({ page }) => {
          await checkPage(page, url, size, true, false);
        });
    });
});

const ROLES = [
  { role: 'employee', creds: BUDI },
  { role: 'admin', creds: ADMIN },
  { role: 'hr', creds: HR },
] as const;

for (const { role, creds } of ROLES)
  for (const size of [LAPTOP, PHONE])
    test.describe(`${role} at ${size.width} × ${size.height}`, () => {
      test.use(size === PHONE ? PHONE_USE : { viewport: size });
      // Actions must be on screen where the role works: the employee's phone (and laptop), the admin's and HR's laptop.
      const actions = role === 'employee' || size === LAPTOP;
      for (const { href, label } of NAVIGATION[role])
        test(`${role} ${href} (${label}) at ${size.width} px`, async ({ signedIn }) => {
          await checkPage(await signedIn(creds), href, size, actions, true);
        });
    });
