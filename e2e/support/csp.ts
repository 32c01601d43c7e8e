import type { Page } from '@playwright/test';

/** Records every CSP violation the page reports (script, style, image, connect, worker, eval…). */
export async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  // Chromium may report one violation more than once; keep each distinct report.
  await page.exposeFunction('__reportCsp', (text: string) => {
    if (!seen.includes(text)) seen.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(
        `${e.violatedDirective} ${e.blockedURI} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  return seen;
}
