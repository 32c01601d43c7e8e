// The source of a record's check-in and check-out in SQL (features/attendance/lib/punch-source.ts words
// it): a machine side ('machine' method) is the machine punch at that instant — pushed by a terminal
// ('mesin', the terminal's name or serial number) or from an imported file ('impor'); otherwise a side
// made on a kiosk names the kiosk; anything else was made on the employee's phone ('ponsel').
import { Prisma } from '@/lib/generated/prisma/client';

const side = (s: 'In' | 'Out') => {
  const at = Prisma.raw(`a."check${s}At"`);
  const method = Prisma.raw(`a."check${s}Method"`);
  const kioskId = Prisma.raw(`a."check${s}KioskId"`);
  const k = Prisma.raw(`src_k${s.toLowerCase()}`);
  const m = Prisma.raw(`src_m${s.toLowerCase()}`);
  return {
    joins: Prisma.sql`
      LEFT JOIN "Kiosk" ${k} ON ${k}.id = ${kioskId}
      LEFT JOIN LATERAL (
        SELECT mp.source::text AS source, coalesce(t.name, t."serialNumber") AS terminal
          FROM "MachinePunch" mp LEFT JOIN "Terminal" t ON t.id = mp."terminalId"
         WHERE ${method} = 'machine' AND mp."userId" = a."userId" AND mp."workDate" = a."workDate" AND mp."punchedAt" = ${at}
         ORDER BY mp.source, mp."createdAt" LIMIT 1) ${m} ON TRUE`,
    kind: Prisma.sql`CASE WHEN ${at} IS NULL THEN NULL
                          WHEN ${method} = 'machine' THEN CASE WHEN ${m}.source = 'upload' THEN 'impor' ELSE 'mesin' END
                          WHEN ${kioskId} IS NOT NULL THEN 'kiosk' ELSE 'ponsel' END`,
    name: Prisma.sql`CASE WHEN ${at} IS NULL THEN NULL
                          WHEN ${method} = 'machine' THEN ${m}.terminal
                          WHEN ${kioskId} IS NOT NULL THEN ${k}.name END`,
  };
};

const IN = side('In');
const OUT = side('Out');

/** The joins (on `Attendance a`) the columns below read. */
export const SOURCE_JOINS = Prisma.sql`${IN.joins} ${OUT.joins}`;

/** Four columns: inSourceKind, inSourceName, outSourceKind, outSourceName. */
export const SOURCE_COLUMNS = Prisma.sql`${IN.kind} AS "inSourceKind", ${IN.name} AS "inSourceName",
  ${OUT.kind} AS "outSourceKind", ${OUT.name} AS "outSourceName"`;

/** The same four as NULLs, for a union branch without a record. */
export const NO_SOURCE_COLUMNS = Prisma.sql`NULL::text, NULL::text, NULL::text, NULL::text`;

export type SourceColumns = {
  inSourceKind: string | null;
  inSourceName: string | null;
  outSourceKind: string | null;
  outSourceName: string | null;
};
