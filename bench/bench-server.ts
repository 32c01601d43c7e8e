// Starts the production server for a benchmark (scripts/e2e-server.mjs, reusing a build in `distDir`)
// and waits for /api/health; with BASE_URL set, an already running server is used instead.
import { spawn, type ChildProcess } from 'node:child_process';

export async function startBenchServer(opts: { port: number; base: string; distDir: string }): Promise<ChildProcess | null> {
  if (process.env.BASE_URL) return null;
  const proc = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, E2E_PORT: String(opts.port), E2E_SKIP_BUILD: '1', NEXT_DIST_DIR: opts.distDir },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 900_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error('server exited');
    if (
      await fetch(`${opts.base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return proc;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server not ready');
}
