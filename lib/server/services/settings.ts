// Company settings: one row (id = 1), created with defaults on first read.
import { db } from '@/lib/server/db';
import type { Settings } from '@/lib/generated/prisma/client';

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
