-- Work on a cuti bersama day is an ordinary working day for overtime (the worker keeps the leave day and
-- is paid a normal day; docs/overtime.md). Holiday rates on those days are a company's own extra: this
-- opt-in, off by default. Requests keep the day kind they were made with, so nothing already recorded changes.
-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "overtimeCutiBersamaHolidayRate" BOOLEAN NOT NULL DEFAULT false;
