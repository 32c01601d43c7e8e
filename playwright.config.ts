import { defineConfig, devices } from '@playwright/test';
import { availableParallelism } from 'node:os';

const port = Number(process.env.E2E_PORT || 3100);
// The company-wide specs' own server (below): the same build on a database of its own.
const companyPort = Number(process.env.E2E_COMPANY_PORT || port + 1);
// Specs that change what every other spec relies on (see `projects` below).
const COMPANY_WIDE = /\/(settings|registration-settings|holidays|kiosk-id-first)\.spec\.ts$/;
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
// One browser per worker beside the server: more workers than cores only queue for the CPU.
// E2E_WORKERS overrides it.
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.min(availableParallelism(), 4));
const chrome = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'e2e',
  // Per port, like the server's build folder and database: Playwright empties its output folder when it
  // starts, so two runs side by side (other ports) must not share one.
  outputDir: `test-results/e2e-${port}`,
  // Timeouts belong to steps: an assertion waits up to `expect.timeout`, an action up to `actionTimeout`,
  // a page load up to `navigationTimeout`, and slower steps (a face scan, a PDF) say so where they wait.
  // A test's own budget is only a guard against a hang: a test of many quick steps on a busy machine
  // must not fail for their sum.
  timeout: 10 * 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot. The
    // trace's screencast is left out: filming every page of every test cost about a quarter of the
    // suite's time on two cores (16 tests: 113 s with it, 86 s without), for a film of the tests that pass.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  // Two groups of specs, each on a server of its own, side by side. The specs that change company-wide
  // settings (office location, hours, working days, a holiday today, the cuti bersama policy, sign-ups waiting
  // for approval, how kiosks identify) would change what every other spec relies on (the seeded office,
  // calendar and open registration), so they get a second server of the same build with a database of its
  // own (scripts/e2e-server.mjs), and run one file at a time among themselves. Every other spec keeps to its
  // own employees and requests, so none needs to wait for another; no project depends on another, so a
  // failure in one never leaves the other unrun.
  projects: [
    { name: 'chromium', testIgnore: COMPANY_WIDE, use: chrome },
    { name: 'company-wide', testMatch: COMPANY_WIDE, workers: 1, use: { ...chrome, baseURL: `http://127.0.0.1:${companyPort}` } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    // The second server starts once the first answers, so its address answering means both are up.
    url: `http://127.0.0.1:${companyPort}/login`,
    // The production build comes first (several minutes on two busy cores), unless E2E_SKIP_BUILD=1.
    timeout: 30 * 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port), E2E_COMPANY_PORT: String(companyPort) },
  },
});
