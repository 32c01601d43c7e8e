import { route } from '@/lib/server/http';
import { faceRemindSchema } from '@/features/face/validation/face-status';
import { remindFace } from '@/features/face/server/face-status';

export const POST = route({ auth: ['admin', 'hr'], body: faceRemindSchema }, ({ user, body }) => remindFace(user, body));
