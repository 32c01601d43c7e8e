// Phone conditions for bench/phone-checkin.ts, applied over the Chrome DevTools Protocol to the page
// AND to the app's service worker (a service worker fetches on its own network stack: throttling the
// page alone would let every request it forwards run at full speed), plus a byte counter for both.
//
// Slow 4G as Lighthouse's mobile preset describes it: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round
// trip; the CPU slowed 4×.
import type { Browser, CDPSession, Page } from '@playwright/test';

export type Conditions = { name: string; download: number; upload: number; latency: number; cpu: number } | null;

export const SLOW_4G: Conditions = {
  name: 'slow 4G + 4× CPU',
  download: (1.6 * 1024 * 1024) / 8,
  upload: (750 * 1024) / 8,
  latency: 150,
  cpu: 4,
};

type Counter = { afterTap: boolean; received: number; sent: number; requests: number; urls: Map<string, number> };

/** Counts what crosses the network after `tap()`: page requests not answered by the service worker, and the service worker's own. */
export class NetworkMeter {
  private counter: Counter = { afterTap: false, received: 0, sent: 0, requests: 0, urls: new Map() };
  private pending = new Map<string, { url: string; data: number; sw: boolean }>();

  tap() {
    this.counter = { afterTap: true, received: 0, sent: 0, requests: 0, urls: new Map() };
  }

  get figures() {
    return this.counter;
  }

  /** Feeds one CDP Network event; `origin` tells page from service worker (ids may collide). */
  on(origin: 'page' | 'sw', method: string, p: Record<string, any>) {
    const key = `${origin}:${p.requestId}`;
    const c = this.counter;
    if (method === 'Network.requestWillBeSent') {
      if (!/^https?:/.test(p.request.url)) return; // data: URLs (the photo shown in the dialog) cross no network
      this.pending.set(key, { url: p.request.url, data: 0, sw: false });
      if (c.afterTap && p.request.postData) c.sent += Buffer.byteLength(p.request.postData);
      if (c.afterTap && !p.request.postData && p.request.hasPostData) c.sent += Number(p.request.headers?.['Content-Length'] ?? 0);
    } else if (method === 'Network.responseReceived') {
      const r = this.pending.get(key);
      if (r && origin === 'page' && p.response.fromServiceWorker) r.sw = true;
    } else if (method === 'Network.dataReceived') {
      const r = this.pending.get(key);
      if (!r || r.sw) return;
      r.data += p.encodedDataLength;
      if (c.afterTap) this.add(r.url, p.encodedDataLength);
    } else if (method === 'Network.loadingFinished') {
      const r = this.pending.get(key);
      this.pending.delete(key);
      if (!r || r.sw) return;
      // What dataReceived did not report: headers, and bodies reported only at the end.
      if (c.afterTap) {
        this.add(r.url, Math.max(0, p.encodedDataLength - r.data));
        c.requests++;
      }
    }
  }

  private add(url: string, n: number) {
    this.counter.received += n;
    const path = new URL(url).pathname;
    this.counter.urls.set(path, (this.counter.urls.get(path) ?? 0) + n);
  }
}

const NETWORK_EVENTS = ['Network.requestWillBeSent', 'Network.responseReceived', 'Network.dataReceived', 'Network.loadingFinished'];

async function emulate(send: (method: string, params?: object) => Promise<unknown>, conditions: Conditions, cpu: boolean) {
  await send('Network.enable', {});
  if (!conditions) return;
  await send('Network.emulateNetworkConditions', {
    offline: false,
    latency: conditions.latency,
    downloadThroughput: conditions.download,
    uploadThroughput: conditions.upload,
  });
  if (cpu) await send('Emulation.setCPUThrottlingRate', { rate: conditions.cpu });
}

/** Throttles and meters the page. */
export async function throttlePage(page: Page, conditions: Conditions, meter: NetworkMeter): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  for (const e of NETWORK_EVENTS) cdp.on(e as 'Network.dataReceived', (p) => meter.on('page', e, p));
  await emulate((m, p) => cdp.send(m as 'Network.enable', p), conditions, true);
  return cdp;
}

/**
 * Throttles and meters every service worker of the browser, now and later: each one is attached as it
 * appears (Target.attachToTarget, messages relayed through the browser session).
 */
export async function throttleServiceWorkers(browser: Browser, conditions: Conditions, meter: NetworkMeter): Promise<() => Promise<void>> {
  const cdp = await browser.newBrowserCDPSession();
  let nextId = 1;
  const waiting = new Map<number, (r: { error?: { message: string } }) => void>();
  const sessions = new Set<string>();
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const msg = JSON.parse(message);
    if (msg.id && waiting.has(msg.id)) {
      waiting.get(msg.id)!(msg);
      waiting.delete(msg.id);
    } else if (msg.method && NETWORK_EVENTS.includes(msg.method) && sessions.has(sessionId)) meter.on('sw', msg.method, msg.params);
  });
  const sendTo =
    (sessionId: string) =>
    (method: string, params: object = {}) =>
      new Promise<unknown>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, (r) => (r.error ? reject(new Error(`${method}: ${r.error.message}`)) : resolve(r)));
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
      });
  const attached = new Set<string>();
  const attach = async (targetId: string) => {
    if (attached.has(targetId)) return;
    attached.add(targetId);
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
    sessions.add(sessionId);
    // A service worker has no CPU throttling of its own in the protocol; its work here is cache lookups.
    await emulate(sendTo(sessionId), conditions, false).catch((err) =>
      console.warn(`[phone-checkin] service worker not throttled: ${err.message}`),
    );
  };
  cdp.on('Target.targetCreated', ({ targetInfo }) => {
    if (targetInfo.type === 'service_worker') void attach(targetInfo.targetId).catch(() => undefined);
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  const { targetInfos } = await cdp.send('Target.getTargets');
  for (const t of targetInfos) if (t.type === 'service_worker') await attach(t.targetId);
  return () => cdp.detach();
}
