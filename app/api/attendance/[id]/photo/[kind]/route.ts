import { route } from '@/lib/server/http';
import * as attendancePhoto from '@/features/attendance/server/attendance-photo';
import { photoParams } from '@/features/attendance/validation/attendance';

/** The check-in or check-out JPEG: personal data, never cached by a shared cache. */
export const GET = route({ auth: 'user', params: photoParams }, async ({ user, params }) => {
  const photo = await attendancePhoto.photo(user, params);
  return new Response(new Uint8Array(photo.data), {
    headers: {
      'Content-Type': photo.mime,
      'Content-Length': String(photo.data.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
