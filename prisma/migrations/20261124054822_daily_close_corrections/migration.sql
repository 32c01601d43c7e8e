-- CreateEnum
CREATE TYPE "DayResult" AS ENUM ('hadir', 'alpa', 'cuti', 'izin', 'sakit', 'libur', 'istirahat', 'lupa_checkout', 'dinas_luar');

-- CreateEnum
CREATE TYPE "CorrectionKind" AS ENUM ('tambah_jam', 'dinas_luar', 'sanggah_alpa');

-- CreateEnum
CREATE TYPE "CorrectionStatus" AS ENUM ('pending', 'approved', 'rejected');

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "dailyCloseTime" TEXT NOT NULL DEFAULT '02:00';

-- CreateTable
CREATE TABLE "AttendanceDay" (
    "userId" UUID NOT NULL,
    "date" DATE NOT NULL,
    "officeId" UUID NOT NULL,
    "status" "DayResult" NOT NULL,
    "calendarStatus" TEXT NOT NULL,
    "shiftStart" TEXT,
    "shiftEnd" TEXT,
    "attendanceId" UUID,
    "checkInAt" TIMESTAMPTZ(3),
    "checkOutAt" TIMESTAMPTZ(3),
    "lateMinutes" INTEGER NOT NULL DEFAULT 0,
    "earlyMinutes" INTEGER NOT NULL DEFAULT 0,
    "leaveId" UUID,
    "leaveTypeName" TEXT,
    "correctionId" UUID,
    "classifiedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AttendanceDay_pkey" PRIMARY KEY ("userId","date")
);

-- CreateTable
CREATE TABLE "DayClose" (
    "officeId" UUID NOT NULL,
    "date" DATE NOT NULL,
    "days" INTEGER NOT NULL DEFAULT 0,
    "closedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DayClose_pkey" PRIMARY KEY ("officeId","date")
);

-- CreateTable
CREATE TABLE "AttendanceCorrection" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "date" DATE NOT NULL,
    "kind" "CorrectionKind" NOT NULL,
    "attendanceId" UUID,
    "checkInAt" TIMESTAMPTZ(3),
    "checkOutAt" TIMESTAMPTZ(3),
    "note" TEXT,
    "reason" TEXT NOT NULL,
    "status" "CorrectionStatus" NOT NULL DEFAULT 'pending',
    "pendingKey" TEXT,
    "original" JSONB,
    "requestedById" UUID,
    "requestedByName" TEXT NOT NULL,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "direct" BOOLEAN NOT NULL DEFAULT false,
    "decidedById" UUID,
    "decidedByName" TEXT,
    "decidedAt" TIMESTAMPTZ(3),
    "decisionNote" TEXT,
    "attachmentMime" TEXT,
    "attachmentName" TEXT,
    "attachmentSize" INTEGER,
    "attachment" BYTEA,

    CONSTRAINT "AttendanceCorrection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AttendanceDay_officeId_date_idx" ON "AttendanceDay"("officeId", "date");

-- CreateIndex
CREATE INDEX "AttendanceDay_date_status_idx" ON "AttendanceDay"("date", "status");

-- CreateIndex
CREATE UNIQUE INDEX "AttendanceCorrection_pendingKey_key" ON "AttendanceCorrection"("pendingKey");

-- CreateIndex
CREATE INDEX "AttendanceCorrection_userId_date_idx" ON "AttendanceCorrection"("userId", "date");

-- CreateIndex
CREATE INDEX "AttendanceCorrection_status_requestedAt_idx" ON "AttendanceCorrection"("status", "requestedAt");

-- AddForeignKey
ALTER TABLE "AttendanceDay" ADD CONSTRAINT "AttendanceDay_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceCorrection" ADD CONSTRAINT "AttendanceCorrection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
