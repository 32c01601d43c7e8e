// A machine punch is a fact (docs/terminals.md): stored once per (device, PIN, local time), then the
// day's record is derived from the day's machine punches — the first is the check-in, the last the
// check-out — without ever overwriting a punch made on a phone or a kiosk: such a record keeps its
// check-in, and gets the machine's last punch as its check-out only when it has none of its own.
import type { Prisma } from '@/lib/generated/prisma/client';
import { dateKeyToDate } from '@/lib/dates';
import { earlyMinutes, lateMinutes, type ShiftDay } from '@/features/attendance/lib/shift';
import { firstAndLast } from '@/features/terminals/lib/punch-day';
import { calendarFor } from '@/features/daily-close/server/day-classify';
import { assertPeriodOpen } from '@/features/periods/server/periods';
import { reclassifyDays } from '@/features/daily-close/server/reclassify';
import type { PlannedPunch, PunchOrigin } from '@/features/terminals/server/machine-plan';

type Tx = Prisma.TransactionClient;

/** The method a machine writes on the record's side it decides. */
export const MACHINE_METHOD = 'machine';

export type RecordResult = { recorded: number; duplicates: number; unknownPins: number; periodClosed: number; days: number };

const STATE = { record: 'applied', unknown_pin: 'unknown_pin', period_closed: 'period_closed' } as const;

/** Stores the batch's new punches and derives the days they touch, in the caller's transaction. */
export async function recordPunches(tx: Tx, origin: PunchOrigin, planned: readonly PlannedPunch[]): Promise<RecordResult> {
  const rows = planned.filter((p) => p.outcome !== 'duplicate');
  const inserted = rows.length
    ? await tx.$queryRaw<{ userId: string | null; workDate: string | null; state: string }[]>`
      INSERT INTO "MachinePunch" (id, "deviceKey", "terminalId", "officeId", source, pin, "localTime", "punchedAt", "workDate", "userId", status, verify, state)
      SELECT gen_random_uuid(), ${origin.deviceKey}, ${origin.terminalId}::uuid, ${origin.office.id}::uuid, ${origin.source}::"MachinePunchSource",
             k.pin, k.t, k.at, k.wd, k.uid, k.st, k.vf, k.state::"MachinePunchState"
        FROM unnest(${rows.map((p) => p.pin)}::text[], ${rows.map((p) => p.localTime)}::timestamp[], ${rows.map((p) => p.at)}::timestamptz[],
                    ${rows.map((p) => p.workDate)}::date[], ${rows.map((p) => p.userId)}::uuid[], ${rows.map((p) => p.status)}::int[],
                    ${rows.map((p) => p.verify)}::int[], ${rows.map((p) => STATE[p.outcome as keyof typeof STATE])}::text[])
          AS k(pin, t, at, wd, uid, st, vf, state)
      ON CONFLICT ("deviceKey", pin, "localTime") DO NOTHING
      RETURNING "userId"::text AS "userId", "workDate"::text AS "workDate", state::text AS state`
    : [];
  const days = new Map<string, { userId: string; date: string }>();
  for (const r of inserted) if (r.state === 'applied') days.set(`${r.userId}|${r.workDate}`, { userId: r.userId!, date: r.workDate! });
  const pairs = [...days.values()];
  if (pairs.length) {
    await assertPeriodOpen(tx, ...pairs.map((p) => p.date));
    const users = [...new Set(pairs.map((p) => p.userId))];
    // Serialises with the other writers of these people (leave, corrections), in one statement.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ANY(${users}::uuid[]) ORDER BY id FOR UPDATE`;
    await applyDays(tx, pairs);
    await reclassifyClosed(tx, pairs);
  }
  return {
    recorded: inserted.length,
    duplicates: planned.length - inserted.length,
    unknownPins: inserted.filter((r) => r.state === 'unknown_pin').length,
    periodClosed: inserted.filter((r) => r.state === 'period_closed').length,
    days: pairs.length,
  };
}

