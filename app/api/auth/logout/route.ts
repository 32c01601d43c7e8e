import { route, json } from '@/lib/server/http';
import { clearSessionCookie } from '@/lib/server/auth/cookie';

export const POST = route({ auth: 'public' }, ({ req }) => clearSessionCookie(json({ message: 'Logout berhasil' }), req));
