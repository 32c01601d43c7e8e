// Offices (Kantor & Cabang): geofence and time zone of each place people work. The company's main office
// (Settings.mainOfficeId) is the spec's office location; an office with records is deactivated, never erased.
import { db } from '@/lib/server/db';
import { conflict, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Office, Prisma } from '@/lib/generated/prisma/client';
import { zoneAbbreviation } from '@/lib/dates';
import type { OfficeInput } from '@/features/calendar/validation/calendar';
import type { OfficeDto } from '@/features/offices/types/offices';
import { isStaff, assertAdmin as assertAdminRole } from '@/lib/server/auth/policy';
import { closedMonthsNotice, type PeriodNotice } from '@/features/periods/server/period-notice';

type Tx = Prisma.TransactionClient;

export const DEFAULT_OFFICE_ADDRESS = 'Alamat kantor belum diatur';

export type { OfficeDto } from '@/features/offices/types/offices';

export function officeDto(o: Office, mainOfficeId: string | null, employeeCount?: number): OfficeDto {
  return {
    id: o.id,
    name: o.name,
    address: o.address,
    latitude: o.latitude,
    longitude: o.longitude,
    radius: o.radius,
    timezone: o.timezone,
    zone: zoneAbbreviation(o.timezone),
    active: o.active,
    isMain: o.id === mainOfficeId,
    ...(employeeCount !== undefined ? { employeeCount } : {}),
  };
}

function assertAdmin(actor: SessionUser) {
  assertAdminRole(actor, 'Hanya administrator yang dapat mengelola kantor.');
}

/**
 * The main office, created (with the settings row) on a database that has none: a fresh installation
 * gets one from its migration, this covers a main office deleted by hand.
 */
export async function getMainOffice(client: Tx | typeof db = db): Promise<Office> {
  const settings = await client.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
  if (settings.mainOfficeId) {
    const office = await client.office.findUnique({ where: { id: settings.mainOfficeId } });
    if (office) return office;
  }
  const office =
    (await client.office.findFirst({ where: { active: true }, orderBy: { createdAt: 'asc' } })) ??
    (await client.office.create({ data: { name: 'Kantor Pusat' } }));
  await client.settings.update({ where: { id: 1 }, data: { mainOfficeId: office.id } });
  return office;
}

/** The offices an employee may check in at: home office (or the main one) first, then the others allowed, active only. */
export async function allowedOffices(userId: string): Promise<Office[]> {
  const [user, main] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { homeOfficeId: true, allowedOffices: { select: { office: true } } } }),
    getMainOffice(),
  ]);
  if (!user) return [];
  const home = user.homeOfficeId ? await db.office.findUnique({ where: { id: user.homeOfficeId } }) : main;
  const list = [home ?? main, ...user.allowedOffices.map((a) => a.office)];
  const seen = new Set<string>();
  return list.filter((o) => o.active && !seen.has(o.id) && seen.add(o.id));
}

