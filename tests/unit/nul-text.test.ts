// A NUL character in a text reaches PostgreSQL, which stores none and refuses the statement: the answer is
// 400 (bad input, nothing written), not 500, wherever Prisma wrapped the database's message.
import { describe, expect, it } from 'vitest';
import { toAppError } from '@/lib/server/errors';

describe('a NUL character in a text', () => {
  it('is a 400 VALIDATION whether the message is on the error, its cause or the adapter error', () => {
    const direct = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const wrapped = Object.assign(new Error('Invalid `prisma.division.findFirst()` invocation'), {
      meta: { driverAdapterError: { cause: { originalMessage: 'unsupported Unicode escape sequence' } } },
    });
    for (const err of [direct, new Error('query failed', { cause: direct }), wrapped]) {
      const e = toAppError(err);
      expect([e.status, e.code, e.message]).toEqual([400, 'VALIDATION', 'Teks tidak boleh berisi karakter NUL']);
    }
    expect(toAppError(new Error('something else')).status).toBe(500);
  });
});
