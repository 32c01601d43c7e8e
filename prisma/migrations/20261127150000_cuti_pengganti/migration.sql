-- CreateEnum
CREATE TYPE "OvertimeCompensation" AS ENUM ('upah', 'cuti', 'pilihan');

-- AlterTable
ALTER TABLE "OvertimeRequest" ADD COLUMN     "convertedAt" TIMESTAMPTZ(3),
ADD COLUMN     "convertedDays" DOUBLE PRECISION,
ADD COLUMN     "convertedMinutes" INTEGER;

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "compensatoryLeaveExpiryDays" INTEGER NOT NULL DEFAULT 90,
ADD COLUMN     "overtimeCompensation" "OvertimeCompensation" NOT NULL DEFAULT 'upah';

-- Cuti Pengganti (docs/leave.md): days off earned by work on a rest day or holiday, or by approved overtime
-- converted instead of paid. Its own ledger balance (credits with an expiry), not the annual one; half
-- days allowed, no notice. Added only when no type has its code or name.
INSERT INTO "LeaveTypeConfig" ("id", "code", "name", "category", "legacyType", "deductsBalance", "quotaPerEvent", "quotaPerYear", "halfDayAllowed", "hourlyAllowed", "attachmentRequired", "attachmentFromDays", "calendarDays", "durationUnit", "maxDays", "minNoticeDays", "paid", "sortOrder", "updatedAt")
SELECT gen_random_uuid(), 'cuti_pengganti', 'Cuti Pengganti', 'cuti'::"LeaveCategory", 'cuti'::"LeaveType", false, NULL, NULL, true, false,
       false, NULL, false, 'hari'::"LeaveDurationUnit", NULL, 0, true, 12, CURRENT_TIMESTAMP
WHERE NOT EXISTS (SELECT 1 FROM "LeaveTypeConfig" t WHERE t."code" = 'cuti_pengganti' OR lower(t."name") = 'cuti pengganti');
