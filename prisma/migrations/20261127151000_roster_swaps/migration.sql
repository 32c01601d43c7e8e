-- CreateEnum
CREATE TYPE "RosterSwapStatus" AS ENUM ('menunggu_rekan', 'menunggu_persetujuan', 'approved', 'rejected');

-- CreateTable
CREATE TABLE "RosterSwap" (
    "id" UUID NOT NULL,
    "requesterId" UUID NOT NULL,
    "partnerId" UUID,
    "date" DATE NOT NULL,
    "start" TEXT,
    "end" TEXT,
    "reason" TEXT NOT NULL,
    "status" "RosterSwapStatus" NOT NULL DEFAULT 'menunggu_persetujuan',
    "consentAt" TIMESTAMPTZ(3),
    "decidedById" UUID,
    "decidedByName" TEXT,
    "decidedAt" TIMESTAMPTZ(3),
    "note" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RosterSwap_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RosterSwap_requesterId_date_idx" ON "RosterSwap"("requesterId", "date");

-- CreateIndex
CREATE INDEX "RosterSwap_partnerId_date_idx" ON "RosterSwap"("partnerId", "date");

-- AddForeignKey
ALTER TABLE "RosterSwap" ADD CONSTRAINT "RosterSwap_requesterId_fkey" FOREIGN KEY ("requesterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RosterSwap" ADD CONSTRAINT "RosterSwap_partnerId_fkey" FOREIGN KEY ("partnerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
