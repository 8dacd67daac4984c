import { describe, expect, it } from 'vitest';
import { accountCodeTarget } from './code-target';

describe('accountCodeTarget (docs/product.md §4.4)', () => {
  const both = { email: 'ada@example.com', phone: '2025550143', phone_code: '1' };

  it('follows the site setting: the phone when it is chosen, else the e-mail', () => {
    expect(accountCodeTarget(both, 'phone')).toEqual({ phone: '2025550143', phone_code: '1' });
    expect(accountCodeTarget(both, 'email')).toEqual({ phone: 'ada@example.com', phone_code: '' });
  });

  it('falls back to what the account has', () => {
    expect(accountCodeTarget({ ...both, phone: null }, 'phone')).toEqual({ phone: 'ada@example.com', phone_code: '' });
    expect(accountCodeTarget({ ...both, email: null }, 'email')).toEqual({ phone: '2025550143', phone_code: '1' });
    expect(accountCodeTarget({ email: null, phone: '2025550143', phone_code: null }, 'phone')).toEqual({ phone: '2025550143', phone_code: '' });
  });
});
