// The client/server boundary rule of eslint.config.mjs, run on fixture strings through ESLint itself:
// client code (by its place, or by 'use client' anywhere) may not import the engine (lib/server) or a
// feature's server code (features/<feature>/server); server code may.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'absensi/no-server-import-in-client')
    .map((m) => `${m.ruleId}@${m.line}`);
}

const serverImport = "import { db } from '@/lib/server/db';\nexport const x = db;\n";
const typeImport = "import type { UserDto } from '@/lib/server/dto';\nexport type X = UserDto;\n";
const featureServerImport = "import { applyLeave } from '@/features/leave/server/leave';\nexport const x = applyLeave;\n";
const featureTypeImport = "import type { LeaveDto } from '@/features/leave/server/leave';\nexport type X = LeaveDto;\n";

// The first lint loads the config and its plugins (seconds on a busy machine): a generous timeout.
describe('client code never imports lib/server', { timeout: 60_000 }, () => {
  it('a component importing the database is an error', async () => {
    expect(await boundaryErrors('features/offices/components/Fixture.tsx', serverImport)).toEqual(['no-restricted-imports@1']);
  });

  it('a type-only import counts too (types come from lib/types/)', async () => {
    expect(await boundaryErrors('hooks/useFixture.ts', typeImport)).toEqual(['no-restricted-imports@1']);
    expect(await boundaryErrors('lib/validation/fixture.ts', typeImport)).toEqual(['no-restricted-imports@1']);
  });

  it('a relative path into lib/server and a re-export are caught', async () => {
    expect(await boundaryErrors('lib/api-client.ts', "export { db } from './server/db';\n")).toEqual(['no-restricted-imports@1']);
    expect(await boundaryErrors('components/ui/Fixture.tsx', "import { db } from '../../lib/server/db';\nexport const x = db;\n")).toEqual([
      'no-restricted-imports@1',
    ]);
  });

  it("a 'use client' page under app/ is client code by its directive", async () => {
    expect(await boundaryErrors('app/admin/fixture/page.tsx', `'use client';\n${serverImport}`)).toEqual([
      'absensi/no-server-import-in-client@2',
    ]);
    expect(
      await boundaryErrors('app/admin/fixture/page.tsx', `'use client';\nconst m = await import('@/lib/server/db');\nexport default m;\n`),
    ).toEqual(['absensi/no-server-import-in-client@2']);
  });

  it('server code (a route, a service, a server layout) may import it', async () => {
    expect(await boundaryErrors('app/api/fixture/route.ts', serverImport)).toEqual([]);
    expect(await boundaryErrors('lib/server/fixture.ts', serverImport)).toEqual([]);
    expect(await boundaryErrors('app/admin/fixture/layout.tsx', serverImport)).toEqual([]);
  });

  it("a feature's server code is server code too, from every client place", async () => {
    expect(await boundaryErrors('features/leave/components/Fixture.tsx', featureServerImport)).toEqual(['no-restricted-imports@1']);
    expect(await boundaryErrors('features/leave/validation/fixture.ts', featureTypeImport)).toEqual(['no-restricted-imports@1']);
    expect(await boundaryErrors('features/leave/types/fixture.ts', featureTypeImport)).toEqual(['no-restricted-imports@1']);
    expect(await boundaryErrors('features/leave/lib/fixture.ts', featureServerImport)).toEqual(['no-restricted-imports@1']);
    expect(await boundaryErrors('components/ui/Fixture.tsx', featureServerImport)).toEqual(['no-restricted-imports@1']);
    expect(await boundaryErrors('hooks/useFixture.ts', featureServerImport)).toEqual(['no-restricted-imports@1']);
  });

  it("a relative path into a feature's server folder is caught", async () => {
    const sibling = "import { applyLeave } from '../server/leave';\nexport const x = applyLeave;\n";
    const other = "import { setOvertimeStatus } from '../../overtime/server/overtime-decisions';\nexport const x = setOvertimeStatus;\n";
    const fromRoot = "import { applyLeave } from '../../../features/leave/server/leave';\nexport const x = applyLeave;\n";
    expect(await boundaryErrors('features/leave/components/Fixture.tsx', sibling)).toEqual(['no-restricted-imports@1']);
    expect(await boundaryErrors('features/leave/components/Fixture.tsx', other)).toEqual(['no-restricted-imports@1']);
    expect(await boundaryErrors('features/calendar/components/holidays/Fixture.tsx', fromRoot)).toEqual(['no-restricted-imports@1']);
  });

  it("a 'use client' file anywhere may not import a feature's server code", async () => {
    expect(await boundaryErrors('app/employee/fixture/page.tsx', `'use client';\n${featureServerImport}`)).toEqual([
      'absensi/no-server-import-in-client@2',
    ]);
  });

  it("a feature's server code may import the engine and another feature's server code", async () => {
    expect(await boundaryErrors('features/leave/server/fixture.ts', serverImport)).toEqual([]);
    expect(
      await boundaryErrors(
        'features/corrections/server/fixture.ts',
        "import { reclassifyDays } from '@/features/daily-close/server/daily-close';\nexport const x = reclassifyDays;\n",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('app/api/fixture/route.ts', featureServerImport)).toEqual([]);
  });

  it('client code may import the shared types', async () => {
    expect(
      await boundaryErrors(
        'features/offices/components/Fixture.tsx',
        "import type { OfficeDto } from '@/features/offices/types/offices';\nexport type X = OfficeDto;\n",
      ),
    ).toEqual([]);
  });
});
