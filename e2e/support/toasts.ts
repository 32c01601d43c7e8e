// SweetAlert2 toasts live two or three seconds (lib/ui/alerts.ts). A test that clicks and then looks for
// one can miss it on a busy machine: by the time the page answers the test's next poll, the toast may have
// come and gone. So the page reports every popup to the test as it appears, from a listener installed
// before the action, and the test reads that record afterwards: what was shown stays shown in the record.
// The listener lives for the whole page (an init script and a binding on its context), across navigations.
import { expect, type BrowserContext, type Page } from '@playwright/test';

export type SeenPopup = {
  /** A toast (timed, corner) or a dialog (centred, most wait for a click). */
  kind: 'toast' | 'dialog';
  /** sweetalert2's icon: success, error, warning, info, question; '' without one. */
  icon: string;
  title: string;
  text: string;
  /** The timer sweetalert2 runs (from its progress bar), in ms; null without one. */
  timerMs: number | null;
  /** Tag names of the elements inside its title and text (none when both are plain text). */
  elements: string[];
  /** Page clock (Date.now() in the page) when it appeared, and when it began to go (or left the page). */
  shownAt: number;
  goneAt: number | null;
};

type Report = Partial<SeenPopup> & { id: string };

/** Runs in the page: reports each popup once it appears, then each change (timer, going away). */
function install(bindingName: string) {
  type W = Window & Record<string, unknown>;
  const w = window as unknown as W;
  if (w.__popupRecorder) return;
  w.__popupRecorder = true;
  const send = w[bindingName] as (r: Report) => Promise<void>;
  const docId = Math.random().toString(36).slice(2);
  let next = 0;
  const known = new Map<Element, { id: string; title: string; text: string; timerMs: number | null; gone: boolean }>();
  const iconOf = (el: Element) => [...el.classList].find((c) => c.startsWith('swal2-icon-'))?.slice('swal2-icon-'.length) ?? '';
  const timerOf = (el: Element) => {
    const bar = el.querySelector<HTMLElement>('.swal2-timer-progress-bar');
    const m = bar?.style.transition.match(/width ([\d.]+)s/);
    return m ? Math.round(Number(m[1]) * 1000) : null;
  };
  const look = () => {
    const now = Date.now();
    for (const el of document.querySelectorAll('.swal2-popup')) {
      const title = el.querySelector('.swal2-title')?.textContent?.trim() ?? '';
      const text = el.querySelector('.swal2-html-container')?.textContent?.trim() ?? '';
      const timerMs = timerOf(el);
      let k = known.get(el);
      // sweetalert2 may reuse a popup element for the next toast: new text is a new popup.
      if (k && (k.title !== title || k.text !== text)) {
        if (!k.gone) void send({ id: k.id, goneAt: now });
        known.delete(el);
        k = undefined;
      }
      if (!title && !text) continue;
      if (!k) {
        k = { id: `${docId}-${next++}`, title, text, timerMs, gone: false };
        known.set(el, k);
        const kind = el.classList.contains('swal2-toast') ? 'toast' : 'dialog';
        const elements = [...el.querySelectorAll('.swal2-title *, .swal2-html-container *')].map((e) => e.tagName.toLowerCase());
        void send({ id: k.id, kind, icon: iconOf(el), title, text, elements, timerMs, shownAt: now, goneAt: null });
      } else if (timerMs !== null && k.timerMs === null) {
        k.timerMs = timerMs;
        void send({ id: k.id, timerMs });
      }
      if (!k.gone && el.classList.contains('swal2-hide')) {
        k.gone = true;
        void send({ id: k.id, goneAt: now });
      }
    }
    for (const [el, k] of known)
      if (!el.isConnected) {
        if (!k.gone) void send({ id: k.id, goneAt: now });
        known.delete(el);
      }
  };
  const start = () => {
    new MutationObserver(look).observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class', 'style'],
    });
    look();
  };
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

export class PopupRecord {
  private readonly seen = new Map<string, SeenPopup>();
  private readonly claimed = new Set<SeenPopup>();

  add(r: Report) {
    const { id, ...fields } = r;
    const had = this.seen.get(id);
    if (had) Object.assign(had, fields);
    else this.seen.set(id, fields as SeenPopup);
  }

