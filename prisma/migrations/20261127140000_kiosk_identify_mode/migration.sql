-- CreateEnum
CREATE TYPE "KioskIdentifyMode" AS ENUM ('face', 'id_first');

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "kioskIdentifyMode" "KioskIdentifyMode" NOT NULL DEFAULT 'face';
