// The closed set of error codes and their statuses (lib/error-codes.ts, lib/server/errors.ts), and the one
// id schema of path parameters (lib/validation/common.ts).
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { ERROR_CODES, isErrorCode } from '@/lib/error-codes';
import {
  AppError,
  ERROR_STATUS,
  badRequest,
  conflict,
  errorBody,
  forbidden,
  notFound,
  toAppError,
  unauthenticated,
  unprocessable,
} from '@/lib/server/errors';
import { uuidParam, uuidString } from '@/lib/validation/common';
import { idParam } from '@/lib/server/http';

describe('every error code has exactly one status', () => {
  it('the map covers the closed set and nothing else, with statuses the API uses', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    const allowed = new Set([400, 401, 403, 404, 408, 409, 413, 415, 422, 429, 500, 503]);
    for (const code of ERROR_CODES) expect(allowed.has(ERROR_STATUS[code]), code).toBe(true);
  });

  it('the helpers give the status their codes are mapped to', () => {
    const made = [
      badRequest('x'),
      badRequest('x', 'LEAVE_NOTICE'),
      unauthenticated(),
      forbidden(),
      notFound(),
      conflict('x'),
      conflict('x', 'LEAVE_ALREADY_PROCESSED'),
      unprocessable('x'),
      unprocessable('x', 'OUTSIDE_RADIUS'),
      new AppError(429, 'RATE_LIMITED', 'x'),
    ];
    for (const err of made) expect(err.status, err.code).toBe(ERROR_STATUS[err.code]);
    expect(made.map((e) => e.status)).toEqual([400, 400, 401, 403, 404, 409, 409, 422, 422, 429]);
  });

  it('foreign errors map onto the set: zod 400, unique violation 409, missing row 404, connection 503, else 500', () => {
    const zod = toAppError(new ZodError([{ code: 'custom', path: ['email'], message: 'Email tidak valid', input: '' }]));
    expect(errorBody(zod)).toEqual({ error: 'Email tidak valid', code: 'VALIDATION', fields: { email: 'Email tidak valid' } });
    expect(
      [
        zod,
        toAppError({ code: 'P2002' }),
        toAppError({ code: 'P2025' }),
        toAppError({ code: 'ECONNREFUSED' }),
        toAppError(new Error('boom')),
      ].map((e) => [e.status, e.code]),
    ).toEqual([
      [400, 'VALIDATION'],
      [409, 'DUPLICATE'],
      [404, 'NOT_FOUND'],
      [503, 'UNAVAILABLE'],
      [500, 'INTERNAL'],
    ]);
    for (const e of [zod, toAppError({ code: 'P2002' })]) expect(ERROR_STATUS[e.code]).toBe(e.status);
  });

  it('the browser recognises only codes of the set', () => {
    expect(isErrorCode('LEAVE_OVERLAP')).toBe(true);
    expect(isErrorCode('Leave_Overlap')).toBe(false);
    expect(isErrorCode(409)).toBe(false);
  });
});

describe('one id schema', () => {
  const id = '0F8FAD5B-D9CB-469F-A165-70867728950E';
  it('path ids are lower-cased UUIDs; anything else is refused with the segment as the field', () => {
    expect(idParam.parse({ id })).toEqual({ id: id.toLowerCase() });
    expect(uuidParam('userId', 'ID karyawan tidak valid').parse({ userId: id })).toEqual({ userId: id.toLowerCase() });
    const bad = uuidParam('userId', 'ID karyawan tidak valid').safeParse({ userId: "1' OR '1'='1" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['userId', 'ID karyawan tidak valid']]);
    expect(idParam.safeParse({ id: `${id}x` }).success).toBe(false);
    expect(idParam.safeParse({}).success).toBe(false);
  });
  it('body and query ids use the same pattern', () => {
    expect(uuidString('ID kantor tidak valid').parse(id)).toBe(id.toLowerCase());
    expect(uuidString('ID kantor tidak valid').safeParse('kantor-1').error?.issues[0]?.message).toBe('ID kantor tidak valid');
  });
});
