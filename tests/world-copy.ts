// A test world made once and given back, as it was made, to every test that asks for a fresh one: the
// files that run each case in a world of its own (the access matrix, the audit trail) made it again for
// every case (four users, their enrolments, photos, attendance and leave: dozens of statements each time).
// After the first world is made, every table is copied into a schema of its own (outside the one the
// database snapshot reads, tests/db-snapshot.ts); a later call empties every table and refills it from the
// copy in one statement, with foreign keys and triggers off while it refills (session_replication_role),
// since rows go back table by table. Sequences go on from where they are, so a row a case writes never
// reuses an id of the world. Whatever a case changed (a deleted user, a new office, a closed month) is in
// those tables, so the next case meets exactly the first world; the world's ids and tokens are the same.
import { db } from '@/lib/server/db';
import { schemaTables } from './db-snapshot';

export function reusableWorld<W>(make: () => Promise<W>): () => Promise<W> {
  let first: { world: W; restore: string } | null = null;
  return async () => {
    if (first) {
      await db.$executeRawUnsafe(first.restore);
      return structuredClone(first.world);
    }
    const world = await make();
    const tables = (await schemaTables()).map((t) => `"${t}"`);
    await db.$executeRawUnsafe(`DROP SCHEMA IF EXISTS test_world CASCADE`);
    await db.$executeRawUnsafe(`CREATE SCHEMA test_world`);
    for (const t of tables) await db.$executeRawUnsafe(`CREATE TABLE test_world.${t} AS TABLE ${t}`);
    first = {
      world: structuredClone(world),
      restore: `DO $$ BEGIN
        PERFORM set_config('session_replication_role', 'replica', true);
        ${tables.map((t) => `DELETE FROM ${t}; INSERT INTO ${t} SELECT * FROM test_world.${t};`).join('\n        ')}
        PERFORM set_config('session_replication_role', 'origin', true);
      END $$`,
    };
    return world;
  };
}