/** Days already closed among these get their classification again (docs/daily-close.md), in this transaction. */
async function reclassifyClosed(tx: Tx, pairs: readonly { userId: string; date: string }[]): Promise<void> {
  const dates = [...new Set(pairs.map((p) => p.date))];
  const closed = await tx.$queryRaw<{ date: string }[]>`
    SELECT DISTINCT date::text AS date FROM "DayClose" WHERE date = ANY(${dates}::date[])
    UNION SELECT DISTINCT date::text FROM "AttendanceDay" WHERE date = ANY(${dates}::date[]) AND "userId" = ANY(${pairs.map((p) => p.userId)}::uuid[])`;
  if (!closed.length) return;
  const closedDates = new Set(closed.map((c) => c.date));
  const byUser = new Map<string, string[]>();
  for (const p of pairs) if (closedDates.has(p.date)) byUser.set(p.userId, [...(byUser.get(p.userId) ?? []), p.date]);
  for (const [userId, list] of [...byUser].sort()) {
    list.sort();
    await reclassifyDays(tx, userId, list[0]!, list[list.length - 1]!);
  }
}

type DayPunch = {
  userId: string;
  workDate: string;
  at: Date;
  officeId: string;
  timezone: string;
  latitude: number | null;
  longitude: number | null;
};
type Planned = {
  userId: string;
  date: string;
  punches: DayPunch[];
  fl: { checkIn: Date; checkOut: Date | null };
  day: ShiftDay | undefined;
};

/**
 * Derives these employee-days' records from their machine punches (see the file's head): a day without
 * a record gets one (all in one statement); a day with one is merged into it.
 */
export async function applyDays(tx: Tx, pairs: readonly { userId: string; date: string }[]): Promise<void> {
  const users = [...new Set(pairs.map((p) => p.userId))];
  const dates = [...new Set(pairs.map((p) => p.date))].sort();
  const [punches, calendar] = await Promise.all([
    tx.$queryRaw<DayPunch[]>`
      SELECT m."userId"::text AS "userId", m."workDate"::text AS "workDate", m."punchedAt" AS at, o.id::text AS "officeId", o.timezone, o.latitude, o.longitude
        FROM "MachinePunch" m JOIN "Office" o ON o.id = m."officeId"
       WHERE m."userId" = ANY(${users}::uuid[]) AND m."workDate" = ANY(${dates}::date[]) AND m.state IN ('applied', 'other_source')
       ORDER BY m."punchedAt"`,
    calendarFor(tx, users, dates[0]!, dates[dates.length - 1]!),
  ]);
  const cal = new Map(calendar.map((d) => [`${d.userId}|${d.date}`, d]));
  const plans: Planned[] = [];
  for (const p of pairs) {
    const own = punches.filter((x) => x.userId === p.userId && x.workDate === p.date);
    const fl = firstAndLast(own.map((x) => x.at));
    if (fl) plans.push({ ...p, punches: own, fl, day: cal.get(`${p.userId}|${p.date}`) });
  }
  const rows = plans.map((p) => {
    const first = p.punches[0]!;
    const tz = first.timezone;
    const kerja = p.day?.status === 'kerja';
    const record = {
      date: p.date,
      checkedOut: false,
      shiftStart: kerja ? p.day!.shiftStart : null,
      shiftEnd: kerja ? p.day!.shiftEnd : null,
    };
    const out = p.fl.checkOut;
    return {
      userId: p.userId,
      date: p.date,
      in: p.fl.checkIn,
      lat: first.latitude ?? 0,
      lng: first.longitude ?? 0,
      late: lateMinutes(p.fl.checkIn, p.day, tz),
      out,
      early: out ? earlyMinutes(out, record, tz) : null,
      office: first.officeId,
      status: p.day?.status ?? null,
      start: record.shiftStart,
      end: record.shiftEnd,
    };
  });
  const created = rows.length
    ? await tx.$queryRaw<{ userId: string; date: string }[]>`
      INSERT INTO "Attendance" (id, "userId", "workDate", "checkInAt", "checkInLatitude", "checkInLongitude", "checkInDistance", "checkInMethod", "lateMinutes",
                                "checkOutAt", "checkOutLatitude", "checkOutLongitude", "checkOutDistance", "checkOutMethod", "earlyMinutes",
                                "officeId", "dayStatus", "shiftStart", "shiftEnd", "updatedAt")
      SELECT gen_random_uuid(), k.u, k.d, k.i, k.lat, k.lng, 0, ${MACHINE_METHOD}, k.late,
             k.o, CASE WHEN k.o IS NULL THEN NULL ELSE k.lat END, CASE WHEN k.o IS NULL THEN NULL ELSE k.lng END,
             CASE WHEN k.o IS NULL THEN NULL ELSE 0 END, CASE WHEN k.o IS NULL THEN NULL ELSE ${MACHINE_METHOD} END, k.early,
             k.office, k.status, k.ss, k.se, now()
        FROM unnest(${rows.map((r) => r.userId)}::uuid[], ${rows.map((r) => r.date)}::date[], ${rows.map((r) => r.in)}::timestamptz[],
                    ${rows.map((r) => r.lat)}::float8[], ${rows.map((r) => r.lng)}::float8[], ${rows.map((r) => r.late)}::int[],
                    ${rows.map((r) => r.out)}::timestamptz[], ${rows.map((r) => r.early)}::int[], ${rows.map((r) => r.office)}::uuid[],
                    ${rows.map((r) => r.status)}::text[], ${rows.map((r) => r.start)}::text[], ${rows.map((r) => r.end)}::text[])
          AS k(u, d, i, lat, lng, late, o, early, office, status, ss, se)
      ON CONFLICT ("userId", "workDate") DO NOTHING
      RETURNING "userId"::text AS "userId", "workDate"::text AS date`
    : [];
  const made = new Set(created.map((c) => `${c.userId}|${c.date}`));
  const outcome = { applied: [] as Planned[], other: [] as Planned[] };
  for (const [i, p] of plans.entries()) {
    const r = rows[i]!;
    const applied =
      made.has(`${p.userId}|${p.date}`) ||
      (await mergeInto(tx, p.userId, p.date, p.fl, { lat: r.lat, lng: r.lng, tz: p.punches[0]!.timezone, day: p.day }));
    (applied ? outcome.applied : outcome.other).push(p);
  }
  for (const [state, list] of [
    ['applied', outcome.applied],
    ['other_source', outcome.other],
  ] as const) {
    if (!list.length) continue;
    await tx.$executeRaw`
      UPDATE "MachinePunch" m SET state = ${state}::"MachinePunchState"
        FROM unnest(${list.map((p) => p.userId)}::uuid[], ${list.map((p) => p.date)}::date[]) AS k(u, d)
       WHERE m."userId" = k.u AND m."workDate" = k.d AND m.state IN ('applied', 'other_source') AND m.state <> ${state}::"MachinePunchState"`;
  }
}

