// axe-core on a page without frames, in one injection: the page gets axe's source once and runs it with
// the given tags. @axe-core/playwright's builder, in its single-page ("legacy") mode, evaluates the
// 500 KB source twice (once to see which API it has, once more to inject it) before each run: a few
// hundred milliseconds a page on two busy cores, which a walk over every page of every menu pays 114 times.
// Pages with frames keep the builder (it also reaches into the frames).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** axe's violations (only violations are gathered) of the page as it stands, elements matching `exclude` left out. */
export async function axeRun(page: Page, tags: string[], exclude: string[]): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, exclude }) => {
      type Result = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Result[] }> } }).axe;
      const { violations } = await axe.run(
        { exclude: exclude.map((s) => [s]) },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      );
      return violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
    },
    { tags, exclude },
  );
}
