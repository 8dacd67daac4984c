import { describe, expect, it, vi } from 'vitest';
import { onShutdown, runShutdownHooks } from './shutdown';

describe('shutdown hooks (http/serve.ts on SIGTERM)', () => {
  it('runs each hook once, a failing one not stopping the others', async () => {
    const written = vi.fn(async () => undefined);
    const failing = vi.fn(async () => {
      throw new Error('database gone');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onShutdown(failing);
    onShutdown(written);
    await runShutdownHooks();
    await runShutdownHooks();
    expect(written).toHaveBeenCalledTimes(1);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('shutdown: database gone');
    warn.mockRestore();
  });

  it('waits for a slow hook no longer than it is given', async () => {
    onShutdown(() => new Promise(() => undefined));
    const started = Date.now();
    await runShutdownHooks(50);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
