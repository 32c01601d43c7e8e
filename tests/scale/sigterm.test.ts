// SIGTERM to one of three instances in the middle of a check-in load through nginx: the instance
// finishes what it took and stops taking more, nginx sends everything else to the other two, clients
// retry what got no answer, and every employee ends with exactly one record, none lost, none twice.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { attendanceOf, checkInCrew, percentile, send, startServer, type Answer } from '../reliability/harness';
import { accessLog, errorLog } from './cluster';
import { countBy, INSTANCE_PORTS, PROXY_PORT, servedBy, show, startCluster, stopCluster, tag, viaProxy, type Cluster } from './setup';

const CLIENTS = 16;
const LOAD_MS = 14_000;
const SIGNAL_AT_MS = 3_000;
const CREW = 6_000;
const RETRYABLE = (a: Answer) => a.status === 0 || a.status === 502 || a.status === 503 || a.status === 504;
let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster('sigterm');
});

afterAll(() => stopCluster(cluster, 'sigterm'));

it('SIGTERM to one instance under a check-in load: nothing lost or doubled, clients retry, nginx stops sending to it', async () => {
  const crew = await checkInCrew(cluster.database.name, CREW, tag());
  const victim = cluster.servers[0]!;
  const victimPort = `127.0.0.1:${INSTANCE_PORTS[0]}`;
  // Every route compiled and every pool open before the load.
  for (let i = 0; i < 3; i++) expect((await viaProxy('GET', '/api/health')).status).toBe(200);

  type Outcome = { employee: number; tries: Answer[] };
  const outcomes: Outcome[] = [];
  let next = 0;
  let stop = false;
  const started = Date.now();
  async function client() {
    while (!stop && next < CREW) {
      const employee = next++;
      const tries: Answer[] = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        const a = await viaProxy('POST', '/api/attendance/check-in', { body: crew.body, token: crew.tokens[employee] });
        tries.push(a);
        if (!RETRYABLE(a)) break;
        await new Promise((r) => setTimeout(r, 200)); // a client waiting a moment before it tries again
      }
      outcomes.push({ employee, tries });
    }
  }
  const clients = Array.from({ length: CLIENTS }, client);
  await new Promise((r) => setTimeout(r, SIGNAL_AT_MS));
  const signalAt = Date.now();
  victim.proc.kill('SIGTERM');
  const exit = await victim.exited;
  const exitedAt = Date.now();
  // The load goes on for its planned time, and at least 5 s after the exit: nginx must be seen to send nothing to it.
  await new Promise((r) => setTimeout(r, Math.max(started + LOAD_MS, exitedAt + 5_000) - Date.now()));
  stop = true;
  await Promise.all(clients);
  const endedAt = Date.now();

  const committed = await attendanceOf(cluster.database.name, crew.ids);
  const final = outcomes.map((o) => o.tries.at(-1)!);
  const retried = outcomes.filter((o) => o.tries.length > 1);
  const lines = accessLog(cluster.nginx).filter((l) => l.uri === '/api/attendance/check-in');
  const answeredBy = (from: number, to: number) => countBy(lines.filter((l) => l.at >= from && l.at < to).map((l) => l.upstreams.at(-1)));
  const triedVictimAfterExit = lines.filter((l) => l.at > exitedAt && l.upstreams.includes(victimPort));
  const answeredByVictimAfterExit = lines.filter((l) => l.at > exitedAt && l.upstreams.at(-1) === victimPort);
  const resent = lines.filter((l) => l.upstreams.length > 1);
  const ms = final.map((a) => a.ms);
  // Why nginx could not pass a request on: connection refused (re-sent by nginx) or reset (answered 502, the client retries).
  const nginxErrors = countBy(
    [...errorLog(cluster.nginx).matchAll(/\[error\].*?(\(\d+: [^)]+\)|upstream prematurely closed[^,]*)/g)].map((m) => m[1]!),
  );

  // Back in rotation: the instance restarts on its port and nginx sends to it again.
  cluster.servers[0] = await startServer(INSTANCE_PORTS[0]!, cluster.database.url);
  const restartAt = Date.now(); // healthy on its own port
  let backMs = -1;
  for (let i = 0; i < 200 && backMs < 0; i++) {
    const a = await viaProxy('GET', '/api/health');
    if (servedBy(a) === 1 && a.status === 200) backMs = Date.now() - restartAt;
    else await new Promise((r) => setTimeout(r, 100));
  }

  console.log(
    `[scale] SIGTERM under load: ${outcomes.length} employees checked in by ${CLIENTS} clients through nginx in ${((endedAt - started) / 1000).toFixed(1)} s; SIGTERM to instance 1 at ${signalAt - started} ms, ` +
      `it exited with ${exit.code ?? exit.signal} ${exitedAt - signalAt} ms later; answers by instance before the signal ${show(answeredBy(started, signalAt))}, ` +
      `while it stopped ${show(answeredBy(signalAt, exitedAt))}, after it exited ${show(answeredBy(exitedAt, endedAt + 1))}; ` +
      `final answers ${show(countBy(final.map((a) => `${a.status}${a.body?.code ? ` ${a.body.code}` : ''}${a.error ? ` ${a.error}` : ''}`)))}; ` +
      `clients that had to retry: ${retried.length} (${show(countBy(retried.flatMap((o) => o.tries.slice(0, -1).map((a) => a.error ?? String(a.status)))))}); ` +
      `nginx errors: ${show(nginxErrors) || 'none'}; requests nginx re-sent to another instance itself: ${resent.length}; tries at instance 1 after it exited: ${triedVictimAfterExit.length} (all re-sent), answered by it: ${answeredByVictimAfterExit.length}; ` +
      `check-in p50 ${percentile(ms, 50)} ms, p95 ${percentile(ms, 95)} ms, max ${Math.max(...ms)} ms; ` +
      `attendance records ${committed.length} for ${final.filter((a) => a.status === 200).length} answers 200, twice: ${committed.filter((c) => c.n > 1).length}; ` +
      `instance 1 restarted, and served through nginx again ${backMs} ms after it answered its own health check`,
  );

  expect(exit.code).toBe(143);
  expect(outcomes.length).toBeGreaterThan(100);
  expect(outcomes.length).toBeLessThan(CREW); // the load never ran out of employees
  // Every employee's check-in ended with 200: no 409 (a request processed without its answer reaching the client), no 5xx left.
  expect(final.map((a) => a.status)).toEqual(final.map(() => 200));
  expect(committed.length).toBe(outcomes.length);
  expect(committed.every((c) => c.n === 1)).toBe(true);
  expect(new Set(committed.map((c) => c.userId))).toEqual(new Set(outcomes.map((o) => crew.ids[o.employee])));
  // Instance 1 took its share before the signal, and answered nothing after it exited.
  expect(answeredBy(started, signalAt).get(victimPort) ?? 0).toBeGreaterThan(0);
  expect(answeredByVictimAfterExit).toEqual([]);
  expect([...answeredBy(exitedAt, endedAt + 1).values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(10); // the others kept answering
  expect(backMs).toBeGreaterThanOrEqual(0);
  expect(backMs).toBeLessThan(12_000); // nginx's fail_timeout is 10 s
  expect((await send(PROXY_PORT, 'GET', '/api/health')).status).toBe(200);
});
