-- CreateEnum
CREATE TYPE "FlagReason" AS ENUM ('face', 'liveness', 'replay', 'duplicate_photo', 'device', 'location', 'clock', 'speed', 'repeated_coords', 'ip');

-- CreateEnum
CREATE TYPE "FraudPolicy" AS ENUM ('off', 'flag', 'require');

-- AlterTable
ALTER TABLE "Office" ADD COLUMN     "ipAllowList" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "ipPolicy" "FraudPolicy" NOT NULL DEFAULT 'off';

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "clockSkewMaxMinutes" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "devicePolicy" "FraudPolicy" NOT NULL DEFAULT 'flag',
ADD COLUMN     "locationAccuracyMaxM" INTEGER NOT NULL DEFAULT 100;

-- CreateTable
CREATE TABLE "AttendanceChallenge" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "steps" TEXT[],
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AttendanceChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AttendanceFlag" (
    "id" UUID NOT NULL,
    "attendanceId" UUID NOT NULL,
    "phase" "PhotoKind" NOT NULL,
    "reason" "FlagReason" NOT NULL,
    "detail" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AttendanceFlag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Device" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Device_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AttendanceChallenge_userId_expiresAt_idx" ON "AttendanceChallenge"("userId", "expiresAt");

-- CreateIndex
CREATE INDEX "AttendanceFlag_reason_createdAt_idx" ON "AttendanceFlag"("reason", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AttendanceFlag_attendanceId_phase_reason_key" ON "AttendanceFlag"("attendanceId", "phase", "reason");

-- CreateIndex
CREATE UNIQUE INDEX "Device_publicKey_key" ON "Device"("publicKey");

-- CreateIndex
CREATE INDEX "Device_userId_idx" ON "Device"("userId");

-- AddForeignKey
ALTER TABLE "AttendanceChallenge" ADD CONSTRAINT "AttendanceChallenge_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttendanceFlag" ADD CONSTRAINT "AttendanceFlag_attendanceId_fkey" FOREIGN KEY ("attendanceId") REFERENCES "Attendance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Device" ADD CONSTRAINT "Device_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing face flags join the one review queue: a flag per phase the re-check named in its reason
-- ('Check-in: …; Check-out: …'), the check-in when it named none.
INSERT INTO "AttendanceFlag" ("id", "attendanceId", "phase", "reason", "detail", "createdAt")
SELECT gen_random_uuid(), a."id", 'check_in', 'face', jsonb_build_object('text', a."faceCheckReason"), a."updatedAt"
  FROM "Attendance" a
 WHERE a."faceCheckStatus" = 'flagged'
   AND (a."faceCheckReason" IS NULL OR a."faceCheckReason" LIKE '%Check-in:%' OR a."faceCheckReason" NOT LIKE '%Check-out:%');
INSERT INTO "AttendanceFlag" ("id", "attendanceId", "phase", "reason", "detail", "createdAt")
SELECT gen_random_uuid(), a."id", 'check_out', 'face', jsonb_build_object('text', a."faceCheckReason"), a."updatedAt"
  FROM "Attendance" a
 WHERE a."faceCheckStatus" = 'flagged' AND a."faceCheckReason" LIKE '%Check-out:%';
