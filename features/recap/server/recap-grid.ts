// Absensi Bulanan (docs/exports.md): the month as a grid, employees × days, one code per day. The rows,
// their offices and the recap's figures are the recap's (pagedRecapOf/recapOf: a closed month's snapshot, an open
// month live), so the grid and Rekap Bulanan count the same people the same way; each day's code is the
// day the daily close classified (AttendanceDay, which the period lock keeps unchanged in a closed month).
// A day without one (not closed yet, or outside employment) has no code.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { addDays, isoWeekday, monthBounds } from '@/lib/dates';
import { pagedRecapOf, type RecapRow } from '@/features/recap/server/recap';
import { codeCounts, GRID_CODES, GRID_LEGEND, gridCode, shadeOf, type GridShade } from '@/features/recap/lib/grid-codes';
import type { GridColumnDay, GridDto, GridRow } from '@/features/recap/types/grid';
import type { GridQuery } from '@/features/recap/validation/grid';
import { periodLabel } from '@/features/periods/validation/periods';

const WEEKDAYS = ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min'];

/** The month's dates with weekday, weekend and the holidays of `officeId` (every office's when null). */
export async function gridDays(month: string, officeId: string | null): Promise<GridColumnDay[]> {
  const { first, last } = monthBounds(month);
  const holidays = await db.$queryRaw<{ date: string; name: string }[]>`
    SELECT "date"::text AS date, string_agg(name, ', ' ORDER BY name) AS name FROM "Holiday"
    WHERE "date" BETWEEN ${first}::date AND ${last}::date
      AND (cardinality("officeIds") = 0 OR ${officeId}::uuid = ANY ("officeIds"))
    GROUP BY "date"`;
  const named = new Map(holidays.map((h) => [h.date, h.name]));
  const out: GridColumnDay[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) {
    const wd = isoWeekday(d);
    out.push({ date: d, day: Number(d.slice(8)), weekday: WEEKDAYS[wd - 1]!, weekend: wd >= 6, holiday: named.get(d) ?? null });
  }
  return out;
}

type DayCell = { userId: string; date: string; status: string; calendarStatus: string; lateMinutes: number };

/** The grid rows of these recap rows: each day's code and shade, and the totals. Two queries. */
export async function gridRows(month: string, rows: RecapRow[]): Promise<GridRow[]> {
  if (!rows.length) return [];
  const { first, last } = monthBounds(month);
  const ids = rows.map((r) => r.userId);
  const open = rows.filter((r) => r.openDays > 0).map((r) => r.userId);
  const [closed, calendar] = await Promise.all([
    db.$queryRaw<DayCell[]>`
      SELECT "userId"::text AS "userId", "date"::text AS date, status::text AS status, "calendarStatus", "lateMinutes"
      FROM "AttendanceDay" WHERE "userId" = ANY (${ids}::uuid[]) AND "date" BETWEEN ${first}::date AND ${last}::date`,
    // The shade of a day not closed yet comes from the calendar (only for those who have such days).
    open.length
      ? db.$queryRaw<{ userId: string; date: string; status: string }[]>`
          SELECT "userId"::text AS "userId", "date"::text AS date, status FROM absensi_calendar(${first}::date, ${last}::date, ${open}::uuid[])`
      : Promise.resolve([]),
  ]);
  const dayIndex = (date: string) => Number(date.slice(8)) - 1;
  const length = Number(last.slice(8));
  const cells = new Map<string, { codes: GridRow['codes']; shades: GridShade[] }>();
  for (const id of ids)
    cells.set(id, { codes: Array<GridRow['codes'][number]>(length).fill(''), shades: Array<GridShade>(length).fill(null) });
  for (const c of calendar) {
    const row = cells.get(c.userId);
    if (row) row.shades[dayIndex(c.date)] = shadeOf(c.status);
  }
  for (const d of closed) {
    const row = cells.get(d.userId)!;
    row.codes[dayIndex(d.date)] = gridCode(d);
    row.shades[dayIndex(d.date)] = shadeOf(d.calendarStatus);
  }
  return rows.map((r) => {
    const { codes, shades } = cells.get(r.userId)!;
    return {
      userId: r.userId,
      name: r.name,
      employeeNumber: r.employeeNumber ?? null,
      officeId: r.officeId,
      officeName: r.officeName,
      division: r.division ?? null,
      codes,
      shades,
      totals: { ...codeCounts(codes), workDays: r.workDays, present: r.present, openDays: r.openDays },
    };
  });
}

/** The recap's rows in the grid's order: office, then name. */
const ordered = (rows: RecapRow[]) =>
  [...rows].sort(
    (a, b) => a.officeName.localeCompare(b.officeName, 'id') || a.name.localeCompare(b.name, 'id') || a.userId.localeCompare(b.userId),
  );

export type GridData = Omit<GridDto, 'page' | 'pageSize' | 'total' | 'rows'> & { recapRows: RecapRow[]; officeName: string | null };

/** Everything but the rows' cells: the recap (snapshot or live), the days, the legend. */
export async function gridBase(actor: SessionUser, q: GridQuery): Promise<GridData> {
  assertStaff(actor);
  const office = q.officeId ? await db.office.findUnique({ where: { id: q.officeId }, select: { name: true } }) : null;
  if (q.officeId && !office) throw notFound('Kantor tidak ditemukan');
  const [recap, days] = await Promise.all([
    // The screen's later pages read the recap its page 1 computed (as Rekap Bulanan's do); a file computes afresh.
    pagedRecapOf(q, q.format === 'json' ? q.page : 1),
    gridDays(q.month, q.officeId ?? null),
  ]);
  return {
    month: q.month,
    label: periodLabel(q.month),
    status: recap.status,
    source: recap.source,
    days,
    legend: GRID_CODES.map((code) => ({ code, label: GRID_LEGEND[code] })),
    recapRows: ordered(recap.rows),
    officeName: office?.name ?? null,
  };
}

/** GET /api/recap/grid?format=json: one page of rows (the screen). */
export async function gridPage(base: GridData, q: GridQuery): Promise<GridDto> {
  const { recapRows, officeName: _office, ...rest } = base;
  const slice = recapRows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
  return { ...rest, rows: await gridRows(q.month, slice), page: q.page, pageSize: q.pageSize, total: recapRows.length };
}
