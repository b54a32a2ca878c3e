import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { HeapPacer } from './heap-pacing.ts';

const MB = 2 ** 20;

/** `megabytes` of small arrays, as a page of rows is. */
function allocate(megabytes: number): unknown[] {
  return Array.from({ length: megabytes * 16 }, (_, i) => new Array(8192).fill(i));
}

const oldSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;

describe('HeapPacer', () => {
  it('has the old generation collected once the heap has grown by its growth, and asks once at a time', async () => {
    const pacer = new HeapPacer(4 * MB);
    pacer.step();
    expect(pacer.collections).toBe(0);

    // Held while the young generation is collected several times, as a page is while it is read and written: it
    // moves to the old generation, which only a full collection frees.
    let held: unknown[] | undefined = allocate(16);
    for (let i = 0; i < 32; i++) allocate(1);
    const before = oldSpace();
    expect(held).toHaveLength(256);
    held = undefined;

    pacer.step();
    pacer.step();
    expect(pacer.collections).toBe(1);
    await expect.poll(() => oldSpace() < before - 8 * MB, { timeout: 2000, interval: 20 }).toBe(true);
  });

  it('does nothing while the heap stays within its growth', () => {
    const pacer = new HeapPacer(512 * MB);
    allocate(4);
    pacer.step();
    expect(pacer.collections).toBe(0);
  });
});
