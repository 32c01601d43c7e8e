-- CreateEnum
CREATE TYPE "OvertimeStatus" AS ENUM ('pending', 'approved', 'rejected', 'cancelled');

-- CreateEnum
CREATE TYPE "OvertimeOrigin" AS ENUM ('request', 'assignment');

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "overtimeRoundingMinutes" INTEGER NOT NULL DEFAULT 30;

-- CreateTable
CREATE TABLE "OvertimeRequest" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "date" DATE NOT NULL,
    "startTime" TEXT NOT NULL,
    "endTime" TEXT NOT NULL,
    "startAt" TIMESTAMPTZ(3) NOT NULL,
    "endAt" TIMESTAMPTZ(3) NOT NULL,
    "minutes" INTEGER NOT NULL,
    "dayKind" TEXT NOT NULL,
    "weekDays" INTEGER NOT NULL,
    "timezone" TEXT NOT NULL,
    "shiftStart" TEXT,
    "shiftEnd" TEXT,
    "reason" TEXT NOT NULL,
    "origin" "OvertimeOrigin" NOT NULL DEFAULT 'request',
    "orderNumber" TEXT,
    "status" "OvertimeStatus" NOT NULL DEFAULT 'pending',
    "createdById" UUID,
    "createdByName" TEXT NOT NULL,
    "consentAt" TIMESTAMPTZ(3),
    "supervisorApprovedAt" TIMESTAMPTZ(3),
    "supervisorApprovedById" UUID,
    "processedAt" TIMESTAMPTZ(3),
    "processedById" UUID,
    "processedByName" TEXT,
    "decisionNote" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OvertimeRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OvertimeRequest_userId_date_idx" ON "OvertimeRequest"("userId", "date");

-- CreateIndex
CREATE INDEX "OvertimeRequest_status_idx" ON "OvertimeRequest"("status");

-- CreateIndex
CREATE INDEX "OvertimeRequest_date_idx" ON "OvertimeRequest"("date");

-- AddForeignKey
ALTER TABLE "OvertimeRequest" ADD CONSTRAINT "OvertimeRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
