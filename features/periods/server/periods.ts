// Periods (Tutup Periode, docs/periods.md): a month is open until an admin closes it; a closed month
// refuses every write that would change it, here (assertPeriodOpen, called by the services) and in the
// database (the period_lock_guard triggers, SQLSTATE AB409 → 409). Closing lists the blockers first;
// with blockers an admin closes only with override and a reason. Close and reopen are audited.
import { db } from '@/lib/server/db';
import { AppError, badRequest, conflict, unprocessable } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import type { Prisma } from '@/lib/generated/prisma/client';
import { recordAudit } from '@/lib/server/audit';
import { periodEvent } from '@/features/webhooks/server/webhook-events';
import { recapSnapshot } from '@/features/recap/server/recap';
import { officeContext } from '@/features/reports/server/reports';
import { dateKeyToDate, dateToKey, monthBounds } from '@/lib/dates';
import { periodClosedMessage, periodLabel, type ClosePeriodInput, type ReopenPeriodInput } from '@/features/periods/validation/periods';
import type { PeriodBlocker, PeriodDto } from '@/features/periods/types/periods';

type Client = Prisma.TransactionClient | typeof db;

/** One thing that keeps a month from closing: a kind, its Indonesian label and how many. */

export type { PeriodBlocker, PeriodDto } from '@/features/periods/types/periods';
/** A source of blockers: counts what is unresolved in the month (first and last date keys). */
export type PeriodBlockerSource = (tx: Client, month: { month: string; first: string; last: string }) => Promise<PeriodBlocker | null>;

const pendingLeave: PeriodBlockerSource = async (tx, m) => {
  const count = await tx.leaveRequest.count({
    where: { status: 'pending', startDate: { lte: dateKeyToDate(m.last) }, endDate: { gte: dateKeyToDate(m.first) } },
  });
  return count ? { kind: 'pending_leave', label: 'Pengajuan cuti menunggu keputusan', count } : null;
};

const unreviewedFlags: PeriodBlockerSource = async (tx, m) => {
  const count = await tx.attendance.count({
    where: { faceCheckStatus: 'flagged', reviewDecision: null, workDate: { gte: dateKeyToDate(m.first), lte: dateKeyToDate(m.last) } },
  });
  return count ? { kind: 'unreviewed_flags', label: 'Absensi ditandai belum ditinjau', count } : null;
};

const pendingCorrections: PeriodBlockerSource = async (tx, m) => {
  const count = await tx.attendanceCorrection.count({
    where: { status: 'pending', date: { gte: dateKeyToDate(m.first), lte: dateKeyToDate(m.last) } },
  });
  return count ? { kind: 'pending_corrections', label: 'Koreksi absensi menunggu keputusan', count } : null;
};

const pendingOvertime: PeriodBlockerSource = async (tx, m) => {
  const count = await tx.overtimeRequest.count({
    where: { status: 'pending', date: { gte: dateKeyToDate(m.first), lte: dateKeyToDate(m.last) } },
  });
  return count ? { kind: 'pending_overtime', label: 'Lembur menunggu keputusan', count } : null;
};

const openLupaCheckout: PeriodBlockerSource = async (tx, m) => {
  const count = await tx.attendanceDay.count({
    where: { status: 'lupa_checkout', date: { gte: dateKeyToDate(m.first), lte: dateKeyToDate(m.last) } },
  });
  return count ? { kind: 'lupa_checkout', label: 'Hari lupa check-out belum dikoreksi', count } : null;
};

/**
 * Days of payroll members the daily close has not classified yet (belum ditutup): the recap's `openDays`
 * total, by the same SQL function (absensi_open_days, payroll members by absensi_on_payroll), so the recap's
 * banner and this blocker always say the same number.
 */
