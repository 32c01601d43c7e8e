-- Istirahat (docs/calendar.md, "Istirahat"): a schedule may require the break to be punched out and in
-- (Mulai Istirahat / Selesai Istirahat); its allowed length stays the schedule's (or the roster cell's)
-- breakMinutes. The record keeps the break's two punches and the allowed length at its start; the flags
-- a break punch raises are kept under their own phases.
ALTER TABLE "WorkSchedule" ADD COLUMN "breakPunch" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "Attendance" ADD COLUMN "breakStartAt" TIMESTAMPTZ(3),
ADD COLUMN "breakEndAt" TIMESTAMPTZ(3),
ADD COLUMN "breakAllowedMinutes" INTEGER;

ALTER TYPE "PhotoKind" ADD VALUE IF NOT EXISTS 'break_start';
ALTER TYPE "PhotoKind" ADD VALUE IF NOT EXISTS 'break_end';
