import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayTime, formatShortDateTime } from './dates.ts';

describe('shop dates', () => {
  it('are written in Turkish in the shop time zone, whatever the zone of the machine', () => {
    // 21:30 UTC on 31 December is already 1 January in Istanbul (UTC+3).
    expect(formatDate('2026-12-31T21:30:00Z')).toBe('1 Ocak 2027');
    expect(formatDateTime('2026-03-12T11:05:00Z')).toBe('12 Mart 2026 14:05');
  });

  it('give each style its own formatter, and take a Date as well as an ISO string', () => {
    expect(formatDateTime('2026-08-30T09:00:00Z')).toBe('30 Ağustos 2026 12:00');
    expect(formatDate('2026-08-30T09:00:00Z')).toBe('30 Ağustos 2026');
    expect(formatDateTime(new Date('2026-08-30T09:00:00Z'))).toBe('30 Ağustos 2026 12:00');
  });

  it('write a near moment without the year, and lists and terminals in short numbers', () => {
    // The account-lock message and the CLI's ticket lists: Istanbul's day and hour, too.
    expect(formatDayTime('2026-11-23T10:15:00Z')).toBe('23 Kasım 13:15');
    expect(formatDayTime('2026-12-31T21:30:00Z')).toBe('1 Ocak 00:30');
    expect(formatShortDateTime('2026-12-31T21:30:00Z')).toBe('1.01.2027 00:30');
  });
});
