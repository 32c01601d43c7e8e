// Kiosk identification (docs/kiosk.md, docs/face.md "Identification at a kiosk"): false identifications on
// the face fixtures, and the server's 1:N identification time with 2,000 employees enrolled at one office.
// Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/kiosk-identify.ts
//   (its own database, absensi_bench_kiosk unless BENCH_DB says otherwise, dropped and created again)
//
// 1. Fixtures (tests/fixtures/faces/descriptors.json, the server engine's descriptors): every fixture is
//    identified against a gallery of all the others (leave-one-out) with the company default threshold
//    0.5 and the ambiguity margin of features/kiosk/lib/identify.ts. A probe whose person has another
//    photo in the gallery should match that person; one whose person has none should be refused.
//    A match to anyone else is a false identification.
// 2. Time: BENCH_ENROLLED (default 2,000) employees at the main office, each with a random descriptor
//    (128 numbers, N(0, 0.06): two of them lie about 0.96 apart, like different people's), plus fixture
//    person A; BENCH_PROBES identifications (default 200) of person A's other photos through
//    identifyAtOffice (the statement that reads the office's gallery, then the arithmetic), as the
//    route runs it. Prints p50, p95 and max; target p95 < 1 s.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { benchDatabaseUrl, freshMigratedDatabase } from './bench-db';
import { identifyAmong } from '@/features/kiosk/lib/identify';

process.env.BENCH_DB ||= 'absensi_bench_kiosk';
const ENROLLED = Number(process.env.BENCH_ENROLLED || 2000);
const PROBES = Number(process.env.BENCH_PROBES || 200);
const THRESHOLD = 0.5;

const fixtures = JSON.parse(readFileSync('tests/fixtures/faces/descriptors.json', 'utf8')) as Record<string, number[]>;
const personOf = (file: string) => file.replace(/-\d+\.jpg$/, '');

function fixturesLeaveOneOut() {
  let correct = 0;
  let refusedRightly = 0;
  let falseIds = 0;
  let missed = 0;
  for (const [file, probe] of Object.entries(fixtures)) {
    const gallery = Object.entries(fixtures)
      .filter(([f]) => f !== file)
      .map(([f, descriptor]) => ({ userId: personOf(f), descriptor }));
    const inGallery = gallery.some((g) => g.userId === personOf(file));
    const r = identifyAmong(probe, gallery, THRESHOLD);
    const verdict =
      r.kind === 'match'
        ? r.userId === personOf(file)
          ? 'benar'
          : 'SALAH'
        : inGallery
          ? `ditolak (${r.kind})`
          : `ditolak dengan benar (${r.kind})`;
    if (r.kind === 'match' && r.userId === personOf(file)) correct++;
    else if (r.kind === 'match') falseIds++;
    else if (inGallery) missed++;
    else refusedRightly++;
    console.log(
      `${file.padEnd(16)} → ${r.kind === 'match' ? r.userId : '-'} (${r.distance ?? '-'}${'secondDistance' in r && r.secondDistance !== null ? ` / ${r.secondDistance}` : ''}) ${verdict}`,
    );
  }
  const n = Object.keys(fixtures).length;
  console.log(
    `fixtures: ${n} probes, ${correct} identified correctly, ${refusedRightly} refused rightly (their person has no other photo), ${missed} missed, ${falseIds} false identifications`,
  );
}

const gaussian = () => Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

async function timing() {
  const { url, serverUrl, name } = benchDatabaseUrl();
  await freshMigratedDatabase(url, serverUrl, name);
  process.env.DATABASE_URL = url;
  process.env.FACE_WORKER = 'off';
  const { db, sql, disconnectDb } = await import('@/lib/server/db');
  const { getMainOffice } = await import('@/features/offices/server/offices');
  const { identifyAtOffice } = await import('@/features/kiosk/server/kiosk-identify');
  const office = await getMainOffice();
  const ids = Array.from({ length: ENROLLED }, () => randomUUID());
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.user.createMany({
      data: chunk.map((id, j) => ({
        id,
        name: `Karyawan ${i + j + 1}`,
        email: `k${i + j + 1}@bench.local`,
        position: 'Staf',
        passwordHash: 'x',
      })),
    });
    await db.faceProfile.createMany({
      data: chunk.map((userId) => ({ userId, descriptor: Array.from({ length: 128 }, () => Math.round(gaussian() * 0.06 * 1000) / 1000) })),
    });
  }
  const a = randomUUID();
  await db.user.create({ data: { id: a, name: 'Orang A', email: 'a@bench.local', position: 'Staf', passwordHash: 'x' } });
  await db.faceProfile.create({ data: { userId: a, descriptor: fixtures['person-a-1.jpg']! } });
  const enrolled = await sql<{ n: number }>({ name: 'bench_kiosk_count', text: `SELECT count(*)::int AS n FROM "FaceProfile"` });
  const probes = [fixtures['person-a-2.jpg']!, fixtures['person-a-3.jpg']!];
  for (let i = 0; i < 10; i++) await identifyAtOffice(office.id, probes[i % 2]!);
  const times: number[] = [];
  let matched = 0;
  for (let i = 0; i < PROBES; i++) {
    const t0 = performance.now();
    const r = await identifyAtOffice(office.id, probes[i % 2]!);
    times.push(performance.now() - t0);
    if (r.kind === 'match' && r.userId === a) matched++;
  }
  console.log(`enrolled at office "${office.name}": ${enrolled[0]!.n}; ${PROBES} identifications of person A, ${matched} matched person A`);
  console.log(
    `identification: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (target p95 < 1000 ms)`,
  );
  await disconnectDb();
}

fixturesLeaveOneOut();
timing().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
