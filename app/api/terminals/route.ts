import { route } from '@/lib/server/http';
import { listTerminals } from '@/features/terminals/server/terminals';

export const GET = route({ auth: ['admin', 'hr'] }, ({ user }) => listTerminals(user));
