import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileTokenStore } from './node';
import { makeToken } from './testing/fake';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'tezgah-sdk-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('fileTokenStore', () => {
  it('round-trips the session through a 0600 file, creating its folder', () => {
    const path = join(tempDir(), 'nested', 'profile.json');
    const store = fileTokenStore(path);
    expect(store.get()).toBeNull();
    const token = makeToken({ sub: '1', login: 'eczaci', cid: 3 });
    store.set({ token, companyId: 3 });
    expect(store.get()).toEqual({ token, companyId: 3 });
    expect(fileTokenStore(path).get()).toEqual({ token, companyId: 3 });
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    store.clear();
    expect(store.get()).toBeNull();
    expect(existsSync(path)).toBe(false);
  });

  it('keeps the other keys of the file (the CLI keeps its url there)', () => {
    const path = join(tempDir(), 'profile.json');
    writeFileSync(path, JSON.stringify({ url: 'http://x' }));
    const store = fileTokenStore(path);
    store.set({ token: makeToken({ cid: 7 }), companyId: 7 });
    expect(JSON.parse(readFileSync(path, 'utf8')).url).toBe('http://x');
    store.clear();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ url: 'http://x' });
  });

  it('treats a broken file as signed out and falls back to the token company', () => {
    const path = join(tempDir(), 'profile.json');
    writeFileSync(path, '{not json');
    expect(fileTokenStore(path).get()).toBeNull();
    const token = makeToken({ cid: 8 });
    writeFileSync(path, JSON.stringify({ token }));
    expect(fileTokenStore(path).get()).toEqual({ token, companyId: 8 });
  });
});
