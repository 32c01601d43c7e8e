// What a batch of machine punches will do, line by line, before anything is written (docs/terminals.md):
// the same plan serves the push protocol, the upload and its dry run. A punch is a repeat when its
// (device, PIN, local time) is already stored or appears earlier in the batch; an unknown PIN is kept
// for HR; a punch whose shift day lies in a closed month is kept out of the day's record.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { RawPunch } from '@/features/terminals/lib/attlog';
import { localToInstant, punchWorkDate } from '@/features/terminals/lib/punch-day';
import type { ShiftDay } from '@/features/attendance/lib/shift';
import { addDays } from '@/lib/dates';
import { calendarFor } from '@/features/daily-close/server/day-classify';

type Tx = Prisma.TransactionClient;

/** Where the punches come from: the idempotency key's device, the terminal (if any) and its office. */
export type PunchOrigin = {
  deviceKey: string;
  terminalId: string | null;
  source: 'push' | 'upload';
  office: { id: string; name: string; timezone: string; latitude: number | null; longitude: number | null };
};

export type Outcome = 'record' | 'duplicate' | 'unknown_pin' | 'period_closed';

export type PlannedPunch = RawPunch & {
  at: Date;
  userId: string | null;
  userName: string | null;
  workDate: string | null;
  outcome: Outcome;
};

const keyOf = (p: { pin: string; localTime: string }) => `${p.pin}|${p.localTime}`;

export async function planPunches(tx: Tx, origin: PunchOrigin, punches: readonly RawPunch[]): Promise<PlannedPunch[]> {
  if (!punches.length) return [];
  const pins = [...new Set(punches.map((p) => p.pin))];
  const [stored, users] = await Promise.all([
    tx.$queryRaw<{ pin: string; localTime: string }[]>`
      SELECT m.pin, to_char(m."localTime", 'YYYY-MM-DD HH24:MI:SS') AS "localTime" FROM "MachinePunch" m
      JOIN unnest(${punches.map((p) => p.pin)}::text[], ${punches.map((p) => p.localTime)}::timestamp[]) AS k(pin, t)
        ON m.pin = k.pin AND m."localTime" = k.t
      WHERE m."deviceKey" = ${origin.deviceKey}`,
    tx.user.findMany({ where: { machinePin: { in: pins } }, select: { id: true, name: true, machinePin: true } }),
  ]);
  const seen = new Set(stored.map(keyOf));
  const byPin = new Map(users.map((u) => [u.machinePin!, u]));
  const tz = origin.office.timezone;
  const withTime = punches.map((p) => ({ ...p, at: localToInstant(p.localTime, tz) }));
  const dates = withTime.map((p) => p.localTime.slice(0, 10)).sort();
  const calendar = users.length
    ? await calendarFor(
        tx,
        users.map((u) => u.id),
        addDays(dates[0]!, -1),
        dates[dates.length - 1]!,
      )
    : [];
  const days = new Map<string, ShiftDay>(calendar.map((d) => [`${d.userId}|${d.date}`, d]));
  const planned = withTime.map((p): PlannedPunch => {
    const user = byPin.get(p.pin) ?? null;
    const workDate = user ? punchWorkDate(p.at, tz, (date) => days.get(`${user.id}|${date}`)) : null;
    const key = keyOf(p);
    const outcome: Outcome = seen.has(key) ? 'duplicate' : user ? 'record' : 'unknown_pin';
    seen.add(key);
    return { ...p, userId: user?.id ?? null, userName: user?.name ?? null, workDate, outcome };
  });
  const months = [...new Set(planned.filter((p) => p.outcome === 'record').map((p) => p.workDate!.slice(0, 7)))];
  if (months.length) {
    const closed = new Set(
      (await tx.period.findMany({ where: { status: 'closed', month: { in: months } }, select: { month: true } })).map((p) => p.month),
    );
    for (const p of planned) if (p.outcome === 'record' && closed.has(p.workDate!.slice(0, 7))) p.outcome = 'period_closed';
  }
  return planned;
}
