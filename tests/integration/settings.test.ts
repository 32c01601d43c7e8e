import { describe, expect, it } from 'vitest';
import { GET as getSettings, PUT as putSettings } from '@/app/api/settings/route';
import { GET as getLocation, PUT as putLocation } from '@/app/api/settings/office-location/route';
import { GET as getHours, PUT as putHours } from '@/app/api/settings/employee-working-hours/route';
import { db } from '@/lib/server/db';
import { getSettingsRow } from '@/features/settings/server/settings';
import type { Role } from '@/lib/roles';
import { call, createUser } from '../helpers';

type Who = 'anonymous' | Role;
const WHO: Who[] = ['anonymous', 'employee', 'hr', 'admin'];

const general = (over: Record<string, unknown> = {}) => ({
  companyName: 'PT Maju Jaya',
  workingHours: { start: '08:30', end: '17:30' },
  ...over,
});
const location = (over: Record<string, unknown> = {}) => ({
  officeLocation: { latitude: -6.2, longitude: 106.8, radius: 150, address: 'Jl. Sudirman 1', ...over },
});

async function snapshot() {
  return getSettingsRow();
}

describe('who may call the /settings endpoints', () => {
  const expected: Record<string, Record<Who, number>> = {
    'GET /settings': { anonymous: 401, employee: 200, hr: 200, admin: 200 },
    'PUT /settings': { anonymous: 401, employee: 403, hr: 403, admin: 200 },
    'GET /settings/office-location': { anonymous: 401, employee: 200, hr: 200, admin: 200 },
    'PUT /settings/office-location': { anonymous: 401, employee: 403, hr: 403, admin: 200 },
    'GET /settings/employee-working-hours': { anonymous: 401, employee: 200, hr: 200, admin: 200 },
    'PUT /settings/employee-working-hours': { anonymous: 401, employee: 403, hr: 200, admin: 200 },
  };

  for (const who of WHO) {
    it(`${who} gets the expected status from every endpoint`, async () => {
      const token = who === 'anonymous' ? undefined : (await createUser({ role: who })).token;
      const { user: target } = await createUser({ role: 'employee' });
      const before = await snapshot();
      const offices = await db.office.findMany();
      const results: Record<string, number> = {
        'GET /settings': (await call(getSettings, { token })).status,
        'PUT /settings': (await call(putSettings, { method: 'PUT', token, body: general({ companyName: `PT ${who}` }) })).status,
        'GET /settings/office-location': (await call(getLocation, { token })).status,
        'PUT /settings/office-location': (await call(putLocation, { method: 'PUT', token, body: location({ address: `Alamat ${who}` }) }))
          .status,
        'GET /settings/employee-working-hours': (await call(getHours, { token })).status,
        'PUT /settings/employee-working-hours': (
          await call(putHours, { method: 'PUT', token, body: { userId: target.id, start: '07:00', end: '15:00' } })
        ).status,
      };
      expect(results).toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v[who]])));
      if (who !== 'admin') {
        const after = await snapshot();
        expect(after?.companyName).toBe(before?.companyName);
        expect((await db.office.findMany()).map((o) => o.address)).toEqual(offices.map((o) => o.address));
        if (who !== 'hr') expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).scheduleId).toBeNull();
      }
    });
  }
});

