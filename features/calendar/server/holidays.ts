// The holiday calendar (Kalender Libur): libur nasional, cuti bersama and company days off, for all
// offices or some, with their decree and whether the date is confirmed or an estimate (docs/calendar.md).
import { db } from '@/lib/server/db';
import { conflict, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Holiday } from '@/lib/generated/prisma/client';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import type { HolidayInput } from '@/features/calendar/validation/calendar';
import { estimateHolidays } from '@/features/calendar/lib/holiday-estimate';
import type { HolidayDto } from '@/features/calendar/types/holidays';
import { assertStaff } from '@/lib/server/auth/policy';

export type { HolidayDto } from '@/features/calendar/types/holidays';

export const holidayDto = (h: Holiday): HolidayDto => ({
  id: h.id,
  date: dateToKey(h.date),
  name: h.name,
  kind: h.kind,
  officeIds: h.officeIds ?? [],
  decree: h.decree,
  confirmed: h.confirmed,
});

function assertCanManage(actor: SessionUser) {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat mengelola kalender libur.');
}

/** GET /api/holidays?year=: everyone signed in may read the calendar (the employee's leave form shows it). */
export async function listHolidays(_actor: SessionUser, year?: number): Promise<HolidayDto[]> {
  const rows = await db.holiday.findMany({
    where: year ? { date: { gte: dateKeyToDate(`${year}-01-01`), lte: dateKeyToDate(`${year}-12-31`) } } : {},
    orderBy: [{ date: 'asc' }, { name: 'asc' }],
  });
  return rows.map(holidayDto);
}

async function assertOffices(ids: string[]) {
  if (!ids.length) return;
  const found = await db.office.count({ where: { id: { in: ids } } });
  if (found !== new Set(ids).size) throw notFound('Kantor tidak ditemukan');
}

async function assertNoTwin(input: HolidayInput, exceptId?: string) {
  const twin = await db.holiday.findFirst({
    where: { date: dateKeyToDate(input.date), name: input.name, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (twin) throw conflict('Hari libur dengan tanggal dan nama yang sama sudah ada', 'DUPLICATE_HOLIDAY');
}

const data = (i: HolidayInput) => ({
  date: dateKeyToDate(i.date),
  name: i.name,
  kind: i.kind,
  officeIds: [...new Set(i.officeIds)],
  decree: i.decree,
  confirmed: i.confirmed,
});

export async function createHoliday(actor: SessionUser, input: HolidayInput): Promise<{ message: string; holiday: HolidayDto }> {
  assertCanManage(actor);
  await assertOffices(input.officeIds);
  await assertNoTwin(input);
  const row = await db.$transaction(async (tx) => {
    const h = await tx.holiday.create({ data: data(input) });
    await recordAudit(tx, { actor, kind: 'holiday.create', entity: 'Holiday', entityId: h.id, after: holidayDto(h) });
    return h;
  });
  return { message: `Hari libur ${row.name} berhasil ditambahkan`, holiday: holidayDto(row) };
}

export async function updateHoliday(
  actor: SessionUser,
  id: string,
  input: HolidayInput,
): Promise<{ message: string; holiday: HolidayDto }> {
  assertCanManage(actor);
  await assertOffices(input.officeIds);
  await assertNoTwin(input, id);
  const row = await db.$transaction(async (tx) => {
    const before = await tx.holiday.findUnique({ where: { id } });
    if (!before) throw notFound('Hari libur tidak ditemukan');
    const h = await tx.holiday.update({ where: { id }, data: data(input) });
    await recordAudit(tx, {
      actor,
      kind: 'holiday.update',
      entity: 'Holiday',
      entityId: id,
      before: holidayDto(before),
      after: holidayDto(h),
    });
    return h;
  });
  return { message: `Hari libur ${row.name} berhasil diupdate`, holiday: holidayDto(row) };
}

export async function deleteHoliday(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertCanManage(actor);
  const row = await db.$transaction(async (tx) => {
    const h = await tx.holiday.findUnique({ where: { id } });
    if (!h) throw notFound('Hari libur tidak ditemukan');
    await tx.holiday.delete({ where: { id } });
    await recordAudit(tx, { actor, kind: 'holiday.delete', entity: 'Holiday', entityId: id, before: holidayDto(h) });
    return h;
  });
  return { message: `Hari libur ${row.name} berhasil dihapus` };
}

/**
 * "Tambah tahun berikutnya": a year pre-filled with estimated libur nasional (features/calendar/lib/holiday-estimate.ts),
 * each marked perkiraan until an admin confirms it against the year's SKB. A year that already has
 * holidays is refused. The holidays the estimate cannot date come back in `missing` and in the message,
 * so the admin adds them by hand.
 */
export async function prefillYear(
  actor: SessionUser,
  year: number,
): Promise<{ message: string; holidays: HolidayDto[]; missing: string[] }> {
  assertCanManage(actor);
  const existing = await db.holiday.count({
    where: { date: { gte: dateKeyToDate(`${year}-01-01`), lte: dateKeyToDate(`${year}-12-31`) } },
  });
  if (existing > 0) throw conflict(`Kalender libur ${year} sudah berisi ${existing} hari libur.`, 'YEAR_EXISTS');
  const { holidays: rows, missing } = estimateHolidays(year);
  const missingText = missing.length ? `Tidak dapat diperkirakan: ${missing.join(', ')} — tambahkan manual.` : '';
  const made = await db.$transaction(async (tx) => {
    const out: Holiday[] = [];
    for (const r of rows)
      out.push(
        await tx.holiday.create({
          data: { date: dateKeyToDate(r.date), name: r.name, kind: 'libur_nasional', confirmed: false, decree: null },
        }),
      );
    await recordAudit(tx, {
      actor,
      kind: 'holiday.prefill',
      entity: 'Holiday',
      note: [`${year}: ${out.length} tanggal perkiraan`, missingText].filter(Boolean).join('. '),
      after: { year, count: out.length },
    });
    return out;
  });
  return {
    message: [
      `${made.length} hari libur ${year} ditambahkan sebagai perkiraan.`,
      missingText,
      'Periksa dan konfirmasi setiap tanggal sesuai SKB 3 Menteri.',
    ]
      .filter(Boolean)
      .join(' '),
    holidays: made.map(holidayDto),
    missing,
  };
}
