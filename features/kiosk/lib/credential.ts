// The kiosk's credential and its offline signature (docs/kiosk.md, "Credential"), shared by the kiosk
// page and the server. The credential is `kiosk.<kioskId>.<secret>`, sent as a Bearer token: every
// other route reads it as an invalid session token (401). The server keeps only sha256(secret); the
// same 32 bytes are the HMAC-SHA256 key of the punches the kiosk queues while offline, so the kiosk
// derives the key from its secret and the server from what it stored.

export const CREDENTIAL_PREFIX = 'kiosk.';
const CREDENTIAL_PATTERN = /^kiosk\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export function parseCredential(token: string): { kioskId: string; secret: string } | null {
  const m = CREDENTIAL_PATTERN.exec(token);
  return m ? { kioskId: m[1]!, secret: m[2]! } : null;
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** A punch kept offline, as the kiosk signs it. `clientTime`: the kiosk's clock; `offsetMs`: server minus kiosk at the last contact. */
export type OfflinePunchFields = {
  id: string;
  userId: string;
  clientTime: string;
  offsetMs: number;
  faceImage: string;
};

/** What is signed: every field that decides the punch, the photo by its hash. */
export async function offlineMessage(p: OfflinePunchFields): Promise<string> {
  return ['absensi-kiosk-offline', p.id, p.userId, p.clientTime, String(p.offsetMs), await sha256Hex(p.faceImage)].join('|');
}

/** HMAC-SHA256 (hex) of the message with the key sha256(secret), given as hex. */
export async function hmacHex(keyHex: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', fromHex(keyHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message)));
}

export async function signOfflinePunch(secret: string, p: OfflinePunchFields): Promise<string> {
  return hmacHex(await sha256Hex(secret), await offlineMessage(p));
}
