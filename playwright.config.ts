import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 3100);
const COMPANY_WIDE = /(settings|holidays)\.spec\.ts$/;
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  // Specs that change company-wide settings (office location, hours, timezone, a holiday today) run after
  // all the others, which rely on the seeded office and calendar: workers run files side by side.
  // The leave-ledger spec files pending requests that the leave spec counts: it runs after them too.
  projects: [
    { name: 'chromium', testIgnore: [COMPANY_WIDE, /leave-ledger\.spec\.ts$/], use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'settings', testMatch: COMPANY_WIDE, dependencies: ['chromium'], use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'leave-ledger',
      testMatch: /leave-ledger\.spec\.ts$/,
      dependencies: ['settings'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/login`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
