// The face dialog's success line ("Verifikasi wajah berhasil!") shows for half a second, under the
// check-in's confirmation that opens at the same moment, then the dialog closes
// (features/face/components/FaceDialog.tsx). A test polling for it after a
// long wait (a scan on a busy machine, a liveness answer) can miss so short a window, so the page
// records it as it appears and the test asks afterwards.
import type { Page } from '@playwright/test';

type Flagged = { __faceSuccessSeen?: boolean };

/** Starts watching; the function returned tells whether the success line has been shown since. */
export async function watchFaceSuccess(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const w = window as unknown as Flagged;
    w.__faceSuccessSeen = false;
    const look = () => {
      if ([...document.querySelectorAll('[role="dialog"]')].some((d) => d.textContent?.includes('Verifikasi wajah berhasil!')))
        w.__faceSuccessSeen = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as Flagged).__faceSuccessSeen === true);
}
