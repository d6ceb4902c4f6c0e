/**
 * Node-only parts of the SDK (`@tezgah/sdk/node`), kept out of the main entry so that browsers
 * never import node:fs.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { companyIdOf, type TokenState, type TokenStore } from './token';

/** Reads a JSON object file; `{}` when the file is missing, unreadable or not an object. */
export function readJsonObject(path: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Writes a JSON object file readable by its owner only (0600; the folder is created 0700).
 * Written to a temporary file first and renamed, so a reader never sees half a file.
 */
export function writeJsonObject(path: string, value: Record<string, unknown>): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value, null, 2) + '\n', { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

/**
 * Keeps the session in a JSON file (`{ "token": ..., "companyId": ... }`, mode 0600). Other keys
 * in the same file are left alone, so a caller may keep more there (the CLI keeps the server url).
 * `clear()` removes the token and company id, and the file when nothing else is left.
 */
export function fileTokenStore(path: string): TokenStore {
  return {
    get(): TokenState | null {
      const data = readJsonObject(path);
      const token = typeof data.token === 'string' && data.token !== '' ? data.token : null;
      if (!token) return null;
      const companyId =
        typeof data.companyId === 'number' && Number.isInteger(data.companyId) ? data.companyId : companyIdOf(token);
      return { token, companyId };
    },
    set(state: TokenState): void {
      writeJsonObject(path, { ...readJsonObject(path), token: state.token, companyId: state.companyId });
    },
    clear(): void {
      const { token: _token, companyId: _companyId, ...rest } = readJsonObject(path);
      if (Object.keys(rest).length === 0) rmSync(path, { force: true });
      else writeJsonObject(path, rest);
    },
  };
}

export type { TokenState, TokenStore } from './token';
