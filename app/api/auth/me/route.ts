import { route } from '@/lib/server/http';
import { toUserDto } from '@/lib/server/dto';

export const GET = route({ auth: 'user', beforePasswordChange: true }, ({ user }) => ({ user: toUserDto(user) }));
