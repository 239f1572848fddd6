import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '@portal/db/client';
import { migrateDatabase } from '@portal/db/migrate';
import {
  answerBackupRequests,
  BACKUP_REQUEST_PREFIX,
  BACKUP_RESULT_PREFIX,
  RestoreRefusedError,
  restoreBackup,
  writePrivateFile,
} from './backup';

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const now = () => new Date('2026-03-02T10:15:00Z');
const silent = { info: () => {}, error: () => {} };

describe('backup and restore of the embedded database', () => {
  it('restores a backup taken from a running database into a fresh DATA_DIR, with the data', async () => {
    const source = fresh();
    const database = await openDatabase({ kind: 'pglite', dataDir: join(source, 'pglite') });
    await migrateDatabase(database);
    await database.pglite!.query(
      `insert into idempotency_keys (contact_id, key, method, path, request_hash, expires_at)
       values (7, 'before-backup', 'POST', '/v1/bookings', 'h', now() + interval '1 day')`,
    );
    // The server's way: a request file in DATA_DIR and SIGUSR2.
    const stop = answerBackupRequests({ dataDir: source, pglite: database.pglite!, log: silent });
    const out = join(fresh(), 'portal.tar.gz');
    writeFileSync(join(source, `${BACKUP_REQUEST_PREFIX}one.json`), JSON.stringify({ out }));
    process.emit('SIGUSR2', 'SIGUSR2');
    const resultFile = join(source, `${BACKUP_RESULT_PREFIX}one.json`);
    for (let i = 0; i < 600 && !existsSync(resultFile); i++) await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(JSON.parse(readFileSync(resultFile, 'utf8'))).toMatchObject({ ok: true, out });
    expect(readdirSync(source).filter((f) => f.startsWith(BACKUP_REQUEST_PREFIX))).toEqual([]);
    // Written after the backup: not in it.
    await database.pglite!.query(
      `insert into idempotency_keys (contact_id, key, method, path, request_hash, expires_at)
       values (7, 'after-backup', 'POST', '/v1/bookings', 'h', now() + interval '1 day')`,
    );
    await database.close();

    const target = fresh();
    const restored = await restoreBackup({ file: out, dataDir: target, force: false, now });
    expect(restored.tables).toBeGreaterThan(20);
    const reopened = await openDatabase({ kind: 'pglite', dataDir: join(target, 'pglite') });
    const keys = await queryRows<{ key: string }>(reopened.db, 'select key from idempotency_keys order by key');
    expect(keys.map((k) => k.key)).toEqual(['before-backup']);
    await migrateDatabase(reopened); // already up to date: nothing to do, no error
    await reopened.close();

    // A directory that holds a database is refused, unless --force, which moves it aside.
    await expect(restoreBackup({ file: out, dataDir: target, force: false, now })).rejects.toThrow(RestoreRefusedError);
    const forced = await restoreBackup({ file: out, dataDir: target, force: true, now });
    expect(forced.movedAside).toBe(join(target, 'pglite.before-restore-20260302-101500'));
    expect(existsSync(join(forced.movedAside!, 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('refuses a missing file', async () => {
    await expect(restoreBackup({ file: '/nonexistent/backup.tar.gz', dataDir: fresh(), force: false, now })).rejects.toThrow(
      /No backup file/,
    );
  });
});

describe('the backup file', () => {
  it('is written 0600 and never through a link planted at <out>.partial', () => {
    const dir = fresh();
    const out = join(dir, 'portal.tar.gz');
    // Someone who can write the target directory plants a link where the dump is written first.
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'theirs', { mode: 0o644 });
    symlinkSync(victim, `${out}.partial`);
    writePrivateFile(`${out}.partial`, Buffer.from('dump'));
    expect(readFileSync(victim, 'utf8')).toBe('theirs');
    expect(lstatSync(`${out}.partial`).isSymbolicLink()).toBe(false);
    expect(statSync(`${out}.partial`).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${out}.partial`, 'utf8')).toBe('dump');

    // A leftover .partial (a crash) with wide permissions: replaced by a private file, not reused.
    writeFileSync(join(dir, 'left.partial'), 'old', { mode: 0o666 });
    writePrivateFile(join(dir, 'left.partial'), Buffer.from('new'));
    expect(statSync(join(dir, 'left.partial')).mode & 0o777).toBe(0o600);
  });
});
