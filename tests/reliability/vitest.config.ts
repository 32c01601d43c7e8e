// `npm run test:reliability`: starts the production server on its own port and PostgreSQL database,
// then stops it, or restarts PostgreSQL, under load. Not part of `npm test`: it restarts the shared
// PostgreSQL server and needs a production build. See docs/quality.md.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  resolve: { alias: { '@': root } },
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/reliability/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
