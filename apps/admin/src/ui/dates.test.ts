import { describe, expect, it } from 'vitest';
import {
  DAY_FORMAT_MESSAGE,
  maskClock,
  maskDay,
  NO_SUCH_DAY_MESSAGE,
  NO_SUCH_TIME_MESSAGE,
  parseClock,
  parseTurkishDay,
  TIME_FORMAT_MESSAGE,
  turkeyDayAndClock,
  turkeyInstant,
  turkishDay,
} from './dates.ts';

describe('a day typed in Turkish', () => {
  it('reads gg.aa.yyyy as the ISO day the API keeps', () => {
    expect(parseTurkishDay('05.03.2026')).toEqual({ ok: true, iso: '2026-03-05' });
    expect(parseTurkishDay(' 5.3.2026 ')).toEqual({ ok: true, iso: '2026-03-05' });
    expect(parseTurkishDay('29.02.2028')).toEqual({ ok: true, iso: '2028-02-29' });
  });

  it('takes a blank field as no day', () => {
    expect(parseTurkishDay('')).toEqual({ ok: true, iso: '' });
    expect(parseTurkishDay('   ')).toEqual({ ok: true, iso: '' });
  });

  it('takes a pasted ISO day as it is', () => {
    expect(parseTurkishDay('2026-03-05')).toEqual({ ok: true, iso: '2026-03-05' });
  });

  it('refuses a day its month does not have, instead of rolling it into the next month', () => {
    expect(parseTurkishDay('31.02.2026')).toEqual({ ok: false, message: NO_SUCH_DAY_MESSAGE });
    expect(parseTurkishDay('29.02.2026')).toEqual({ ok: false, message: NO_SUCH_DAY_MESSAGE });
    expect(parseTurkishDay('01.13.2026')).toEqual({ ok: false, message: NO_SUCH_DAY_MESSAGE });
    expect(parseTurkishDay('2026-02-30')).toEqual({ ok: false, message: NO_SUCH_DAY_MESSAGE });
  });

  it('says how to write a day for text that is not one', () => {
    for (const text of ['abc', '05/03/2026', '05.03.26', '5 Mart 2026', '05.03.2026x']) {
      expect(parseTurkishDay(text)).toEqual({ ok: false, message: DAY_FORMAT_MESSAGE });
    }
  });

  it('shows an ISO day as gg.aa.yyyy', () => {
    expect(turkishDay('2026-03-05')).toBe('05.03.2026');
    expect(turkishDay('')).toBe('');
    expect(turkishDay('abc')).toBe('abc');
  });

  it('puts the dots in while digits are typed, and leaves other text as typed', () => {
    expect(maskDay('05')).toBe('05');
    expect(maskDay('0503')).toBe('05.03');
    expect(maskDay('050320')).toBe('05.03.20');
    expect(maskDay('05032026')).toBe('05.03.2026');
    expect(maskDay('050320261')).toBe('05.03.2026');
    expect(maskDay('5.3.2026')).toBe('5.3.2026');
    expect(maskDay('2026-03-05')).toBe('2026-03-05');
    expect(maskDay('05.032')).toBe('05.03.2');
    expect(maskDay('05.03.2026')).toBe('05.03.2026');
    expect(maskDay('05.03.')).toBe('05.03');
    expect(maskDay('5.3.2026')).toBe('5.3.2026');
    expect(maskDay('05.3.2026')).toBe('05.3.2026');
    expect(maskDay('abc')).toBe('abc');
  });
});

describe('a time typed in Turkish, in Turkey time', () => {
  it('reads 24-hour ss:dd, with or without the leading zero', () => {
    expect(parseClock('09:30')).toEqual({ ok: true, clock: '09:30' });
    expect(parseClock(' 9:30 ')).toEqual({ ok: true, clock: '09:30' });
    expect(parseClock('23:59')).toEqual({ ok: true, clock: '23:59' });
    expect(parseClock('')).toEqual({ ok: true, clock: '' });
  });

  it('refuses a time that is not one, in Turkish', () => {
    expect(parseClock('25:00')).toEqual({ ok: false, message: NO_SUCH_TIME_MESSAGE });
    expect(parseClock('12:60')).toEqual({ ok: false, message: NO_SUCH_TIME_MESSAGE });
    expect(parseClock('9.30 PM')).toEqual({ ok: false, message: TIME_FORMAT_MESSAGE });
  });

  it('puts the colon in as digits are typed', () => {
    expect(maskClock('0930')).toBe('09:30');
    expect(maskClock('930')).toBe('9:30');
    expect(maskClock('09')).toBe('09');
  });

  it('turns a day and time in Turkey (UTC+3) into the instant and back, whatever the browser zone', () => {
    expect(turkeyInstant('2026-03-05', '09:30')).toBe('2026-03-05T06:30:00.000Z');
    expect(turkeyInstant('2026-03-05', '01:15')).toBe('2026-03-04T22:15:00.000Z');
    expect(turkeyDayAndClock('2026-03-04T22:15:00.000Z')).toEqual({ day: '05.03.2026', clock: '01:15' });
  });
});
