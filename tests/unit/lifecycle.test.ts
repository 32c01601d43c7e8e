import { describe, expect, it, vi } from 'vitest';
import { onShutdown, runShutdownTasks } from '@/lib/server/lifecycle';

describe('shutdown tasks', () => {
  it('run once, in order, and a failing task does not stop the others', async () => {
    const ran: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    onShutdown('database', async () => void ran.push('database'), 100);
    onShutdown(
      'worker',
      async () => {
        ran.push('worker');
        throw new Error('worker stop failed');
      },
      50,
    );
    const removed = onShutdown('gone', () => void ran.push('gone'), 10);
    removed();
    onShutdown('database', async () => void ran.push('database (replaced)'), 100);
    await Promise.all([runShutdownTasks(), runShutdownTasks()]);
    await runShutdownTasks();
    expect(ran).toEqual(['worker', 'database (replaced)']);
    expect(error).toHaveBeenCalledWith('[shutdown] worker failed', expect.any(Error));
    expect(log).toHaveBeenCalledWith('[shutdown] closed: worker, database');
    error.mockRestore();
    log.mockRestore();
  });
});
