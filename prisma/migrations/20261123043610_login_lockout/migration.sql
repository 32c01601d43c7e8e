-- DropIndex
DROP INDEX "LoginAttempt_email_createdAt_idx";

-- Rate-limit state only (rows live a day): the old rows have no account key, start afresh.
DELETE FROM "LoginAttempt";

-- AlterTable
ALTER TABLE "LoginAttempt" ADD COLUMN     "accountKey" TEXT NOT NULL,
ADD COLUMN     "fromKnownAddress" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "LoginLock" (
    "accountKey" TEXT NOT NULL,
    "lockedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LoginLock_pkey" PRIMARY KEY ("accountKey")
);

-- CreateTable
CREATE TABLE "KnownLoginAddress" (
    "userId" UUID NOT NULL,
    "ip" TEXT NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KnownLoginAddress_pkey" PRIMARY KEY ("userId","ip")
);

-- CreateIndex
CREATE INDEX "LoginAttempt_accountKey_ip_createdAt_idx" ON "LoginAttempt"("accountKey", "ip", "createdAt");

-- CreateIndex
CREATE INDEX "LoginAttempt_accountKey_createdAt_idx" ON "LoginAttempt"("accountKey", "createdAt");

-- AddForeignKey
ALTER TABLE "KnownLoginAddress" ADD CONSTRAINT "KnownLoginAddress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
