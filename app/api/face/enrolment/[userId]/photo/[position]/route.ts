import { route } from '@/lib/server/http';
import * as enrolment from '@/features/face/server/face-enrolment';
import { enrolmentPhotoParams } from '@/features/face/validation/face';

/** One enrolment photo (personal data: owner, admins and HR; never cached by a shared cache). */
export const GET = route({ auth: 'user', params: enrolmentPhotoParams }, async ({ user, params }) => {
  const photo = await enrolment.enrolmentPhoto(user, params);
  return new Response(new Uint8Array(photo.data), {
    headers: {
      'Content-Type': photo.mime,
      'Content-Length': String(photo.data.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
