// What the server face re-check costs per photo, and that check-in does not pay it.
// Run: npx tsx bench/face-recheck.bench.ts
//   Embedded in-memory database by default; FACE_BENCH_DATABASE_URL=postgresql://…/<scratch db>
//   runs it on PostgreSQL (the database must exist; migrations are applied; never a shared one).
// Prints, measured side by side in one run: check-in latency (worker idle), re-check time per photo,
// their ratio, check-in latency while an in-process worker is busy, and the longest event-loop stall.
import { readFileSync } from 'node:fs';

const target = process.env.FACE_BENCH_DATABASE_URL;
if (target && /\/(postgres|root|test|template[01])$/.test(target)) throw new Error('Use a scratch database, not a shared one.');
process.env.DATABASE_URL = target || 'pglite:memory';
process.env.AUTH_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123456789';
process.env.FACE_WORKER = 'off';

const { applyMigrations } = await import('@/lib/server/migrations');
const { adapterFactory, db, disconnectDb } = await import('@/lib/server/db');
const { getMainOffice } = await import('@/features/offices/server/offices');
const { signToken } = await import('@/lib/server/auth/token');
const { POST: checkInRoute } = await import('@/app/api/attendance/check-in/route');
const { faceEngine, findFaces, stopFaceEngine } = await import('@/features/face/server/engine/engine');
const { claimJobs } = await import('@/features/face/server/engine/queue');
const { processJob, drainFaceJobs } = await import('@/features/face/server/engine/recheck');
const { letterbox } = await import('@/features/face/server/engine/image');
const { NextRequest } = await import('next/server');

const N = Number(process.env.FACE_BENCH_N || 30);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.round((p / 100) * (s.length - 1)))]!;
};
const fmt = (xs: number[]) => `median ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;

await applyMigrations(adapterFactory());
await db.office.update({ where: { id: (await getMainOffice()).id }, data: { latitude: -6.175392, longitude: 106.827153 } });

// A 640×480 camera frame of fixture person A, and its descriptor as the browser would send it.
const frame = letterbox(readFileSync('tests/fixtures/faces/person-a-1.jpg'));
const t0 = performance.now();
await faceEngine();
const engineLoadMs = performance.now() - t0;
const [face] = await findFaces(frame);
if (!face) throw new Error('no face in the benchmark frame');
const body = JSON.stringify({
  latitude: -6.175122,
  longitude: 106.827153,
  accuracy: 8,
  timestamp: new Date().toISOString(),
  faceImage: `data:image/jpeg;base64,${frame.toString('base64')}`,
  faceDescriptor: face.descriptor,
  verificationMethod: 'face',
});

async function employees(n: number, tag: string) {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const u = await db.user.create({
      data: { name: `Bench ${tag} ${i}`, email: `bench.${tag}.${i}.${Date.now()}@bench.local`, position: 'Staf', passwordHash: 'x' },
    });
    await db.faceProfile.create({ data: { userId: u.id, descriptor: face!.descriptor, status: 'active' } });
    // The one-time challenge the browser fetches before the capture (docs/anti-fraud.md), by the user's id.
    await db.attendanceChallenge.create({
      data: { id: u.id, userId: u.id, action: 'check-in', steps: ['kedip', 'toleh_kiri'], expiresAt: new Date(Date.now() + 3_600_000) },
    });
    tokens.push(signToken({ sub: u.id, role: u.role, tv: u.tokenVersion }));
  }
  return tokens;
}

async function checkIn(token: string): Promise<number> {
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  const withChallenge = `{"challengeId":"${userId}",${body.slice(1)}`;
  const req = new NextRequest('http://localhost/api/attendance/check-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: withChallenge,
  });
  const t = performance.now();
  const res = await checkInRoute(req);
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`check-in ${res.status}: ${await res.text()}`);
  return ms;
}

// Warm-up (JIT, connection, first queries), then check-ins with no worker running.
for (const t of await employees(3, 'warm')) await checkIn(t);
await drainFaceJobs();
const idle: number[] = [];
for (const t of await employees(N, 'idle')) idle.push(await checkIn(t));

// The re-check of each queued photo, one at a time, with the event loop watched.
// A 5 ms ticker: the longest gap between ticks is the longest the event loop was blocked.
let lastTick = performance.now();
let stallMs = 0;
const ticker = setInterval(() => {
  const now = performance.now();
  stallMs = Math.max(stallMs, now - lastTick - 5);
  lastTick = now;
}, 5);
const recheck: number[] = [];
for (;;) {
  const [job] = await claimJobs(1);
  if (!job) break;
  const t = performance.now();
  await processJob(job);
  recheck.push(performance.now() - t);
}
clearInterval(ticker);
const verified = await db.attendance.count({ where: { faceCheckStatus: 'verified' } });

// Check-ins while an in-process worker drains a backlog (the FACE_WORKER=on single-process setup).
const busyTokens = await employees(N, 'busy');
for (const t of await employees(N, 'backlog')) await checkIn(t);
let draining = true;
const worker = (async () => {
  while (draining && (await drainFaceJobs(1)) > 0);
})();
const busy: number[] = [];
for (const t of busyTokens) busy.push(await checkIn(t));
draining = false;
await worker;

console.log(
  `database: ${target ? 'PostgreSQL' : 'embedded PGlite (memory)'}; photos: 640×480 JPEG ${Math.round(frame.length / 1024)} KB; N = ${N}`,
);
console.log(`engine load (models + wasm, once per process): ${engineLoadMs.toFixed(0)} ms`);
console.log(`check-in, worker idle:              ${fmt(idle)}`);
console.log(`re-check per photo (worker):        ${fmt(recheck)}  (${verified} verified)`);
console.log(`ratio re-check / check-in (median): ${(pct(recheck, 50) / pct(idle, 50)).toFixed(1)}×`);
console.log(`check-in, in-process worker busy:   ${fmt(busy)}`);
console.log(`longest event-loop stall while re-checking: ${stallMs.toFixed(0)} ms (detection runs in a worker thread)`);
await disconnectDb();
await stopFaceEngine();
