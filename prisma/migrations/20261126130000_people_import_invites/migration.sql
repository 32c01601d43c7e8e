-- People as HR knows them, imports and invitations (docs/onboarding.md):
--   - NIK karyawan (employee number: letters and digits, stored upper-case, unique), a phone number for
--     WhatsApp (digits with the country code, '6281234567890') and a division (Divisi) on User;
--   - Division: a small table HR manages, its name unique regardless of case;
--   - UserInvite: one-time activation links, only the token's SHA-256 kept;
--   - Settings.defaultPasswordOnboarding: new accounts get the default password (true) or wait for a link;
--   - LedgerKind 'opening_balance': a balance brought in by an import is a ledger row of its own kind.

-- AlterEnum
ALTER TYPE "LedgerKind" ADD VALUE 'opening_balance';

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "defaultPasswordOnboarding" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "divisionId" UUID,
ADD COLUMN     "employeeNumber" TEXT,
ADD COLUMN     "phone" TEXT;

-- CreateTable
CREATE TABLE "Division" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Division_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserInvite" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "createdById" UUID,

    CONSTRAINT "UserInvite_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "UserInvite_tokenHash_key" ON "UserInvite"("tokenHash");

-- CreateIndex
CREATE INDEX "UserInvite_userId_idx" ON "UserInvite"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "User_employeeNumber_key" ON "User"("employeeNumber");

-- CreateIndex
CREATE INDEX "User_divisionId_idx" ON "User"("divisionId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_divisionId_fkey" FOREIGN KEY ("divisionId") REFERENCES "Division"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserInvite" ADD CONSTRAINT "UserInvite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A division's name is unique whatever its case ('Keuangan' and 'keuangan' are one division).
CREATE UNIQUE INDEX "Division_name_lower_key" ON "Division" (lower("name"));
