import { describe, expect, it, beforeAll } from 'vitest';
import jwt from 'jsonwebtoken';
import { loginSchema, registerFormSchema, registerPayloadSchema } from '@/features/auth/validation/auth';
import { firstError } from '@/lib/validation/common';
import { hashPassword, verifyPassword } from '@/lib/server/auth/password';
import { signToken, verifyToken } from '@/lib/server/auth/token';
import { loginErrorText } from '@/lib/ui/login-errors';
import { resetEnvCache } from '@/lib/env';
import { isActive } from '@/lib/navigation';

beforeAll(() => {
  process.env.AUTH_SECRET = 'unit-secret-unit-secret-unit-secret-1234';
  resetEnvCache();
});

describe('login validation (spec order)', () => {
  const msg = (v: object) => firstError(loginSchema.safeParse(v));
  it('email blank, then password empty, then email format', () => {
    expect(msg({ email: '   ', password: '' })).toBe('Email harus diisi');
    expect(msg({ email: 'abc', password: '' })).toBe('Password harus diisi');
    expect(msg({ email: 'abc', password: 'x' })).toBe('Format email tidak valid');
    expect(msg({ email: 'a b@c.de', password: 'x' })).toBe('Format email tidak valid');
    expect(msg({ email: ' a@b.co ', password: 'x' })).toBeNull();
  });
});

describe('registration validation', () => {
  const base = { name: 'A', email: 'a@b.co', position: 'P', password: 'secret1', confirmPassword: 'secret1', adminToken: '' };
  const msg = (v: object) => firstError(registerFormSchema.safeParse({ ...base, ...v }));
  it('requires fields, matching confirmation, then 6 characters', () => {
    expect(msg({ name: '' })).toBe('Nama lengkap harus diisi');
    expect(msg({ position: ' ' })).toBe('Posisi harus diisi');
    expect(msg({ confirmPassword: 'other' })).toBe('Password dan konfirmasi password tidak sama');
    expect(msg({ password: '12345', confirmPassword: '12345' })).toBe('Password minimal 6 karakter');
    expect(msg({})).toBeNull();
  });
  it('the payload is normalised and rejects unknown roles', () => {
    const ok = registerPayloadSchema.parse({ name: ' Budi ', email: ' BUDI@X.CO ', position: ' Dev ', password: 'secret1' });
    expect(ok).toMatchObject({ name: 'Budi', email: 'budi@x.co', position: 'Dev' });
    expect(registerPayloadSchema.safeParse({ ...ok, role: 'root' }).success).toBe(false);
  });
});

describe('password hashing', () => {
  it('bcrypt with cost ≥ 10', async () => {
    const h = await hashPassword('rahasia');
    expect(Number(h.split('$')[2])).toBeGreaterThanOrEqual(10);
    expect(await verifyPassword('rahasia', h)).toBe(true);
    expect(await verifyPassword('salah', h)).toBe(false);
    expect(await verifyPassword('apa saja', null)).toBe(false);
  });
});

describe('tokens', () => {
  it('round-trips and refuses tampering, alg none and expiry', () => {
    const t = signToken({ sub: 'u1', role: 'employee', tv: 3 });
    const claims = verifyToken(t);
    expect(claims).toMatchObject({ sub: 'u1', role: 'employee', tv: 3 });
    expect(claims?.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(claims?.exp).toBeGreaterThan(Date.now() / 1000);
    // Each login is a new session; a renewal keeps its session id.
    expect(verifyToken(signToken({ sub: 'u1', role: 'employee', tv: 3 }))?.jti).not.toBe(claims?.jti);
    expect(verifyToken(signToken({ sub: 'u1', role: 'employee', tv: 3, jti: claims!.jti }))?.jti).toBe(claims?.jti);
    const [h, p, s] = t.split('.');
    const body = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...body, role: 'admin' })).toString('base64url')}.${s}`;
    expect(verifyToken(tampered)).toBeNull();
    expect(verifyToken(jwt.sign({ ...body }, '', { algorithm: 'none' as never }))).toBeNull();
    const expired = jwt.sign({ role: 'employee', tv: 0, exp: 1 }, process.env.AUTH_SECRET!, {
      subject: 'u',
      issuer: 'absensi',
      audience: 'absensi',
    });
    expect(verifyToken(expired)).toBeNull();
    expect(verifyToken('')).toBeNull();
    // A token without a session id cannot be logged out, so it is no session of this app.
    const noJti = jwt.sign({ role: 'employee', tv: 0 }, process.env.AUTH_SECRET!, {
      subject: 'u',
      issuer: 'absensi',
      audience: 'absensi',
      expiresIn: 60,
    });
    expect(verifyToken(noJti)).toBeNull();
  });
});

describe('login error mapping', () => {
  it('maps the server text as the spec says', () => {
    expect(loginErrorText('Invalid credentials')).toBe('Email atau password salah');
    expect(loginErrorText('Network Error')).toBe('Koneksi jaringan bermasalah. Silakan coba lagi.');
    expect(loginErrorText('timeout of 10000ms exceeded')).toBe('Waktu login habis. Silakan coba lagi.');
    expect(loginErrorText('Terlalu banyak percobaan')).toBe('Terlalu banyak percobaan');
    expect(loginErrorText('')).toBe('Terjadi kesalahan saat login');
  });
});

describe('menu highlighting', () => {
  it('roots match exactly, others by prefix', () => {
    expect(isActive('/admin', '/admin')).toBe(true);
    expect(isActive('/admin', '/admin/employees')).toBe(false);
    expect(isActive('/admin/employees', '/admin/employees/123')).toBe(true);
    expect(isActive('/admin/employees', '/admin/employeesx')).toBe(false);
  });
});
