// This browser's device key (docs/anti-fraud.md): an ECDSA P-256 key pair made by WebCrypto with a
// non-extractable private half, kept in IndexedDB. Script on the page can ask it to sign but can
// never read it out, so a copy of the account's password does not carry the device with it. The
// public half (SPKI, base64) is what POST /api/devices registers; each punch sends the device id and
// a signature of `absensi:<action>:<challenge id>:<user id>`.
const DB_NAME = 'absensi-device';
const STORE = 'keys';
const KEY = 'device';

type Stored = { privateKey: CryptoKey; publicKey: string; deviceIds: Record<string, string> };

function idb<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(STORE, mode);
      const req = run(tx.objectStore(STORE));
      tx.oncomplete = () => {
        db.close();
        resolve(req.result);
      };
      tx.onerror = () => {
        db.close();
        reject(tx.error);
      };
    };
  });
}

const toBase64 = (buf: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buf)));

/** The stored key, made on first use. null where WebCrypto or IndexedDB is unavailable (e.g. not HTTPS). */
async function stored(): Promise<Stored | null> {
  if (typeof indexedDB === 'undefined' || !globalThis.crypto?.subtle) return null;
  const found = await idb<Stored | undefined>('readonly', (s) => s.get(KEY) as IDBRequest<Stored | undefined>);
  if (found) return found;
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const made: Stored = {
    privateKey: pair.privateKey,
    publicKey: toBase64(await crypto.subtle.exportKey('spki', pair.publicKey)),
    deviceIds: {},
  };
  await idb('readwrite', (s) => s.put(made, KEY));
  return made;
}

/** The public key of this browser (base64 SPKI), or null when it cannot hold one. */
export async function devicePublicKey(): Promise<string | null> {
  try {
    return (await stored())?.publicKey ?? null;
  } catch {
    return null;
  }
}

/** The device id this browser was registered under for the account, if any. */
export async function storedDeviceId(userId: string): Promise<string | null> {
  try {
    return (await stored())?.deviceIds[userId] ?? null;
  } catch {
    return null;
  }
}

/** Remembers (or, with null, forgets) the registration of this browser for the account. */
export async function rememberDeviceId(userId: string, deviceId: string | null): Promise<void> {
  const s = await stored();
  if (!s) return;
  const deviceIds = { ...s.deviceIds };
  if (deviceId) deviceIds[userId] = deviceId;
  else delete deviceIds[userId];
  await idb('readwrite', (store) => store.put({ ...s, deviceIds }, KEY));
}

/** The request fields that prove the punch comes from this registered device, or {} when it is not. */
export async function deviceProof(
  userId: string,
  action: 'check-in' | 'check-out' | 'break-start' | 'break-end',
  challengeId: string,
): Promise<{ deviceId?: string; deviceSignature?: string }> {
  try {
    const s = await stored();
    const deviceId = s?.deviceIds[userId];
    if (!s || !deviceId) return {};
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      s.privateKey,
      new TextEncoder().encode(`absensi:${action}:${challengeId}:${userId}`),
    );
    return { deviceId, deviceSignature: toBase64(signature) };
  } catch {
    return {};
  }
}

/** A readable name for this browser ('Chrome di Android'). */
export function deviceName(): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Peramban';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'perangkat ini';
  return `${browser} di ${os}`;
}