const openDays: PeriodBlockerSource = async (tx, m) => {
  const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM absensi_open_days(${m.first}::date, ${m.last}::date)`;
  const count = row?.n ?? 0;
  return count ? { kind: 'open_days', label: 'Hari karyawan belum ditutup harian', count } : null;
};

/**
 * Every kind of blocker, in the order they are listed. They are listed here, not registered by the
 * features that own them: a source registered at import would be missing whenever the request's code
 * never imported its feature (the periods page imports no leave or overtime module). A new kind is one
 * more function here.
 */
const sources: readonly PeriodBlockerSource[] = [
  pendingLeave,
  unreviewedFlags,
  pendingCorrections,
  pendingOvertime,
  openLupaCheckout,
  openDays,
];

/** Everything that keeps `month` from closing, in the order of the sources. */
export async function periodBlockers(tx: Client, month: string): Promise<PeriodBlocker[]> {
  const bounds = monthBounds(month);
  const found: PeriodBlocker[] = [];
  for (const source of sources) {
    const b = await source(tx, bounds);
    if (b && b.count > 0) found.push(b);
  }
  return found;
}

type DateLike = string | Date | null | undefined;
const keyOf = (d: Exclude<DateLike, null | undefined>) => (typeof d === 'string' ? d.slice(0, 10) : dateToKey(d));

/**
 * Refuses (409, "Periode November 2026 sudah ditutup.") when any of the dates lies in a closed month.
 * A range is passed as { from, to } (to null: open-ended). Call it inside the write's transaction.
 */
export async function assertPeriodOpen(tx: Client, ...dates: (DateLike | { from: DateLike; to: DateLike })[]): Promise<void> {
  const singles = new Set<string>();
  const ranges: { from: string; to: string | null }[] = [];
  for (const d of dates) {
    if (!d) continue;
    if (typeof d === 'object' && !(d instanceof Date)) {
      if (d.from) ranges.push({ from: keyOf(d.from).slice(0, 7), to: d.to ? keyOf(d.to).slice(0, 7) : null });
    } else singles.add(keyOf(d).slice(0, 7));
  }
  if (!singles.size && !ranges.length) return;
  const closed = await tx.period.findFirst({
    where: {
      status: 'closed',
      OR: [
        ...(singles.size ? [{ month: { in: [...singles] } }] : []),
        ...ranges.map((r) => ({ month: { gte: r.from, ...(r.to ? { lte: r.to } : {}) } })),
      ],
    },
    orderBy: { month: 'asc' },
    select: { month: true },
  });
  if (closed) throw conflict(periodClosedMessage(closed.month), 'PERIOD_CLOSED');
  // The database's own check, which also takes the months' locks in shared mode until the transaction
  // ends (absensi_assert_period_open): a close of them waits for this write, or this write is refused
  // because a close is under way ("Periode … sedang ditutup.", 409). A write into a table without a
  // period trigger is serialised with the close only through this call.
  for (const m of [...singles].sort()) await tx.$executeRaw`SELECT "absensi_assert_period_open"(${`${m}-01`}::date, ${`${m}-01`}::date)`;
  for (const r of ranges)
    await tx.$executeRaw`SELECT "absensi_assert_period_open"(${`${r.from}-01`}::date, ${r.to ? `${r.to}-01` : null}::date)`;
}

function assertCanManage(actor: SessionUser): void {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat menutup atau membuka periode.');
}

type PeriodRow = Awaited<ReturnType<typeof db.period.findUnique>>;

function toDto(month: string, row: PeriodRow, ended: boolean, blockers: PeriodBlocker[]): PeriodDto {
  return {
    month,
    label: periodLabel(month),
    status: row?.status ?? 'open',
    ended,
    closedAt: row?.closedAt?.toISOString() ?? null,
    closedByName: row?.closedByName ?? null,
    reason: row?.reason ?? null,
    overrideReason: row?.overrideReason ?? null,
    reopenedAt: row?.reopenedAt?.toISOString() ?? null,
    reopenReason: row?.reopenReason ?? null,
    blockers,
  };
}

async function todayKey(): Promise<string> {
  return (await officeContext(new Date())).today;
}

/** GET /periods?year=: the twelve months of the year with status and, for open ended months, blockers. */
export async function listPeriods(actor: SessionUser, year?: number): Promise<{ year: number; periods: PeriodDto[] }> {
  assertStaff(actor);
  const today = await todayKey();
  const y = year ?? Number(today.slice(0, 4));
  const months = Array.from({ length: 12 }, (_, i) => `${y}-${String(i + 1).padStart(2, '0')}`);
  const rows = await db.period.findMany({ where: { month: { in: months } } });
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const periods: PeriodDto[] = [];
  for (const month of months) {
    const row = byMonth.get(month) ?? null;
    const started = monthBounds(month).first <= today;
    const ended = monthBounds(month).last < today;
    const blockers = started && row?.status !== 'closed' ? await periodBlockers(db, month) : [];
    periods.push(toDto(month, row, ended, blockers));
  }
  return { year: y, periods };
}

/** POST /periods/{month}/close: the month must have ended; blockers need override and a reason. */
export async function closePeriod(
  actor: SessionUser,
  month: string,
  input: ClosePeriodInput,
): Promise<{ message: string; period: PeriodDto }> {
  assertCanManage(actor);
  const today = await todayKey();
  if (monthBounds(month).last >= today) throw unprocessable(`Periode ${periodLabel(month)} belum berakhir.`, 'PERIOD_NOT_ENDED');
  const reason = input.reason?.trim() || null;
  if (input.override && !reason)
    throw badRequest('Alasan wajib diisi untuk menutup periode yang masih memiliki kendala', 'VALIDATION', {
      reason: 'Alasan wajib diisi',
    });
  const period = await db.$transaction(
    async (tx) => {
      // Every write into the month (and every write of a long or open-ended range) holds its lock in
      // shared mode until it commits; this waits for them and keeps new ones out (they are refused)
      // until the close commits, so the snapshot below holds every write that was not refused.
      await tx.$executeRaw`SELECT "absensi_lock_period_for_close"(${month})`;
      // The row exists and is locked: two admins closing at once are decided here.
      await tx.$executeRaw`INSERT INTO "Period" (month, status, "updatedAt") VALUES (${month}, 'open', now()) ON CONFLICT (month) DO NOTHING`;
      await tx.$queryRaw`SELECT month FROM "Period" WHERE month = ${month} FOR UPDATE`;
      const row = await tx.period.findUniqueOrThrow({ where: { month } });
      if (row.status === 'closed') throw conflict(periodClosedMessage(month), 'PERIOD_CLOSED');
      const blockers = await periodBlockers(tx, month);
      if (blockers.length && !input.override) {
        const list = blockers.map((b) => `${b.label} (${b.count})`).join(', ');
        throw new AppError(409, 'PERIOD_BLOCKED', `Periode ${periodLabel(month)} belum dapat ditutup: ${list}.`);
      }
      const updated = await tx.period.update({
        where: { month },
        data: {
          status: 'closed',
          closedById: actor.id,
          closedByName: actor.name,
          closedAt: new Date(),
          reason,
          overrideReason: blockers.length ? reason : null,
          blockers: blockers as unknown as Prisma.InputJsonValue,
          // The recap as it stands now (docs/recap.md): a closed month answers from it from here on.
          snapshot: (await recapSnapshot(tx, month)) as unknown as Prisma.InputJsonValue,
        },
      });
      await recordAudit(tx, {
        actor,
        kind: 'period.close',
        entity: 'Period',
        entityId: month,
        before: { status: row.status },
        after: { status: 'closed', reason, override: blockers.length > 0, blockers },
      });
      await periodEvent(tx, 'period.closed', month, actor, reason);
      return updated;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  return { message: `Periode ${periodLabel(month)} berhasil ditutup`, period: toDto(month, period, true, []) };
}

/** POST /periods/{month}/reopen: an admin, with a reason. */
export async function reopenPeriod(
  actor: SessionUser,
  month: string,
  input: ReopenPeriodInput,
): Promise<{ message: string; period: PeriodDto }> {
  assertCanManage(actor);
  const today = await todayKey();
  const period = await db.$transaction(async (tx) => {
    const { count } = await tx.period.updateMany({
      where: { month, status: 'closed' },
      data: { status: 'open', reopenedById: actor.id, reopenedAt: new Date(), reopenReason: input.reason },
    });
    if (count !== 1) throw conflict(`Periode ${periodLabel(month)} belum ditutup.`, 'PERIOD_OPEN');
    await recordAudit(tx, {
      actor,
      kind: 'period.reopen',
      entity: 'Period',
      entityId: month,
      before: { status: 'closed' },
      after: { status: 'open' },
      note: input.reason,
    });
    await periodEvent(tx, 'period.reopened', month, actor, input.reason);
    return tx.period.findUniqueOrThrow({ where: { month } });
  });
  return {
    message: `Periode ${periodLabel(month)} berhasil dibuka kembali`,
    period: toDto(month, period, monthBounds(month).last < today, await periodBlockers(db, month)),
  };
}
