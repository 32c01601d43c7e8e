// Helpers of the specs that visit every page of a menu (a11y, CSP, phone width): one test per page, each
// with its own session, waiting on what the page shows rather than on the network going quiet.
import { expect, type Page } from '@playwright/test';

/** A session for the page's context through the login API (the login page has tests of its own). */
export async function signIn(page: Page, creds: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/login', { data: creds });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The page has finished loading, as it shows: its heading is there, no spinner, no "Memuat …" text, and
 * no transition still running. A map further down that loads only once scrolled to (the attendance
 * page's) is not waited for while it is below the screen.
 */
export async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(
    () => {
      if (document.readyState !== 'complete' || document.querySelector('.animate-spin')) return false;
      const loading = [...document.querySelectorAll('body *')].filter(
        (el) => el.childElementCount === 0 && el.getClientRects().length > 0 && /Memuat/.test(el.textContent ?? ''),
      );
      if (loading.some((el) => !/Memuat peta/.test(el.textContent ?? '') || el.getBoundingClientRect().top < window.innerHeight))
        return false;
      return document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== 'running');
    },
    undefined,
    { timeout: 30_000, polling: 100 },
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
