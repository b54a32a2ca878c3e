import { describe, expect, it, vi } from 'vitest';
import { CountCache } from './count-cache.ts';

describe('CountCache', () => {
  it('keeps a total until the resource is written', () => {
    const cache = new CountCache(60_000);
    cache.set('countries', 'k', 17, cache.generation('countries'));
    expect(cache.get('countries', 'k')).toBe(17);
    cache.invalidate('states');
    expect(cache.get('countries', 'k')).toBe(17);
    cache.invalidate('countries');
    expect(cache.get('countries', 'k')).toBeUndefined();
  });

  it('does not store a total counted before a write that finished meanwhile', () => {
    const cache = new CountCache(60_000);
    const generation = cache.generation('countries');
    cache.invalidate('countries');
    cache.set('countries', 'k', 17, generation);
    expect(cache.get('countries', 'k')).toBeUndefined();
  });

  it('forgets a total after its time to live', () => {
    vi.useFakeTimers();
    try {
      const cache = new CountCache(1000);
      cache.set('countries', 'k', 5, 0);
      vi.advanceTimersByTime(999);
      expect(cache.get('countries', 'k')).toBe(5);
      vi.advanceTimersByTime(2);
      expect(cache.get('countries', 'k')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stores nothing when disabled', () => {
    const cache = new CountCache(0);
    cache.set('countries', 'k', 5, 0);
    expect(cache.get('countries', 'k')).toBeUndefined();
  });
});
