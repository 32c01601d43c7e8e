// The push protocol of ZKTeco-family attendance machines ("ADMS", iclock; docs/terminals.md). A terminal
// has no session, no cookie and no Origin: it names itself by serial number (SN) and speaks plain text.
//   GET  /iclock/cdata?SN=…&options=all&pushver=…   handshake: answered with the options block
//   POST /iclock/cdata?SN=…&table=ATTLOG&Stamp=…    punches, one tab-separated line each: "OK: <n>"
//   GET  /iclock/getrequest?SN=…                     polled for commands: "OK" (this server sends none)
// A serial number seen for the first time is registered as pending and listed for an admin; until it is
// accepted (with an office), its ATTLOG uploads are refused (403), so the terminal keeps the punches and
// sends them again after acceptance. Nothing it sends is trusted before that.
import type { NextRequest } from 'next/server';
import { db } from '@/lib/server/db';
import { recordAudit } from '@/lib/server/audit';
import { clientIp } from '@/lib/server/client-ip';
import { readBodyBytes } from '@/lib/server/request-body';
import { parseAttlog } from '@/features/terminals/lib/attlog';
import { planPunches, type PunchOrigin } from '@/features/terminals/server/machine-plan';
import { recordPunches } from '@/features/terminals/server/machine-apply';

/** A serial number as terminals print it: letters, digits, '-' and '_', at most 40. */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
/** Unaccepted terminals kept at most: an anonymous caller cannot fill the table. */
export const MAX_PENDING_TERMINALS = 50;
/** An ATTLOG upload's body at most (a terminal sends a few hundred lines at a time). */
export const MAX_ATTLOG_BYTES = 2 * 1024 * 1024;

class DeviceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const text = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

function serialOf(req: NextRequest): string {
  const sn = req.nextUrl.searchParams.get('SN') ?? req.nextUrl.searchParams.get('sn') ?? '';
  if (!SERIAL_PATTERN.test(sn)) throw new DeviceError(400, 'ERROR: SN');
  return sn;
}

/** The terminal by its serial, registered as pending when new (while fewer than MAX_PENDING_TERMINALS wait). */
async function seen(req: NextRequest, sn: string) {
  const ip = clientIp(req);
  const pushVersion = req.nextUrl.searchParams.get('pushver')?.slice(0, 40) ?? undefined;
  const now = new Date();
  const known = await db.terminal.findUnique({ where: { serialNumber: sn }, include: { office: true } });
  if (known) {
    return db.terminal.update({
      where: { id: known.id },
      data: { lastSeenAt: now, lastIp: ip, ...(pushVersion ? { pushVersion } : {}) },
      include: { office: true },
    });
  }
  if ((await db.terminal.count({ where: { status: 'pending' } })) >= MAX_PENDING_TERMINALS) return null;
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "Terminal" (id, "serialNumber", "lastSeenAt", "lastIp", "pushVersion", "updatedAt")
      VALUES (gen_random_uuid(), ${sn}, ${now}, ${ip}, ${pushVersion ?? null}, ${now})
      ON CONFLICT ("serialNumber") DO NOTHING RETURNING id::text AS id`;
    if (rows[0])
      await recordAudit(tx, {
        actor: null,
        kind: 'terminal.seen',
        entity: 'Terminal',
        entityId: rows[0].id,
        after: { serialNumber: sn, ip },
      });
    return tx.terminal.findUnique({ where: { serialNumber: sn }, include: { office: true } });
  });
}

/** The zone's offset from UTC in hours (7 for WIB), as the TimeZone option states it. */
export function zoneOffsetHours(timeZone: string, at = new Date()): number {
  const local = new Date(at.toLocaleString('en-US', { timeZone })).getTime();
  const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' })).getTime();
  return Math.round((local - utc) / 36e5);
}

/** The options block of the handshake. */
export function optionsBlock(
  sn: string,
  t: { status: string; attlogStamp: string | null; office: { timezone: string } | null } | null,
): string {
  const accepted = t?.status === 'accepted' && t.office;
  return [
    `GET OPTION FROM: ${sn}`,
    // Where to resume: the Stamp of the last batch taken; None (everything kept) before acceptance.
    `ATTLOGStamp=${accepted && t.attlogStamp ? t.attlogStamp : 'None'}`,
    'OPERLOGStamp=9999',
    'ATTPHOTOStamp=9999',
    'ErrorDelay=60',
    'Delay=30',
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    // Attendance logs only: no operation log, user records or photos.
    'TransFlag=TransData AttLog',
    // The office's offset sets the terminal's clock zone; unknown before an office is assigned.
    ...(accepted ? [`TimeZone=${zoneOffsetHours(t.office!.timezone)}`] : []),
    'Realtime=1',
    'Encrypt=None',
    '',
  ].join('\n');
}

async function handle(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DeviceError) return text(`${err.message}\n`, err.status);
    console.error('[iclock]', err);
    return text('ERROR\n', 500);
  }
}

/** GET /iclock/cdata: the handshake (options=all), else a heartbeat answered OK. */
export function cdataGet(req: NextRequest): Promise<Response> {
  return handle(async () => {
    const sn = serialOf(req);
    const t = await seen(req, sn);
    if (req.nextUrl.searchParams.has('options')) return text(optionsBlock(sn, t));
    return text('OK\n');
  });
}

/** POST /iclock/cdata: ATTLOG is recorded ("OK: <lines read>"); other tables are acknowledged and dropped. */
export function cdataPost(req: NextRequest): Promise<Response> {
  return handle(async () => {
    const sn = serialOf(req);
    const t = await seen(req, sn);
    const table = (req.nextUrl.searchParams.get('table') ?? '').toUpperCase();
    const body = (
      await readBodyBytes(req, MAX_ATTLOG_BYTES).catch(() => {
        throw new DeviceError(413, 'ERROR: size');
      })
    ).toString('utf8');
    if (!t || t.status !== 'accepted' || !t.office) throw new DeviceError(403, 'ERROR: terminal belum disetujui');
    const lines = body.split(/\r?\n/).filter((l) => l.trim()).length;
    if (table !== 'ATTLOG') return text(`OK: ${lines}\n`);
    const parsed = parseAttlog(body);
    const origin: PunchOrigin = { deviceKey: sn, terminalId: t.id, source: 'push', office: t.office };
    const stamp = req.nextUrl.searchParams.get('Stamp')?.slice(0, 40) ?? null;
    await db.$transaction(
      async (tx) => {
        await recordPunches(tx, origin, await planPunches(tx, origin, parsed.punches));
        if (stamp && /^\d+$/.test(stamp)) await tx.terminal.update({ where: { id: t.id }, data: { attlogStamp: stamp } });
      },
      { timeout: 120_000, maxWait: 10_000 },
    );
    return text(`OK: ${parsed.punches.length}\n`);
  });
}

/** GET /iclock/getrequest: no commands are ever queued; the poll only tells us the terminal is alive. */
export function getRequest(req: NextRequest): Promise<Response> {
  return handle(async () => {
    await seen(req, serialOf(req));
    return text('OK\n');
  });
}