/** GET /api/offices: staff see every office (inactive ones on request), an employee their own offices. */
export async function listOffices(actor: SessionUser, includeInactive = false): Promise<OfficeDto[]> {
  const main = await getMainOffice();
  if (!isStaff(actor)) return (await allowedOffices(actor.id)).map((o) => officeDto(o, main.id));
  const [rows, counts] = await Promise.all([
    db.office.findMany({ where: includeInactive ? {} : { active: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
    db.user.groupBy({ by: ['homeOfficeId'], _count: { _all: true }, where: { role: 'employee' } }),
  ]);
  const byOffice = new Map<string, number>();
  for (const c of counts) {
    const key = c.homeOfficeId ?? main.id;
    byOffice.set(key, (byOffice.get(key) ?? 0) + c._count._all);
  }
  return rows
    .sort((a, b) => Number(b.id === main.id) - Number(a.id === main.id))
    .map((o) => officeDto(o, main.id, byOffice.get(o.id) ?? 0));
}

const auditable = (o: Office) => ({
  name: o.name,
  address: o.address,
  latitude: o.latitude,
  longitude: o.longitude,
  radius: o.radius,
  timezone: o.timezone,
  active: o.active,
});

export async function createOffice(actor: SessionUser, input: OfficeInput): Promise<{ message: string; office: OfficeDto }> {
  assertAdmin(actor);
  const main = await getMainOffice();
  const office = await db.$transaction(async (tx) => {
    const created = await tx.office.create({ data: { ...input, active: input.active ?? true } });
    await recordAudit(tx, { actor, kind: 'office.create', entity: 'Office', entityId: created.id, after: auditable(created) });
    return created;
  });
  return { message: `Kantor ${office.name} berhasil ditambahkan`, office: officeDto(office, main.id) };
}

export async function updateOffice(
  actor: SessionUser,
  id: string,
  input: OfficeInput,
): Promise<{ message: string; office: OfficeDto; periodNotice: PeriodNotice | null }> {
  assertAdmin(actor);
  const main = await getMainOffice();
  const { office, periodNotice } = await db.$transaction(async (tx) => {
    const before = await tx.office.findUnique({ where: { id } });
    if (!before) throw notFound('Kantor tidak ditemukan');
    if (id === main.id && input.active === false) throw conflict('Kantor utama tidak dapat dinonaktifkan.', 'MAIN_OFFICE');
    const after = await tx.office.update({ where: { id }, data: { ...input, active: input.active ?? before.active } });
    await recordAudit(tx, {
      actor,
      kind: 'office.update',
      entity: 'Office',
      entityId: id,
      before: auditable(before),
      after: auditable(after),
    });
    // A new zone moves the days of everyone following the office: a closed month keeps its days.
    return { office: after, periodNotice: await closedMonthsNotice(tx) };
  });
  return { message: `Kantor ${office.name} berhasil diupdate`, office: officeDto(office, main.id), periodNotice };
}

/** An office with attendance records or employees is deactivated (kept for history); an unused one is erased. */
export async function deleteOffice(actor: SessionUser, id: string): Promise<{ message: string; deactivated: boolean }> {
  assertAdmin(actor);
  const main = await getMainOffice();
  if (id === main.id) throw conflict('Kantor utama tidak dapat dihapus.', 'MAIN_OFFICE');
  return db.$transaction(async (tx) => {
    const office = await tx.office.findUnique({ where: { id } });
    if (!office) throw notFound('Kantor tidak ditemukan');
    const [records, homes] = await Promise.all([
      tx.attendance.count({ where: { officeId: id } }),
      tx.user.count({ where: { homeOfficeId: id } }),
    ]);
    if (records > 0 || homes > 0) {
      if (homes > 0)
        throw conflict(
          `Kantor ${office.name} masih menjadi kantor utama ${homes} karyawan. Pindahkan mereka terlebih dahulu.`,
          'OFFICE_IN_USE',
        );
      await tx.office.update({ where: { id }, data: { active: false } });
      await tx.userOffice.deleteMany({ where: { officeId: id } });
      await recordAudit(tx, {
        actor,
        kind: 'office.deactivate',
        entity: 'Office',
        entityId: id,
        before: auditable(office),
        note: `${records} catatan absensi disimpan`,
      });
      return { message: `Kantor ${office.name} dinonaktifkan (riwayat absensinya tetap tersimpan)`, deactivated: true };
    }
    await tx.office.delete({ where: { id } });
    await recordAudit(tx, { actor, kind: 'office.delete', entity: 'Office', entityId: id, before: auditable(office) });
    return { message: `Kantor ${office.name} berhasil dihapus`, deactivated: false };
  });
}

/** Home office and allowed offices of one employee (admin); unknown or inactive offices are refused. */
export async function setUserOffices(
  tx: Tx,
  userId: string,
  homeOfficeId: string | null | undefined,
  allowedOfficeIds: string[] | undefined,
): Promise<void> {
  const ids = [...new Set([...(homeOfficeId ? [homeOfficeId] : []), ...(allowedOfficeIds ?? [])])];
  if (ids.length) {
    const found = await tx.office.count({ where: { id: { in: ids }, active: true } });
    if (found !== ids.length) throw notFound('Kantor tidak ditemukan atau tidak aktif');
  }
  if (homeOfficeId !== undefined) await tx.user.update({ where: { id: userId }, data: { homeOfficeId } });
  if (allowedOfficeIds !== undefined) {
    // Only the offices added or removed: each row changed re-classifies the employee's days (a trigger), so a
    // save that keeps the list touches nothing.
    const want = new Set(allowedOfficeIds);
    const have = new Set((await tx.userOffice.findMany({ where: { userId }, select: { officeId: true } })).map((r) => r.officeId));
    const gone = [...have].filter((o) => !want.has(o));
    const added = [...want].filter((o) => !have.has(o));
    if (gone.length) await tx.userOffice.deleteMany({ where: { userId, officeId: { in: gone } } });
    if (added.length) await tx.userOffice.createMany({ data: added.map((officeId) => ({ userId, officeId })) });
  }
}
