// Tukar Jadwal (docs/calendar.md, "Tukar jadwal"): an employee asks a colleague of the same office to swap
// a date's shifts; the colleague consents, the supervisor (or HR) approves; the result is two roster cells,
// audited, with both people's closed day queued for re-classification. An own shift change for a day goes
// straight to approval. A closed month refuses it.
//
// TODAY (WIB): Ani works the company's Mon–Fri 08:00–17:00 (a rest day at the weekend); Budi has a roster
// cell 13:00–21:00 today. Both in Kantor Pusat; Citra in Cabang Makassar. Sari supervises Ani.
// Approved: Ani's cell today 13:00–21:00 "Tukar dengan Budi", Budi's Ani's day (08:00–17:00, or a rest
// day "Libur (Tukar dengan Ani)" at the weekend).
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { calendarDays } from '@/features/calendar/server/calendar';
import { GET as listRoute, POST as createRoute } from '@/app/api/roster/swaps/route';
import { PUT as statusRoute } from '@/app/api/roster/swaps/[id]/status/route';
import { POST as closePeriodRoute } from '@/app/api/periods/[month]/close/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, ani: Made, budi: Made, citra: Made, sari: Made;
let office: string;
const TZ = 'Asia/Jakarta';
const TODAY = dateKeyInZone(new Date(), TZ);
const TOMORROW = addDays(TODAY, 1);
const ask = (who: Made, body: Record<string, unknown>) => call(createRoute, { token: who.token, body });
const act = (who: Made, id: string, action: string, note?: string) =>
  call(statusRoute, { method: 'PUT', token: who.token, params: { id }, body: { action, ...(note ? { note } : {}) } });
let swapId = '';

beforeAll(async () => {
  await clearHolidays();
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: TZ });
  office = (await getMainOffice()).id;
  const makassar = await db.office.create({
    data: { name: 'Cabang Makassar', latitude: -5.14, longitude: 119.43, timezone: 'Asia/Makassar' },
  });
  const joined = new Date('2026-01-01T00:00:00Z');
  admin = await createUser({ role: 'admin', name: 'Admin', createdAt: joined });
  hr = await createUser({ role: 'hr', name: 'Hana HR', createdAt: joined });
  ani = await createUser({ name: 'Ani', createdAt: joined });
  budi = await createUser({ name: 'Budi', createdAt: joined });
  citra = await createUser({ name: 'Citra', createdAt: joined });
  sari = await createUser({ name: 'Sari', createdAt: joined });
  await db.user.updateMany({ where: { id: { in: [ani.user.id, budi.user.id, sari.user.id] } }, data: { homeOfficeId: office } });
  await db.user.update({ where: { id: citra.user.id }, data: { homeOfficeId: makassar.id } });
  await db.user.update({ where: { id: ani.user.id }, data: { supervisorId: sari.user.id } });
  await db.rosterEntry.create({
    data: { userId: budi.user.id, date: dateKeyToDate(TODAY), start: '13:00', end: '21:00', breakMinutes: 60, label: 'Shift Sore' },
  });
});

