-- CreateEnum
CREATE TYPE "LivenessPolicy" AS ENUM ('off', 'flag', 'required');

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "livenessPolicy" "LivenessPolicy" NOT NULL DEFAULT 'flag';
