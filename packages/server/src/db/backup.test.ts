import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from './database';
import { dailyBackups, listBackups } from './backup';

describe('daily backups of the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tezgah-backups-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one a day, keeps them for the configured days and always the newest', async () => {
    const database = await openDatabase({});
    await sql`create table t (id int)`.execute(database.db);
    let now = new Date('2026-11-01T03:00:00Z');
    const backups = dailyBackups(database, dir, 3, { now: () => now });
    try {
      expect(await backups.tick()).toMatch(/tezgah-20261101-030000\.tar\.gz$/);
      now = new Date('2026-11-01T20:00:00Z');
      expect(await backups.tick()).toBeNull(); // not a day yet
      for (const day of ['02', '03', '04', '05', '06']) {
        now = new Date(`2026-11-${day}T03:00:01Z`);
        expect(await backups.tick()).toContain(`tezgah-202611${day}-`);
      }
      // 6 Nov: those from 3 Nov on are within 3 days; 1 and 2 Nov are gone.
      expect(listBackups(dir).map((b) => b.at.toISOString().slice(0, 10))).toEqual(['2026-11-06', '2026-11-05', '2026-11-04', '2026-11-03']);
      expect(listBackups(dir).every((b) => b.bytes > 1000)).toBe(true);
    } finally {
      backups.stop();
      await database.close();
    }
  }, 60_000);
});
