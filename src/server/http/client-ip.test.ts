import { describe, expect, it } from 'vitest';
import { addressKey } from '../modules/rate-limit/middleware';
import { normalizeAddress, resolveClientAddress } from './client-ip';

describe('resolveClientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.9', '192.0.2.1', undefined)).toBe('203.0.113.9');
    expect(resolveClientAddress('203.0.113.9', '192.0.2.1', '10.0.0.1')).toBe('203.0.113.9');
    expect(resolveClientAddress(undefined, '192.0.2.1', '10.0.0.1')).toBeUndefined();
  });

  it('behind a trusted proxy, is the entry that proxy appended, not what the client wrote', () => {
    expect(resolveClientAddress('10.0.0.1', '192.0.2.1', '10.0.0.1')).toBe('192.0.2.1');
    expect(resolveClientAddress('10.0.0.1', '6.6.6.6, 192.0.2.1', '10.0.0.1')).toBe('192.0.2.1');
    expect(resolveClientAddress('10.0.0.1', undefined, '10.0.0.1')).toBe('10.0.0.1');
  });

  it('walks through a chain of trusted proxies (addresses or subnets)', () => {
    expect(resolveClientAddress('10.0.0.1', '6.6.6.6, 192.0.2.1, 10.0.0.7', '10.0.0.1, 10.0.0.7')).toBe('192.0.2.1');
    expect(resolveClientAddress('10.0.0.1', '192.0.2.1, 10.1.2.3', '10.0.0.0/8')).toBe('192.0.2.1');
  });

  it('stops at an entry that is not an address', () => {
    expect(resolveClientAddress('10.0.0.1', 'unknown', '10.0.0.1')).toBe('10.0.0.1');
    expect(resolveClientAddress('10.0.0.1', '192.0.2.1, <script>', '10.0.0.1')).toBe('10.0.0.1');
  });

  it('reads IPv4 on a dual-stack socket as IPv4', () => {
    expect(normalizeAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(resolveClientAddress('::ffff:10.0.0.1', '192.0.2.1', '10.0.0.1')).toBe('192.0.2.1');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
  });
});

describe('addressKey', () => {
  it('keeps IPv4 addresses and reduces IPv6 ones to their /64', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
