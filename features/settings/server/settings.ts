// Company settings (one row, id = 1) and the spec's settings contract, now backed by the main office
// (location, radius, zone) and the default work schedule (hours, working days): docs/calendar.md.
import { db } from '@/lib/server/db';
import type { Office, Settings, WorkScheduleDay } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { recordAudit } from '@/lib/server/audit';
import { DEFAULT_OFFICE_ADDRESS, getMainOffice } from '@/features/offices/server/offices';
import { getDefaultSchedule, personalSchedule, type ScheduleWithDays } from '@/features/calendar/server/schedules';
import type { EmployeeWorkingHoursInput, GeneralSettingsInput, OfficeLocationInput } from '@/features/settings/validation/settings';
import type { OfficeLocationDto, SettingsDto, EmployeeWorkingHoursDto } from '@/features/settings/types/settings';
import { isStaff, assertStaff, assertAdmin as assertAdminRole } from '@/lib/server/auth/policy';
import { closedMonthsNotice, type PeriodNotice } from '@/features/periods/server/period-notice';

export { DEFAULT_OFFICE_ADDRESS };

export async function getSettingsRow(): Promise<Settings> {
  const row = await db.settings.findUnique({ where: { id: 1 } });
  return row ?? db.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
}

/** What most screens need: the main office's zone and the company default schedule. */
export type CompanyContext = { settings: Settings; mainOffice: Office; defaultSchedule: ScheduleWithDays; timezone: string };

export async function companyContext(): Promise<CompanyContext> {
  const [settings, mainOffice, defaultSchedule] = await Promise.all([getSettingsRow(), getMainOffice(), getDefaultSchedule()]);
  return { settings, mainOffice, defaultSchedule, timezone: mainOffice.timezone };
}

export type { OfficeLocationDto, SettingsDto, EmployeeWorkingHoursDto } from '@/features/settings/types/settings';

export function officeLocationDto(o: Office): OfficeLocationDto {
  return { latitude: o.latitude, longitude: o.longitude, radius: o.radius ?? 100, address: o.address || DEFAULT_OFFICE_ADDRESS };
}

/** The default schedule's hours: those of its first working day (the spec's one pair of hours). */
export function scheduleHours(days: readonly Pick<WorkScheduleDay, 'weekday' | 'start' | 'end'>[]): {
  start: string;
  end: string;
  workingDays: number[];
} {
  const working = days.filter((d) => d.start && d.end).sort((a, b) => a.weekday - b.weekday);
  return { start: working[0]?.start ?? '08:00', end: working[0]?.end ?? '17:00', workingDays: working.map((d) => d.weekday) };
}

function settingsDto(c: CompanyContext): SettingsDto {
  const hours = scheduleHours(c.defaultSchedule.days);
  return {
    companyName: c.settings.companyName,
    officeLocation: officeLocationDto(c.mainOffice),
    workingHours: { start: hours.start, end: hours.end },
    timezone: c.mainOffice.timezone,
    workingDays: hours.workingDays,
    faceMatchThreshold: c.settings.faceMatchThreshold,
    photoRetentionDays: c.settings.photoRetentionDays,
    livenessPolicy: c.settings.livenessPolicy,
    kioskIdentifyMode: c.settings.kioskIdentifyMode,
    dailyCloseTime: c.settings.dailyCloseTime,
    cutiBersamaPolicy: c.settings.cutiBersamaPolicy,
    mainOfficeId: c.mainOffice.id,
  };
}

// ---------- Writes (admin) ----------

function assertAdmin(actor: SessionUser): void {
  assertAdminRole(actor, 'Hanya administrator yang dapat mengubah pengaturan.');
}

/** The calendar's and a person's hours are HR's work too (docs/roles.md); the office and the company stay the admin's. */
function assertPeopleWork(actor: SessionUser): void {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat mengubah pengaturan ini.');
}

export const SETTINGS_SAVED = 'Pengaturan berhasil disimpan';

export async function getSettings(_actor: SessionUser): Promise<SettingsDto> {
  return settingsDto(await companyContext());
}

export async function getOfficeLocation(_actor: SessionUser): Promise<OfficeLocationDto> {
  return officeLocationDto(await getMainOffice());
}

/**
 * PUT /settings: company name and face/photo settings on the settings row; the hours (and working
 * days, when given) on the default schedule; the zone on the main office. One transaction, audited.
 */
