// POST /api/attendance/import (docs/terminals.md): the attlog file a terminal writes to a USB stick, or
// the CSV some models export, for terminals that do not push. ?dryRun=1 answers line by line what the
// upload would do and writes nothing; without it the same plan is written in one transaction, audited
// once. A file with unreadable lines is refused whole (422, the lines listed): fix it and upload again.
// Uploading the same file twice records nothing the second time (idempotent on device, PIN and time).
import { db } from '@/lib/server/db';
import { AppError, badRequest, unprocessable } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Prisma } from '@/lib/generated/prisma/client';
import { assertStaff } from '@/lib/server/auth/policy';
import { parsePunchFile } from '@/features/terminals/lib/attlog';
import { firstAndLast } from '@/features/terminals/lib/punch-day';
import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_PUNCHES, type AttendanceImportInput } from '@/features/terminals/validation/terminals';
import { planPunches, type PlannedPunch, type PunchOrigin } from '@/features/terminals/server/machine-plan';
import { MACHINE_METHOD, recordPunches } from '@/features/terminals/server/machine-apply';
import type { ImportLineDto, ImportResultDto } from '@/features/terminals/types/terminals';

/** The JSON body at most: the file's base64 (4/3 of it) and the rest. */
export const IMPORT_MAX_BODY = Math.ceil((MAX_IMPORT_FILE_BYTES * 4) / 3) + 64 * 1024;

type Tx = Prisma.TransactionClient;

function decodeFile(dataUrl: string): string {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > MAX_IMPORT_FILE_BYTES) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Ukuran file maksimal 4 MB');
  if (!bytes.length) throw badRequest('File kosong');
  if (bytes.includes(0)) throw unprocessable('File bukan teks: unggah file attlog (.dat/.txt) atau CSV dari mesin absensi');
  return bytes.toString('utf8');
}

async function originOf(tx: Tx, input: AttendanceImportInput): Promise<PunchOrigin> {
  const office = await tx.office.findUnique({ where: { id: input.officeId } });
  if (!office || !office.active) throw unprocessable('Kantor tidak ditemukan atau tidak aktif');
  if (!input.terminalId) return { deviceKey: `upload:${office.id}`, terminalId: null, source: 'upload', office };
  const terminal = await tx.terminal.findUnique({ where: { id: input.terminalId } });
  if (!terminal || terminal.status !== 'accepted') throw unprocessable('Mesin absensi tidak ditemukan atau belum disetujui');
  if (terminal.officeId !== office.id) throw unprocessable('Mesin absensi ini terdaftar di kantor lain');
  return { deviceKey: terminal.serialNumber, terminalId: terminal.id, source: 'upload', office };
}

