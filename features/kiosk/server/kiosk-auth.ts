// The kiosk's credential on its own routes (docs/kiosk.md, "Credential"). A kiosk is a device, not a
// person: it has no session, no role and no user id, so every route of lib/server/http.ts that asks for
// a user reads its Bearer token as an invalid session (401); only the /api/kiosk/* routes read it here.
// A revoked kiosk's credential hash is erased, so it matches nothing.
import { sql, type Statement } from '@/lib/server/db';
import { unauthenticated } from '@/lib/server/errors';
import { tokenFromHeaders } from '@/lib/server/auth/session';
import { assertJsonBody } from '@/lib/server/csrf';
import { readJson } from '@/lib/server/request-body';
import { DEFAULT_MAX_BODY } from '@/lib/server/http';
import type { ZodType } from 'zod';
import { parseCredential, sha256Hex } from '@/features/kiosk/lib/credential';
import type { KioskIdentifyMode, KioskSelfDto } from '@/features/kiosk/types/kiosk';

export type KioskCaller = {
  id: string;
  name: string;
  credentialHash: string;
  /** The company's setting (docs/kiosk.md): 1:N by face, or NIK/PIN first then 1:1. */
  identifyMode: KioskIdentifyMode;
  office: { id: string; name: string; timezone: string; latitude: number | null; longitude: number | null };
};

export const KIOSK_UNPAIRED = 'Kiosk ini belum dipasangkan atau sudah dicabut. Minta kode pemasangan baru ke administrator.';

/** Finds the paired, unrevoked kiosk of the credential and notes that it was seen, with the company's identify mode: one statement. */
const KIOSK_SEEN: Statement = {
  name: 'kiosk_seen_v2',
  text: `UPDATE "Kiosk" k SET "lastSeenAt" = $3::timestamptz
          FROM "Office" o
         WHERE k.id = $1::uuid AND k."credentialHash" = $2 AND k."revokedAt" IS NULL AND o.id = k."officeId"
     RETURNING k.id, k.name, k."credentialHash",
               coalesce((SELECT s."kioskIdentifyMode"::text FROM "Settings" s WHERE s.id = 1), 'face') AS "identifyMode",
               json_build_object('id', o.id, 'name', o.name, 'timezone', o.timezone, 'latitude', o.latitude, 'longitude', o.longitude) AS office`,
};

export async function requireKiosk(headers: Headers, now = new Date()): Promise<KioskCaller> {
  const token = tokenFromHeaders(headers);
  const parsed = token ? parseCredential(token) : null;
  if (!parsed) throw unauthenticated(KIOSK_UNPAIRED);
  const [row] = await sql<KioskCaller>(KIOSK_SEEN, [parsed.kioskId, await sha256Hex(parsed.secret), now]);
  if (!row) throw unauthenticated(KIOSK_UNPAIRED);
  return row;
}

/** GET /api/kiosk/me: the kiosk, its office and the server's clock (the kiosk measures its offset from it). */
export async function kioskSelf(headers: Headers): Promise<KioskSelfDto> {
  const now = new Date();
  const k = await requireKiosk(headers, now);
  return {
    id: k.id,
    name: k.name,
    office: { id: k.office.id, name: k.office.name, timezone: k.office.timezone },
    identifyMode: k.identifyMode,
    serverTime: now.toISOString(),
  };
}

/**
 * A kiosk route's caller and body, in that order: the credential is checked before the body is read, so
 * anyone but a kiosk gets 401 whatever they send (route() would parse the body first).
 */
export async function kioskRequest<B>(
  req: Request,
  schema: ZodType<B>,
  maxBytes = DEFAULT_MAX_BODY,
): Promise<{ kiosk: KioskCaller; body: B }> {
  const kiosk = await requireKiosk(req.headers);
  assertJsonBody(req);
  return { kiosk, body: schema.parse(await readJson(req, maxBytes)) };
}
