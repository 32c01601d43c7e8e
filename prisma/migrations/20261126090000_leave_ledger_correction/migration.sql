-- AlterEnum
ALTER TYPE "LedgerKind" ADD VALUE 'correction';
