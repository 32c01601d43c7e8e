-- CreateTable
CREATE TABLE "PayrollPreset" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "columns" JSONB NOT NULL,
    "decimalSeparator" TEXT NOT NULL DEFAULT ',',
    "decimals" INTEGER,
    "dateFormat" TEXT NOT NULL DEFAULT 'dd/mm/yyyy',
    "csvSeparator" TEXT NOT NULL DEFAULT ';',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PayrollPreset_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PayrollPreset_name_key" ON "PayrollPreset"("name");