/** The day already has a record: machine sides follow the punches, a phone/kiosk side is never touched. */
async function mergeInto(
  tx: Tx,
  userId: string,
  date: string,
  fl: { checkIn: Date; checkOut: Date | null },
  at: { lat: number; lng: number; tz: string; day: ShiftDay | undefined },
): Promise<boolean> {
  const row = await tx.attendance.findUnique({ where: { userId_workDate: { userId, workDate: dateKeyToDate(date) } } });
  if (!row) return false;
  const inMachine = row.checkInMethod === MACHINE_METHOD;
  const checkIn = inMachine ? fl.checkIn : row.checkInAt;
  const last = fl.checkOut ?? fl.checkIn;
  const outFree = row.checkOutMethod === null || row.checkOutMethod === MACHINE_METHOD;
  const checkOut = outFree && last.getTime() > checkIn.getTime() ? last : null;
  if (!inMachine && !checkOut) return false;
  const record = { date, checkedOut: false, shiftStart: row.shiftStart, shiftEnd: row.shiftEnd };
  const shiftDay = at.day && { ...at.day, shiftStart: row.shiftStart, shiftEnd: row.shiftEnd };
  await tx.attendance.update({
    where: { id: row.id },
    data: {
      ...(inMachine ? { checkInAt: checkIn, lateMinutes: lateMinutes(checkIn, shiftDay, at.tz) } : {}),
      ...(outFree
        ? checkOut
          ? {
              checkOutAt: checkOut,
              checkOutLatitude: at.lat,
              checkOutLongitude: at.lng,
              checkOutDistance: 0,
              checkOutMethod: MACHINE_METHOD,
              earlyMinutes: earlyMinutes(checkOut, record, at.tz),
            }
          : {
              checkOutAt: null,
              checkOutLatitude: null,
              checkOutLongitude: null,
              checkOutDistance: null,
              checkOutMethod: null,
              earlyMinutes: null,
            }
        : {}),
    },
  });
  return true;
}
