import { route } from '@/lib/server/http';
import { kioskRequest } from '@/features/kiosk/server/kiosk-auth';
import { punchAtKiosk } from '@/features/kiosk/server/kiosk-punch';
import { kioskPunchSchema } from '@/features/kiosk/validation/kiosk';
import { MAX_ATTENDANCE_BODY } from '@/features/attendance/validation/attendance';

export const POST = route({ auth: 'public' }, async ({ req, ip }) => {
  const { kiosk, body } = await kioskRequest(req, kioskPunchSchema, MAX_ATTENDANCE_BODY);
  return punchAtKiosk(kiosk, body, ip);
});
