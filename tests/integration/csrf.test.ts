// Cross-site request forgery: every cookie-authenticated write (login and registration included) must
// come from the app's own origin, and JSON routes take only application/json (docs/quality.md).
import { afterEach, describe, expect, it } from 'vitest';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as registerRoute } from '@/app/api/auth/register/route';
import { POST as logoutRoute } from '@/app/api/auth/logout/route';
import { PUT as settingsRoute } from '@/app/api/settings/route';
import { db } from '@/lib/server/db';
import { resetEnvCache } from '@/lib/env';
import { CROSS_ORIGIN_MESSAGE, JSON_ONLY_MESSAGE } from '@/lib/server/csrf';
import { call, createUser, TEST_PASSWORD, uniqueEmail } from '../helpers';

const newAdmin = () => ({ name: 'Penyusup', email: uniqueEmail('evil'), position: 'Admin', role: 'admin', password: 'rahasia1' });
const cookie = (token: string) => `absensi.session-token=${token}`;

afterEach(() => {
  delete process.env.APP_ORIGINS;
  resetEnvCache();
});

describe('JSON bodies only', () => {
  it('refuses text/plain, a form and a body without Content-Type with 415 and a clear message; nothing is written', async () => {
    const { user } = await createUser({ email: uniqueEmail('json') });
    const admin = await createUser({ role: 'admin' });
    const body = JSON.stringify({ email: user.email, password: TEST_PASSWORD });
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await call(loginRoute, { rawBody: body, headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: JSON_ONLY_MESSAGE });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    // A Bearer client too: the rule is about the body, whoever sends it.
    const before = await db.user.count();
    const plain = await call(registerRoute, {
      rawBody: JSON.stringify(newAdmin()),
      token: admin.token,
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(await db.user.count()).toBe(before);
    const ok = await call(loginRoute, { rawBody: body, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(ok.status).toBe(200);
  });
});

describe('Origin and Sec-Fetch-Site on cookie-authenticated writes', () => {
  it('a page on another port of the same host cannot make a signed-in admin create an admin', async () => {
    const admin = await createUser({ role: 'admin' });
    const before = await db.user.count();
    for (const headers of <Record<string, string>[]>[
      { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      // A browser that says cross-site is believed, even with the host's own Origin.
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await call(registerRoute, {
        body: newAdmin(),
        headers: { host: 'localhost:3000', cookie: cookie(admin.token), ...headers },
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toMatchObject({ code: 'CROSS_ORIGIN', error: CROSS_ORIGIN_MESSAGE });
    }
    expect(await db.user.count()).toBe(before);
    const same = await call(registerRoute, {
      body: newAdmin(),
      headers: { host: 'localhost:3000', cookie: cookie(admin.token), origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.status).toBe(201);
    // An older browser without Sec-Fetch-Site: its Origin must be this host.
    const originOnly = await call(registerRoute, {
      body: newAdmin(),
      headers: { host: 'localhost:3000', cookie: cookie(admin.token), origin: 'http://localhost:3000' },
    });
    expect(originOnly.status).toBe(201);
    // Neither header: no browser page sent it (every browser sends one on a cross-origin POST).
    const script = await call(registerRoute, { body: newAdmin(), headers: { cookie: cookie(admin.token) } });
    expect(script.status).toBe(201);
    const fetchOnly = await call(settingsRoute, {
      method: 'PUT',
      body: { companyName: 'PT Asli', workingHours: { start: '08:00', end: '17:00' } },
      headers: { cookie: cookie(admin.token), 'sec-fetch-site': 'same-origin' },
    });
    expect(fetchOnly.status).toBe(200);
  });

  it('login CSRF: a cross-site login is refused and sets no cookie; the own origin logs in', async () => {
    const { user } = await createUser();
    const creds = { email: user.email, password: TEST_PASSWORD };
    const cross = await call(loginRoute, {
      body: creds,
      headers: { host: 'absensi.example.co.id', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
    expect(cross.headers.get('set-cookie')).toBeNull();
    const own = await call(loginRoute, {
      body: creds,
      headers: { host: 'absensi.example.co.id', origin: 'https://absensi.example.co.id', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
    // Behind a TLS proxy the app sees http and the default port: still its own origin.
    const proxied = await call(loginRoute, {
      body: creds,
      headers: { host: 'absensi.example.co.id:443', origin: 'https://absensi.example.co.id' },
    });
    expect(proxied.status).toBe(200);
    // A script without a browser's headers may log in (API clients).
    expect((await call(loginRoute, { body: creds })).status).toBe(200);
  });

  it('a forced cross-site logout is refused; the session stays', async () => {
    const { token } = await createUser();
    const res = await call(logoutRoute, { method: 'POST', headers: { cookie: cookie(token), origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await db.revokedSession.count()).toBe(0);
  });

  it('Bearer-token clients are not subject to it (a page cannot attach the header cross-site)', async () => {
    const admin = await createUser({ role: 'admin' });
    const res = await call(registerRoute, {
      body: { ...newAdmin(), role: 'employee' },
      token: admin.token,
      headers: { origin: 'https://integrasi.example' },
    });
    expect(res.status).toBe(201);
  });

  it('APP_ORIGINS admits the public origin for browsers without Sec-Fetch-Site when a proxy rewrites Host', async () => {
    const { user } = await createUser();
    const creds = { email: user.email, password: TEST_PASSWORD };
    const headers = { host: '10.0.0.5:3000', origin: 'https://absensi.example.co.id' };
    expect((await call(loginRoute, { body: creds, headers })).status).toBe(403);
    process.env.APP_ORIGINS = 'https://absensi.example.co.id/, https://cadangan.example.co.id';
    resetEnvCache();
    expect((await call(loginRoute, { body: creds, headers })).status).toBe(200);
  });
});
