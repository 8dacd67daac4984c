import { describe, expect, it } from 'vitest';
import { slugOf } from './slug';

describe('slugOf', () => {
  it('keeps letters and digits of any script, one hyphen between runs', () => {
    expect(slugOf('Waterproof  Hiking Boots, 256GB!')).toBe('waterproof-hiking-boots-256gb');
    expect(slugOf('Café Crème')).toBe('cafe-creme');
    expect(slugOf('حِذاءٌ مشي مقاوم للماء')).toBe('حذاء-مشي-مقاوم-للماء');
    expect(slugOf('هدفون بی‌سیم ۲۵۶')).toBe('هدفون-بی-سیم-۲۵۶');
    expect(slugOf('مصباح أرضيّ')).toBe('مصباح-أرضي');
    expect(slugOf(' -- ')).toBe('');
  });
});
