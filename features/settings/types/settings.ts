// Company settings and the per-employee working hours.
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { CUTI_BERSAMA_POLICIES } from '@/features/calendar/validation/calendar';
import type { KioskIdentifyMode, LivenessPolicy } from '@/features/settings/validation/settings';

export type OfficeLocationDto = { latitude: number | null; longitude: number | null; radius: number; address: string };
export type SettingsDto = {
  companyName: string;
  officeLocation: OfficeLocationDto;
  workingHours: { start: string; end: string };
  timezone: string;
  workingDays: number[];
  faceMatchThreshold: number;
  photoRetentionDays: number;
  livenessPolicy: LivenessPolicy;
  /** How a kiosk identifies (docs/kiosk.md): the face among everyone, or NIK/PIN first then the face. */
  kioskIdentifyMode: KioskIdentifyMode;
  /** The daily close's time of the next local day (docs/daily-close.md). */
  dailyCloseTime: string;
  cutiBersamaPolicy: (typeof CUTI_BERSAMA_POLICIES)[number];
  mainOfficeId: string;
};
export type EmployeeWorkingHoursDto = {
  userId: string;
  userName: string;
  userEmail: string;
  userPosition: string;
  start: string;
  end: string;
  scheduleId: string;
  scheduleName: string;
  updatedAt: string;
};
