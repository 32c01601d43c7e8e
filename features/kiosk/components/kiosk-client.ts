// The kiosk page's side of docs/kiosk.md: its credential (kept in this browser's storage: the tablet is
// the device), its calls with that credential, its clock offset from the server, the people it
// identified online (so it can recognise them offline) and its queue of offline punches, each signed
// with the credential's key (features/kiosk/lib/credential.ts).
import { ApiError } from '@/lib/api-client';
import { isErrorCode } from '@/lib/error-codes';
import { signOfflinePunch } from '@/features/kiosk/lib/credential';
import type { GalleryEntry } from '@/features/kiosk/lib/identify';
import type { OfflineResultDto } from '@/features/kiosk/types/kiosk';

const CREDENTIAL_KEY = 'absensi.kiosk.credential';
const KNOWN_KEY = 'absensi.kiosk.known';
const QUEUE_KEY = 'absensi.kiosk.queue';
const OFFSET_KEY = 'absensi.kiosk.offset';
const MAX_KNOWN = 500;
const TIMEOUT_MS = 8_000;

const read = <T>(key: string, fallback: T): T => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
};
const write = (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value));

export const kioskCredential = (): string | null => read<string | null>(CREDENTIAL_KEY, null);
export const saveCredential = (credential: string) => write(CREDENTIAL_KEY, credential);
export function forgetKiosk() {
  for (const k of [CREDENTIAL_KEY, KNOWN_KEY, QUEUE_KEY, OFFSET_KEY]) localStorage.removeItem(k);
}

/** A call with the kiosk's credential; a network failure is ApiError status 0 (NETWORK), as lib/api-client.ts. */
export async function kioskCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const credential = kioskCredential();
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(credential ? { Authorization: `Bearer ${credential}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiError('Jaringan terputus', 0, 'NETWORK');
  }
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok)
    throw new ApiError(String(data?.error ?? `Status ${res.status}`), res.status, isErrorCode(data?.code) ? data.code : undefined);
  return data as T;
}

export const isOffline = (err: unknown) => err instanceof ApiError && err.status === 0;

/** Server minus kiosk clock, measured from an answer's serverTime at the middle of the round trip. */
export function noteServerTime(serverTime: string, sentAt: number, receivedAt = Date.now()) {
  write(OFFSET_KEY, Math.round(Date.parse(serverTime) - (sentAt + receivedAt) / 2));
}
export const clockOffset = (): number => read<number>(OFFSET_KEY, 0);

/** A person the kiosk punched online: `key` the NIK or PIN they typed (NIK or PIN first), in capitals. */
export type KnownPerson = GalleryEntry & { name: string; key?: string };
export const knownPeople = (): KnownPerson[] => read<KnownPerson[]>(KNOWN_KEY, []);
export function rememberPerson(p: KnownPerson) {
  write(KNOWN_KEY, [p, ...knownPeople().filter((k) => k.userId !== p.userId)].slice(0, MAX_KNOWN));
}

type Queued = {
  id: string;
  userId: string;
  clientTime: string;
  offsetMs: number;
  faceImage: string;
  faceDescriptor: number[];
  signature: string;
};
export const queuedCount = () => read<Queued[]>(QUEUE_KEY, []).length;

/** Keeps a punch while offline, signed with the credential's key. */
export async function queueOffline(userId: string, faceImage: string, faceDescriptor: number[]) {
  const credential = kioskCredential();
  if (!credential) return;
  const fields = { id: crypto.randomUUID(), userId, clientTime: new Date().toISOString(), offsetMs: clockOffset(), faceImage };
  const signature = await signOfflinePunch(credential.split('.').slice(2).join('.'), fields);
  write(QUEUE_KEY, [...read<Queued[]>(QUEUE_KEY, []), { ...fields, faceDescriptor, signature }]);
}

/** Sends the queue (a few at a time); every answered punch leaves it, accepted or refused. */
export async function flushQueue(): Promise<OfflineResultDto[]> {
  const queue = read<Queued[]>(QUEUE_KEY, []);
  if (!queue.length) return [];
  const { results } = await kioskCall<{ results: OfflineResultDto[] }>('POST', '/kiosk/offline', { punches: queue.slice(0, 10) });
  const done = new Set(results.map((r) => r.id));
  write(
    QUEUE_KEY,
    read<Queued[]>(QUEUE_KEY, []).filter((q) => !done.has(q.id)),
  );
  return results;
}
