// A change that would alter a closed month applies only from the first open day, and says so
// (docs/periods.md, "Changes that reach a closed month"). Worked by hand:
//   Company schedule Mon–Fri 08:00–17:00. Kantor Pusat (Jakarta, WIB) and Cabang Denpasar (WITA). Wed 30
//   September 2026 is a cuti bersama day. Every office closed Mon 28 September – Sat 10 October 2026;
//   September then closed by Tutup Periode (October stays open).
//   Made (account made 5 January 2026) works since January: a new home office, allowed office, own
//   hours, the company schedule's tolerance, Denpasar's zone or the cuti bersama policy would reach his
//   September days, so each answer says "Perubahan berlaku mulai 1 Oktober 2026 karena periode September
//   2026 sudah ditutup; …", September's rows stay Jakarta's and October's move.
//   Baru (account made 20 October 2026) has no day in September: his move says nothing.
//   A save that changes nothing (the same offices, a schedule renamed) reaches no day and says nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { runDueJobs } from '@/lib/server/jobs/queue';
import { closedMonthsNoticeMessage } from '@/features/periods/validation/periods';
import '@/lib/server/jobs/handlers';
import { PUT as userRoute } from '@/app/api/users/[id]/route';
import { PUT as officeRoute } from '@/app/api/offices/[id]/route';
import { PUT as scheduleRoute } from '@/app/api/schedules/[id]/route';
import { PUT as policyRoute } from '@/app/api/settings/cuti-bersama-policy/route';
import { PUT as hoursRoute } from '@/app/api/settings/employee-working-hours/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, made: Made, baru: Made;
let jakarta: string, denpasar: string, scheduleId: string;

const SEPTEMBER_NOTICE = {
  from: '2026-10-01',
  closedMonths: ['2026-09'],
  message: 'Perubahan berlaku mulai 1 Oktober 2026 karena periode September 2026 sudah ditutup; hari-hari di periode itu tidak berubah.',
};

const officeOf = async (userId: string, date: string) =>
  (await db.attendanceDay.findUnique({ where: { userId_date: { userId, date: dateKeyToDate(date) } } }))?.officeId;
const pendingJobs = () => db.job.count({ where: { kind: 'reclassify', doneAt: null } });

function profile(u: Made['user'], extra: Record<string, unknown>) {
  return { name: u.name, email: u.email, position: u.position, role: u.role, ...extra };
}
const putUser = (u: Made['user'], extra: Record<string, unknown>) =>
  call(userRoute, { method: 'PUT', params: { id: u.id }, body: profile(u, extra), token: admin.token });

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  scheduleId = schedule.id;
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  await configureMainOffice({ timezone: 'Asia/Jakarta' });
  jakarta = (await getMainOffice()).id;
  denpasar = (await db.office.create({ data: { name: 'Cabang Denpasar', timezone: 'Asia/Makassar' } })).id;
  await db.holiday.create({ data: { date: dateKeyToDate('2026-09-30'), name: 'Cuti bersama', kind: 'cuti_bersama' } });
  admin = await createUser({ role: 'admin' });
  hr = await createUser({ role: 'hr', createdAt: new Date('2026-10-20T02:00:00Z') });
  made = await createUser({ name: 'Made', createdAt: new Date('2026-01-05T02:00:00Z') });
  baru = await createUser({ name: 'Baru', createdAt: new Date('2026-10-20T02:00:00Z') });
  for (let d = '2026-09-28'; d <= '2026-10-10'; d = addDays(d, 1)) {
    await closeOfficeDay(jakarta, d);
    await closeOfficeDay(denpasar, d);
  }
  await db.period.create({ data: { month: '2026-09', status: 'closed' } });
  await runDueJobs();
});

