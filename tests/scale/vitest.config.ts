// `npm run test:scale`: three production instances of one build behind nginx on loopback, on one
// PostgreSQL database; proves that nothing assumes a single process. Not part of `npm test`: it needs
// nginx, PostgreSQL and a production build (the one test:reliability uses). See docs/deploy.md.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  resolve: { alias: { '@': root } },
  test: {
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/reliability/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
