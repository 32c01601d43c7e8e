// Several production instances of one build behind Debian's nginx, all on loopback, for the scale
// test and the check-in benchmark. nginx runs in the foreground with a configuration written to a
// temporary folder; its proxy settings are the repository's own (deploy/nginx/absensi-proxy.conf).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NGINX_BIN = process.env.NGINX_BIN || '/usr/sbin/nginx';
const PROXY_CONF = path.resolve('deploy/nginx/absensi-proxy.conf');

export type Nginx = { port: number; dir: string; proc: ChildProcess; stop(): Promise<void> };

/** One line of nginx's access log (format `scale` below). */
export type AccessLine = {
  at: number;
  method: string;
  uri: string;
  status: number;
  upstreams: string[];
  upstreamStatuses: string[];
  ms: number;
};

/**
 * nginx on 127.0.0.1:`port` in front of `upstreams` (ports on 127.0.0.1), with the upstream
 * settings of deploy/nginx/absensi.conf. Answers carry `X-Served-By: <upstream>` (test only), and
 * the access log records every upstream tried per request.
 */
export async function startNginx(port: number, upstreams: number[]): Promise<Nginx> {
  if (!existsSync(NGINX_BIN)) throw new Error(`nginx not found at ${NGINX_BIN} (apt-get install nginx, or set NGINX_BIN)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'absensi-nginx-'));
  chmodSync(dir, 0o755);
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(dir, d));
    chmodSync(path.join(dir, d), 0o777); // nginx's workers run as an unprivileged user when started as root
  }
  const conf = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  log_format scale '$msec $request_method $request_uri $status "$upstream_addr" "$upstream_status" $request_time';
  access_log ${dir}/access.log scale;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream absensi {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    add_header X-Served-By $upstream_addr always;
    include ${PROXY_CONF};
  }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const check = spawnSync(NGINX_BIN, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const proc = spawn(NGINX_BIN, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => proc.on('close', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!existsSync(path.join(dir, 'nginx.pid'))) {
    if (proc.exitCode !== null || Date.now() > deadline)
      throw new Error(`nginx did not start: ${readFileSafe(path.join(dir, 'error.log'))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    dir,
    proc,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGQUIT'); // graceful: finish open requests
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Every request nginx has logged so far. */
export function accessLog(nginx: Nginx): AccessLine[] {
  return readFileSafe(path.join(nginx.dir, 'access.log'))
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^(\S+) (\S+) (\S+) (\d+) "([^"]*)" "([^"]*)" (\S+)$/.exec(line);
      if (!m) throw new Error(`unexpected access log line: ${line}`);
      const list = (s: string) => (s === '-' ? [] : s.split(/\s*,\s*|\s+:\s+/).filter(Boolean));
      return {
        at: Math.round(Number(m[1]) * 1000),
        method: m[2]!,
        uri: m[3]!,
        status: Number(m[4]),
        upstreams: list(m[5]!),
        upstreamStatuses: list(m[6]!),
        ms: Math.round(Number(m[7]) * 1000),
      };
    });
}

/** nginx's error log (connection refusals to a stopped instance show up here). */
export function errorLog(nginx: Nginx): string {
  return readFileSafe(path.join(nginx.dir, 'error.log'));
}
