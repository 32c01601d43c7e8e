-- AlterTable
ALTER TABLE "AttendancePhoto" ADD COLUMN     "phash" TEXT;

-- AlterTable
ALTER TABLE "FaceEnrolmentPhoto" ADD COLUMN     "phash" TEXT;
