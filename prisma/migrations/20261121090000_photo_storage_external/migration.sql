-- JPEG bytes do not compress: store them out of line without PostgreSQL's compression attempt,
-- which cost about 0.6 ms of database CPU per 60 KB check-in photo (bench/checkin.bench.ts).
-- Storage is not part of the Prisma schema, so this changes nothing Prisma compares.
ALTER TABLE "AttendancePhoto" ALTER COLUMN "data" SET STORAGE EXTERNAL;
ALTER TABLE "FaceEnrolmentPhoto" ALTER COLUMN "data" SET STORAGE EXTERNAL;
