// What a closed day adds to its month, counted from AttendanceDay rows the way Rekap Bulanan added them up
// before the month's sums existed (docs/recap.md, "The month's sums"): the independent answer the sums kept by
// the triggers are checked against, in tests/integration/attendance-month.test.ts and bench/recap.bench.ts.
// Written apart from the migration on purpose: a mistake in the triggers must not be copied into its check.

/** The figures' columns, in AttendanceMonth's order. */
export const MONTH_FIGURES = `days, "workDays", present, "dinasLuar", "lateCount", "lateMinutes", "earlyCount", "earlyMinutes", alpa, libur,
  istirahat, "holidaysWorked", "restDaysWorked", "lupaCheckout", "correctedDays"`;

/** The same figures as aggregates over AttendanceDay rows (for a SELECT … GROUP BY). */
export const MONTH_FIGURES_FROM_DAYS = `
  count(*)::int AS days,
  count(*) FILTER (WHERE "calendarStatus" = 'kerja')::int AS "workDays",
  count(*) FILTER (WHERE status IN ('hadir', 'dinas_luar', 'lupa_checkout'))::int AS present,
  count(*) FILTER (WHERE status = 'dinas_luar')::int AS "dinasLuar",
  count(*) FILTER (WHERE "lateMinutes" > 0)::int AS "lateCount",
  coalesce(sum("lateMinutes"), 0)::int AS "lateMinutes",
  count(*) FILTER (WHERE "earlyMinutes" > 0)::int AS "earlyCount",
  coalesce(sum("earlyMinutes"), 0)::int AS "earlyMinutes",
  count(*) FILTER (WHERE status = 'alpa')::int AS alpa,
  count(*) FILTER (WHERE status = 'libur')::int AS libur,
  count(*) FILTER (WHERE status = 'istirahat')::int AS istirahat,
  count(*) FILTER (WHERE "calendarStatus" IN ('libur_nasional', 'libur_perusahaan', 'cuti_bersama')
    AND status IN ('hadir', 'dinas_luar', 'lupa_checkout'))::int AS "holidaysWorked",
  count(*) FILTER (WHERE "calendarStatus" = 'istirahat' AND status IN ('hadir', 'dinas_luar', 'lupa_checkout'))::int AS "restDaysWorked",
  count(*) FILTER (WHERE status = 'lupa_checkout')::int AS "lupaCheckout",
  count("correctionId")::int AS "correctedDays"`;
