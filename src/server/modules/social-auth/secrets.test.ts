import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { facebookProfile, twitterProfile } from './providers';
import { applicationKey, decryptSecret, encryptSecret, secretContext } from './secrets';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'app-key-'));
  dirs.push(dir);
  return dir;
};

const key = randomBytes(32);

describe('client secrets at rest', () => {
  it('round-trip, never store the plain text, and differ on every encryption', () => {
    const stored = encryptSecret(key, 'GOCSPX-very-secret', secretContext('google'));
    expect(stored).toMatch(/^v1\.[\w-]+$/);
    expect(stored).not.toContain('very-secret');
    expect(encryptSecret(key, 'GOCSPX-very-secret', secretContext('google'))).not.toBe(stored);
    expect(decryptSecret(key, stored, secretContext('google'))).toBe('GOCSPX-very-secret');
    expect(decryptSecret(key, encryptSecret(key, 'سرّ ✓', 'x'), 'x')).toBe('سرّ ✓');
  });

  it('refuse another key, another row, tampering and plain values', () => {
    const stored = encryptSecret(key, 'secret', secretContext('google'));
    expect(() => decryptSecret(randomBytes(32), stored, secretContext('google'))).toThrow(/APP_KEY/);
    // Copied into Facebook's row, Google's secret does not decrypt.
    expect(() => decryptSecret(key, stored, secretContext('facebook'))).toThrow();
    const bytes = Buffer.from(stored.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => decryptSecret(key, `v1.${bytes.toString('base64url')}`, secretContext('google'))).toThrow();
    for (const bad of ['', 'secret', 'v1.', 'v2.AAAA', `${stored}.x`, 'v1.AAAA']) expect(() => decryptSecret(key, bad, 'x'), bad).toThrow();
  });
});

describe('the application key', () => {
  it('is APP_KEY when set (with or without the base64: prefix)', () => {
    const value = randomBytes(32).toString('base64');
    const config = parseEnv({ APP_KEY: value, DATA_DIR: tempDir() });
    expect(applicationKey(config).equals(Buffer.from(value, 'base64'))).toBe(true);
    expect(applicationKey(parseEnv({ APP_KEY: `base64:${value}` })).equals(Buffer.from(value, 'base64'))).toBe(true);
  });

  it('must be 32 bytes of base64', () => {
    for (const bad of ['short', randomBytes(16).toString('base64'), randomBytes(48).toString('base64'), `${'!'.repeat(43)}=`]) {
      expect(() => parseEnv({ APP_KEY: bad }), bad).toThrow(/APP_KEY/);
    }
  });

  it('is otherwise generated once per data directory outside production, private to its owner, and kept', () => {
    const dir = tempDir();
    const first = applicationKey(parseEnv({ APP_ENV: 'test', DATA_DIR: dir }));
    expect(first).toHaveLength(32);
    const file = path.join(dir, 'app-key');
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(applicationKey(parseEnv({ APP_ENV: 'local', DATA_DIR: dir })).equals(first)).toBe(true);
    expect(applicationKey(parseEnv({ APP_ENV: 'test', DATA_DIR: tempDir() })).equals(first)).toBe(false);
  });

  it('is required in production, and a damaged key file is refused', () => {
    expect(() => applicationKey(parseEnv({ APP_ENV: 'production', DATA_DIR: tempDir() }))).toThrow(/APP_KEY is not set/);
    const dir = tempDir();
    writeFileSync(path.join(dir, 'app-key'), 'not a key\n');
    expect(() => applicationKey(parseEnv({ APP_ENV: 'test', DATA_DIR: dir }))).toThrow(/32-byte/);
  });
});

describe('provider profiles', () => {
  it('Facebook: the id, name and (confirmed) e-mail of Graph /me', () => {
    expect(facebookProfile({ id: '10220', name: 'Ada L', email: 'ada@example.test' })).toEqual({ id: '10220', name: 'Ada L', email: 'ada@example.test', emailVerified: true });
    expect(facebookProfile({ id: '10220', name: 'Ada L' })).toEqual({ id: '10220', name: 'Ada L', email: null, emailVerified: false });
    expect(() => facebookProfile({ name: 'No id' })).toThrow();
    expect(() => facebookProfile(null)).toThrow();
  });

  it('X: the id and name, an e-mail only when confirmed', () => {
    expect(twitterProfile({ data: { id: '42', name: 'Ada', username: 'ada', confirmed_email: 'ada@example.test' } })).toEqual({
      id: '42',
      name: 'Ada',
      email: 'ada@example.test',
      emailVerified: true,
    });
    expect(twitterProfile({ data: { id: '42', username: 'ada' } })).toEqual({ id: '42', name: 'ada', email: null, emailVerified: false });
    expect(twitterProfile({ data: { id: '42', name: 'x', confirmed_email: 'not an address' } }).email).toBeNull();
    expect(() => twitterProfile({ errors: [] })).toThrow();
  });
});
