// Absensi service worker. Caches the app shell (hashed Next.js assets, icons, the offline page) and
// the face engine's files, so the app starts fast and installs on a phone. It never caches /api
// answers nor pages with personal data, and it never queues an attendance: offline, every page
// navigation shows the offline page, which says that attendance needs a connection.
const VERSION = 'v1';
const SHELL_CACHE = `absensi-shell-${VERSION}`;
const ASSET_CACHE = 'absensi-assets';
// The face engine's files (/models/<name>.<content hash>.bin|js, scripts/build-face-models.mjs), about 3 MB:
// their own cache, kept across deployments and service worker versions, never trimmed with the assets;
// a file is dropped only when a newer file of the same name arrives.
const MODEL_CACHE = 'absensi-models';
const MODEL_PREFIX = '/models/';
const OFFLINE_URL = '/offline';
const SHELL_FILES = ['/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/favicon-32.png'];
const ASSET_PREFIXES = ['/_next/static/', '/icons/', '/leaflet/'];
const MAX_ASSETS = 400;

const FALLBACK_HTML = `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Offline · Absensi</title></head>
<body style="font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#f8fafc;color:#0f172a"><main style="max-width:28rem;margin:auto">
<h1>Anda sedang offline</h1><p>Absensi memerlukan koneksi internet. Check-in dan check-out hanya dapat dilakukan saat perangkat terhubung ke internet.</p>
<p><a href="">Coba Lagi</a></p></main></body></html>`;

async function precacheShell() {
  const shell = await caches.open(SHELL_CACHE);
  const res = await fetch(OFFLINE_URL, { cache: 'no-store', credentials: 'omit' });
  if (!res.ok) throw new Error(`offline page: ${res.status}`);
  const html = await res.clone().text();
  await shell.put(OFFLINE_URL, res);
  await shell.addAll(SHELL_FILES);
  // The offline page's own styles and scripts, so it renders fully without a network.
  const assets = [...new Set(html.match(/\/_next\/static\/[^"'\s)\\]+/g) ?? [])];
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(assets.map((url) => cache.add(url).catch(() => undefined)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE, MODEL_CACHE]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
      // Face models used to be cached with the assets, under names that never changed: let them go.
      const assets = await caches.open(ASSET_CACHE);
      for (const key of await assets.keys()) if (new URL(key.url).pathname.startsWith(MODEL_PREFIX)) await assets.delete(key);
      await self.clients.claim();
    })(),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

/** "tiny_face_detector.0123456789ab.bin" → "tiny_face_detector": what a newer version replaces. */
const modelName = (url) => new URL(url).pathname.slice(MODEL_PREFIX.length).replace(/\.[0-9a-f]{12}\.(bin|js)$/, '');

async function storeModel(cache, request, res) {
  await cache.put(request, res);
  const name = modelName(request.url);
  for (const key of await cache.keys()) if (key.url !== request.url && modelName(key.url) === name) await cache.delete(key);
}

/**
 * From the cache, else from the network: the response goes to the page at once (it shows download
 * progress) while a copy is stored.
 */
async function cacheFirst(event, cacheName) {
  const { request } = event;
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && res.type === 'basic') {
    const copy = res.clone();
    event.waitUntil(cacheName === MODEL_CACHE ? storeModel(cache, request, copy) : cache.put(request, copy).then(() => trim(cache)));
  }
  return res;
}

async function offlinePage() {
  const cached = await caches.match(OFFLINE_URL);
  return cached ?? new Response(FALLBACK_HTML, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return; // map tiles and the like: straight to the network
  if (url.pathname.startsWith('/api/')) return; // live data only, never from a cache
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => offlinePage()));
    return;
  }
  if (url.pathname.startsWith(MODEL_PREFIX)) event.respondWith(cacheFirst(event, MODEL_CACHE));
  else if (ASSET_PREFIXES.some((p) => url.pathname.startsWith(p))) event.respondWith(cacheFirst(event, ASSET_CACHE));
});

// Web push (docs/notifications.md): the server sends { title, body, url, tag } encrypted for this
// browser; shown as a system notification. A click focuses an open Absensi window on that page, or opens one.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Absensi';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'id',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        if (client.url !== target && 'navigate' in client) await client.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
