import bcrypt from 'bcryptjs';

const COST = 10;

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, COST);
}

// Compared against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = '$2b$10$yx2ivF8bRItkSuB1AgVL3.oDjY6B0aoIIj0zgviK0MxZj8Uu115ry';

export function verifyPassword(plain: string, hash: string | null | undefined): Promise<boolean> {
  return bcrypt.compare(plain, hash ?? DUMMY_HASH);
}
