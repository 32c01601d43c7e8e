-- CreateEnum
CREATE TYPE "LeaveCategory" AS ENUM ('cuti', 'izin', 'sakit');

-- CreateEnum
CREATE TYPE "HalfDay" AS ENUM ('pagi', 'siang');

-- CreateEnum
CREATE TYPE "LedgerKind" AS ENUM ('grant', 'deduction', 'reversal', 'carry_over', 'expiry', 'cuti_bersama', 'cuti_bersama_reversal', 'adjustment');

-- CreateEnum
CREATE TYPE "LeaveEligibility" AS ENUM ('setelah_12_bulan', 'pro_rata');

-- AlterEnum
ALTER TYPE "LeaveStatus" ADD VALUE 'cancelled';

-- AlterTable
ALTER TABLE "LeaveRequest" ADD COLUMN     "attachment" BYTEA,
ADD COLUMN     "attachmentMime" TEXT,
ADD COLUMN     "attachmentName" TEXT,
ADD COLUMN     "attachmentSize" INTEGER,
ADD COLUMN     "cancelledAt" TIMESTAMPTZ(3),
ADD COLUMN     "cancelledById" UUID,
ADD COLUMN     "category" "LeaveCategory" NOT NULL DEFAULT 'cuti',
ADD COLUMN     "days" DOUBLE PRECISION,
ADD COLUMN     "halfDay" "HalfDay",
ADD COLUMN     "hours" DOUBLE PRECISION,
ADD COLUMN     "leaveTypeId" UUID,
ADD COLUMN     "supervisorApprovedAt" TIMESTAMPTZ(3),
ADD COLUMN     "supervisorApprovedById" UUID;

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "leaveCarryOverExpiryMonth" INTEGER NOT NULL DEFAULT 6,
ADD COLUMN     "leaveCarryOverMax" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "leaveEligibility" "LeaveEligibility" NOT NULL DEFAULT 'setelah_12_bulan',
ADD COLUMN     "leaveEmployeeCancelApproved" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "supervisorId" UUID;

-- CreateTable
CREATE TABLE "LeaveTypeConfig" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "category" "LeaveCategory" NOT NULL,
    "legacyType" "LeaveType" NOT NULL,
    "deductsBalance" BOOLEAN NOT NULL DEFAULT false,
    "quotaPerEvent" DOUBLE PRECISION,
    "quotaPerYear" DOUBLE PRECISION,
    "halfDayAllowed" BOOLEAN NOT NULL DEFAULT false,
    "hourlyAllowed" BOOLEAN NOT NULL DEFAULT false,
    "attachmentRequired" BOOLEAN NOT NULL DEFAULT false,
    "attachmentFromDays" DOUBLE PRECISION,
    "calendarDays" BOOLEAN NOT NULL DEFAULT false,
    "maxDays" DOUBLE PRECISION,
    "minNoticeDays" INTEGER NOT NULL DEFAULT 0,
    "paid" BOOLEAN NOT NULL DEFAULT true,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LeaveTypeConfig_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeaveLedgerEntry" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "leaveTypeId" UUID NOT NULL,
    "kind" "LedgerKind" NOT NULL,
    "days" DOUBLE PRECISION NOT NULL,
    "effectiveDate" DATE NOT NULL,
    "expiresAt" DATE,
    "period" TEXT,
    "idemKey" TEXT,
    "leaveId" UUID,
    "note" TEXT,
    "actorId" UUID,
    "actorName" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeaveLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeaveStep" (
    "id" UUID NOT NULL,
    "leaveId" UUID NOT NULL,
    "step" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "actorId" UUID,
    "actorName" TEXT NOT NULL,
    "actorRole" TEXT NOT NULL,
    "note" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeaveStep_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LeaveTypeConfig_code_key" ON "LeaveTypeConfig"("code");

-- CreateIndex
CREATE UNIQUE INDEX "LeaveLedgerEntry_idemKey_key" ON "LeaveLedgerEntry"("idemKey");

-- CreateIndex
CREATE INDEX "LeaveLedgerEntry_userId_leaveTypeId_effectiveDate_idx" ON "LeaveLedgerEntry"("userId", "leaveTypeId", "effectiveDate");

