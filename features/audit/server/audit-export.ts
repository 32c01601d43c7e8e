// The Log Audit page's extras (docs/audit.md): the kinds written so far (for the filter) and the CSV
// export of a filter, made for Excel with Indonesian settings: UTF-8 with a BOM, ';' between cells,
// formula-looking cells neutralised (lib/csv.ts). Admin only, like GET /api/audit.
import { db } from '@/lib/server/db';
import { auditWhere } from '@/lib/server/audit';
import { getMainOffice } from '@/features/offices/server/offices';
import { toCsv } from '@/lib/csv';
import { dateKeyInZone, zoneAbbreviation } from '@/lib/dates';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import type { AuditQuery } from '@/features/audit/validation/audit';

/** The export stops at this many rows (newest first); narrow the filter for older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;
export const AUDIT_CSV_HEADER = [
  'Waktu',
  'Pelaku',
  'Peran',
  'Jenis',
  'Data',
  'ID Data',
  'Karyawan',
  'Sebelum',
  'Sesudah',
  'Catatan',
  'Alamat IP',
];

/** GET /api/audit/kinds: every kind in the trail, sorted. */
export async function listAuditKinds(actor: SessionUser): Promise<string[]> {
  assertStaff(actor);
  // A skip scan of the (kind, createdAt) index: one index probe per kind, not a read of every row
  // (Prisma's distinct reads them all and de-duplicates in JavaScript: 340 ms at 200,000 rows).
  const rows = await db.$queryRaw<{ kind: string }[]>`
    WITH RECURSIVE k AS (
      SELECT min(kind) AS kind FROM "AuditLog"
      UNION ALL
      SELECT (SELECT min(kind) FROM "AuditLog" WHERE kind > k.kind) FROM k WHERE k.kind IS NOT NULL
    )
    SELECT kind FROM k WHERE kind IS NOT NULL ORDER BY kind`;
  return rows.map((r) => r.kind);
}

function localTime(date: Date, timeZone: string): string {
  const time = date.toLocaleTimeString('en-GB', { timeZone, hour12: false });
  return `${dateKeyInZone(date, timeZone)} ${time} ${zoneAbbreviation(timeZone)}`;
}

const jsonCell = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** GET /api/audit/export: the filtered trail (page and limit ignored) as a CSV download. */
export async function exportAuditCsv(actor: SessionUser, q: AuditQuery): Promise<Response> {
  assertStaff(actor);
  const [rows, main] = await Promise.all([
    db.auditLog.findMany({ where: auditWhere(q), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: AUDIT_EXPORT_MAX_ROWS }),
    getMainOffice(),
  ]);
  const targetIds = [...new Set(rows.map((r) => r.targetUserId).filter((id): id is string => !!id))];
  const names = new Map(
    (await db.user.findMany({ where: { id: { in: targetIds } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]),
  );
  const csv = toCsv(
    AUDIT_CSV_HEADER,
    rows.map((r) => [
      localTime(r.createdAt, main.timezone),
      r.actorName ?? 'Sistem',
      r.actorRole ?? '',
      r.kind,
      r.entity,
      r.entityId ?? '',
      r.targetUserId ? (names.get(r.targetUserId) ?? r.targetUserId) : '',
      jsonCell(r.before),
      jsonCell(r.after),
      r.note ?? '',
      r.ip ?? '',
    ]),
    ';',
  );
  const stamp = dateKeyInZone(new Date(), main.timezone);
  return new Response(`\ufeff${csv}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="log-audit-${stamp}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
