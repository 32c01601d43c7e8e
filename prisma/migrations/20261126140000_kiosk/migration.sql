-- Kiosks (docs/kiosk.md): a shared tablet at an office door, paired with a one-time code, holding its own
-- credential (a device, not a person). Punches made on one carry its id; punches it kept while offline are
-- remembered by the id the kiosk gave them, so a batch sent twice is answered and not written twice.
-- AlterEnum
ALTER TYPE "FlagReason" ADD VALUE 'offline';

-- AlterTable
ALTER TABLE "Attendance" ADD COLUMN     "checkInKioskId" UUID,
ADD COLUMN     "checkOutKioskId" UUID;

-- CreateTable
CREATE TABLE "Kiosk" (
    "id" UUID NOT NULL,
    "officeId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "pairingCodeHash" TEXT,
    "pairingExpiresAt" TIMESTAMPTZ(3),
    "credentialHash" TEXT,
    "pairedAt" TIMESTAMPTZ(3),
    "lastSeenAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "notMeCount" INTEGER NOT NULL DEFAULT 0,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Kiosk_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KioskOfflinePunch" (
    "id" UUID NOT NULL,
    "kioskId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL,
    "message" TEXT,
    "attendanceId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KioskOfflinePunch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Kiosk_pairingCodeHash_key" ON "Kiosk"("pairingCodeHash");

-- CreateIndex
CREATE UNIQUE INDEX "Kiosk_credentialHash_key" ON "Kiosk"("credentialHash");

-- CreateIndex
CREATE INDEX "Kiosk_officeId_idx" ON "Kiosk"("officeId");

-- CreateIndex
CREATE INDEX "KioskOfflinePunch_kioskId_idx" ON "KioskOfflinePunch"("kioskId");

-- AddForeignKey
ALTER TABLE "Attendance" ADD CONSTRAINT "Attendance_checkInKioskId_fkey" FOREIGN KEY ("checkInKioskId") REFERENCES "Kiosk"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attendance" ADD CONSTRAINT "Attendance_checkOutKioskId_fkey" FOREIGN KEY ("checkOutKioskId") REFERENCES "Kiosk"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Kiosk" ADD CONSTRAINT "Kiosk_officeId_fkey" FOREIGN KEY ("officeId") REFERENCES "Office"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KioskOfflinePunch" ADD CONSTRAINT "KioskOfflinePunch_kioskId_fkey" FOREIGN KEY ("kioskId") REFERENCES "Kiosk"("id") ON DELETE CASCADE ON UPDATE CASCADE;
