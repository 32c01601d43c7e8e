// Absensi Bulanan's response (docs/exports.md), shared by the service and the page.
import type { GridCode, GridShade } from '@/features/recap/lib/grid-codes';

export type GridColumnDay = {
  date: string;
  day: number;
  /** Sen, Sel, Rab, Kam, Jum, Sab, Min */
  weekday: string;
  weekend: boolean;
  /** The holiday's name when the date is a holiday of the office (or of every office without a filter). */
  holiday: string | null;
};

export type GridTotals = Record<GridCode, number> & {
  /** The recap's figures (docs/recap.md): hari wajib hadir, hadir, belum ditutup. */
  workDays: number;
  present: number;
  openDays: number;
};

export type GridRow = {
  userId: string;
  name: string;
  employeeNumber: string | null;
  officeId: string;
  officeName: string;
  division: string | null;
  /** One code per day of the month ('' : not closed yet, or outside employment). */
  codes: (GridCode | '')[];
  /** One shade per day: the day's calendar status (rest day, holiday). */
  shades: GridShade[];
  totals: GridTotals;
};

export type GridDto = {
  month: string;
  label: string;
  status: 'open' | 'closed';
  source: 'live' | 'snapshot';
  days: GridColumnDay[];
  legend: { code: GridCode; label: string }[];
  rows: GridRow[];
  page: number;
  pageSize: number;
  total: number;
};
