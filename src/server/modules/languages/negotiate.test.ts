import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './service';

const available = ['en', 'ar', 'ir'];

describe('negotiateLocale (Accept-Language)', () => {
  it('takes the best-ranked language the shop has', () => {
    expect(negotiateLocale('fr;q=0.9, ar;q=0.8, en;q=0.5', available, 'en')).toBe('ar');
    expect(negotiateLocale('en;q=0.2, ar', available, 'en')).toBe('ar');
  });

  it('matches a regional tag to its language and Persian (fa) to the shop code ir', () => {
    expect(negotiateLocale('ar-EG', available, 'en')).toBe('ar');
    expect(negotiateLocale('fa-IR,fa;q=0.9', available, 'en')).toBe('ir');
  });

  it('falls back to the default for missing, unknown or hostile headers', () => {
    expect(negotiateLocale(undefined, available, 'en')).toBe('en');
    expect(negotiateLocale('de, fr', available, 'en')).toBe('en');
    expect(negotiateLocale('../../etc/passwd', available, 'en')).toBe('en');
    expect(negotiateLocale('ar;q=0', available, 'en')).toBe('en');
  });
});
