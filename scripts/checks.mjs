// The static checks of `npm test` (typecheck, lint, format), side by side: each is one thread, so on
// two cores they take about as long together as the longest alone instead of their sum. Each one's output
// is printed whole once it ends, in the order given; the exit code is the first failure's, after all have
// ended. Their caches (node_modules/.cache, see package.json) make a second run on the same files quick;
// a fresh clone, as CI runs it, starts without them.
import { spawn } from 'node:child_process';

const checks = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
];

const started = Date.now();
const results = checks.map(
  ([name, cmd, args]) =>
    new Promise((resolve) => {
      const t0 = Date.now();
      const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [];
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      child.on('error', (err) => out.push(Buffer.from(String(err))));
      child.on('close', (code, signal) =>
        resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(out), ms: Date.now() - t0 }),
      );
    }),
);

let failed = 0;
for (const result of results) {
  const { name, code, output, ms } = await result;
  process.stdout.write(output);
  console.log(`${code === 0 ? '✓' : '✗'} ${name} (${(ms / 1000).toFixed(1)} s)${code === 0 ? '' : `: exit ${code}`}`);
  if (code !== 0 && !failed) failed = code;
}
console.log(`static checks: ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed);