export async function updateGeneralSettings(
  actor: SessionUser,
  input: GeneralSettingsInput,
): Promise<{ message: string; settings: SettingsDto; periodNotice: PeriodNotice | null }> {
  assertAdmin(actor);
  const before = await companyContext();
  const periodNotice = await db.$transaction(async (tx) => {
    await tx.settings.update({
      where: { id: 1 },
      data: {
        companyName: input.companyName,
        ...(input.faceMatchThreshold !== undefined ? { faceMatchThreshold: input.faceMatchThreshold } : {}),
        ...(input.photoRetentionDays !== undefined ? { photoRetentionDays: input.photoRetentionDays } : {}),
        ...(input.livenessPolicy !== undefined ? { livenessPolicy: input.livenessPolicy } : {}),
        ...(input.kioskIdentifyMode !== undefined ? { kioskIdentifyMode: input.kioskIdentifyMode } : {}),
        ...(input.dailyCloseTime !== undefined ? { dailyCloseTime: input.dailyCloseTime } : {}),
      },
    });
    const workingDays = input.workingDays ?? scheduleHours(before.defaultSchedule.days).workingDays;
    for (let weekday = 1; weekday <= 7; weekday++) {
      const works = workingDays.includes(weekday);
      const hours = { start: works ? input.workingHours.start : null, end: works ? input.workingHours.end : null };
      await tx.workScheduleDay.upsert({
        where: { scheduleId_weekday: { scheduleId: before.defaultSchedule.id, weekday } },
        create: { scheduleId: before.defaultSchedule.id, weekday, ...hours },
        update: hours,
      });
    }
    if (input.timezone !== undefined) await tx.office.update({ where: { id: before.mainOffice.id }, data: { timezone: input.timezone } });
    await recordAudit(tx, {
      actor,
      kind: 'settings.update',
      entity: 'Settings',
      entityId: '1',
      before: settingsDto(before),
      after: input,
    });
    // New hours or days of the default schedule, or the main office's zone, reach back over closed months: say from when they apply.
    return closedMonthsNotice(tx);
  });
  return { message: SETTINGS_SAVED, settings: settingsDto(await companyContext()), periodNotice };
}

export async function updateOfficeLocation(
  actor: SessionUser,
  input: OfficeLocationInput,
): Promise<{ message: string; officeLocation: OfficeLocationDto }> {
  assertAdmin(actor);
  const main = await getMainOffice();
  const data = { latitude: input.latitude, longitude: input.longitude, radius: input.radius, address: input.address };
  const row = await db.$transaction(async (tx) => {
    const after = await tx.office.update({ where: { id: main.id }, data });
    await recordAudit(tx, {
      actor,
      kind: 'office.update',
      entity: 'Office',
      entityId: main.id,
      before: officeLocationDto(main),
      after: officeLocationDto(after),
    });
    return after;
  });
  return { message: SETTINGS_SAVED, officeLocation: officeLocationDto(row) };
}

export async function setCutiBersamaPolicy(
  actor: SessionUser,
  policy: SettingsDto['cutiBersamaPolicy'],
): Promise<{ message: string; cutiBersamaPolicy: SettingsDto['cutiBersamaPolicy']; periodNotice: PeriodNotice | null }> {
  assertPeopleWork(actor);
  const periodNotice = await db.$transaction(async (tx) => {
    const before = await tx.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
    await tx.settings.update({ where: { id: 1 }, data: { cutiBersamaPolicy: policy } });
    await recordAudit(tx, {
      actor,
      kind: 'settings.cuti_bersama_policy',
      entity: 'Settings',
      entityId: '1',
      before: { cutiBersamaPolicy: before.cutiBersamaPolicy },
      after: { cutiBersamaPolicy: policy },
    });
    return closedMonthsNotice(tx);
  });
  return { message: SETTINGS_SAVED, cutiBersamaPolicy: policy, periodNotice };
}

// ---------- The spec's per-employee working hours, now each employee's own schedule ----------

/** Employees whose default schedule is not the company's: admin and HR see everyone, others themselves. */
export async function listEmployeeWorkingHours(actor: SessionUser): Promise<EmployeeWorkingHoursDto[]> {
  const everyone = isStaff(actor);
  const rows = await db.user.findMany({
    where: { ...(everyone ? {} : { id: actor.id }), scheduleId: { not: null }, schedule: { isDefault: false } },
    select: { id: true, name: true, email: true, position: true, schedule: { include: { days: true } } },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return rows.flatMap((u) => {
    if (!u.schedule) return [];
    const hours = scheduleHours(u.schedule.days);
    return [
      {
        userId: u.id,
        userName: u.name,
        userEmail: u.email,
        userPosition: u.position,
        start: hours.start,
        end: hours.end,
        scheduleId: u.schedule.id,
        scheduleName: u.schedule.name,
        updatedAt: u.schedule.updatedAt.toISOString(),
      },
    ];
  });
}

/** Sets (a personal schedule with these hours on the company's working days) or clears (back to the default) one employee's hours. */
export async function setEmployeeWorkingHours(
  actor: SessionUser,
  input: EmployeeWorkingHoursInput,
): Promise<{ message: string; userId: string; workingHours: { start: string; end: string } | null; periodNotice: PeriodNotice | null }> {
  assertPeopleWork(actor);
  const periodNotice = await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true, name: true, scheduleId: true } });
    if (!user) throw notFound('Karyawan tidak ditemukan');
    const scheduleId = input.hours ? (await personalSchedule(tx, user, input.hours)).id : null;
    await tx.user.update({ where: { id: user.id }, data: { scheduleId } });
    await recordAudit(tx, {
      actor,
      kind: 'schedule.employee_hours',
      entity: 'User',
      entityId: user.id,
      targetUserId: user.id,
      before: { scheduleId: user.scheduleId },
      after: { scheduleId, hours: input.hours },
    });
    return closedMonthsNotice(tx);
  });
  return { message: 'Jam kerja karyawan berhasil disimpan', userId: input.userId, workingHours: input.hours, periodNotice };
}
