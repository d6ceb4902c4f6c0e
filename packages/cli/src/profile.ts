/**
 * The CLI profile: which server, the token and the current company, in one JSON file readable
 * only by its owner (0600): `$TEZGAH_CONFIG_DIR/profile.json`, else
 * `$XDG_CONFIG_HOME/tezgah/profile.json`, else `~/.config/tezgah/profile.json`.
 *
 * The token and company id are written by the SDK's file token store (so a company switch or a
 * new token lands there by itself); the url sits next to them in the same file.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileTokenStore, readJsonObject, writeJsonObject } from '@tezgah/sdk/node';
import type { TokenState, TokenStore } from '@tezgah/sdk';

export const PROFILE_FILE = 'profile.json';

/** The folder the profile lives in. */
export function configDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.TEZGAH_CONFIG_DIR) return env.TEZGAH_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'tezgah');
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'tezgah');
  return join(env.HOME || homedir(), '.config', 'tezgah');
}

/** What the profile file holds. */
export interface Profile {
  /** The server's root URL. */
  readonly url: string | null;
  readonly token: string | null;
  readonly companyId: number | null;
}

/** Reads and writes the profile file. */
export class ProfileStore {
  readonly path: string;
  /** The SDK token store over the same file. */
  readonly tokenStore: TokenStore;

  constructor(env: Readonly<Record<string, string | undefined>>) {
    this.path = join(configDir(env), PROFILE_FILE);
    this.tokenStore = fileTokenStore(this.path);
  }

  read(): Profile {
    const raw = readJsonObject(this.path);
    const session = this.tokenStore.get();
    return {
      url: typeof raw.url === 'string' && raw.url !== '' ? raw.url : null,
      token: session?.token ?? null,
      companyId: session?.companyId ?? null,
    };
  }

  /** Stores a new session (after sign-in). */
  save(url: string, session: TokenState): void {
    writeJsonObject(this.path, { ...readJsonObject(this.path), url, token: session.token, companyId: session.companyId });
  }

  /** Remembers the server (kept after logout, offered at the next login). */
  saveUrl(url: string): void {
    writeJsonObject(this.path, { ...readJsonObject(this.path), url });
  }

  /** Forgets the token and company, keeping the url. */
  signOut(): void {
    this.tokenStore.clear();
  }
}
