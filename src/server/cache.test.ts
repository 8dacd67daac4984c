import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyRemoteInvalidation, CACHE, cached, invalidateAll, invalidateCatalog, invalidateSettings, invalidateStock, onInvalidation, refreshStock } from './cache';

const owner = {};
afterEach(() => {
  invalidateAll(owner);
  vi.useRealTimers();
});

/** A loader that counts its calls. */
function counter(value = 'v') {
  const load = vi.fn(async () => value);
  return load;
}

describe('cache', () => {
  it('loads once while fresh and again after the entry expires', async () => {
    vi.useFakeTimers();
    const load = counter();
    await cached(owner, CACHE.siteSettings, load);
    await cached(owner, CACHE.siteSettings, load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CACHE.siteSettings.ttlMs + 1);
    await cached(owner, CACHE.siteSettings, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps variants apart (one per language)', async () => {
    expect(await cached(owner, CACHE.messages, async () => 'en', 'en')).toBe('en');
    expect(await cached(owner, CACHE.messages, async () => 'ar', 'ar')).toBe('ar');
    expect(await cached(owner, CACHE.messages, async () => 'other', 'en')).toBe('en');
  });

  it('does not keep a failed load', async () => {
    await expect(cached(owner, CACHE.countries, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cached(owner, CACHE.countries, async () => 'up')).toBe('up');
  });

  it('keeps each owner (database) apart', async () => {
    const other = {};
    await cached(owner, CACHE.categories, async () => 'mine');
    expect(await cached(other, CACHE.categories, async () => 'theirs')).toBe('theirs');
  });

  it('keeps at most maxVariants of a key with client-chosen variants, dropping the oldest', async () => {
    const kept = CACHE.catalogFacets.maxVariants!;
    for (let index = 0; index <= kept; index += 1) await cached(owner, CACHE.catalogFacets, async () => index, `scope-${index}`);
    const first = counter('reloaded');
    expect(await cached(owner, CACHE.catalogFacets, first, 'scope-0')).toBe('reloaded');
    const last = counter('reloaded');
    expect(await cached(owner, CACHE.catalogFacets, last, `scope-${kept}`)).toBe(kept);
  });

  it('a write invalidates exactly the entries built from its area', async () => {
    const fill = async () => {
      for (const key of [CACHE.siteSettings, CACHE.categories, CACHE.catalogCount, CACHE.guestHome, CACHE.countries]) await cached(owner, key, async () => 'old');
    };
    const fresh = async (key: (typeof CACHE)[keyof typeof CACHE]) => (await cached(owner, key, async () => 'new')) === 'new';

    await fill();
    invalidateCatalog(owner);
    expect(await fresh(CACHE.categories)).toBe(true);
    expect(await fresh(CACHE.catalogCount)).toBe(true);
    expect(await fresh(CACHE.guestHome)).toBe(true);
    expect(await fresh(CACHE.siteSettings)).toBe(false);
    expect(await fresh(CACHE.countries)).toBe(false);

    invalidateAll(owner);
    await fill();
    invalidateStock(owner);
    expect(await fresh(CACHE.guestHome)).toBe(true);
    expect(await fresh(CACHE.categories)).toBe(false);

    invalidateAll(owner);
    await fill();
    invalidateSettings(owner);
    expect(await fresh(CACHE.siteSettings)).toBe(true);
    expect(await fresh(CACHE.guestHome)).toBe(false);
  });
});

describe('invalidations heard from other processes', () => {
  it('drop the same entries and reach the listeners, soft ones as soft; malformed ones are ignored', async () => {
    const heard: [string[], boolean][] = [];
    const stop = onInvalidation((areas, { soft }) => heard.push([[...areas], soft]));
    try {
      const load = counter();
      await cached(owner, CACHE.guestHome, load);
      applyRemoteInvalidation(owner, '{"areas":["stock"],"soft":true}');
      await cached(owner, CACHE.guestHome, load);
      expect(load).toHaveBeenCalledTimes(2);
      applyRemoteInvalidation(owner, '["catalog","nonsense"]');
      for (const payload of ['not json', '{"areas":"stock"}', '["nothing"]', '42']) applyRemoteInvalidation(owner, payload);
      await refreshStock(owner);
      expect(heard).toEqual([
        [['stock'], true],
        [['catalog'], false],
        [['stock'], true],
      ]);
    } finally {
      stop();
    }
  });
});
