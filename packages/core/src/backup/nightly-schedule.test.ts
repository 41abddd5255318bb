import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { latestSlot, nightlyFileName, pruneBackups } from './nightly.ts';

describe('latestSlot: when the nightly backup was last due, backup_time read on Turkey’s clock', () => {
  it('is today’s slot once it has passed, yesterday’s before it', () => {
    // 03:30 in Turkey is 00:30 UTC.
    expect(latestSlot(new Date('2026-05-10T01:00:00Z'), '03:30').toISOString()).toBe(
      '2026-05-10T00:30:00.000Z',
    );
    expect(latestSlot(new Date('2026-05-10T00:29:00Z'), '03:30').toISOString()).toBe(
      '2026-05-09T00:30:00.000Z',
    );
  });

  it('is the moment itself when the clock shows it exactly', () => {
    expect(latestSlot(new Date('2026-05-10T00:30:00Z'), '03:30').toISOString()).toBe(
      '2026-05-10T00:30:00.000Z',
    );
  });

  it('takes a slot before 03:00 in Turkey from the day before in UTC', () => {
    // 01:00 in Turkey on 10 May is 22:00 UTC on 9 May.
    expect(latestSlot(new Date('2026-05-09T23:00:00Z'), '01:00').toISOString()).toBe(
      '2026-05-09T22:00:00.000Z',
    );
  });
});

describe('the nightly backups’ files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-nightly-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are named by their UTC time, so names sort as times do', () => {
    expect(nightlyFileName(new Date('2026-11-27T00:30:05.123Z'))).toBe(
      'vitrin-yedek-20261127T003005Z.tar.gz',
    );
  });

  it('are pruned to the newest backup_keep, never touching another file', async () => {
    const names = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-24'].map((day) =>
      nightlyFileName(new Date(`${day}T00:30:00Z`)),
    );
    for (const name of [...names, 'elle-alinan.tar.gz', 'vitrin-yedek-notlar.txt'])
      writeFileSync(path.join(dir, name), 'x');
    const removed = await pruneBackups(dir, 2);
    expect(removed).toEqual(['vitrin-yedek-20261124T003000Z.tar.gz', 'vitrin-yedek-20261125T003000Z.tar.gz']);
    expect(readdirSync(dir).sort()).toEqual([
      'elle-alinan.tar.gz',
      'vitrin-yedek-20261126T003000Z.tar.gz',
      'vitrin-yedek-20261127T003000Z.tar.gz',
      'vitrin-yedek-notlar.txt',
    ]);
    expect(await pruneBackups(dir, 5)).toEqual([]);
  });
});
