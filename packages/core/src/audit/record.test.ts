import { describe, expect, it } from 'vitest';
import { changedFields } from './record.ts';

describe('changedFields', () => {
  it('keeps only the fields whose values differ, on both sides', () => {
    expect(
      changedFields(
        { name: 'Ali', role: 'support', disabled: false },
        { name: 'Ali', role: 'manager', disabled: false },
      ),
    ).toEqual({
      before: { role: 'support' },
      after: { role: 'manager' },
    });
  });

  it('compares dates as the log stores them (ISO text), and a missing field as null', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    expect(changedFields({ lockedUntil: at }, { lockedUntil: new Date(at.getTime()) })).toEqual({
      before: {},
      after: {},
    });
    expect(changedFields({ lockedUntil: null }, { lockedUntil: at })).toEqual({
      before: { lockedUntil: null },
      after: { lockedUntil: '2026-11-26T10:00:00.000Z' },
    });
    expect(changedFields({}, { note: 'Paketleniyor' })).toEqual({
      before: { note: null },
      after: { note: 'Paketleniyor' },
    });
  });

  it('keeps a whole record made (no before) or removed (no after)', () => {
    expect(changedFields(null, { email: 'a@b.test' })).toEqual({
      before: null,
      after: { email: 'a@b.test' },
    });
    expect(changedFields({ email: 'a@b.test' }, null)).toEqual({
      before: { email: 'a@b.test' },
      after: null,
    });
  });
});
