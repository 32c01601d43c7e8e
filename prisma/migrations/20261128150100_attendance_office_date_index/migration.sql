-- Riwayat Absensi filtered by office at 1.5 million records (docs/quality.md, "5,000 employees"): an office
-- with few or no records made the newest-first list read every record looking for ten.
-- CreateIndex
CREATE INDEX "Attendance_officeId_workDate_idx" ON "Attendance"("officeId", "workDate");
