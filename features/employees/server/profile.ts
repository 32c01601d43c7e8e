// The caller's own account (everyone): the profile (name, e-mail, position) and the password change.
// The e-mail is the sign-in name, so both are audited; the password change ends every other session.
import { db } from '@/lib/server/db';
import { AppError, badRequest, forbidden, notFound } from '@/lib/server/errors';
import { hashPassword, verifyPassword } from '@/lib/server/auth/password';
import { issueSession, type Session } from '@/features/auth/server/auth';
import {
  assertGuessAllowed,
  PASSWORD_CHANGE_MESSAGES,
  recordFailedGuess,
  recordSuccessfulGuess,
  type Guess,
} from '@/features/auth/server/login-guard';
import { toUserDto, type UserDto } from '@/lib/server/dto';
import type { SessionUser } from '@/lib/server/auth/session';
import { recordAudit } from '@/lib/server/audit';
import { assertEmailFree, mapUnique } from '@/features/employees/server/users';
import type { ChangePasswordInput, ProfileUpdateInput } from '@/features/employees/validation/users';

function assertSelf(actor: SessionUser, userId: string | undefined): void {
  if (userId !== undefined && userId !== '' && userId.toLowerCase() !== actor.id) {
    throw forbidden('Anda hanya dapat mengubah akun Anda sendiri.');
  }
}

export async function updateProfile(actor: SessionUser, input: ProfileUpdateInput): Promise<{ message: string; user: UserDto }> {
  assertSelf(actor, input.userId);
  await assertEmailFree(db, input.email, actor.id);
  const user = await db
    .$transaction(async (tx) => {
      const before = await tx.user.findUniqueOrThrow({ where: { id: actor.id }, select: { name: true, email: true, position: true } });
      const updated = await tx.user.update({
        where: { id: actor.id },
        data: { name: input.name, email: input.email, position: input.position },
      });
      // The e-mail is the sign-in name: a change of it is on the trail, like an admin's edit.
      await recordAudit(tx, {
        actor,
        kind: 'user.profile',
        entity: 'User',
        entityId: actor.id,
        targetUserId: actor.id,
        before,
        after: { name: updated.name, email: updated.email, position: updated.position },
      });
      return updated;
    })
    .catch(mapUnique);
  return { message: 'Profile berhasil diupdate!', user: toUserDto(user) };
}

/**
 * Checks the current password, stores the new one, ends every other session (token version) and
 * clears the must-change flag. Returns a fresh session for the caller's own browser.
 */
export async function changePassword(actor: SessionUser, input: ChangePasswordInput, ip: string): Promise<Session & { message: string }> {
  assertSelf(actor, input.userId);
  // Counted on the account, not its e-mail: a stolen session that changes the e-mail gains no guesses.
  const guess: Guess = { accountKey: actor.id, userId: actor.id, email: actor.email, ip };
  await assertGuessAllowed(guess, PASSWORD_CHANGE_MESSAGES);
  const current = await db.user.findUnique({ where: { id: actor.id }, select: { passwordHash: true } });
  if (!current) throw notFound('User tidak ditemukan');
  if (!(await verifyPassword(input.currentPassword, current.passwordHash))) {
    await recordFailedGuess(guess);
    throw badRequest('Password saat ini salah', 'WRONG_PASSWORD', { currentPassword: 'Password saat ini salah' });
  }
  await recordSuccessfulGuess(guess);
  if (input.newPassword === input.currentPassword) {
    throw badRequest('Password baru harus berbeda dari password saat ini', 'SAME_PASSWORD', {
      newPassword: 'Password baru harus berbeda dari password saat ini',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  // Conditional on the hash just verified: two concurrent changes cannot both win with a stale password.
  const user = await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: actor.id, passwordHash: current.passwordHash },
      data: { passwordHash, tokenVersion: { increment: 1 }, mustChangePassword: false },
    });
    if (count !== 1) throw new AppError(409, 'CONFLICT', 'Password baru saja diubah. Silakan coba lagi.');
    const changed = await tx.user.findUniqueOrThrow({ where: { id: actor.id } });
    // A security event: no password or hash goes on the trail, only that the other sessions ended.
    await recordAudit(tx, {
      actor,
      kind: 'auth.password_change',
      entity: 'User',
      entityId: actor.id,
      targetUserId: actor.id,
      note: 'other sessions ended',
    });
    return changed;
  });
  return { ...issueSession(user), message: 'Password berhasil diubah!' };
}