  /** Everything shown since the recording began, oldest first. */
  all(): SeenPopup[] {
    return [...this.seen.values()].sort((a, b) => a.shownAt - b.shownAt);
  }

  /**
   * One line for the record: each popup's kind, title and text, and how long it stayed (a confirmation that
   * went by itself, not by the test's click, says so in a failure).
   */
  describe(): string {
    const stay = (p: SeenPopup) => (p.goneAt === null ? 'still shown' : `gone after ${p.goneAt - p.shownAt} ms`);
    return JSON.stringify(this.all().map((p) => `${p.kind}: ${p.title}${p.text ? ` — ${p.text}` : ''} (${stay(p)})`));
  }

  toasts(): SeenPopup[] {
    return this.all().filter((p) => p.kind === 'toast');
  }

  /** Toasts whose title is `title` (exact) or matches it. */
  find(title: string | RegExp, kind: SeenPopup['kind'] = 'toast'): SeenPopup[] {
    return this.all().filter((p) => p.kind === kind && (typeof title === 'string' ? p.title === title : title.test(p.title)));
  }

  /**
   * Waits until a toast with this title has been shown (even if it is gone already) and returns it; each
   * call takes the oldest such toast not taken by an earlier call, so a message expected twice must have
   * been shown twice. `icon` checks its icon; `timeout`: how long the action may take to show it.
   */
  async toast(title: string | RegExp, opts: { icon?: string; timeout?: number } = {}): Promise<SeenPopup> {
    const fresh = () => this.find(title).filter((t) => !this.claimed.has(t));
    // The value polled names the popups shown so far, dialogs too, so that a failure says what came
    // instead (an error dialog where the success toast was expected says why).
    await expect
      .poll(() => (fresh().length ? 'shown' : `popups so far: ${this.describe()}`), {
        message: `a toast "${title}"`,
        timeout: opts.timeout ?? 30_000,
      })
      .toBe('shown');
    const found = fresh()[0]!;
    this.claimed.add(found);
    if (opts.icon) expect(found.icon, `icon of the toast "${found.title}"`).toBe(opts.icon);
    return found;
  }

  /**
   * The timer of a toast `toast()` returned, in ms. The page reports a toast as soon as it shows; sweetalert2
   * may start the progress bar, and with it the timer, a moment later, which comes as a second report.
   */
  async timerMs(popup: SeenPopup): Promise<number> {
    await expect.poll(() => popup.timerMs, { message: `the timer of the toast "${popup.title}"` }).not.toBeNull();
    return popup.timerMs!;
  }

  /** Waits until the last toast with this title has gone by itself; returns it. */
  async gone(title: string | RegExp, timeout = 30_000): Promise<SeenPopup> {
    await expect.poll(() => this.find(title).at(-1)?.goneAt ?? null, { message: `the toast "${title}" to go`, timeout }).not.toBeNull();
    return this.find(title).at(-1)!;
  }
}

const records = new WeakMap<BrowserContext, PopupRecord>();

/** The record of `page`'s context; recordPopups(page) must have run before the action. */
export function popupsOf(page: Page): PopupRecord {
  const record = records.get(page.context());
  if (!record) throw new Error('recordPopups(page) must run before the action whose popup the test expects');
  return record;
}

/** A toast with this title was shown on `page` since the recording began (see PopupRecord.toast). */
export function expectToast(page: Page, title: string | RegExp, opts?: { icon?: string; timeout?: number }): Promise<SeenPopup> {
  return popupsOf(page).toast(title, opts);
}
let contexts = 0;

/**
 * Starts recording the popups of every page of `page`'s context (idempotent); call it before the action
 * whose toast the test expects. Pages already open get the listener at once, later documents from the
 * init script.
 */
export async function recordPopups(page: Page): Promise<PopupRecord> {
  const context = page.context();
  let record = records.get(context);
  if (!record) {
    const made = new PopupRecord();
    record = made;
    records.set(context, made);
    const bindingName = `__popupSeen${contexts++}`;
    await context.exposeBinding(bindingName, (_source, r: Report) => made.add(r));
    await context.addInitScript(install, bindingName);
    for (const p of context.pages()) await p.evaluate(install, bindingName).catch(() => undefined);
  }
  return record;
}

/** A title that contains `text` (where the test knows only part of it). */
export function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}
