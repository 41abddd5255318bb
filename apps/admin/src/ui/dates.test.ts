import { describe, expect, it } from 'vitest';
import { DAY_FORMAT_MESSAGE, maskDay, NO_SUCH_DAY_MESSAGE, parseTurkishDay, turkishDay } from './dates.ts';

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
