import { describe, expect, it } from 'vitest';
import { excerpt, summarizeError } from './log-safe';

describe('excerpt', () => {
  it('bounds the length and escapes control and invalid characters', () => {
    expect(excerpt('a'.repeat(500))).toBe(`${'a'.repeat(200)}…(+300)`);
    expect(excerpt('/api/shops/1\n\r\u0000x')).toBe('/api/shops/1\\u000a\\u000d\\u0000x');
    expect(excerpt('lone \ud800 half')).toBe('lone \\ufffd half');
    expect(excerpt('فارسی')).toBe('فارسی');
  });
});

describe('summarizeError', () => {
  it('keeps the type, code, cause and frames of a failed query, never its statement or parameters', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const error = Object.assign(new Error('Failed query: select * from users where email = $1\nparams: secret@example.com', { cause }), {
      query: 'select * from users where email = $1',
      params: ['secret@example.com'],
    });
    const summary = summarizeError(error);
    const text = JSON.stringify(summary);
    expect(text).not.toMatch(/select|secret@example\.com|params/i);
    expect(summary.message).toBe('Failed query (statement and parameters withheld)');
    expect(summary.cause).toMatchObject({ type: 'Error', code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' });
    expect(summary.at?.length).toBeGreaterThan(0);
    expect(summary.at!.length).toBeLessThanOrEqual(6);
  });

  it('keeps only a bounded first line of other messages', () => {
    const summary = summarizeError(new TypeError(`bad value ${'x'.repeat(1000)}\nsecond line`));
    expect(summary.type).toBe('TypeError');
    expect(summary.message.length).toBeLessThan(220);
    expect(summary.message).not.toMatch(/second line/);
    expect(summarizeError('a string')).toEqual({ type: 'string', message: 'a string' });
  });
});
