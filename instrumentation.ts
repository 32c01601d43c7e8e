// Runs once when the server process starts. Each part registers what it needs to stop cleanly
// (lib/server/lifecycle.ts): the HTTP server drains first, then these tasks run, then the process exits.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Before any request: the socket address of each one, for the rate limits (lib/server/client-ip.ts).
  const { stampPeerAddresses } = await import('./lib/server/client-ip');
  stampPeerAddresses();
  const { installShutdownHooks, onShutdown } = await import('./lib/server/lifecycle');
  const { disconnectDb } = await import('./lib/server/db');
  installShutdownHooks();
  // The pool closes last, after any background worker (lower order) has stopped using it.
  onShutdown('database', disconnectDb, 100);
  // Face re-check worker (FACE_WORKER=on, the default): registers its own stop at order 50.
  const { maybeStartFaceWorker } = await import('./features/face/server/engine/start');
  maybeStartFaceWorker();
  // The daily close (DAILY_CLOSE_WORKER=on, the default): registers its own stop at order 50.
  const { maybeStartDailyClose, maybeStartJobWorker } = await import('./lib/server/jobs/start');
  maybeStartDailyClose();
  // The job queue's worker (JOB_WORKER=on, the default): registers its own stop at order 50.
  await maybeStartJobWorker();
}
