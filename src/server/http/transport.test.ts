import { describe, expect, it } from 'vitest';
import { assertTrustProxy, isHttps, isTrustedProxy } from './transport';

describe('isTrustedProxy', () => {
  it('trusts no one without TRUST_PROXY', () => {
    expect(isTrustedProxy('127.0.0.1', undefined)).toBe(false);
    expect(isTrustedProxy(undefined, '127.0.0.1')).toBe(false);
  });

  it('trusts the listed addresses and subnets, IPv4 on a dual-stack socket included', () => {
    expect(isTrustedProxy('10.0.0.2', '10.0.0.2')).toBe(true);
    expect(isTrustedProxy('::ffff:10.0.0.2', '10.0.0.2')).toBe(true);
    expect(isTrustedProxy('10.0.0.3', '10.0.0.2')).toBe(false);
    expect(isTrustedProxy('::1', '10.0.0.2, ::1')).toBe(true);
    expect(isTrustedProxy('10.9.8.7', '10.0.0.0/8')).toBe(true);
    expect(isTrustedProxy('11.0.0.1', '10.0.0.0/8')).toBe(false);
    expect(isTrustedProxy('not-an-address', '10.0.0.0/8')).toBe(false);
  });

  it('refuses a TRUST_PROXY that is not addresses or subnets, naming the variable', () => {
    expect(() => assertTrustProxy('proxy.internal')).toThrow(/TRUST_PROXY/);
    expect(() => assertTrustProxy('10.0.0.1, 10.0.0.0/8, ::1')).not.toThrow();
  });
});

describe('isHttps', () => {
  it('is HTTPS when this server terminated TLS', () => {
    expect(isHttps({ address: '203.0.113.5', encrypted: true }, undefined, undefined)).toBe(true);
  });

  it('ignores X-Forwarded-Proto from a peer that is not a trusted proxy', () => {
    expect(isHttps({ address: '203.0.113.5', encrypted: false }, 'https', undefined)).toBe(false);
    expect(isHttps({ address: '203.0.113.5', encrypted: false }, 'https', '10.0.0.2')).toBe(false);
    expect(isHttps({ encrypted: false }, 'https', '10.0.0.2')).toBe(false);
  });

  it('believes a trusted proxy, reading the value it appended last', () => {
    expect(isHttps({ address: '10.0.0.2', encrypted: false }, 'https', '10.0.0.2')).toBe(true);
    expect(isHttps({ address: '10.0.0.2', encrypted: false }, 'HTTPS ', '10.0.0.2')).toBe(true);
    expect(isHttps({ address: '10.0.0.2', encrypted: false }, 'http', '10.0.0.2')).toBe(false);
    expect(isHttps({ address: '10.0.0.2', encrypted: false }, 'https, http', '10.0.0.2')).toBe(false);
    expect(isHttps({ address: '10.0.0.2', encrypted: false }, undefined, '10.0.0.2')).toBe(false);
  });
});
