import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock';
import { makePrivateDir } from './private-dir';

const mode = (path: string) => statSync(path).mode & 0o777;
const made: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-private-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR is private', () => {
  it('creates the directory 0700 and the lock owner file 0600', async () => {
    const dataDir = join(scratch(), 'data');
    const release = await acquireDataDirLock(dataDir);
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'owner.pid'))).toBe(0o600);
    } finally {
      await release();
    }
  });

  it('tightens a directory made before the rule, and leaves links alone', () => {
    const dataDir = scratch();
    const outside = join(scratch(), 'outside.txt');
    writeFileSync(outside, 'x', { mode: 0o644 });
    mkdirSync(join(dataDir, 'pglite', 'base'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'jwt-secret'), 'secret', { mode: 0o644 });
    writeFileSync(join(dataDir, 'pglite', 'base', '1'), 'page', { mode: 0o664 });
    symlinkSync(outside, join(dataDir, 'link'));
    makePrivateDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'pglite'))).toBe(0o700);
    expect(mode(join(dataDir, 'pglite', 'base'))).toBe(0o700);
    expect(mode(join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(mode(join(dataDir, 'pglite', 'base', '1'))).toBe(0o600);
    expect(mode(outside)).toBe(0o644);
  });
});
