// Once-a-day jobs (features/daily-close/server/daily-jobs.ts, docs/leave.md "The daily job"): one caller a day
// runs the leave ledger job, however many instances call at once; an abandoned claim is taken again.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { ONCE, claimDailyRun, runDailyJobs } from '@/features/daily-close/server/daily-jobs';
import { balanceOf } from '@/features/leave/server/leave-ledger';
import { createUser } from '../helpers';

const annual = () => db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tahunan' } });

describe('the daily leave ledger job', () => {
  it('runs once for a day whatever the number of callers, and brings every employee up to date', async () => {
    await db.settings.update({ where: { id: 1 }, data: { leaveEligibility: 'setelah_12_bulan', cutiBersamaPolicy: 'libur' } });
    // Joined 15 March 2025: 12 days from 15 March 2026 under the law (hand-worked in leave-ledger.test.ts).
    const { user } = await createUser({ name: 'Karyawan Lama' });
    await db.user.update({ where: { id: user.id }, data: { joinDate: dateKeyToDate('2025-03-15') } });
    const type = await annual();
    expect(await balanceOf(db, user.id, type.id)).toBe(0);

    const runs = await Promise.all(Array.from({ length: 5 }, () => runDailyJobs('2026-04-01')));
    // The first round also runs the once-per-installation re-classification (nothing to do here: no day is closed).
    expect(runs.flat().filter((r) => r.job === ONCE.reclassifyPayrollRules.job)).toEqual([{ ...ONCE.reclassifyPayrollRules, result: 0 }]);
    const ran = runs.flat().filter((r) => r.job === 'leave_ledger');
    expect(ran).toHaveLength(1);
    const employees = await db.user.count({ where: { role: 'employee' } });
    expect(ran[0]).toEqual({ job: 'leave_ledger', day: '2026-04-01', result: employees });
    expect(await balanceOf(db, user.id, type.id)).toBe(12);

    const row = await db.jobRun.findUniqueOrThrow({ where: { job_day: { job: 'leave_ledger', day: dateKeyToDate('2026-04-01') } } });
    expect(row.finishedAt).not.toBeNull();
    expect(row.result).toBe(employees);
    // The same day again: nobody runs it; the next day: one caller does.
    expect(await runDailyJobs('2026-04-01')).toEqual([]);
    expect((await runDailyJobs('2026-04-02')).map((r) => r.job)).toEqual(['leave_ledger']);
  });

  it('an unfinished claim is taken again only after an hour', async () => {
    const day = dateKeyToDate('2026-05-01');
    await db.jobRun.create({ data: { job: 'probe', day, startedAt: new Date(Date.now() - 30 * 60_000) } });
    expect(await claimDailyRun('probe', '2026-05-01')).toBe(false);
    await db.jobRun.update({ where: { job_day: { job: 'probe', day } }, data: { startedAt: new Date(Date.now() - 61 * 60_000) } });
    expect(await claimDailyRun('probe', '2026-05-01')).toBe(true);
    // Taken: its start is now, so a third caller does not take it.
    expect(await claimDailyRun('probe', '2026-05-01')).toBe(false);
    // A finished claim is never taken again, however old.
    await db.jobRun.update({ where: { job_day: { job: 'probe', day } }, data: { startedAt: new Date(0), finishedAt: new Date() } });
    expect(await claimDailyRun('probe', '2026-05-01')).toBe(false);
  });
});
