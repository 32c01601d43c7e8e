// bcrypt reads only the first 72 bytes of a password, so every form and route that sets one counts
// UTF-8 bytes, not characters: 72 'é' are 144 bytes, and two such passwords differing after the 36th
// 'é' would be the same password to bcrypt.
import { describe, expect, it } from 'vitest';
import { registerFormSchema, registerPayloadSchema } from '@/features/auth/validation/auth';
import { changePasswordFormSchema, changePasswordSchema, employeeFormSchema } from '@/features/employees/validation/users';
import { firstError, passwordBytes } from '@/lib/validation/common';
import { hashPassword, verifyPassword } from '@/lib/server/auth/password';

const E36 = 'é'.repeat(36); // 72 bytes
const E37 = 'é'.repeat(37); // 74 bytes, 37 characters
const EMOJI = '🔒'.repeat(18); // 72 bytes, 36 UTF-16 units
const TOO_LONG = 'Password maksimal 72 byte: huruf beraksen dan emoji dihitung lebih dari 1 byte';
const TOO_LONG_NEW = 'Password baru maksimal 72 byte: huruf beraksen dan emoji dihitung lebih dari 1 byte';

const register = (password: string) => ({ name: 'Nama', email: 'a@b.co', position: 'Staf', password });
const error = (r: Parameters<typeof firstError>[0]) => firstError(r);

describe('passwords are at most 72 bytes', () => {
  it('counts bytes', () => {
    expect([passwordBytes(E36), passwordBytes(E37), passwordBytes(EMOJI), passwordBytes('a'.repeat(72))]).toEqual([72, 74, 72, 72]);
  });

  it('is what bcrypt really compares: bytes after the 72nd do not count', async () => {
    const hash = await hashPassword(`${E36}A`);
    expect(await verifyPassword(`${E36}B`, hash)).toBe(true);
  });

  it.each([
    ['registration', (p: string) => registerPayloadSchema.safeParse(register(p)), TOO_LONG],
    ['the register form', (p: string) => registerFormSchema.safeParse({ ...register(p), confirmPassword: p, adminToken: '' }), TOO_LONG],
    ['a password change', (p: string) => changePasswordSchema.safeParse({ currentPassword: 'lama-sekali', newPassword: p }), TOO_LONG_NEW],
    [
      'the password change form',
      (p: string) => changePasswordFormSchema.safeParse({ currentPassword: 'lama-sekali', newPassword: p, confirmPassword: p }),
      TOO_LONG_NEW,
    ],
    [
      'the add-employee form',
      (p: string) => employeeFormSchema('add').safeParse({ ...register(p), role: 'employee', workStart: '', workEnd: '' }),
      TOO_LONG,
    ],
  ])('%s: 72 bytes pass, 37 accented letters (74 bytes) are refused in Indonesian', (_label, parse, message) => {
    expect(parse(E36).success).toBe(true);
    expect(parse(EMOJI).success).toBe(true);
    expect(parse('a'.repeat(72)).success).toBe(true);
    expect(error(parse(E37))).toBe(message);
    expect(error(parse('a'.repeat(73)))).toBe(message);
  });
});
