// The holiday calendar (Kalender Libur, docs/calendar.md).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { HolidayKindValue } from '@/features/calendar/validation/calendar';

export type HolidayDto = {
  id: string;
  date: string;
  name: string;
  kind: HolidayKindValue;
  officeIds: string[];
  decree: string | null;
  confirmed: boolean;
};
