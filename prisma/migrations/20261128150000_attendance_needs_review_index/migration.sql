-- Perlu Tinjauan at company scale (docs/quality.md, "5,000 employees"): the records flagged by the face
-- check and not yet decided, in the admin list's order. The inbox and the dashboard's link read this filter;
-- without the index it scanned every record (2.6 s at 1.5 million). Partial, so it holds only those rows.
-- Not expressible in schema.prisma (no partial indexes there); kept by hand in this migration.
CREATE INDEX "Attendance_needs_review_idx" ON "Attendance" ("workDate" DESC, "checkInAt" DESC, "id")
  WHERE "reviewDecision" IS NULL AND "faceCheckStatus" = 'flagged';
