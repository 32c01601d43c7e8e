// npm run db:migrate            apply pending migrations to the configured database
// npm run db:migrate:new -- x   write the next migration from prisma/schema.prisma
import { applyMigrations, createMigration } from '@/lib/server/migrations';
import { adapterFactory, disconnectDb } from '@/lib/server/db';
import { getEnv } from '@/lib/env';

async function main() {
  const [command, name] = process.argv.slice(2);
  if (command === 'new') {
    if (!name) throw new Error('Usage: npm run db:migrate:new -- <name>');
    const dir = await createMigration(name);
    console.log(dir ? `Created ${dir}` : 'Schema and migrations are in step; nothing to create.');
    return;
  }
  const where = getEnv().database.kind;
  const applied = await applyMigrations(adapterFactory());
  console.log(applied.length ? `Applied to ${where}: ${applied.join(', ')}` : `Database (${where}) is up to date.`);
  await disconnectDb();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
