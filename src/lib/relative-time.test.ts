import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const now = new Date('2026-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('timeAgo', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(timeAgo(ago(10), now, 'en')).toBe('now');
    expect(timeAgo(ago(-30), now, 'en')).toBe('now');
    expect(timeAgo(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(timeAgo(ago(2 * 3600 + 59), now, 'en')).toBe('2 hours ago');
    expect(timeAgo(ago(86_400), now, 'en')).toBe('yesterday');
    expect(timeAgo(ago(3 * 86_400), now, 'en')).toBe('3 days ago');
    expect(timeAgo(ago(14 * 86_400), now, 'en')).toBe('2 weeks ago');
    expect(timeAgo(ago(65 * 86_400), now, 'en')).toBe('2 months ago');
    expect(timeAgo(ago(400 * 86_400), now, 'en')).toBe('last year');
  });

  it('speaks the reader’s language (ir is Persian)', () => {
    expect(timeAgo(ago(2 * 3600), now, 'ar')).not.toBe(timeAgo(ago(2 * 3600), now, 'en'));
    expect(timeAgo(ago(2 * 3600), now, 'ir')).toContain('ساعت');
  });
});
