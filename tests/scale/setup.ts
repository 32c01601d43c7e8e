// A cluster for the scale tests: a fresh PostgreSQL database, three production instances of the
// same build (each with its own in-app face worker, the default) and nginx in front of them.
import { randomBytes } from 'node:crypto';
import { createDatabase, dropDatabase, saveLogs, send, startServer, stopServer, type Answer, type Server } from '../reliability/harness';
import { errorLog, startNginx, type Nginx } from './cluster';

export const PROXY_PORT = Number(process.env.SCALE_PORT || 3190);
export const INSTANCE_PORTS = [PROXY_PORT + 1, PROXY_PORT + 2, PROXY_PORT + 3];

export type Cluster = { database: { name: string; url: string }; servers: Server[]; nginx: Nginx };

export async function startCluster(name: string): Promise<Cluster> {
  const database = await createDatabase(`${process.env.SCALE_DB_PREFIX || 'absensi_scale'}_${name}`);
  const servers = await Promise.all(INSTANCE_PORTS.map((port) => startServer(port, database.url)));
  const nginx = await startNginx(PROXY_PORT, INSTANCE_PORTS);
  // Every instance answers through nginx before the cases begin.
  const seen = new Set<number>();
  for (let i = 0; i < 30 && seen.size < 3; i++) {
    const a = await viaProxy('GET', '/api/health');
    if (a.status === 200) seen.add(servedBy(a));
    else await new Promise((r) => setTimeout(r, 200));
  }
  if (seen.size < 3)
    throw new Error(`nginx did not reach all three instances (reached ${[...seen].join(', ') || 'none'}):\n${errorLog(nginx)}`);
  return { database, servers, nginx };
}

export async function stopCluster(cluster: Partial<Cluster> | undefined, name: string): Promise<void> {
  if (!cluster) return;
  cluster.servers?.forEach((s, i) => saveLogs(s, `scale-${name}-${i + 1}`));
  await cluster.nginx?.stop();
  await Promise.all((cluster.servers ?? []).map(stopServer));
  if (cluster.database) await dropDatabase(cluster.database.name);
}

/** A request through nginx. */
export const viaProxy = (method: string, path: string, opts: Parameters<typeof send>[3] = {}) => send(PROXY_PORT, method, path, opts);

/** The instance (1–3) that answered a request sent through nginx, from the test's X-Served-By header. */
export function servedBy(a: Answer): number {
  const upstreams = String(a.headers?.['x-served-by'] ?? '').split(/\s*,\s*/);
  const port = Number(upstreams.at(-1)?.split(':')[1]);
  return INSTANCE_PORTS.indexOf(port) + 1;
}

export function countBy<T>(values: T[]): Map<T, number> {
  const m = new Map<T, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

export const show = (m: Map<unknown, number>) =>
  [...m]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');

export const tag = () => randomBytes(4).toString('hex');

/** Runs `task` for each item with at most `n` at a time, in order of the items. */
export async function inParallel<T, R>(items: T[], n: number, task: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!, i);
      }
    }),
  );
  return results;
}
