-- CreateEnum
CREATE TYPE "RegistrationPolicy" AS ENUM ('open', 'domains', 'approval');

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "registrationDomains" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "registrationPolicy" "RegistrationPolicy" NOT NULL DEFAULT 'open';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "pendingApproval" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "AttendanceReview" (
    "id" UUID NOT NULL,
    "attendanceId" UUID NOT NULL,
    "reviewerId" UUID NOT NULL,
    "reviewerName" TEXT NOT NULL,
    "decision" "ReviewDecision" NOT NULL,
    "note" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AttendanceReview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RevokedSession" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RevokedSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AttendanceReview_attendanceId_createdAt_idx" ON "AttendanceReview"("attendanceId", "createdAt");

-- CreateIndex
CREATE INDEX "RevokedSession_expiresAt_idx" ON "RevokedSession"("expiresAt");

-- AddForeignKey
ALTER TABLE "AttendanceReview" ADD CONSTRAINT "AttendanceReview_attendanceId_fkey" FOREIGN KEY ("attendanceId") REFERENCES "Attendance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Review decisions are append-only: no UPDATE or TRUNCATE; a DELETE only when it cascades from the
-- deletion of the attendance record (then it runs inside the foreign key's trigger, depth > 1).
CREATE FUNCTION "attendance_review_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'AttendanceReview is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER "AttendanceReview_no_update_delete" BEFORE UPDATE OR DELETE ON "AttendanceReview" FOR EACH ROW EXECUTE FUNCTION "attendance_review_append_only"();
CREATE TRIGGER "AttendanceReview_no_truncate" BEFORE TRUNCATE ON "AttendanceReview" FOR EACH STATEMENT EXECUTE FUNCTION "attendance_review_append_only"();
