import { describe, expect, it } from 'vitest';
import { backgroundSettled, inBackground } from './background';

describe('work left running after an answer (background.ts)', () => {
  it('is waited for, with the work it starts in turn, and a failure does not stop the wait', async () => {
    const done: string[] = [];
    const later = (name: string, ms: number) => new Promise<void>((resolve) => setTimeout(() => resolve(void done.push(name)), ms));
    inBackground(later('mail', 20));
    inBackground(Promise.reject(new Error('smtp down')));
    inBackground(later('refund', 5).then(() => inBackground(later('refund mail', 20))));
    await backgroundSettled();
    expect(done.sort()).toEqual(['mail', 'refund', 'refund mail']);
  });

  it('settles at once when nothing runs', async () => {
    await expect(backgroundSettled()).resolves.toBeUndefined();
  });
});
