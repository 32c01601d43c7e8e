-- Leave types from the law that the first defaults (migration …_leave_ledger) lacked or got wrong
-- (docs/leave.md, "Leave types"):
--   - a unit for a type's quota, longest request and attachment threshold: days, or calendar months;
--   - Cuti Melahirkan: 3 calendar months (1.5 before and 1.5 after the birth; a leave from 1 July runs to
--     30 September), up to 6 with a doctor's letter (UU 13/2003 art. 82(1), UU 4/2024 art. 4(3)), not 90 days;
--   - Istri Melahirkan/Keguguran: 2 days plus up to 3 more by agreement, so at most 5 (UU 4/2024 art. 6(2));
--   - new: Cuti Haid (days 1 and 2 of menstruation, paid, not from annual leave; UU 13/2003 art. 81) and
--     Cuti Keguguran (the worker's own miscarriage: 1.5 months or as the doctor's or midwife's letter says;
--     art. 82(2)).
-- A row a company edited is left exactly as it is: the two defaults change only while they still hold
-- every value the first migration gave them, and a new type is added only when no type has its code or
-- its name. Leave requests keep their stored length, so no recorded or closed month changes.

-- CreateEnum
CREATE TYPE "LeaveDurationUnit" AS ENUM ('hari', 'bulan');

-- AlterTable
ALTER TABLE "LeaveTypeConfig" ADD COLUMN     "durationUnit" "LeaveDurationUnit" NOT NULL DEFAULT 'hari';

UPDATE "LeaveTypeConfig"
SET "durationUnit" = 'bulan', "quotaPerEvent" = 3, "maxDays" = 6, "attachmentFromDays" = 3.5, "updatedAt" = CURRENT_TIMESTAMP
WHERE "code" = 'melahirkan' AND "name" = 'Cuti Melahirkan' AND "category" = 'cuti' AND "deductsBalance" = false
  AND "quotaPerEvent" = 90 AND "maxDays" = 180 AND "attachmentRequired" = true AND "attachmentFromDays" = 91
  AND "calendarDays" = true AND "halfDayAllowed" = false AND "hourlyAllowed" = false AND "minNoticeDays" = 0 AND "paid" = true;

UPDATE "LeaveTypeConfig"
SET "maxDays" = 5, "updatedAt" = CURRENT_TIMESTAMP
WHERE "code" = 'istri_melahirkan' AND "name" = 'Istri Melahirkan/Keguguran' AND "deductsBalance" = false
  AND "quotaPerEvent" = 2 AND "maxDays" = 2 AND "calendarDays" = false;

INSERT INTO "LeaveTypeConfig" ("id", "code", "name", "category", "legacyType", "deductsBalance", "quotaPerEvent", "quotaPerYear", "halfDayAllowed", "hourlyAllowed", "attachmentRequired", "attachmentFromDays", "calendarDays", "durationUnit", "maxDays", "minNoticeDays", "paid", "sortOrder", "updatedAt")
SELECT gen_random_uuid(), v.code, v.name, v.category::"LeaveCategory", v.legacy::"LeaveType", false, v.quota, NULL, false, false,
       v.attachment, NULL, true, v.unit::"LeaveDurationUnit", v.max, 0, true, v.sort, CURRENT_TIMESTAMP
FROM (VALUES
  ('keguguran', 'Cuti Keguguran', 'cuti', 'keluarga', 1.5::float8, 3::float8, true, 'bulan', 31),
  ('haid', 'Cuti Haid', 'cuti', 'lainnya', 2::float8, 2::float8, false, 'hari', 35)
) AS v(code, name, category, legacy, quota, max, attachment, unit, sort)
WHERE NOT EXISTS (SELECT 1 FROM "LeaveTypeConfig" t WHERE t."code" = v.code OR lower(t."name") = lower(v.name));
