// Once-a-day background jobs (docs/leave.md, "The daily job"): the daily close loop calls runDailyJobs()
// every round in every instance; the first one to insert (job, day) into JobRun runs that job for the day
// and the others skip it. A claim left unfinished for an hour (its instance stopped mid-run) may be taken
// again; otherwise the job waits for the next day, and ensureLedger() on every read and apply keeps each
// employee right in the meantime.
import { db } from '@/lib/server/db';
import { correctAllLedgers, ensureAllLedgers } from '@/features/leave/server/leave-ledger';
import { todayKey } from '@/features/leave/lib/ledger-rules';
import { reclassifyForPayrollRules } from '@/features/daily-close/server/reclassify';
import { expireCompensatory } from '@/features/leave/server/leave-compensatory';
import { convertRestDayOvertime } from '@/features/overtime/server/overtime-convert';

/**
 * Jobs that run once per installation: claimed with a fixed day instead of today's, so the first round
 * after the release runs them and no later one does.
 */
export const ONCE = {
  reclassifyPayrollRules: { job: 'reclassify_payroll_rules', day: '2026-11-26' },
  /** The leave ledgers re-derived (closes that ran before that year's cuti bersama): result = employees corrected. */
  correctLeaveLedgers: { job: 'correct_leave_ledgers', day: '2026-11-27' },
} as const;

export type DailyJobResult = { job: string; day: string; result: number };

/** True when this caller won (job, day): a new claim, or one abandoned unfinished for over an hour. */
export async function claimDailyRun(job: string, day: string): Promise<boolean> {
  const won = await db.$queryRaw<{ job: string }[]>`
    INSERT INTO "JobRun" (job, day) VALUES (${job}, ${day}::date)
    ON CONFLICT (job, day) DO UPDATE SET "startedAt" = now()
      WHERE "JobRun"."finishedAt" IS NULL AND "JobRun"."startedAt" < now() - interval '1 hour'
    RETURNING job`;
  return won.length === 1;
}

async function finishDailyRun(job: string, day: string, result: number): Promise<void> {
  await db.$executeRaw`UPDATE "JobRun" SET "finishedAt" = now(), result = ${result} WHERE job = ${job} AND day = ${day}::date`;
}

/** The jobs of `day` (the company's date, WIB) that this caller claimed and ran. */
export async function runDailyJobs(day: string = todayKey()): Promise<DailyJobResult[]> {
  const ran: DailyJobResult[] = [];
  // Once: closed days of open months classified again under the payroll, half-day and permission rules.
  const once = ONCE.reclassifyPayrollRules;
  if (await claimDailyRun(once.job, once.day)) {
    const days = await reclassifyForPayrollRules();
    await finishDailyRun(once.job, once.day, days);
    ran.push({ job: once.job, day: once.day, result: days });
  }
  // Once: every leave ledger re-derived and corrected where a close took more than was left (docs/leave.md).
  const fix = ONCE.correctLeaveLedgers;
  if (await claimDailyRun(fix.job, fix.day)) {
    const employees = await correctAllLedgers(day);
    await finishDailyRun(fix.job, fix.day, employees);
    ran.push({ job: fix.job, day: fix.day, result: employees });
  }
  // The leave ledger's automatic rows (grants, year close, carry-over expiry, cuti bersama): idempotent.
  // With it, Cuti Pengganti (docs/leave.md): worked rest-day and holiday overtime converted under the `cuti`
  // setting, then the credits past their last valid day expired.
  if (await claimDailyRun('leave_ledger', day)) {
    await convertRestDayOvertime(day);
    await expireCompensatory(day);
    const employees = await ensureAllLedgers(day);
    await finishDailyRun('leave_ledger', day, employees);
    ran.push({ job: 'leave_ledger', day, result: employees });
  }
  return ran;
}