describe('GET/PUT /settings', () => {
  it('reads the defaults, saves companyName, hours, timezone, working days, threshold, retention and reads them back', async () => {
    const { token } = await createUser({ role: 'admin' });
    const first = await call(getSettings, { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      officeLocation: expect.any(Object),
      workingHours: expect.any(Object),
      timezone: expect.any(String),
      livenessPolicy: 'flag',
    });
    const res = await call(putSettings, {
      method: 'PUT',
      token,
      body: general({
        companyName: '  PT Sentosa  ',
        timezone: 'Asia/Makassar',
        workingDays: [6, 1, 2, 2],
        faceMatchThreshold: 0.45,
        photoRetentionDays: 30,
        livenessPolicy: 'required',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Pengaturan berhasil disimpan');
    const read = await call(getSettings, { token });
    expect(read.body).toMatchObject({
      companyName: 'PT Sentosa',
      workingHours: { start: '08:30', end: '17:30' },
      timezone: 'Asia/Makassar',
      workingDays: [1, 2, 6],
      faceMatchThreshold: 0.45,
      photoRetentionDays: 30,
      livenessPolicy: 'required',
    });
    // The optional fields keep their values when a client sends only the contract's fields.
    await call(putSettings, { method: 'PUT', token, body: { companyName: 'PT Kontrak', workingHours: { start: '09:00', end: '18:00' } } });
    expect((await call(getSettings, { token })).body).toMatchObject({
      companyName: 'PT Kontrak',
      timezone: 'Asia/Makassar',
      photoRetentionDays: 30,
      livenessPolicy: 'required',
    });
    await call(putSettings, { method: 'PUT', token, body: general({ livenessPolicy: 'off' }) });
    expect((await getSettingsRow()).livenessPolicy).toBe('off');
    await call(putSettings, { method: 'PUT', token, body: general({ livenessPolicy: 'flag' }) });
  });

  it.each([
    [general({ companyName: '  ' }), 'Nama perusahaan tidak boleh kosong'],
    [general({ workingHours: { start: '', end: '17:00' } }), 'Harap isi jam kerja dengan lengkap'],
    [general({ workingHours: undefined }), 'Harap isi jam kerja dengan lengkap'],
    [general({ workingHours: { start: '8:00', end: '17:00' } }), 'Format jam masuk tidak valid (HH:mm)'],
    [general({ workingHours: { start: '08:00', end: '24:00' } }), 'Format jam pulang tidak valid (HH:mm)'],
    [general({ workingHours: { start: '17:00', end: '08:00' } }), 'Jam masuk harus lebih awal dari jam pulang'],
    [general({ workingHours: { start: '08:00', end: '08:00' } }), 'Jam masuk harus lebih awal dari jam pulang'],
    [general({ timezone: 'Mars/Olympus' }), 'Zona waktu tidak valid'],
    [general({ workingDays: [] }), 'Pilih minimal satu hari kerja'],
    [general({ workingDays: [0, 8] }), 'Hari kerja tidak valid'],
    [general({ faceMatchThreshold: 0.9 }), 'Ambang kecocokan wajah harus antara 0,3 dan 0,8'],
    [general({ photoRetentionDays: 0 }), 'Masa simpan foto harus bilangan bulat antara 1 dan 3650 hari'],
    [general({ photoRetentionDays: 2.5 }), 'Masa simpan foto harus bilangan bulat antara 1 dan 3650 hari'],
    [general({ livenessPolicy: 'kadang' }), 'Kebijakan pemeriksaan gerakan wajah tidak valid'],
    [general({ livenessPolicy: null }), 'Kebijakan pemeriksaan gerakan wajah tidak valid'],
  ])('validation → 400 %#, nothing changes', async (body, message) => {
    const { token } = await createUser({ role: 'admin' });
    const before = await snapshot();
    const res = await call(putSettings, { method: 'PUT', token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'VALIDATION' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET/PUT /settings/office-location', () => {
  it('saves the contract payload and the flat one; GET returns the location and the default radius/address text', async () => {
    const { token } = await createUser({ role: 'admin' });
    const res = await call(putLocation, { method: 'PUT', token, body: location() });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Pengaturan berhasil disimpan');
    expect((await call(getLocation, { token })).body).toEqual({ latitude: -6.2, longitude: 106.8, radius: 150, address: 'Jl. Sudirman 1' });
    const flat = await call(putLocation, {
      method: 'PUT',
      token,
      body: { latitude: '-7.25', longitude: '112.75', radius: '10', address: 'Surabaya' },
    });
    expect(flat.status).toBe(200);
    const { token: employeeToken } = await createUser({ role: 'employee' });
    expect((await call(getLocation, { token: employeeToken })).body).toEqual({
      latitude: -7.25,
      longitude: 112.75,
      radius: 10,
      address: 'Surabaya',
    });
    expect((await call(getSettings, { token: employeeToken })).body.officeLocation.address).toBe('Surabaya');
  });

  it.each([
    [location({ latitude: null }), 'Harap lengkapi semua field lokasi kantor'],
    [location({ address: ' ' }), 'Harap lengkapi semua field lokasi kantor'],
    [location({ radius: '' }), 'Harap lengkapi semua field lokasi kantor'],
    [{}, 'Harap lengkapi semua field lokasi kantor'],
    [location({ latitude: 90.5 }), 'Latitude harus antara -90 dan 90'],
    [location({ latitude: 'abc' }), 'Latitude harus antara -90 dan 90'],
    [location({ longitude: -180.01 }), 'Longitude harus antara -180 dan 180'],
    [location({ radius: 9 }), 'Radius minimal 10 meter'],
    [location({ radius: 10.5 }), 'Radius harus berupa bilangan bulat (meter)'],
    [location({ radius: 1e9 }), 'Radius maksimal 100 km'],
  ])('validation → 400 %#, nothing changes', async (body, message) => {
    const { token } = await createUser({ role: 'admin' });
    const before = await snapshot();
    const res = await call(putLocation, { method: 'PUT', token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET/PUT /settings/employee-working-hours', () => {
  it('sets, lists and clears one employee’s hours; an employee sees only their own', async () => {
    const { token } = await createUser({ role: 'admin' });
    const { user: a, token: aToken } = await createUser({ role: 'employee', name: 'Ani' });
    const { user: b } = await createUser({ role: 'employee', name: 'Bono' });
    expect((await call(putHours, { method: 'PUT', token, body: { userId: a.id, start: '07:00', end: '15:00' } })).body).toMatchObject({
      userId: a.id,
      workingHours: { start: '07:00', end: '15:00' },
    });
    await call(putHours, { method: 'PUT', token, body: { userId: b.id, start: '10:00', end: '19:00' } });
    await call(putHours, { method: 'PUT', token, body: { userId: a.id, start: '06:30', end: '14:30' } });
    const list = await call(getHours, { token });
    const mine = list.body.filter((r: { userId: string }) => [a.id, b.id].includes(r.userId));
    expect(mine).toEqual([
      expect.objectContaining({ userId: a.id, userName: 'Ani', start: '06:30', end: '14:30' }),
      expect.objectContaining({ userId: b.id, userName: 'Bono', start: '10:00', end: '19:00' }),
    ]);
    const own = await call(getHours, { token: aToken });
    expect(own.body).toEqual([expect.objectContaining({ userId: a.id })]);
    const cleared = await call(putHours, { method: 'PUT', token, body: { userId: a.id, start: '', end: null } });
    expect(cleared.body.workingHours).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: a.id } })).scheduleId).toBeNull();
  });

  it('validates the hours and the user; nothing changes', async () => {
    const { token } = await createUser({ role: 'admin' });
    const { user } = await createUser({ role: 'employee' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ userId: user.id, start: '07:00', end: '' }, 400, 'Harap isi jam kerja dengan lengkap'],
      [{ userId: user.id, start: '15:00', end: '07:00' }, 400, 'Jam masuk harus lebih awal dari jam pulang'],
      [{ userId: user.id, start: '7am', end: '15:00' }, 400, 'Format jam masuk tidak valid (HH:mm)'],
      [{ userId: 'bukan-uuid', start: '07:00', end: '15:00' }, 400, 'ID karyawan tidak valid'],
      [{ userId: '8c6f0d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f', start: '07:00', end: '15:00' }, 404, 'Karyawan tidak ditemukan'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(putHours, { method: 'PUT', token, body });
      expect([res.status, res.body.error]).toEqual([status, message]);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).scheduleId).toBeNull();
  });
});
