-- Tutup Harian (docs/daily-close.md): the catch-up window of the daily close is a setting (Settings,
-- set on the Tutup Harian page with the close time), no longer a constant; 62 days as before.
-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "dailyCloseCatchUpDays" INTEGER NOT NULL DEFAULT 62;
