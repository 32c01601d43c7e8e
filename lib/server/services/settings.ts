// Company settings: one row (id = 1), created with defaults on first read.
import { db } from '@/lib/server/db';
import type { Settings } from '@/lib/generated/prisma/client';
import { forbidden, notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import type { EmployeeWorkingHoursInput, GeneralSettingsInput, OfficeLocationInput } from '@/lib/validation/settings';

export const DEFAULT_OFFICE_ADDRESS = 'Alamat kantor belum diatur';

export async function getSettingsRow(): Promise<Settings> {
  const row = await db.settings.findUnique({ where: { id: 1 } });
  return row ?? db.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
}

export type OfficeLocationDto = { latitude: number | null; longitude: number | null; radius: number; address: string };

export function officeLocationDto(s: Settings): OfficeLocationDto {
  return {
    latitude: s.officeLatitude,
    longitude: s.officeLongitude,
    radius: s.officeRadius ?? 100,
    address: s.officeAddress || DEFAULT_OFFICE_ADDRESS,
  };
}

export type SettingsDto = {
  companyName: string;
  officeLocation: OfficeLocationDto;
  workingHours: { start: string; end: string };
  timezone: string;
  workingDays: number[];
  faceMatchThreshold: number;
  photoRetentionDays: number;
};

export function settingsDto(s: Settings): SettingsDto {
  return {
    companyName: s.companyName,
    officeLocation: officeLocationDto(s),
    workingHours: { start: s.workStart, end: s.workEnd },
    timezone: s.timezone,
    workingDays: s.workingDays,
    faceMatchThreshold: s.faceMatchThreshold,
    photoRetentionDays: s.photoRetentionDays,
  };
}

// ---------- Writes (admin) and per-employee working hours ----------

function assertAdmin(actor: SessionUser): void {
  if (actor.role !== 'admin') throw forbidden('Hanya administrator yang dapat mengubah pengaturan.');
}

export const SETTINGS_SAVED = 'Pengaturan berhasil disimpan';

export async function getSettings(_actor: SessionUser): Promise<SettingsDto> {
  return settingsDto(await getSettingsRow());
}

export async function getOfficeLocation(_actor: SessionUser): Promise<OfficeLocationDto> {
  return officeLocationDto(await getSettingsRow());
}

export async function updateGeneralSettings(actor: SessionUser, input: GeneralSettingsInput): Promise<{ message: string; settings: SettingsDto }> {
  assertAdmin(actor);
  const data = {
    companyName: input.companyName,
    workStart: input.workingHours.start,
    workEnd: input.workingHours.end,
    ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    ...(input.workingDays !== undefined ? { workingDays: input.workingDays } : {}),
    ...(input.faceMatchThreshold !== undefined ? { faceMatchThreshold: input.faceMatchThreshold } : {}),
    ...(input.photoRetentionDays !== undefined ? { photoRetentionDays: input.photoRetentionDays } : {}),
  };
  const row = await db.settings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
  return { message: SETTINGS_SAVED, settings: settingsDto(row) };
}

export async function updateOfficeLocation(actor: SessionUser, input: OfficeLocationInput): Promise<{ message: string; officeLocation: OfficeLocationDto }> {
  assertAdmin(actor);
  const data = { officeLatitude: input.latitude, officeLongitude: input.longitude, officeRadius: input.radius, officeAddress: input.address };
  const row = await db.settings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
  return { message: SETTINGS_SAVED, officeLocation: officeLocationDto(row) };
}

export type EmployeeWorkingHoursDto = {
  userId: string;
  userName: string;
  userEmail: string;
  userPosition: string;
  start: string;
  end: string;
  updatedAt: string;
};

/** Admin and HR see every employee's own hours; anyone else only their own. */
export async function listEmployeeWorkingHours(actor: SessionUser): Promise<EmployeeWorkingHoursDto[]> {
  const everyone = actor.role === 'admin' || actor.role === 'hr';
  const rows = await db.employeeWorkingHours.findMany({
    where: everyone ? {} : { userId: actor.id },
    include: { user: { select: { name: true, email: true, position: true } } },
    orderBy: { user: { name: 'asc' } },
  });
  return rows.map((r) => ({
    userId: r.userId,
    userName: r.user.name,
    userEmail: r.user.email,
    userPosition: r.user.position,
    start: r.start,
    end: r.end,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Sets (start and end) or clears (null) one employee's own working hours. */
export async function setEmployeeWorkingHours(
  actor: SessionUser,
  input: EmployeeWorkingHoursInput,
): Promise<{ message: string; userId: string; workingHours: { start: string; end: string } | null }> {
  assertAdmin(actor);
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { id: true } });
  if (!user) throw notFound('Karyawan tidak ditemukan');
  if (input.hours) {
    await db.employeeWorkingHours
      .upsert({ where: { userId: input.userId }, create: { userId: input.userId, ...input.hours }, update: input.hours })
      .catch((err: { code?: string }) => {
        // The user was deleted between the two statements.
        throw err?.code === 'P2003' ? notFound('Karyawan tidak ditemukan') : err;
      });
  } else {
    await db.employeeWorkingHours.deleteMany({ where: { userId: input.userId } });
  }
  return { message: 'Jam kerja karyawan berhasil disimpan', userId: input.userId, workingHours: input.hours };
}