describe('the answer says from when a change applies', () => {
  it('a new home office: from 1 October, September stays Jakarta’s; the same save again says nothing', async () => {
    expect(await officeOf(made.user.id, '2026-09-28')).toBe(jakarta);
    const res = await putUser(made.user, { homeOfficeId: denpasar });
    expect(res.status).toBe(200);
    expect(res.body.periodNotice).toEqual(SEPTEMBER_NOTICE);
    await runDueJobs();
    expect(await officeOf(made.user.id, '2026-09-28')).toBe(jakarta);
    expect(await officeOf(made.user.id, '2026-10-05')).toBe(denpasar);

    const again = await putUser(made.user, { homeOfficeId: denpasar });
    expect(again.status).toBe(200);
    expect(again.body.periodNotice).toBeNull();
    expect(await pendingJobs()).toBe(0);
  });

  it('allowed offices: a new one says so; the same list again reaches nothing', async () => {
    const res = await putUser(made.user, { allowedOfficeIds: [jakarta] });
    expect(res.body.periodNotice).toEqual(SEPTEMBER_NOTICE);
    await runDueJobs();
    const again = await putUser(made.user, { allowedOfficeIds: [jakarta] });
    expect(again.body.periodNotice).toBeNull();
    expect(await pendingJobs()).toBe(0);
  });

  it('someone who joined after the closed month: no notice', async () => {
    const res = await putUser(baru.user, { homeOfficeId: denpasar });
    expect(res.status).toBe(200);
    expect(res.body.periodNotice).toBeNull();
    await runDueJobs();
  });

  it('an office’s zone, a schedule’s tolerance, own hours and the cuti bersama policy', async () => {
    const denpasarBody = { name: 'Cabang Denpasar', latitude: 0, longitude: 0, radius: 100, timezone: 'Asia/Jayapura' };
    const zone = await call(officeRoute, { method: 'PUT', params: { id: denpasar }, body: denpasarBody, token: admin.token });
    expect(zone.status).toBe(200);
    expect(zone.body.periodNotice).toEqual(SEPTEMBER_NOTICE);
    // The same office saved again: the zone is unchanged, nothing is reached.
    const same = await call(officeRoute, { method: 'PUT', params: { id: denpasar }, body: denpasarBody, token: admin.token });
    expect(same.body.periodNotice).toBeNull();

    const week = Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 5 ? '08:00' : null, end: i < 5 ? '17:00' : null }));
    const schedule = (body: Record<string, unknown>) =>
      call(scheduleRoute, {
        method: 'PUT',
        params: { id: scheduleId },
        body: { name: 'Standar', breakMinutes: 60, lateToleranceMinutes: 0, isDefault: true, days: week, ...body },
        token: hr.token,
      });
    expect((await schedule({})).status).toBe(200);
    await runDueJobs();
    // Renamed only: no day changes, no notice, no job.
    const renamed = await schedule({ name: 'Standar Kantor' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.periodNotice).toBeNull();
    expect(await pendingJobs()).toBe(0);
    const tolerance = await schedule({ name: 'Standar Kantor', lateToleranceMinutes: 15 });
    expect(tolerance.body.periodNotice).toEqual(SEPTEMBER_NOTICE);

    const hours = await call(hoursRoute, { method: 'PUT', body: { userId: made.user.id, start: '07:00', end: '15:00' }, token: hr.token });
    expect(hours.status).toBe(200);
    expect(hours.body.periodNotice).toEqual(SEPTEMBER_NOTICE);

    const policy = await call(policyRoute, { method: 'PUT', body: { cutiBersamaPolicy: 'libur' }, token: hr.token });
    expect(policy.status).toBe(200);
    expect(policy.body.periodNotice).toEqual(SEPTEMBER_NOTICE);
    await runDueJobs();
    // Frozen September: Made's 30 September is still Jakarta's row as closed.
    expect(await officeOf(made.user.id, '2026-09-30')).toBe(jakarta);
  });

  it('a change of a closed day itself is refused with the period message, and changes nothing', async () => {
    const res = await putUser(made.user, { joinDate: '2026-09-15' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Periode September 2026 sudah ditutup.');
    expect((await db.user.findUniqueOrThrow({ where: { id: made.user.id } })).joinDate).toBeNull();
  });

  it('an account made with a join date in the past (the import) gets its closed days of open months; the closed month stays without them', async () => {
    // Joined Mon 28 September: 1–10 October are closed office-days of Jakarta, Thu 1 – Fri 9 October seven
    // working days (alpa, no punch), Sat 3, Sun 4 and Sat 10 rest days; 28–30 September are in the closed month.
    const u = await db.user.create({
      data: {
        name: 'Impor',
        email: 'impor.periode@test.local',
        position: 'Staf',
        passwordHash: 'x',
        joinDate: dateKeyToDate('2026-09-28'),
      },
    });
    expect(await pendingJobs()).toBe(1);
    expect(await runDueJobs()).toMatchObject({ done: 1, failed: 0 });
    const rows = await db.attendanceDay.findMany({ where: { userId: u.id }, orderBy: { date: 'asc' } });
    expect(rows.map((r) => r.date.toISOString().slice(0, 10))).toEqual(
      ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'].map((d) => `2026-10-${d}`),
    );
    expect(rows.filter((r) => r.status === 'alpa')).toHaveLength(7);
    expect(rows.filter((r) => r.status === 'istirahat')).toHaveLength(3);
  });

  it('several closed months are named together', () => {
    expect(closedMonthsNoticeMessage(['2026-08', '2026-09'])).toBe(
      'Perubahan berlaku mulai 1 Oktober 2026 karena periode Agustus 2026 dan September 2026 sudah ditutup; hari-hari di periode-periode itu tidak berubah.',
    );
    expect(closedMonthsNoticeMessage(['2026-12'])).toBe(
      'Perubahan berlaku mulai 1 Januari 2027 karena periode Desember 2026 sudah ditutup; hari-hari di periode itu tidak berubah.',
    );
  });
});
