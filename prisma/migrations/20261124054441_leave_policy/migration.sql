-- CreateEnum
CREATE TYPE "LeaveGrantBasis" AS ENUM ('awal_tahun', 'ulang_tahun_kerja');

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "leaveCarryOverExpiryDay" INTEGER NOT NULL DEFAULT 30,
ADD COLUMN     "leaveGrantBasis" "LeaveGrantBasis" NOT NULL DEFAULT 'awal_tahun',
ADD COLUMN     "leavePolicyFrom" DATE,
ADD COLUMN     "leaveProRataDaysPerMonth" DOUBLE PRECISION;

-- Until now carried-over days expired at the end of their month: keep that date for an existing row.
UPDATE "Settings"
SET "leaveCarryOverExpiryDay" = EXTRACT(DAY FROM (make_date(2001, "leaveCarryOverExpiryMonth", 1) + interval '1 month' - interval '1 day'))::int;
