-- Attendance machines (docs/terminals.md): terminals known by serial number, accepted by an admin before
-- their punches count; machine punches as facts, unique per (device, PIN, local time); a PIN per employee.

-- CreateEnum
CREATE TYPE "TerminalStatus" AS ENUM ('pending', 'accepted');

-- CreateEnum
CREATE TYPE "MachinePunchSource" AS ENUM ('push', 'upload');

-- CreateEnum
CREATE TYPE "MachinePunchState" AS ENUM ('applied', 'unknown_pin', 'other_source', 'period_closed');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "machinePin" TEXT;

-- CreateTable
CREATE TABLE "Terminal" (
    "id" UUID NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "name" TEXT,
    "status" "TerminalStatus" NOT NULL DEFAULT 'pending',
    "officeId" UUID,
    "attlogStamp" TEXT,
    "pushVersion" TEXT,
    "lastIp" TEXT,
    "lastSeenAt" TIMESTAMPTZ(3),
    "acceptedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Terminal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MachinePunch" (
    "id" UUID NOT NULL,
    "deviceKey" TEXT NOT NULL,
    "terminalId" UUID,
    "officeId" UUID NOT NULL,
    "source" "MachinePunchSource" NOT NULL,
    "pin" TEXT NOT NULL,
    "localTime" TIMESTAMP(0) NOT NULL,
    "punchedAt" TIMESTAMPTZ(3) NOT NULL,
    "workDate" DATE,
    "userId" UUID,
    "status" INTEGER,
    "verify" INTEGER,
    "state" "MachinePunchState" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MachinePunch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Terminal_serialNumber_key" ON "Terminal"("serialNumber");

-- CreateIndex
CREATE INDEX "Terminal_status_idx" ON "Terminal"("status");

-- CreateIndex
CREATE INDEX "MachinePunch_userId_workDate_idx" ON "MachinePunch"("userId", "workDate");

-- CreateIndex
CREATE INDEX "MachinePunch_state_pin_idx" ON "MachinePunch"("state", "pin");

-- CreateIndex
CREATE UNIQUE INDEX "MachinePunch_deviceKey_pin_localTime_key" ON "MachinePunch"("deviceKey", "pin", "localTime");

-- CreateIndex
CREATE UNIQUE INDEX "User_machinePin_key" ON "User"("machinePin");

-- AddForeignKey
ALTER TABLE "Terminal" ADD CONSTRAINT "Terminal_officeId_fkey" FOREIGN KEY ("officeId") REFERENCES "Office"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MachinePunch" ADD CONSTRAINT "MachinePunch_terminalId_fkey" FOREIGN KEY ("terminalId") REFERENCES "Terminal"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MachinePunch" ADD CONSTRAINT "MachinePunch_officeId_fkey" FOREIGN KEY ("officeId") REFERENCES "Office"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MachinePunch" ADD CONSTRAINT "MachinePunch_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
