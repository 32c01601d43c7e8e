// Saldo Cuti Karyawan as a file (docs/leave.md): GET /leaves/balances/export, admin and HR. Every employee's
// annual balance as GET /leaves/balance/{userId} gives it (the ledger's sum, the days pending requests would
// take, what is left to ask for, future cuti bersama days), worked out for 500 people at a time: their
// ledgers brought up to date together (ensureLedgers), then a few grouped queries for the batch. The rows
// stream to the file batch by batch (lib/server/export), so a company of 5,000 is never held whole.
import { db } from '@/lib/server/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { exportResponse, type ExportColumn, type ExportDocument } from '@/lib/server/export';
import { getMainOffice } from '@/features/offices/server/offices';
import { annualType } from '@/features/leave/server/leave-types';
import { ensureLedgers } from '@/features/leave/server/leave-ledger-bulk';
import { COMPENSATORY_CODE } from '@/features/leave/server/leave-compensatory';
import { balanceCost } from '@/features/leave/server/leave';
import { todayKey } from '@/features/leave/lib/ledger-rules';
import { dateKeyInZone, dateKeyToDate, dateToKey, formatDateLong } from '@/lib/dates';
import type { BalanceExportQuery } from '@/features/leave/validation/leave-balance-export';

/** People per batch: one ledger pass and one set of grouped queries each. */
export const BALANCE_EXPORT_BATCH = 500;

export type BalanceExportRow = {
  employeeNumber: string | null;
  name: string;
  email: string;
  division: string | null;
  office: string;
  /** null: no annual leave type is configured. */
  balance: number | null;
  pending: number | null;
  available: number | null;
  futureCutiBersama: number | null;
};

const round4 = (n: number) => Math.round(n * 10000) / 10000;

const COLUMNS: ExportColumn<BalanceExportRow>[] = [
  { key: 'employeeNumber', header: 'NIK', type: 'text', value: (r) => r.employeeNumber, width: 12 },
  { key: 'name', header: 'Nama', type: 'text', value: (r) => r.name, width: 24, repeat: true },
  { key: 'division', header: 'Divisi', type: 'text', value: (r) => r.division, width: 16 },
  { key: 'office', header: 'Kantor', type: 'text', value: (r) => r.office, width: 18 },
  { key: 'balance', header: 'Sisa Cuti Tahunan (hari)', type: 'number', value: (r) => r.balance, width: 12 },
  { key: 'pending', header: 'Menunggu Persetujuan (hari)', type: 'number', value: (r) => r.pending, width: 12 },
  { key: 'available', header: 'Masih Bisa Diajukan (hari)', type: 'number', value: (r) => r.available, width: 12 },
  { key: 'futureCutiBersama', header: 'Cuti Bersama Mendatang (hari)', type: 'number', value: (r) => r.futureCutiBersama, width: 12 },
  { key: 'email', header: 'Email', type: 'text', value: (r) => r.email, width: 28, only: ['xlsx', 'json'] },
];