describe('Tukar Jadwal', () => {
  it('is asked of a colleague of the same office only, by an employee', async () => {
    expect((await ask(ani, { date: TODAY, partnerId: citra.user.id, reason: 'Urusan keluarga' })).status).toBe(400);
    expect((await ask(ani, { date: TODAY, partnerId: ani.user.id, reason: 'Urusan keluarga' })).status).toBe(400);
    expect((await ask(hr, { date: TODAY, partnerId: budi.user.id, reason: 'Urusan keluarga' })).status).toBe(403);
    expect((await ask(ani, { date: addDays(TODAY, -1), partnerId: budi.user.id, reason: 'Urusan keluarga' })).status).toBe(400);
    expect(await db.rosterSwap.count()).toBe(0);
    const res = await ask(ani, { date: TODAY, partnerId: budi.user.id, reason: 'Urusan keluarga' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'menunggu_rekan', partnerName: 'Budi', canConsent: false, canDecide: false });
    swapId = res.body.id;
    // One open request per person and date.
    expect((await ask(budi, { date: TODAY, start: '09:00', end: '18:00', reason: 'Antar anak sekolah' })).status).toBe(409);
  });

  it('the colleague consents first, then the supervisor approves; nobody decides their own', async () => {
    expect((await act(sari, swapId, 'approve')).status).toBe(409); // waiting for Budi
    expect((await act(citra, swapId, 'consent')).status).toBe(403);
    const consent = await act(budi, swapId, 'consent');
    expect(consent.status).toBe(200);
    expect(consent.body).toMatchObject({ status: 'menunggu_persetujuan' });
    expect((await act(ani, swapId, 'approve')).status).toBe(403);
    expect((await act(budi, swapId, 'approve')).status).toBe(403);
    expect((await act(citra, swapId, 'approve')).status).toBe(403);
    expect((await act(sari, swapId, 'reject')).status).toBe(400); // a rejection needs its reason

    // Today's close ran: the approval's cells queue both people's day for re-classification.
    await closeOfficeDay(office, TODAY);
    const mine = (await calendarDays([ani.user.id], TODAY, TODAY))[0]!;
    const approved = await act(sari, swapId, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', decidedByName: 'Sari' });
    const cells = await db.rosterEntry.findMany({ where: { date: dateKeyToDate(TODAY) }, orderBy: { userId: 'asc' } });
    const cellOf = (u: Made) => cells.find((c) => c.userId === u.user.id)!;
    expect(cellOf(ani)).toMatchObject({ start: '13:00', end: '21:00', breakMinutes: 60, label: 'Tukar dengan Budi' });
    expect(cellOf(budi)).toMatchObject({ start: mine.shiftStart, end: mine.shiftEnd });
    const after = await calendarDays([ani.user.id, budi.user.id], TODAY, TODAY);
    expect(after.find((d) => d.userId === ani.user.id)).toMatchObject({ status: 'kerja', shiftStart: '13:00', shiftEnd: '21:00' });
    expect(after.find((d) => d.userId === budi.user.id)).toMatchObject({ shiftStart: mine.shiftStart, shiftEnd: mine.shiftEnd });
    const jobs = await db.job.findMany({ where: { kind: 'reclassify' } });
    for (const u of [ani, budi])
      expect(jobs.some((j) => (j.payload as { userId: string; start: string; end: string }).userId === u.user.id)).toBe(true);
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'roster.swap_approve', entityId: swapId } });
    expect(audit).toMatchObject({ actorId: sari.user.id, targetUserId: ani.user.id });
    expect((audit.after as { cells: { userId: string; start: string | null }[] }).cells).toEqual([
      expect.objectContaining({ userId: ani.user.id, start: '13:00', end: '21:00' }),
      expect.objectContaining({ userId: budi.user.id, start: mine.shiftStart }),
    ]);
    const again = await act(hr, swapId, 'approve');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ROSTER_SWAP_ALREADY_PROCESSED');
  });

  it('an own shift change for a day goes to HR (no supervisor) and becomes one cell; a rejection writes none', async () => {
    const res = await ask(budi, { date: TOMORROW, start: '10:00', end: '19:00', reason: 'Antar anak sekolah' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'menunggu_persetujuan', partnerId: null, start: '10:00', end: '19:00' });
    expect((await act(sari, res.body.id, 'approve')).status).toBe(403); // not Budi's supervisor
    expect((await act(hr, res.body.id, 'approve')).status).toBe(200);
    expect(
      await db.rosterEntry.findUniqueOrThrow({ where: { userId_date: { userId: budi.user.id, date: dateKeyToDate(TOMORROW) } } }),
    ).toMatchObject({
      start: '10:00',
      end: '19:00',
      label: 'Ganti shift',
    });
    const other = await ask(ani, { date: addDays(TODAY, 2), start: '07:00', end: '15:00', reason: 'Kontrol ke dokter' });
    const rejected = await act(admin, other.body.id, 'reject', 'Kantor kekurangan orang pagi itu');
    expect(rejected.body).toMatchObject({ status: 'rejected', note: 'Kantor kekurangan orang pagi itu' });
    expect(await db.rosterEntry.count({ where: { userId: ani.user.id, date: dateKeyToDate(addDays(TODAY, 2)) } })).toBe(0);
  });

  it('lists one’s own and the team’s; admin and HR see all; the form gets the same-office colleagues', async () => {
    const mine = (await call(listRoute, { token: ani.token })).body;
    expect(mine.items).toHaveLength(2);
    expect(mine.colleagues.map((c: { name: string }) => c.name)).toEqual(['Budi', 'Sari']);
    expect((await call(listRoute, { token: citra.token })).body.items).toHaveLength(0);
    expect((await call(listRoute, { token: sari.token })).body.items).toHaveLength(2); // Ani's, as her supervisor
    expect((await call(listRoute, { token: hr.token })).body.items).toHaveLength(3);
  });

  it('a closed month refuses the decision with the period message', async () => {
    const old = await db.rosterSwap.create({
      data: {
        requesterId: ani.user.id,
        date: dateKeyToDate('2026-08-03'),
        start: '09:00',
        end: '18:00',
        reason: 'Urusan bank',
        status: 'menunggu_persetujuan',
      },
    });
    const closed = await call(closePeriodRoute, {
      token: admin.token,
      params: { month: '2026-08' },
      body: { override: true, reason: 'Gaji harus dibayar tepat waktu' },
    });
    expect(closed.status).toBe(200);
    const res = await act(hr, old.id, 'approve');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PERIOD_CLOSED', error: 'Periode Agustus 2026 sudah ditutup.' });
    expect(await db.rosterEntry.count({ where: { date: dateKeyToDate('2026-08-03') } })).toBe(0);
  });
});
