// Helpers of the specs that visit every page of a menu (a11y, CSP, phone width): one test per page,
// waiting on what the page shows rather than on the network going quiet.
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

type Creds = { email: string; password: string };

/** A session for the page's context through the login API (the login page has tests of its own). */
export async function signIn(page: Page, creds: Creds) {
  const res = await page.request.post('/api/auth/login', { data: creds });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * `signedIn(creds)`: a fresh page of a browser context signed in as `creds`, which the worker keeps for
 * its next tests of the same user and options (viewport, phone emulation: the test's own `use`). One test
 * per page would otherwise start each from an empty cache and download and compile the app's code again:
 * on two busy cores, seconds per page. Each test still gets a page of its own, and these tests only read.
 */
export const test = base.extend<{ signedIn: (creds: Creds) => Promise<Page> }, { sessions: Map<string, BrowserContext> }>({
  sessions: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const sessions = new Map<string, BrowserContext>();
      await use(sessions);
      for (const context of sessions.values()) await context.close();
    },
    { scope: 'worker' },
  ],
  signedIn: async ({ browser, sessions, baseURL, locale, timezoneId, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor }, use) => {
    const options: BrowserContextOptions = { baseURL, locale, timezoneId, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor };
    const pages: Page[] = [];
    await use(async (creds) => {
      const key = JSON.stringify([creds.email, options]);
      let context = sessions.get(key);
      if (!context) {
        context = await browser.newContext(options);
        const res = await context.request.post('/api/auth/login', { data: creds });
        expect(res.status(), await res.text()).toBe(200);
        sessions.set(key, context);
      }
      const page = await context.newPage();
      pages.push(page);
      return page;
    });
    for (const page of pages) await page.close();
  },
});

/**
 * The page has finished loading, as it shows: its heading is there, no spinner, no "Memuat …" text, and
 * no transition still running (a toast's excepted). A map further down that loads only once scrolled to (the attendance
 * page's) is not waited for while it is below the screen.
 */
export async function settle(page: Page) {
  // A page's data on two cores shared with a build: tens of seconds (the employee's Lembur waited 35 s at load 14).
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 60_000 });
  await page.waitForFunction(
    () => {
      if (document.readyState !== 'complete' || document.querySelector('.animate-spin')) return false;
      const loading = [...document.querySelectorAll('body *')].filter(
        (el) => el.childElementCount === 0 && el.getClientRects().length > 0 && /Memuat/.test(el.textContent ?? ''),
      );
      if (loading.some((el) => !/Memuat peta/.test(el.textContent ?? '') || el.getBoundingClientRect().top < window.innerHeight))
        return false;
      // Toasts (their 2-3 s progress bar) come and go on their own: not the page's layout.
      const target = (a: Animation) => (a.effect as KeyframeEffect | null)?.target as Element | null | undefined;
      return document
        .getAnimations()
        .every(
          (a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== 'running' || !!target(a)?.closest('.swal2-toast'),
        );
    },
    undefined,
    { timeout: 60_000, polling: 100 },
  );
}

/** After a viewport change or a click that moves things: two frames, then settled again. */
export async function afterLayout(page: Page) {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  await settle(page);
}

/** How wide the document is (more than the viewport: it scrolls sideways). */
export function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}