/** Who is listed: the employed employees of Kelola Karyawan's list (not pending, not deactivated), with its filters. */
function peopleWhere(q: BalanceExportQuery): Prisma.UserWhereInput {
  return {
    role: 'employee',
    pendingApproval: false,
    deactivatedAt: null,
    ...(q.officeId ? { homeOfficeId: q.officeId } : {}),
    ...(q.divisionId ? { divisionId: q.divisionId === 'none' ? null : q.divisionId } : {}),
    ...(q.search
      ? {
          OR: [
            { employeeNumber: { contains: q.search, mode: 'insensitive' } },
            { name: { contains: q.search, mode: 'insensitive' } },
            { email: { contains: q.search, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

const ORDER: Prisma.UserOrderByWithRelationInput[] = [{ name: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }];

/**
 * The rows, a batch at a time in name order (a cursor on the id: each batch is its own short query). Each
 * batch's figures are those of getBalance (leave-balance.ts): the ledger brought up to date as of `asOf`,
 * the balance its sum, pending the cost of the annual requests waiting for a decision.
 */
export async function* balanceRows(
  q: BalanceExportQuery,
  asOf: string = todayKey(),
  batch: number = BALANCE_EXPORT_BATCH,
): AsyncGenerator<BalanceExportRow> {
  const [type, main] = await Promise.all([annualType(), getMainOffice()]);
  const where = peopleWhere(q);
  let cursor: string | undefined;
  for (;;) {
    const people = await db.user.findMany({
      where,
      orderBy: ORDER,
      take: batch,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      select: {
        id: true,
        name: true,
        email: true,
        employeeNumber: true,
        division: { select: { name: true } },
        homeOffice: { select: { name: true } },
      },
    });
    if (!people.length) return;
    cursor = people[people.length - 1]!.id;
    const figures = type
      ? await batchFigures(
          people.map((p) => p.id),
          type,
          asOf,
        )
      : null;
    for (const p of people) {
      const f = figures?.get(p.id);
      yield {
        employeeNumber: p.employeeNumber,
        name: p.name,
        email: p.email,
        division: p.division?.name ?? null,
        office: p.homeOffice?.name ?? main.name,
        balance: f ? f.balance : null,
        pending: f ? f.pending : null,
        available: f ? f.available : null,
        futureCutiBersama: f ? f.futureCutiBersama : null,
      };
    }
    if (people.length < batch) return;
  }
}

type Figures = { balance: number; pending: number; available: number; futureCutiBersama: number };

/** One batch's annual figures: the ledgers made up to date together, then three grouped reads. */
async function batchFigures(ids: string[], type: { id: string }, asOf: string): Promise<Map<string, Figures>> {
  await db.$transaction((tx) => ensureLedgers(tx, ids, asOf), { timeout: 120_000 });
  const [sums, ahead, waiting] = await Promise.all([
    db.leaveLedgerEntry.groupBy({ by: ['userId'], where: { userId: { in: ids }, leaveTypeId: type.id }, _sum: { days: true } }),
    db.leaveLedgerEntry.groupBy({
      by: ['userId'],
      where: {
        userId: { in: ids },
        leaveTypeId: type.id,
        kind: { in: ['cuti_bersama', 'cuti_bersama_reversal'] },
        effectiveDate: { gt: dateKeyToDate(asOf) },
      },
      _sum: { days: true },
    }),
    db.leaveRequest.findMany({
      where: { userId: { in: ids }, status: 'pending', leaveType: { deductsBalance: true, code: { not: COMPENSATORY_CODE } } },
      select: { userId: true, startDate: true, days: true, hours: true, leaveType: { select: { deductsBalance: true, code: true } } },
    }),
  ]);
  const balance = new Map(sums.map((s) => [s.userId, round4(s._sum.days ?? 0)]));
  const future = new Map(ahead.map((s) => [s.userId, round4(-(s._sum.days ?? 0))]));
  const pending = new Map<string, number>();
  for (const r of waiting) {
    // Only an hourly permission asks the day's working hours; a request in days costs its days.
    const cost = await balanceCost(r.userId, r.leaveType!, { startDate: dateToKey(r.startDate), days: r.days ?? 0, hours: r.hours });
    pending.set(r.userId, (pending.get(r.userId) ?? 0) + cost);
  }
  return new Map(
    ids.map((id) => {
      const b = balance.get(id) ?? 0;
      const p = round4(pending.get(id) ?? 0);
      return [id, { balance: b, pending: p, available: Math.max(0, round4(b - p)), futureCutiBersama: Math.max(0, future.get(id) ?? 0) }];
    }),
  );
}

/** GET /leaves/balances/export: admin and HR; saldo-cuti-YYYY-MM-DD.{csv,xlsx,pdf,json}, today in the main office's zone. */
export async function exportBalances(actor: SessionUser, q: BalanceExportQuery): Promise<Response> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat mengekspor saldo cuti.');
  const [main, settings] = await Promise.all([
    getMainOffice(),
    db.settings.findUnique({ where: { id: 1 }, select: { companyName: true } }),
  ]);
  const asOf = todayKey();
  const doc: ExportDocument = {
    title: 'Saldo Cuti Karyawan',
    companyName: settings?.companyName?.trim() || 'Absensi',
    periodLabel: `Per ${formatDateLong(asOf)}`,
    schema: 'absensi.saldo-cuti.v1',
    fileBase: `saldo-cuti-${dateKeyInZone(new Date(), main.timezone)}`,
    separator: q.sep === 'comma' ? ',' : ';',
    detail: { name: 'Saldo Cuti', columns: COLUMNS, rows: balanceRows(q, asOf) },
  };
  return exportResponse(q.format, doc);
}