/** Each line's part in its day: the first punch is the check-in, the last the check-out (docs/terminals.md). */
async function lineOutcomes(tx: Tx, planned: readonly PlannedPunch[]): Promise<ImportLineDto[]> {
  const recorded = planned.filter((p) => p.outcome === 'record');
  const users = [...new Set(recorded.map((p) => p.userId!))];
  const dates = [...new Set(recorded.map((p) => p.workDate!))];
  const [stored, records] = users.length
    ? await Promise.all([
        tx.$queryRaw<{ userId: string; workDate: string; at: Date }[]>`
          SELECT "userId"::text AS "userId", "workDate"::text AS "workDate", "punchedAt" AS at FROM "MachinePunch"
           WHERE "userId" = ANY(${users}::uuid[]) AND "workDate" = ANY(${dates}::date[]) AND state IN ('applied', 'other_source')`,
        tx.$queryRaw<{ userId: string; workDate: string; checkInAt: Date; checkInMethod: string; checkOutMethod: string | null }[]>`
          SELECT "userId"::text AS "userId", "workDate"::text AS "workDate", "checkInAt", "checkInMethod", "checkOutMethod" FROM "Attendance"
           WHERE "userId" = ANY(${users}::uuid[]) AND "workDate" = ANY(${dates}::date[])`,
      ])
    : [[], []];
  const day = new Map<string, Date[]>();
  for (const s of stored) day.set(`${s.userId}|${s.workDate}`, [...(day.get(`${s.userId}|${s.workDate}`) ?? []), s.at]);
  for (const p of recorded) day.set(`${p.userId}|${p.workDate}`, [...(day.get(`${p.userId}|${p.workDate}`) ?? []), p.at]);
  const other = new Map(records.filter((r) => r.checkInMethod !== MACHINE_METHOD).map((r) => [`${r.userId}|${r.workDate}`, r]));
  return planned.map((p) => {
    const base = { line: p.line, pin: p.pin, localTime: p.localTime, userName: p.userName, workDate: p.workDate };
    if (p.outcome !== 'record') return { ...base, outcome: p.outcome };
    const key = `${p.userId}|${p.workDate}`;
    const fl = firstAndLast(day.get(key)!)!;
    const t = p.at.getTime();
    const phone = other.get(key);
    if (phone) {
      const outFree = phone.checkOutMethod === null || phone.checkOutMethod === MACHINE_METHOD;
      const last = (fl.checkOut ?? fl.checkIn).getTime();
      return { ...base, outcome: outFree && t === last && t > phone.checkInAt.getTime() ? 'check_out' : 'other_source' };
    }
    if (t === fl.checkIn.getTime()) return { ...base, outcome: 'check_in' };
    return { ...base, outcome: fl.checkOut && t === fl.checkOut.getTime() ? 'check_out' : 'between' };
  });
}

export async function importAttendance(actor: SessionUser, input: AttendanceImportInput, dryRun: boolean): Promise<ImportResultDto> {
  assertStaff(actor);
  const text = decodeFile(input.file);
  const parsed = parsePunchFile(text);
  if (parsed.punches.length > MAX_IMPORT_PUNCHES)
    throw unprocessable(`File berisi lebih dari ${MAX_IMPORT_PUNCHES.toLocaleString('id-ID')} punch: bagi menjadi beberapa file`);
  if (!parsed.punches.length && !parsed.errors.length) throw unprocessable('File tidak berisi data absensi');
  return db.$transaction(
    async (tx) => {
      const origin = await originOf(tx, input);
      const planned = await planPunches(tx, origin, parsed.punches);
      const lines = await lineOutcomes(tx, planned);
      const count = (o: string) => planned.filter((p) => p.outcome === o).length;
      const counts = {
        lines: parsed.punches.length + parsed.errors.length,
        punches: parsed.punches.length,
        errors: parsed.errors.length,
        new: planned.length - count('duplicate'),
        duplicates: count('duplicate'),
        unknownPins: count('unknown_pin'),
        periodClosed: count('period_closed'),
      };
      const office = { id: origin.office.id, name: origin.office.name, timezone: origin.office.timezone };
      const result = { dryRun, format: parsed.format, office, counts, lines, errors: parsed.errors };
      const summary = `${counts.new} punch baru, ${counts.duplicates} sudah tercatat, ${counts.unknownPins} PIN tidak dikenal, ${counts.periodClosed} di periode yang sudah ditutup`;
      if (dryRun)
        return { ...result, message: `Pratinjau: ${summary}${counts.errors ? `, ${counts.errors} baris tidak dapat dibaca` : ''}.` };
      if (parsed.errors.length)
        throw new AppError(
          422,
          'UNPROCESSABLE',
          `${parsed.errors.length} baris tidak dapat dibaca (baris ${parsed.errors[0]!.line}: ${parsed.errors[0]!.message}). Perbaiki file lalu unggah lagi.`,
        );
      const written = await recordPunches(tx, origin, planned);
      await recordAudit(tx, {
        actor,
        kind: 'attendance.import',
        entity: 'MachinePunch',
        entityId: origin.terminalId,
        after: {
          filename: input.filename,
          format: parsed.format,
          officeId: office.id,
          deviceKey: origin.deviceKey,
          ...counts,
          days: written.days,
        },
      });
      return { ...result, message: `Impor selesai: ${summary}.` };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
