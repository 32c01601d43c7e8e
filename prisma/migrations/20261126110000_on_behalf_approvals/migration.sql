-- HR acts for people and no request waits on an absent approver (docs/leave.md, docs/overtime.md, docs/roles.md):
-- who filed a leave for whom, a per-type backdating window (Sakit: a week back), the company's one-step
-- setting and the escalation delay, a supervisor's step taken in their place, and the delegates.
-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "approvalEscalationDays" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "approvalSingleStep" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "LeaveTypeConfig" ADD COLUMN     "backdateDays" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "LeaveRequest" ADD COLUMN     "filedById" UUID,
ADD COLUMN     "filedByName" TEXT,
ADD COLUMN     "singleStep" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "LeaveStep" ADD COLUMN     "inPlaceOfId" UUID,
ADD COLUMN     "inPlaceOfName" TEXT;

-- AlterTable
ALTER TABLE "OvertimeRequest" ADD COLUMN     "singleStep" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "supervisorApprovedByName" TEXT,
ADD COLUMN     "supervisorInPlaceOfName" TEXT,
ADD COLUMN     "supervisorNote" TEXT;

-- CreateTable
CREATE TABLE "SupervisorDelegate" (
    "id" UUID NOT NULL,
    "supervisorId" UUID NOT NULL,
    "delegateId" UUID NOT NULL,
    "startDate" DATE NOT NULL,
    "endDate" DATE NOT NULL,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SupervisorDelegate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SupervisorDelegate_supervisorId_startDate_idx" ON "SupervisorDelegate"("supervisorId", "startDate");

-- Sakit is filed after the fact: a week back by default (the letter is required from its second day already).
UPDATE "LeaveTypeConfig" SET "backdateDays" = 7, "updatedAt" = CURRENT_TIMESTAMP WHERE "code" = 'sakit';
