'use client';
// The browser's side of web push (docs/notifications.md): subscribe this browser with the server's
// VAPID public key through the service worker (public/sw.js shows the message and opens its link).

export type PushSupport = 'ok' | 'ios-browser' | 'unsupported';

/** iPhone/iPad Safari offers push only to the app added to the home screen (standalone). */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  if (ios && !standalone) return 'ios-browser';
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window ? 'ok' : 'unsupported';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export async function currentPushEndpoint(): Promise<string | null> {
  if (pushSupport() !== 'ok') return null;
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  return sub?.endpoint ?? null;
}

export async function subscribeThisBrowser(vapidPublicKey: string): Promise<void> {
  const { api } = await import('@/lib/api-client');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Izin notifikasi ditolak. Izinkan notifikasi untuk situs ini di pengaturan peramban.');
  const reg = await navigator.serviceWorker.ready;
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  await api.post('/push/subscriptions', sub.toJSON());
}

export async function unsubscribeThisBrowser(subs: { id: string; endpoint: string }[]): Promise<void> {
  const { api } = await import('@/lib/api-client');
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  for (const s of subs.filter((x) => x.endpoint === sub.endpoint)) await api.delete(`/push/subscriptions/${s.id}`);
  await sub.unsubscribe();
}