-- CreateIndex
CREATE INDEX "LeaveStep_leaveId_createdAt_idx" ON "LeaveStep"("leaveId", "createdAt");

-- CreateIndex
CREATE INDEX "LeaveRequest_leaveTypeId_idx" ON "LeaveRequest"("leaveTypeId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_supervisorId_fkey" FOREIGN KEY ("supervisorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeaveRequest" ADD CONSTRAINT "LeaveRequest_leaveTypeId_fkey" FOREIGN KEY ("leaveTypeId") REFERENCES "LeaveTypeConfig"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeaveLedgerEntry" ADD CONSTRAINT "LeaveLedgerEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeaveLedgerEntry" ADD CONSTRAINT "LeaveLedgerEntry_leaveTypeId_fkey" FOREIGN KEY ("leaveTypeId") REFERENCES "LeaveTypeConfig"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeaveStep" ADD CONSTRAINT "LeaveStep_leaveId_fkey" FOREIGN KEY ("leaveId") REFERENCES "LeaveRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Leave types from the law (UU 13/2003 Pasal 79, 82, 93; docs/leave.md); every field stays editable.
INSERT INTO "LeaveTypeConfig" ("id", "code", "name", "category", "legacyType", "deductsBalance", "quotaPerEvent", "quotaPerYear", "halfDayAllowed", "hourlyAllowed", "attachmentRequired", "attachmentFromDays", "calendarDays", "maxDays", "minNoticeDays", "paid", "sortOrder", "updatedAt") VALUES
(gen_random_uuid(), 'tahunan', 'Cuti Tahunan', 'cuti', 'cuti', true, NULL, 12, true, false, false, NULL, false, NULL, 0, true, 10, CURRENT_TIMESTAMP),
(gen_random_uuid(), 'menikah', 'Cuti Menikah', 'cuti', 'keluarga', false, 3, NULL, false, false, false, NULL, false, 3, 0, true, 20, CURRENT_TIMESTAMP),
(gen_random_uuid(), 'menikahkan_anak', 'Menikahkan Anak', 'cuti', 'keluarga', false, 2, NULL, false, false, false, NULL, false, 2, 0, true, 21, CURRENT_TIMESTAMP),
(gen_random_uuid(), 'khitanan_baptis', 'Khitanan/Baptis Anak', 'cuti', 'keluarga', false, 2, NULL, false, false, false, NULL, false, 2, 0, true, 22, CURRENT_TIMESTAMP),
(gen_random_uuid(), 'istri_melahirkan', 'Istri Melahirkan/Keguguran', 'cuti', 'keluarga', false, 2, NULL, false, false, false, NULL, false, 2, 0, true, 23, CURRENT_TIMESTAMP),
(gen_random_uuid(), 'duka_inti', 'Keluarga Inti Meninggal', 'cuti', 'keluarga', false, 2, NULL, false, false, false, NULL, false, 2, 0, true, 24, CURRENT_TIMESTAMP),
(gen_random_uuid(), 'duka_serumah', 'Anggota Keluarga Serumah Meninggal', 'cuti', 'keluarga', false, 1, NULL, false, false, false, NULL, false, 1, 0, true, 25, CURRENT_TIMESTAMP),
(gen_random_uuid(), 'melahirkan', 'Cuti Melahirkan', 'cuti', 'keluarga', false, 90, NULL, false, false, true, 91, true, 180, 0, true, 30, CURRENT_TIMESTAMP),
(gen_random_uuid(), 'sakit', 'Sakit', 'sakit', 'sakit', false, NULL, NULL, true, false, true, 2, false, NULL, 0, true, 40, CURRENT_TIMESTAMP),
(gen_random_uuid(), 'izin_jam', 'Izin Jam (datang terlambat, pulang cepat, keluar kantor)', 'izin', 'lainnya', false, NULL, NULL, false, true, false, NULL, false, NULL, 0, true, 50, CURRENT_TIMESTAMP),
(gen_random_uuid(), 'tanpa_upah', 'Izin Tanpa Upah', 'izin', 'lainnya', false, NULL, NULL, true, false, false, NULL, false, NULL, 0, false, 60, CURRENT_TIMESTAMP);
