// The production site of docs/deploy.md (deploy/nginx/absensi.conf, HTTPS) is valid for Debian's
// nginx: `nginx -t` on it, with a throw-away certificate and this checkout's paths in place of the
// server's. (The proxy part it includes is what the other scale tests run.)
import { expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NGINX_BIN } from './cluster';

it('deploy/nginx/absensi.conf passes nginx -t', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'absensi-nginx-site-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=absensi.example.co.id',
        '-keyout',
        `${dir}/key.pem`,
        '-out',
        `${dir}/cert.pem`,
      ],
      { stdio: 'ignore' },
    );
    const site = readFileSync('deploy/nginx/absensi.conf', 'utf8')
      .replace(/\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/g, `${dir}/cert.pem`)
      .replace(/\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/g, `${dir}/key.pem`)
      .replace(/\/opt\/absensi\/deploy/g, path.resolve('deploy'))
      .replace(/\/var\/log\/nginx\//g, `${dir}/`);
    writeFileSync(`${dir}/site.conf`, site);
    writeFileSync(
      `${dir}/nginx.conf`,
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  include ${dir}/site.conf;\n}\n`,
    );
    const r = spawnSync(NGINX_BIN, ['-t', '-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`], { encoding: 'utf8' });
    console.log(`[scale] nginx -t on deploy/nginx/absensi.conf: ${r.stderr.trim().split('\n').at(-1)}`);
    expect(r.status, r.stderr).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
