import { route } from '@/lib/server/http';
import { faceStatusQuery } from '@/features/face/validation/face-status';
import { faceStatus } from '@/features/face/server/face-status';

export const GET = route({ auth: ['admin', 'hr'], query: faceStatusQuery }, ({ user, query }) => faceStatus(user, query));
