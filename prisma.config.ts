// Prisma CLI configuration (used by an operator's `prisma migrate deploy` / `status`).
// The app and its scripts pick their database through lib/env.ts instead.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'tsx prisma/seed.ts' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/absensi' },
});
