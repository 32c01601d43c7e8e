// What leaves the server: never a password hash, token version or face descriptor.
import type { User } from '@/lib/generated/prisma/client';

export type UserDto = {
  id: string;
  _id: string;
  name: string;
  email: string;
  position: string;
  role: User['role'];
  mustChangePassword: boolean;
  createdAt: string;
};

export function toUserDto(u: Pick<User, 'id' | 'name' | 'email' | 'position' | 'role' | 'mustChangePassword' | 'createdAt'>): UserDto {
  return {
    id: u.id,
    _id: u.id,
    name: u.name,
    email: u.email,
    position: u.position,
    role: u.role,
    mustChangePassword: u.mustChangePassword,
    createdAt: u.createdAt.toISOString(),
  };
}
