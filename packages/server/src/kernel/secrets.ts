import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets a plugin keeps at rest (an integrator's password, an İTS password, a ÜTS token):
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret with the plugin's own
 * salt and info, bound by the additional data to where the value lives (company and field), so a
 * value copied to another company's row or another column does not open. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export interface SecretScope {
  /** The plugin's HKDF salt and info: a key per plugin and purpose. */
  salt: string;
  info: string;
  /** Where the value lives, e.g. `pharmacy_settings:<companyId>:its_password`. */
  aad: string;
}

const VERSION = 'v1';
const keyOf = (secret: Buffer, s: SecretScope) => Buffer.from(hkdfSync('sha256', secret, Buffer.from(s.salt), Buffer.from(s.info), 32));

export function sealSecret(secret: Buffer, scope: SecretScope, clear: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, scope), iv);
  cipher.setAAD(Buffer.from(scope.aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** The clear text, or null when there is none or it does not open (another secret, another place, a tampered value). */
export function openSecret(secret: Buffer, scope: SecretScope, stored: string | null | undefined): string | null {
  if (!stored) return null;
  const [v, iv, tag, ct, extra] = stored.split('.');
  if (v !== VERSION || !iv || !tag || ct === undefined || extra !== undefined) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', keyOf(secret, scope), Buffer.from(iv, 'base64url'));
    d.setAAD(Buffer.from(scope.aad, 'utf8'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}
